"""Tikal on each player's phone: the seat's own pieces, treasures, points and bids.

A read-only panel for now: the seat reads its workers in reserve, its leader, camps and
guards, its treasures, its score, the action points left when it is its turn and, during
an auction, the bid to beat.  Every question is still answered on the shared screen.
"""

from __future__ import annotations

from typing import Any

from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.seat_panels import Sealed, SeatPanel
from companion.games.tikal.state import TikalState
from companion.ui.tikal.view import leader_on_board, points_left


def _plain(text: str | int) -> Msg:
    return msg("phones.plain", text=text)


class TikalPhone:
    """Tikal's phone support: a read-only seat panel."""

    def seats(self, state: TikalState) -> tuple[Msg, ...]:
        """Each player's name, in seat order."""
        return tuple(_plain(player.name) for player in state.players)

    def panel(self, state: TikalState, seat: int, sealed: Sealed) -> SeatPanel:
        """Score, pieces, treasures; action points on the seat's turn; the auction's bid."""
        player = state.players[seat]
        facts: list[tuple[Msg, Msg]] = [
            (Msg("ui_tikal_phones.score"), _plain(player.score)),
            (Msg("ui_tikal_phones.reserve"), _plain(player.reserve)),
            (Msg("ui_tikal_phones.leader"), Msg("ui_tikal_phones.on_board"
                                                if leader_on_board(player)
                                                else "ui_tikal_phones.in_reserve")),
            (Msg("ui_tikal_phones.camps"), _plain(player.camps)),
            (Msg("ui_tikal_phones.guards"), _plain(player.guards)),
            (Msg("ui_tikal_phones.treasures"), _plain(sum(player.treasures))),
        ]
        if state.active == seat:
            facts.append((Msg("ui_tikal_phones.action_points"), _plain(points_left(state))))
        auction = state.auction
        if auction is not None and seat in auction.bidders:
            facts.append((Msg("ui_tikal_phones.high_bid"), _plain(auction.high_bid)))
        return SeatPanel(_plain(player.name), tuple(facts),
                         note=Msg("ui_tikal_phones.read_only"))

    def seal(self, state: TikalState, seat: int, sealed: Sealed, ask: str,
             value: Any) -> Sealed:
        """Nothing is sealed in this game."""
        raise IllegalActionError("phones.changed")

    def hidden(self, state: TikalState) -> bool:
        """Nothing is hidden in this game."""
        return False

    def reveal(self, state: TikalState, seat: int, sealed: Sealed) -> list[dict[str, Any]]:
        """Nothing to reveal."""
        return []

    def complete(self, state: TikalState, seat: int, sealed: Sealed) -> bool:
        """Nothing to enter on the phone."""
        return False


PHONE = TikalPhone()
"""What :mod:`companion.phones` finds for this game."""
