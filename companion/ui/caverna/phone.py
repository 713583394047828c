"""Caverna on each player's phone: the seat's own goods, furnished rooms and points.

A read-only panel for now: the seat reads its own cave and goods upright on its phone
instead of leaning across the table; every question is still answered on the shared
screen.  Nothing is hidden in this game, so nothing is sealed.
"""

from __future__ import annotations

from typing import Any

from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.seat_panels import Sealed, SeatPanel
from companion.games.caverna.state import CavernaState
from companion.ui.caverna.view import name_of, round_line, score_lines, whose_turn

GOODS = ("wood", "stone", "emmer", "flax", "food", "gold")
"""The goods in the order of the supply track."""


def _plain(text: str | int) -> Msg:
    return msg("phones.plain", text=text)


class CavernaPhone:
    """Caverna's phone support: a read-only seat panel."""

    def seats(self, state: CavernaState) -> tuple[Msg, ...]:
        """Each player's name, in seat order."""
        return tuple(_plain(name_of(state, seat)) for seat in range(len(state.players)))

    def panel(self, state: CavernaState, seat: int, sealed: Sealed) -> SeatPanel:
        """Round, whose turn, the seat's goods, its furnished rooms and points."""
        player = state.players[seat]
        facts: list[tuple[Msg, Msg]] = [
            (Msg("ui_caverna_phones.round"), round_line(state)),
            (Msg("ui_caverna_phones.turn"), whose_turn(state)),
        ]
        facts += [(Msg(f"caverna.good.{good}"), _plain(player.goods.get(good)))
                  for good in GOODS]
        rooms = [space.room for line in player.cave.spaces for space in line
                 if space is not None and space.room]
        facts += [(Msg("ui_caverna_phones.room"), _plain(f"@caverna.room.{room}"))
                  for room in rooms]
        line = next(line for line in score_lines(state) if line.seat == seat)
        facts.append((Msg("ui_caverna_phones.points"),
                      msg("ui_caverna_phones.points_of", rooms=line.rooms, gold=line.gold,
                          total=line.total)))
        return SeatPanel(_plain(name_of(state, seat)), tuple(facts),
                         note=Msg("ui_caverna_phones.read_only"))

    def seal(self, state: CavernaState, seat: int, sealed: Sealed, ask: str,
             value: Any) -> Sealed:
        """Nothing is sealed in this game."""
        raise IllegalActionError("phones.changed")

    def hidden(self, state: CavernaState) -> bool:
        """Nothing is hidden in this game."""
        return False

    def reveal(self, state: CavernaState, seat: int, sealed: Sealed) -> list[dict[str, Any]]:
        """Nothing to reveal."""
        return []

    def complete(self, state: CavernaState, seat: int, sealed: Sealed) -> bool:
        """Nothing to enter on the phone."""
        return False


PHONE = CavernaPhone()
"""What :mod:`companion.phones` finds for this game."""
