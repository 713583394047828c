"""The table's hardware as the loop sees it: input sources and outputs over :mod:`hardware`.

* :class:`ButtonSource` — the GPIO buttons and the USB box, through the hardware's one
  event queue (the input thread wakes the loop the moment it puts a press);
* :class:`KeySource` — keys standing in for table buttons (development, keyboard-style
  arcade encoders), read from the window's key events;
* :class:`SeatLights` — the seat lights and the pointing blink;
* :class:`WatchdogOutput` — tells systemd after every pass that the loop is alive.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

import pygame

from companion.core.session import Session
from companion.core.table_buttons import seat_lights
from companion.ui.sources import InputSource, Output, TableInput, Wake
from hardware.events import EventQueue
from hardware.keyboard import KeyboardButtons, button_for_key
from hardware.systemd import Watchdog

KEY_POLL = 0.05
"""Seconds between two looks at the keys while a key stands held (long-press timing)."""


class TableLights(Protocol):
    """The part of the lights the app drives: seat lights and a blink."""

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        """Light the seats the table waits for (0-based)."""

    def blink(self, seat: int | None) -> None:
        """Flash one seat's light to point at it."""


class TableInputs(Protocol):
    """Started hardware: a queue of events, an optional key tracker and lights."""

    @property
    def events(self) -> EventQueue:
        """The queue every source fills."""

    @property
    def keyboard(self) -> KeyboardButtons | None:
        """The key tracker, when keys act as table buttons."""

    @property
    def lights(self) -> TableLights:
        """Every light driver, commanded together."""

    def stop(self) -> None:
        """Release pins, ports and threads."""


class ButtonSource(InputSource):
    """GPIO and box presses (and their status notices) from the hardware's event queue."""

    def __init__(self, hardware: TableInputs) -> None:
        self.hardware = hardware
        """The started hardware."""

    def start(self, wake: Wake) -> None:
        """The input threads wake the loop straight after each event they queue."""
        self.hardware.events.set_waker(wake)

    def take(self, now: float) -> list[TableInput]:
        """Every event queued since the last pass."""
        return list(self.hardware.events.drain())

    def faults(self) -> frozenset[str]:
        """Sources switched on that do not work now (when the hardware can tell)."""
        faults = getattr(self.hardware, "faults", None)
        return frozenset(faults()) if callable(faults) else frozenset()

    def stop(self) -> None:
        """Stop waking the loop; release pins, ports and threads; lights off."""
        self.hardware.events.set_waker(None)
        self.hardware.stop()


class KeySource(InputSource):
    """Keys as table buttons: key downs and ups from the window, long presses by time."""

    def __init__(self, keyboard: KeyboardButtons) -> None:
        self.keyboard = keyboard
        """The key tracker (key names to presses, long presses and releases)."""

    def offer(self, event: pygame.event.Event, now: float) -> list[TableInput] | None:
        """Mapped keys become presses; leaving the window lets every held key go."""
        if event.type == pygame.WINDOWFOCUSLOST:
            return list(self.keyboard.release_all(now))
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return None
        name = pygame.key.name(event.key)
        if event.type == pygame.KEYDOWN:
            if button_for_key(name, self.keyboard.keymap) is None:
                return None
            pressed = self.keyboard.key_down(name, now)
            return [] if pressed is None else [pressed]
        released = self.keyboard.key_up(name, now)
        return None if released is None else [released]

    def take(self, now: float) -> list[TableInput]:
        """Long presses of keys held past the hold time."""
        return list(self.keyboard.poll(now))

    def due(self, now: float) -> float | None:
        """Look again soon while a key is held (its long press is timed)."""
        return KEY_POLL if self.keyboard.pressed else None


class SeatLights(Output):
    """The seat lights follow the seats the table waits for; a refused press blinks."""

    def __init__(self, lights: TableLights) -> None:
        self.lights = lights
        """Every light driver, commanded together."""

    def game_changed(self, session: Session | None) -> None:
        """Light the seats the open game waits for (none without a game)."""
        waiting = seat_lights(session) if session is not None else frozenset()
        self.lights.set_seat_lights(waiting)

    def point_at(self, seat: int | None) -> None:
        """Blink one seat's light (or the status light)."""
        self.lights.blink(seat)


class WatchdogOutput(Output):
    """Pings systemd's watchdog after every pass (nothing outside a notify service)."""

    def __init__(self, watchdog: Watchdog | None = None) -> None:
        self.watchdog = watchdog or Watchdog()
        """The systemd notify link."""

    def pass_done(self) -> None:
        """The loop is alive."""
        self.watchdog.tick()

    def due(self) -> float | None:
        """Seconds until the next ping is due."""
        return self.watchdog.seconds_left()

    def stop(self) -> None:
        """Tell systemd the app is stopping on purpose."""
        self.watchdog.stopping()


def table_parts(hardware: TableInputs) -> tuple[list[InputSource], list[Output]]:
    """The sources and outputs of started hardware: buttons, keys (when on), lights."""
    sources: list[InputSource] = [ButtonSource(hardware)]
    if hardware.keyboard is not None:
        sources.append(KeySource(hardware.keyboard))
    return sources, [SeatLights(hardware.lights)]
