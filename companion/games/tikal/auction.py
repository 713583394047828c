"""The auction variant: revealing a round of hexes, bidding, choosing, and who opens next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError, msg
from companion.games.tikal.books import change_score, clockwise_from, next_seat
from companion.games.tikal.fields import int_field
from companion.games.tikal.flow import (
    new_auction_round,
    place_tile,
    read_tile,
    spot_field,
    start_final_round,
    take_from_stack,
)
from companion.games.tikal.queries import hexes_left
from companion.games.tikal.state import Auction, Phase, TikalState, Turn

Action = Mapping[str, Any]


def reveal(state: TikalState, action: Action) -> TikalState:
    """Record the hexes turned up for this round: one per player, fewer if the stack is short."""
    raw = action.get("hexes")
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise IllegalActionError("tikal.error.bad_field", field="hexes")
    wanted = min(len(state.players), hexes_left(state))
    if len(raw) != wanted:
        raise IllegalActionError("tikal.error.reveal_count", count=wanted)
    tiles = []
    counted = state
    for entry in raw:
        if not isinstance(entry, Mapping):
            raise IllegalActionError("tikal.error.bad_field", field="hexes")
        tile = read_tile(counted, entry)
        counted = take_from_stack(counted, [tile])
        tiles.append(tile)
    revealed = replace(counted, revealed=tuple(tiles))
    return open_auction(revealed, state.active)


def open_auction(state: TikalState, first: int) -> TikalState:
    """Start bidding, opened by the first player clockwise from ``first`` still without a hex.

    With only one such player left, they take a hex for free without bidding.
    """
    bidders = tuple(s for s in clockwise_from(state, first) if s not in state.placed_this_round)
    if len(bidders) == 1:
        return replace(state, phase=Phase.CHOOSE, active=bidders[0], auction=None, turn=Turn())
    auction = Auction(bidders=bidders, current=bidders[0])
    return replace(state, phase=Phase.AUCTION, active=bidders[0], auction=auction, turn=Turn())


def bid(state: TikalState, action: Action) -> TikalState:
    """The current bidder offers more than the highest bid (never more than their score)."""
    assert state.auction is not None
    seat = state.auction.current
    score = state.players[seat].score
    lowest = state.auction.high_bid + 1
    if score < lowest:
        raise IllegalActionError("tikal.error.cannot_afford", lowest=lowest, score=score)
    amount = int_field(action, "amount", lowest, score)
    raised = replace(state.auction, high_bid=amount, high_bidder=seat)
    return _settle(state, raised)


def pass_bid(state: TikalState) -> TikalState:
    """The current bidder passes, for the rest of this auction."""
    assert state.auction is not None
    passed = replace(state.auction, passed=(*state.auction.passed, state.auction.current))
    return _settle(state, passed)


def _settle(state: TikalState, auction: Auction) -> TikalState:
    """Finish the auction if it is decided, otherwise ask the next bidder."""
    remaining = [s for s in auction.bidders if s not in auction.passed]
    if auction.high_bidder is not None and remaining == [auction.high_bidder]:
        paid = change_score(state, auction.high_bidder, -auction.high_bid)
        return _winner_chooses(paid, auction.high_bidder)
    if not remaining:
        return _winner_chooses(state, auction.passed[0])
    following = _next_bidder(auction, remaining)
    return replace(state, auction=replace(auction, current=following), active=following)


def _next_bidder(auction: Auction, remaining: list[int]) -> int:
    """The next bidder after the current one, in bidding order, who has not passed."""
    order = auction.bidders
    start = order.index(auction.current)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate in remaining:
            return candidate
    return remaining[0]


def _winner_chooses(state: TikalState, winner: int) -> TikalState:
    """Close the bidding; the winner now picks a revealed hex."""
    return replace(state, phase=Phase.CHOOSE, active=winner, auction=None)


def choose(state: TikalState, action: Action) -> TikalState:
    """The winner takes one revealed hex, places it (or sets a volcano aside) and plays."""
    index = int_field(action, "index", 0, len(state.revealed) - 1)
    tile = state.revealed[index]
    remaining = state.revealed[:index] + state.revealed[index + 1:]
    taken = replace(state, revealed=remaining,
                    placed_this_round=(*state.placed_this_round, state.active))
    at = spot_field(state, action) if tile.kind != "volcano" else None
    placed = place_tile(taken, tile, at)
    note = msg("tikal.instruction.flip_marker", player=state.players[state.active].name)
    return replace(placed, instructions=(*placed.instructions, note))


def after_auction_turn(state: TikalState) -> TikalState:
    """After a winner's turn: next auction opened at their left, a new round, or the final."""
    if state.revealed:
        return open_auction(state, next_seat(state, state.active))
    if hexes_left(state) == 0:
        return start_final_round(state)
    return new_auction_round(state)
