"""Ending turns: scoring turns score, normal turns hand over to the next draw or auction."""

from __future__ import annotations

from dataclasses import replace

from companion.core.messages import IllegalActionError
from companion.games.tikal.auction import after_auction_turn
from companion.games.tikal.books import next_seat
from companion.games.tikal.flow import (
    after_scoring_turn,
    in_scoring_turn,
    record_score,
    start_final_round,
)
from companion.games.tikal.queries import hexes_left
from companion.games.tikal.scoring import temples_scored_from_books
from companion.games.tikal.state import Phase, TikalState, Turn


def end_turn(state: TikalState) -> TikalState:
    """End the active player's turn; in a scoring round they score from the tracked pieces."""
    if in_scoring_turn(state):
        if state.tracking == "lean" and any(
                hx.kind == "temple" and hx.guard is None for hx in state.hexes):
            raise IllegalActionError("tikal.error.lean_score_needed")
        temples = temples_scored_from_books(state, state.active)
        return after_scoring_turn(record_score(state, temples))
    return after_normal_turn(state)


def after_normal_turn(state: TikalState) -> TikalState:
    """Move on after a normal turn: the next draw, the next auction, or the final round."""
    if state.variant == "auction":
        return after_auction_turn(state)
    if hexes_left(state) == 0:
        return start_final_round(state)
    return replace(state, active=next_seat(state, state.active), phase=Phase.DRAW, turn=Turn())
