"""What the diagnostics screen shows: the last event of each button and recent status news.

:class:`InputMonitor` is an :class:`~hardware.events.EventSink` that sources feed
raw events into (before any tap filter), from any thread.  It keeps the newest
event per button, which buttons have been pressed since the checklist was last
started over, and the last few status events, and tells listeners that something
changed so a screen can redraw.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hardware.events import BUTTON_IDS, ButtonEvent, EventSink, InputEvent, StatusEvent

RECENT_STATUSES = 5
"""How many status events the monitor remembers."""


@dataclass(frozen=True)
class MonitorSnapshot:
    """A consistent copy of what the monitor knows, safe to read while drawing."""

    last: Mapping[str, ButtonEvent] = field(default_factory=dict)
    """The newest event of each button that has reported anything."""
    tested: frozenset[str] = frozenset()
    """Buttons pressed since the checklist was started (over)."""
    statuses: tuple[StatusEvent, ...] = ()
    """Recent status events, oldest first."""

    @property
    def untested(self) -> tuple[str, ...]:
        """Buttons still to press for the checklist, in button order."""
        return tuple(button for button in BUTTON_IDS if button not in self.tested)


class InputMonitor:
    """Remembers recent input events for the diagnostics screen; thread-safe."""

    def __init__(self, keep: int = RECENT_STATUSES) -> None:
        self._lock = threading.Lock()
        self._last: dict[str, ButtonEvent] = {}
        self._tested: set[str] = set()
        self._statuses: deque[StatusEvent] = deque(maxlen=keep)
        self._listeners: list[Callable[[], None]] = []

    def put(self, event: InputEvent) -> None:
        """Record one event and tell the listeners."""
        with self._lock:
            if isinstance(event, ButtonEvent):
                self._last[event.button] = event
                if event.kind == "press":
                    self._tested.add(event.button)
            else:
                self._statuses.append(event)
            listeners = list(self._listeners)
        for listener in listeners:
            listener()

    def snapshot(self) -> MonitorSnapshot:
        """Return what is known now."""
        with self._lock:
            return MonitorSnapshot(dict(self._last), frozenset(self._tested), tuple(self._statuses))

    def restart_checklist(self) -> None:
        """Forget which buttons were pressed, so every button has to be tried again."""
        with self._lock:
            self._tested.clear()

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (from the recording thread) after every recorded event."""
        with self._lock:
            if listener not in self._listeners:
                self._listeners.append(listener)

    def forget(self, listener: Callable[[], None]) -> None:
        """Stop calling ``listener``."""
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)


class TeeSink:
    """Hands every event to a monitor and then on to the next sink."""

    def __init__(self, monitor: EventSink, target: EventSink) -> None:
        self.monitor = monitor
        """Sees every raw event."""
        self.target = target
        """Gets the events to act on."""

    def put(self, event: InputEvent) -> None:
        """Record ``event`` and pass it on."""
        self.monitor.put(event)
        self.target.put(event)
