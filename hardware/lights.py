"""What every light driver offers: seat lights, a blink to point at a seat, a status light.

Seats are 0-based indices, as the games count them: seat 0 is the ``seat1`` button
and light.  The GPIO header and the USB box both implement :class:`Lights`;
:class:`LightGroup` drives several at once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection, Iterable
from typing import Protocol

from hardware.protocol import LightMode
from vocabulary.buttons import LIGHT_IDS

BLINK_ON = 0.15
"""Seconds a light stays on in each flash of :meth:`Lights.blink`."""
BLINK_OFF = 0.15
"""Seconds a light stays off between flashes."""
BLINK_COUNT = 3
"""Flashes in one :meth:`Lights.blink`."""
WALK_STEP = 0.6
"""Seconds each light stays on, alone, during a light test walk."""
WALK_ORDER: tuple[str, ...] = LIGHT_IDS
"""The order a light test walks the lights in."""


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
        self.walking: str | None = None
        """The light lit alone by a running light test, else ``None``."""
        self._waiting: frozenset[int] = frozenset()
        self._status: LightMode = "off"
        self._walk: threading.Thread | None = None

    @property
    def status(self) -> LightMode:
        """What the status light was last told to show."""
        return self._status

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        """Light exactly ``seats_waiting`` on every member."""
        self._waiting = frozenset(seats_waiting)
        if self.walking is not None:
            return
        for member in self.members:
            member.set_seat_lights(seats_waiting)

    def walk(self, step: float = WALK_STEP,
             changed: Callable[[str | None], None] | None = None) -> bool:
        """Light each light alone in turn, in the background, then restore them all.

        ``changed`` hears the name of each light as it comes on and ``None`` at the
        end.  Returns False (and does nothing) while a walk is already running.
        """
        if self._walk is not None and self._walk.is_alive():
            return False
        self._walk = threading.Thread(target=self._walk_through, args=(step, changed),
                                      name="light-walk", daemon=True)
        self._walk.start()
        return True

    def _walk_through(self, step: float, changed: Callable[[str | None], None] | None) -> None:
        for name in WALK_ORDER:
            self.walking = name
            for other in WALK_ORDER:
                self._light(other, "on" if other == name else "off")
            if changed is not None:
                changed(name)
            time.sleep(step)
        self.walking = None
        for member in self.members:
            member.set_seat_lights(self._waiting)
            member.set_status(self._status)
        if changed is not None:
            changed(None)

    def _light(self, name: str, mode: LightMode) -> None:
        for member in self.members:
            setter = getattr(member, "light", None)
            if setter is not None:
                setter(name, mode)

    def blink(self, seat: int | None) -> None:
        """Flash ``seat`` (or the status light) on every member."""
        for member in self.members:
            member.blink(seat)

    def set_status(self, mode: LightMode) -> None:
        """Set the status light of every member."""
        self._status = mode
        if self.walking is not None:
            return
        for member in self.members:
            member.set_status(mode)

    def close(self) -> None:
        """Close every member."""
        for member in self.members:
            member.close()
