"""The sounds of a Fuji step: the escape or the loss, wounds, lava and locked markers."""

from __future__ import annotations

from companion.core.game import Action
from companion.games.fuji.state import Outcome, State

ERUPTION_KEYS = frozenset({"fuji.instruction.flip_cards", "fuji.instruction.eruption_token"})
"""Instructions that mean the lava spread in this step."""
EXHAUSTED_KEY = "fuji.outcome.exhausted"
"""The reason of a loss by exhaustion."""


def step_cues(before: State, after: State, action: Action) -> tuple[str, ...]:
    """The cues of the accepted step ``before`` -> ``after``; the end outranks the rest."""
    if after.outcome is not None and after.outcome != before.outcome:
        return _ending(after)
    cues: list[str] = []
    if _wounds(after) > _wounds(before):
        cues.append("wound")
    if _instruction_keys(after) - _instruction_keys(before) & ERUPTION_KEYS:
        cues.append("eruption")
    if action.get("type") == "confirm_destination":
        cues.append("destination_locked")
    if before.phase != after.phase and not cues:
        cues.append("phase_change")
    return tuple(cues)


def _ending(after: State) -> tuple[str, ...]:
    if after.outcome is Outcome.WON:
        return ("win",)
    reason = after.outcome_reason
    exhausted = reason is not None and reason.key == EXHAUSTED_KEY
    return ("exhaustion", "loss") if exhausted else ("loss",)


def _wounds(state: State) -> int:
    return sum(someone.wounds.count() for someone in state.players)


def _instruction_keys(state: State) -> set[str]:
    return {instruction.message.key for instruction in state.instructions}
