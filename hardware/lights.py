"""What every light driver offers: seat lights, a blink to point at a seat, a status light.

Seats are 0-based indices, as the games count them: seat 0 is the ``seat1`` button
and light.  The GPIO header and the USB box both implement :class:`Lights`;
:class:`LightGroup` drives several at once.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Protocol

from hardware.protocol import LightMode

BLINK_ON = 0.15
"""Seconds a light stays on in each flash of :meth:`Lights.blink`."""
BLINK_OFF = 0.15
"""Seconds a light stays off between flashes."""
BLINK_COUNT = 3
"""Flashes in one :meth:`Lights.blink`."""


class Lights(Protocol):
    """A set of table lights."""

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        """Light exactly the seats in ``seats_waiting`` (0-based); the others go dark."""
        ...

    def blink(self, seat: int | None) -> None:
        """Flash seat ``seat`` a few times (``None``: the status light), then restore it."""
        ...

    def set_status(self, mode: LightMode) -> None:
        """Set the status light."""
        ...

    def close(self) -> None:
        """Switch every light off and release the outputs."""
        ...


class LightGroup:
    """Several light drivers treated as one (GPIO header and USB box together)."""

    def __init__(self, members: Iterable[Lights] = ()) -> None:
        self.members: list[Lights] = list(members)
        """The drivers that receive every command."""

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        """Light exactly ``seats_waiting`` on every member."""
        for member in self.members:
            member.set_seat_lights(seats_waiting)

    def blink(self, seat: int | None) -> None:
        """Flash ``seat`` (or the status light) on every member."""
        for member in self.members:
            member.blink(seat)

    def set_status(self, mode: LightMode) -> None:
        """Set the status light of every member."""
        for member in self.members:
            member.set_status(mode)

    def close(self) -> None:
        """Close every member."""
        for member in self.members:
            member.close()
