"""Tikal dispatch: every action type, the phase it belongs to and the function that applies it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.tikal import auction, flow, progress, turn
from companion.games.tikal.state import Phase, TikalState

Action = Mapping[str, Any]
Handler = Callable[[TikalState, Action], TikalState]

HANDLERS: Mapping[str, tuple[str, Handler]] = {
    "draw": (Phase.DRAW, flow.draw),
    "reveal": (Phase.REVEAL, auction.reveal),
    "bid": (Phase.AUCTION, auction.bid),
    "pass": (Phase.AUCTION, lambda state, _action: auction.pass_bid(state)),
    "choose": (Phase.CHOOSE, auction.choose),
    "bring": (Phase.ACTIONS, turn.bring),
    "camp_move": (Phase.ACTIONS, turn.camp_move),
    "move": (Phase.ACTIONS, turn.move),
    "uncover": (Phase.ACTIONS, turn.uncover),
    "take_treasure": (Phase.ACTIONS, turn.take_treasure),
    "exchange": (Phase.ACTIONS, turn.exchange),
    "build_camp": (Phase.ACTIONS, turn.build_camp),
    "place_guard": (Phase.ACTIONS, turn.place_guard),
    "end_turn": (Phase.ACTIONS, lambda state, _action: progress.end_turn(state)),
    "score": (Phase.ACTIONS, flow.score_entered),
    "lay_volcano": (Phase.ACTIONS, flow.lay_volcano),
}
"""Every action type, the phase it belongs to and the function that applies it."""


def apply_action(state: TikalState, action: Action) -> TikalState:
    """Apply one JSON action, or raise ``IllegalActionError`` naming the reason."""
    if state.phase == Phase.FINISHED:
        raise IllegalActionError("tikal.error.game_over")
    kind = action.get("type") if isinstance(action, Mapping) else None
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise IllegalActionError("tikal.error.unknown_action", type=str(kind))
    phase, handler = HANDLERS[kind]
    if phase != state.phase:
        raise IllegalActionError("tikal.error.wrong_phase", action=f"@tikal.action.{kind}",
                                 phase=f"@tikal.phase.{state.phase}")
    return handler(replace(state, instructions=()), action)
