"""Tikal dispatch: every action type, the phase it belongs to and the function that applies it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.tikal import auction, flow, progress, turn
from companion.games.tikal.state import (
    PHASE_ACTIONS,
    PHASE_AUCTION,
    PHASE_CHOOSE,
    PHASE_DRAW,
    PHASE_FINISHED,
    PHASE_REVEAL,
    TikalState,
)

Action = Mapping[str, Any]
Handler = Callable[[TikalState, Action], TikalState]

HANDLERS: Mapping[str, tuple[str, Handler]] = {
    "draw": (PHASE_DRAW, flow.draw),
    "reveal": (PHASE_REVEAL, auction.reveal),
    "bid": (PHASE_AUCTION, auction.bid),
    "pass": (PHASE_AUCTION, lambda state, _action: auction.pass_bid(state)),
    "choose": (PHASE_CHOOSE, auction.choose),
    "bring": (PHASE_ACTIONS, turn.bring),
    "camp_move": (PHASE_ACTIONS, turn.camp_move),
    "move": (PHASE_ACTIONS, turn.move),
    "uncover": (PHASE_ACTIONS, turn.uncover),
    "take_treasure": (PHASE_ACTIONS, turn.take_treasure),
    "exchange": (PHASE_ACTIONS, turn.exchange),
    "build_camp": (PHASE_ACTIONS, turn.build_camp),
    "place_guard": (PHASE_ACTIONS, turn.place_guard),
    "end_turn": (PHASE_ACTIONS, lambda state, _action: progress.end_turn(state)),
    "score": (PHASE_ACTIONS, flow.score_entered),
    "lay_volcano": (PHASE_ACTIONS, flow.lay_volcano),
}
"""Every action type, the phase it belongs to and the function that applies it."""


def apply_action(state: TikalState, action: Action) -> TikalState:
    """Apply one JSON action, or raise ``IllegalActionError`` naming the reason."""
    if state.phase == PHASE_FINISHED:
        raise IllegalActionError("tikal.error.game_over")
    kind = action.get("type") if isinstance(action, Mapping) else None
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise IllegalActionError("tikal.error.unknown_action", type=str(kind))
    phase, handler = HANDLERS[kind]
    if phase != state.phase:
        raise IllegalActionError("tikal.error.wrong_phase", action=f"@tikal.action.{kind}",
                                 phase=f"@tikal.phase.{state.phase}")
    return handler(replace(state, instructions=()), action)
