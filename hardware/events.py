"""The one input model: every source produces the same button events on one queue.

The button names and event kinds come from :mod:`vocabulary.buttons`, their one home.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from vocabulary.buttons import BUTTON_IDS as BUTTON_IDS
from vocabulary.buttons import EVENT_KINDS as EVENT_KINDS
from vocabulary.buttons import SEAT_BUTTONS as SEAT_BUTTONS
from vocabulary.buttons import EventKind as EventKind


@dataclass(frozen=True)
class ButtonEvent:
    """A button was pressed, released or held, by any source."""

    button: str
    """Which button: one of :data:`BUTTON_IDS`."""
    kind: EventKind
    """Press, release or long press."""
    time: float = field(default_factory=time.monotonic)
    """When it happened, on the ``time.monotonic`` clock."""
    source: str = "touch"
    """Where it came from: ``gpio``, ``serial``, ``keyboard`` or ``touch``."""


@dataclass(frozen=True)
class StatusEvent:
    """An input source changed state (connected, lost, reconnected, misconfigured)."""

    source: str
    """Which source: ``gpio``, ``serial`` or ``keyboard``."""
    key: str
    """Catalogue key of the message to show, e.g. ``hardware.serial.lost``."""
    params: Mapping[str, str | int] = field(default_factory=dict)
    """Placeholder values for the message."""
    time: float = field(default_factory=time.monotonic)
    """When it happened, on the ``time.monotonic`` clock."""


InputEvent = ButtonEvent | StatusEvent
"""Anything an input source may report."""


class EventSink(Protocol):
    """Anything a source can hand its events to: an :class:`EventQueue` or a filter before one."""

    def put(self, event: InputEvent) -> None:
        """Accept one event; safe from any thread."""
        ...


class EventQueue:
    """A thread-safe queue that sources fill and the app drains without blocking."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()
        self._waker: Callable[[], None] | None = None

    def set_waker(self, waker: Callable[[], None] | None) -> None:
        """Call ``waker`` after every :meth:`put`, from the putting thread.

        The app uses it to wake its sleeping loop at once instead of polling the
        queue; the callback must be safe to call from any thread.
        """
        self._waker = waker

    def put(self, event: InputEvent) -> None:
        """Add an event; safe from any thread."""
        self._queue.put(event)
        waker = self._waker
        if waker is not None:
            waker()

    def drain(self) -> list[InputEvent]:
        """Return every waiting event, oldest first, without blocking."""
        events: list[InputEvent] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events

    def wait(self, timeout: float) -> InputEvent | None:
        """Block up to ``timeout`` seconds for one event (for threads other than the UI)."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None


