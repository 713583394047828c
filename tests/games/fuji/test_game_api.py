"""The game as the core and the screens see it: registry, buttons, labels, texts."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, catalogue, parse_po, placeholders, translate
from companion.core.messages import Msg
from companion.core.registry import find_game
from companion.games.fuji import GAME
from companion.games.fuji.labels import LABELLED
from companion.games.fuji.scoring import SCORE_BANDS, score_band
from companion.games.fuji.state import EQUIPMENT_CARDS, Phase, Skill, WoundSlot

from .helpers import play, three_players

PACKAGE = Path(__file__).resolve().parents[3] / "companion" / "games" / "fuji"
OTHER_OWNERS = {"equipment.py", "skills.py"}


def test_registry_finds_fuji() -> None:
    assert find_game("Fuji") is GAME
    assert GAME.min_players == 2 and GAME.max_players == 4
    state = GAME.new_state(GAME.example_setup())
    assert state.phase is Phase.ROLL and state.round == 1


def test_seat_buttons_confirm_then_release_in_planning() -> None:
    state = play(GAME.new_state(three_players()), {"type": "advance"})
    assert GAME.seat_action(state, 0, False) is None  # no marker yet
    assert GAME.waiting_for(state) == frozenset({0, 1, 2})
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 3]})
    press = GAME.seat_action(state, 0, False)
    assert press == {"type": "confirm_destination", "player": 0}
    assert GAME.seat_action(state, 0, True) is None
    assert press is not None
    state = play(state, dict(press))
    assert GAME.waiting_for(state) == frozenset({1, 2})
    assert GAME.seat_action(state, 0, False) == {"type": "release_destination", "player": 0}
    assert GAME.seat_action(state, 0, True) == {"type": "release_destination", "player": 0}
    assert GAME.advance_action(state) == {"type": "advance"}


def test_seat_buttons_finish_rerolls_and_lights_follow() -> None:
    state = play(GAME.new_state(three_players()), {"type": "advance"})
    for seat, cell in enumerate([[0, 3], [0, 2], [0, 4]]):
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    state = play(state, {"type": "advance"})
    # Claire (Tinkerer) need not tell her rerolls: the count changes nothing for her.
    assert GAME.waiting_for(state) == frozenset({1, 2})
    press = GAME.seat_action(state, 1, False)
    assert press == {"type": "rerolls_done", "player": 1}
    assert press is not None
    state = play(state, dict(press))
    assert GAME.waiting_for(state) == frozenset({2})
    assert GAME.seat_action(state, 1, False) is None
    state = play(state, {"type": "rerolls_done", "player": 2})
    state = play(state, {"type": "advance"})
    assert GAME.waiting_for(state) == frozenset()
    state = play(state, {"type": "advance"})
    assert GAME.waiting_for(state) == frozenset({0, 1, 2})


def test_labels_name_the_player_and_translate_in_every_language() -> None:
    state = play(GAME.new_state(three_players()), {"type": "advance"})
    label = GAME.action_label(state, {"type": "set_destination", "player": 2, "cell": [0, 4]})
    assert label.key == "fuji.label.set_destination"
    assert label.params == {"name": "Stéphane", "row": 1, "col": 5}
    for lang in LANGUAGES:
        text = translate(label, lang)
        assert "Stéphane" in text and "{" not in text
    advance = GAME.action_label(state, {"type": "advance"})
    assert translate(advance, "fr") == "Fin de la phase Planification"


def used_keys() -> set[str]:
    """Every catalogue key the engine can produce."""
    keys: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name not in OTHER_OWNERS:
            keys |= set(re.findall(r'"(fuji\.[a-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    keys |= {f"fuji.phase.{phase.value}" for phase in Phase}
    keys |= {f"fuji.reminder.{phase.value}" for phase in Phase}
    keys |= {f"fuji.wound.{slot.value}" for slot in WoundSlot}
    keys |= {f"fuji.skill.{skill.value}" for skill in Skill}
    keys |= {f"fuji.equipment.{card}" for card in EQUIPMENT_CARDS}
    keys |= {f"fuji.label.{kind}" for kind in LABELLED}
    keys |= {"fuji.error.no_pending_wound", "fuji.error.no_pending_draw"}
    keys |= {key for _, key in SCORE_BANDS}
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_has_a_text_with_the_english_placeholders(lang: str) -> None:
    english = catalogue("en")
    texts = catalogue(lang)
    for key in sorted(used_keys()):
        assert texts.get(key), f"{lang}: {key} missing"
        assert placeholders(texts[key]) == placeholders(english[key]), f"{lang}: {key}"


def test_the_fuji_catalogues_hold_the_same_keys() -> None:
    folder = PACKAGE.parents[1] / "locale"
    files = {
        lang: parse_po((folder / lang / "fuji.po").read_text(encoding="utf-8"))
        for lang in LANGUAGES
    }
    assert all(set(table) == set(files["en"]) for table in files.values())


@pytest.mark.parametrize(
    ("points", "band"),
    [
        (0, "fuji.band.0"),
        (2, "fuji.band.1_2"),
        (3, "fuji.band.3_4"),
        (7, "fuji.band.5_7"),
        (8, "fuji.band.8_11"),
        (12, "fuji.band.12_plus"),
        (19, "fuji.band.12_plus"),
    ],
)
def test_score_bands(points: int, band: str) -> None:
    assert score_band(points) == band


def test_equipment_and_skill_actions_get_their_own_labels() -> None:
    state = GAME.new_state(three_players(equipment=[["rope"], ["map"], ["torch"]]))
    used = GAME.action_label(state, {"type": "use_equipment", "player": 0, "card": "rope"})
    assert used.key.startswith("fuji.equipment.")
    assert used.params["name"] == "Claire"
    given = GAME.action_label(
        state, {"type": "give_equipment", "player": 0, "card": "rope", "to": 1}
    )
    assert given.key.startswith("fuji.skill.")


def test_every_label_and_instruction_of_a_playout_reads_well_in_every_language() -> None:
    rng = random.Random(11)
    state = GAME.new_state(GAME.example_setup())
    shown: list[Msg] = []
    while not GAME.is_finished(state):
        action = rng.choice(list(GAME.legal_actions(state)))
        shown.append(GAME.action_label(state, action))
        state = GAME.apply(state, action)
        shown.extend(step.message for step in state.instructions)
    assert state.outcome_reason is not None
    shown.append(state.outcome_reason)
    for message in shown:
        for lang in LANGUAGES:
            text = translate(message, lang)
            assert text != message.key and "{" not in text and "@" not in text, (lang, message)
