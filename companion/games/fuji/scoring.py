"""The end of a Fuji game: losses, the win and its score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.game import Result
from companion.core.messages import Msg, msg
from companion.games.fuji.queries import all_on_villages
from companion.games.fuji.state import Instruction, Outcome, PendingKind, State

POINTS_PER_PLAYER = 4
"""Points each character brings to the final score."""

SCORE_BANDS: tuple[tuple[int, str], ...] = (
    (12, "fuji.band.12_plus"),
    (8, "fuji.band.8_11"),
    (5, "fuji.band.5_7"),
    (3, "fuji.band.3_4"),
    (1, "fuji.band.1_2"),
    (0, "fuji.band.0"),
)
"""``(lowest score, flavour key)``, best band first."""


def score(state: State) -> int:
    """Return 4 per character, -1 per wound, +1 per equipment card never used.

    An equipment card still to be drawn at the moment of victory (the last pawn ended on
    a village with an equipment token) is an unused card too.
    """
    total = POINTS_PER_PLAYER * len(state.players)
    total += sum(owed.count for owed in state.pending if owed.kind is PendingKind.DRAW)
    for someone in state.players:
        total -= someone.wounds.count()
        total += sum(1 for card in someone.equipment if card not in someone.equipment_turned)
    return total


def score_band(points: int) -> str:
    """Return the catalogue key of the flavour line for ``points``."""
    for lowest, key in SCORE_BANDS:
        if points >= lowest:
            return key
    return SCORE_BANDS[-1][1]


def lose(state: State, reason: Msg, cells: tuple[tuple[int, int], ...] = ()) -> State:
    """End the game as lost for ``reason``."""
    told = (*state.instructions, Instruction(msg("fuji.instruction.game_lost"), cells))
    return replace(
        state, outcome=Outcome.LOST, outcome_reason=reason, pending=(), instructions=told
    )


def win_if_safe(state: State) -> State:
    """End the game as won when every pawn stands on a village; else return ``state``."""
    if state.outcome is not None or not all_on_villages(state):
        return state
    points = score(state)
    band = score_band(points)
    told = (*state.instructions, Instruction(msg("fuji.instruction.game_won", score=points)))
    return replace(
        state,
        outcome=Outcome.WON,
        outcome_reason=msg("fuji.outcome.all_in_village"),
        score=points,
        score_band=band,
        pending=(),
        instructions=told,
    )


def result(state: State, setup: Mapping[str, Any]) -> Result:
    """The table's result: the characters, the outcome, the scenario and the level."""
    scenario = "custom" if "map" in setup else str(setup.get("scenario", ""))
    outcome = "" if state.outcome is None else state.outcome.value
    return Result(players=tuple(someone.name for someone in state.players), outcome=outcome,
                  scenario=scenario, level=state.settings.level)
