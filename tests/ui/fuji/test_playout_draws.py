"""Random legal playouts: the Fuji screens draw every state without error or overflow."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.ui.fuji.dice import DiceScene
from companion.ui.fuji.equipment import EquipmentScene
from companion.ui.fuji.play import FujiPlayScene
from tests.ui.fuji.helpers import context, draw_problems, start

pytestmark = pytest.mark.usefixtures("display")

TWO_A: dict[str, Any] = {
    "scenario": 5, "variant": "two_player_a", "level": 3,
    "players": [{"name": "Wiktoria", "colour": "green", "skill": "gatherer"},
                {"name": "Héloïse", "colour": "black", "skill": "tinkerer"}],
}
TWO_B: dict[str, Any] = {
    "scenario": 6, "variant": "two_player_b", "level": 1, "extreme": True,
    "players": [{"name": "Ana", "colour": "blue", "skill": "scout"},
                {"name": "Bo", "colour": "purple", "skill": "survivalist"},
                {"name": "Trzeci", "colour": "green", "skill": "buddy"}],
}
FOUR: dict[str, Any] = {
    "scenario": 7, "level": 4,
    "players": [{"name": "Ana", "colour": "blue", "skill": "scout"},
                {"name": "Bo", "colour": "purple", "skill": "survivalist"},
                {"name": "Cy", "colour": "green", "skill": "equipment_manager"},
                {"name": "Di", "colour": "black", "skill": "gatherer"}],
}
SETUPS = {"example": dict(GAME.example_setup()), "two_a": TWO_A, "two_b": TWO_B, "four": FOUR}
STEPS = 160


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_screens_draw_along_a_playout(journal: Journal, name: str, seed: int) -> None:
    session = start(journal, SETUPS[name])
    chooser = random.Random(seed)
    lang = ("en", "pl", "fr", "es")[seed % 4]
    for step in range(STEPS):
        if session.finished:
            break
        actions = list(GAME.legal_actions(session.state))
        chooser.shuffle(actions)
        for action in actions:
            try:
                session.submit(action)
                break
            except IllegalActionError:
                continue
        else:
            break
        scenes = [FujiPlayScene()]
        if step % 7 == 0:
            scenes += [DiceScene(), EquipmentScene()]
        for scene in scenes:
            overflowing, small = draw_problems(scene, context((800, 480), lang, session))
            assert (overflowing, small) == ([], []), (type(scene).__name__, step)
    assert session.cursor > 10
