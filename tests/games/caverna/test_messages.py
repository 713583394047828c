"""Every text the Caverna rules can show exists in all four languages, same placeholders."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, LOCALE_DIR, parse_po, translate
from companion.core.messages import IllegalActionError, Msg
from companion.games.caverna import GAME
from companion.games.caverna.goods import GOODS
from companion.games.caverna.queries import phase_message, result_message
from companion.games.caverna.rooms import default_catalogue
from companion.games.caverna.roomuse import choices
from companion.games.caverna.rules import HANDLERS
from companion.games.caverna.state import ACT, CHOOSE, DRAW, FINISHED, REVEAL
from companion.games.caverna.tiles import ALL_TILES, FURNISH_FEES
from tests.games.caverna.helpers import DUO_SETUP, SOLO_SETUP

PACKAGE = Path(__file__).resolve().parents[3] / "companion" / "games" / "caverna"


def domain(lang: str) -> dict[str, str]:
    return parse_po((LOCALE_DIR / lang / "caverna.po").read_text(encoding="utf-8"))


def test_every_key_in_the_source_is_translated() -> None:
    english = domain("en")
    literal = re.compile(r'"(caverna\.(?:error|notice|phase|result|solo)\.[a-z_]+)"')
    found = {
        key for path in PACKAGE.glob("*.py") for key in literal.findall(path.read_text("utf-8"))
    }
    assert found, "no keys found in the source"
    assert sorted(found - set(english)) == []


def test_every_name_is_translated() -> None:
    english = domain("en")
    rooms = [room.room_id for room in default_catalogue()] + ["entrance"]
    keys = [f"caverna.room.{room}" for room in rooms]
    keys += [f"caverna.tile.{tile}" for tile in ALL_TILES]
    keys += [f"caverna.good.{good}" for good in GOODS]
    keys += [f"caverna.label.{kind}" for kind in HANDLERS]
    keys += [f"caverna.phase.{phase}" for phase in (REVEAL, CHOOSE, ACT, DRAW, FINISHED)]
    keys += [f"caverna.error.phase_{phase}" for phase in (REVEAL, CHOOSE, ACT, DRAW, FINISHED)]
    keys += [f"caverna.fee.{fee}" for fee in FURNISH_FEES]
    keys += [f"caverna.choice.{choice}" for room in rooms for choice in choices(room) if choice]
    keys += [
        f"caverna.kind.{kind}"
        for kind in ("gain", "trade", "rooms", "excavate", "furnish", "wall", "breach", "prospect")
    ]
    keys.append(GAME.title_key)
    assert [key for key in keys if key not in english] == []


def rendered(message: Msg, lang: str) -> str:
    text = translate(message, lang)
    assert text != message.key, message.key
    assert "{" not in text, (lang, message.key, text)
    assert "@caverna" not in text, (lang, message.key, text)
    return text


@pytest.mark.parametrize("setup", [DUO_SETUP, SOLO_SETUP])
def test_everything_a_playout_says_renders_in_every_language(setup: dict[str, object]) -> None:
    rng = random.Random(7)
    state = GAME.new_state(setup)
    seen: list[Msg] = []
    while not GAME.is_finished(state):
        actions = GAME.legal_actions(state)
        action = rng.choice(actions)
        seen.append(GAME.action_label(state, action))
        seen.append(phase_message(state))
        for refused in (
            {"type": "end_turn"},
            {"type": "take_tile", "tile": "renovation"},
            {"type": "use_room", "room": "dungeon"},
            {"type": "gain", "good": "gold"},
        ):
            try:
                GAME.apply(state, refused)
            except IllegalActionError as error:
                seen.append(error.message)
        state = GAME.apply(state, action)
        seen.extend(state.notices)
    final = result_message(state)
    assert final is not None
    seen.extend([final, phase_message(state)])
    for message in seen:
        for lang in LANGUAGES:
            rendered(message, lang)
