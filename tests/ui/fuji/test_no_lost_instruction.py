"""Whole random games played through the real play screen: every instruction the rules
give the table is drawn on the screen before the table moves on (none is ever dropped
for lack of room), in English and Polish, upright and flat, with 3 and 4 players."""

from __future__ import annotations

import random

import pytest

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.state import Instruction, State
from companion.ui.app import App
from companion.ui.intents import Submit
from companion.ui.scene import Settings
from tests.ui.fuji.helpers import seen_every_page, words

FOUR = [
    {"name": "Ala", "colour": "blue", "skill": "survivalist"},
    {"name": "Bruno", "colour": "green", "skill": "gatherer"},
    {"name": "Celina", "colour": "purple", "skill": "scout"},
    {"name": "Dawid", "colour": "black", "skill": "buddy"},
]

MOST_STEPS = 260
"""Steps of one random game played through the screen (a game ends sooner)."""


def _given(before: State, after: State) -> tuple[Instruction, ...]:
    """What the rules told the table in one step: the instructions ``after`` adds."""
    kept, fresh = before.instructions, after.instructions
    return fresh[len(kept):] if fresh[:len(kept)] == kept else fresh


def _play(journal: Journal, setup: dict[str, object], seed: int, lang: str,
          layout: str) -> tuple[int, list[str]]:
    """Play a random game through the screen; the lines given and the ones never seen."""
    session = Session.start(journal, "fuji", setup)
    app = App(journal, Settings(language=lang, table_layout=layout), (800, 480))
    app.open_game(session)
    app.draw()
    rng = random.Random(seed)
    given = 0
    never: list[str] = []
    for _ in range(MOST_STEPS):
        before: State = session.state
        if GAME.is_finished(before):
            break
        action = rng.choice(list(GAME.legal_actions(before)))
        app.perform(Submit(action))
        app.dialog = None
        after: State = session.state
        told = _given(before, after)
        if not told:
            continue
        shown = seen_every_page(app)
        for line in told:
            given += 1
            text = words(translate(line.message, lang))
            if text not in shown:
                never.append(text)
    return given, never


@pytest.mark.parametrize(("players", "seed", "lang", "layout"), [
    (3, 1, "en", "upright"),
    (4, 2, "pl", "upright"),
    (3, 3, "pl", "flat"),
    (4, 4, "en", "flat"),
])
def test_every_instruction_of_a_whole_game_is_drawn(journal: Journal, players: int, seed: int,
                                                    lang: str, layout: str) -> None:
    """Rulebook, phases 5 and 6: after each resolution the players move their pawns and
    stamina markers, take wounds and draw cards; then the lava spreads and cards flip.
    The table does all this with its own pieces, so every such line the rules give must
    reach the screen, however many one tap gives."""
    setup = dict(GAME.example_setup())
    if players == 4:
        setup["players"] = FOUR
    given, never = _play(journal, setup, seed, lang, layout)
    assert given > 20
    assert never == []
