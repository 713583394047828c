"""Caverna and Tikal on the phones: each seat reads its own panel (read-only for now)."""

from __future__ import annotations

import pytest

from tests.phones.seat_host import SeatHost


@pytest.mark.parametrize("game", ["caverna", "tikal"])
def test_each_seat_reads_its_own_panel(game: str) -> None:
    host = SeatHost(game=game)
    session = host.session
    assert session is not None
    seats = len(host.table.seat_names())
    assert seats >= 2 and host.tokens.token(seats - 1) is not None
    for seat in range(seats):
        host.join(seat, seat + 1)
        view = host.last_view(seat + 1)
        assert view["seat"] == seat and view["asks"] == []
        assert len(view["facts"]) >= 5
        assert all(label and value and "." not in label for label, value in view["facts"])
    first = host.last_view(1)
    other = host.last_view(2)
    assert first["title"] != other["title"]
    assert not host.table.hidden() and host.table.entered() == (0, seats)
