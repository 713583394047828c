"""The sounds a Fuji step calls for, read from the states before and after it."""

from __future__ import annotations

from dataclasses import replace

from companion.core.messages import Msg
from companion.games.fuji import GAME
from companion.games.fuji.state import Instruction, Outcome, Phase, State, Wounds


def start() -> State:
    return GAME.new_state(GAME.example_setup())


def test_a_new_wound_is_heard() -> None:
    before = start()
    players = list(before.players)
    players[1] = replace(players[1], wounds=Wounds(leg=True))
    after = replace(before, players=tuple(players))
    assert GAME.cues(before, after, {"type": "resolve"}) == ("wound",)


def test_lava_spreading_is_an_eruption_not_a_phase_change() -> None:
    before = replace(start(), phase=Phase.MOVEMENT)
    flip = Instruction(Msg("fuji.instruction.flip_cards", {}))
    after = replace(before, phase=Phase.ERUPTION, instructions=(flip,))
    assert GAME.cues(before, after, {"type": "advance"}) == ("eruption",)
    quiet = replace(before, phase=Phase.ERUPTION)
    assert GAME.cues(before, quiet, {"type": "advance"}) == ("phase_change",)


def test_locking_a_destination_clicks() -> None:
    state = replace(start(), phase=Phase.PLANNING)
    assert GAME.cues(state, state, {"type": "confirm_destination"}) == ("destination_locked",)
    assert GAME.cues(state, state, {"type": "set_destination"}) == ()


def test_exhaustion_comes_before_the_loss() -> None:
    before = start()
    after = replace(before, outcome=Outcome.LOST, outcome_reason=Msg("fuji.outcome.exhausted", {}))
    assert GAME.cues(before, after, {"type": "resolve"}) == ("exhaustion", "loss")
    lava = replace(before, outcome=Outcome.LOST, outcome_reason=Msg("fuji.outcome.lava", {}))
    assert GAME.cues(before, lava, {"type": "advance"}) == ("loss",)
    assert GAME.cues(before, replace(before, outcome=Outcome.WON), {"type": "resolve"}) == (
        "win",)
