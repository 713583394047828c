"""The app's own debounce: contact chatter never turns into extra presses.

A mechanical switch chatters for a few milliseconds when it closes or opens.
gpiozero's ``bounce_time`` is not applied by every pin factory (its mock pins
ignore it), and a button box with poor firmware may pass chatter on; so every
press and release from the GPIO header and the USB box goes through
:class:`Debouncer` before the app sees it.

The rule, per button and source: the first edge after a quiet spell counts at
once (no added delay for a clean press).  Edges that follow it closer together
than ``settle`` seconds are held back; once the button has been quiet for
``settle``, its level then is compared with what was last reported and, if it
differs, one event brings the two back in line.  So a burst of chatter of any
length, with gaps shorter than ``settle``, gives at most one press and one
release, and a quick real tap is never lost (its release only comes ``settle``
later).  Long presses pass only while the button stands reported as down.

:class:`Debouncer` is pure (it is given the time); :class:`DebounceSink` is the
thread-safe :class:`~hardware.events.EventSink` that wraps it and uses a timer to
let a held-back level out once the button has settled.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from hardware.events import ButtonEvent, EventKind, EventSink, InputEvent

DEFAULT_SETTLE = 0.025
"""Seconds a button must stay quiet before a held-back level counts."""


@dataclass
class _Button:
    reported: bool = False
    raw: bool = False
    last_edge: float = -math.inf
    pending: bool = False


class Debouncer:
    """Filters button events by the rule in the module's description; not thread-safe."""

    def __init__(self, settle: Mapping[str, float] | float = DEFAULT_SETTLE) -> None:
        self.settle = settle
        """Settle time in seconds, one for all sources or one per source name."""
        self._buttons: dict[tuple[str, str], _Button] = {}

    def settle_of(self, source: str) -> float:
        """The settle time of ``source``."""
        if isinstance(self.settle, Mapping):
            return self.settle.get(source, DEFAULT_SETTLE)
        return self.settle

    def feed(self, event: ButtonEvent) -> list[ButtonEvent]:
        """Take one raw event; return what should be passed on now (settled ones first)."""
        out = self.due(event.time)
        key = (event.source, event.button)
        button = self._buttons.setdefault(key, _Button())
        if event.kind == "long_press":
            if button.reported and button.raw and not button.pending:
                out.append(event)
            return out
        level = event.kind == "press"
        quiet = event.time - button.last_edge >= self.settle_of(event.source)
        button.last_edge = event.time
        button.raw = level
        if quiet and not button.pending:
            if level != button.reported:
                button.reported = level
                out.append(event)
        else:
            button.pending = True
        return out

    def due(self, now: float) -> list[ButtonEvent]:
        """Events of buttons that have settled by ``now`` with a level not yet reported."""
        out: list[ButtonEvent] = []
        for (source, name), button in self._buttons.items():
            settled_at = button.last_edge + self.settle_of(source)
            if button.pending and now >= settled_at:
                button.pending = False
                if button.raw != button.reported:
                    button.reported = button.raw
                    kind: EventKind = "press" if button.raw else "release"
                    out.append(ButtonEvent(name, kind, time=settled_at, source=source))
        return out

    def next_due(self) -> float | None:
        """When the earliest held-back button settles (``None``: nothing held back)."""
        times = [button.last_edge + self.settle_of(source)
                 for (source, _), button in self._buttons.items() if button.pending]
        return min(times) if times else None


class DebounceSink:
    """An :class:`~hardware.events.EventSink` that debounces button events before ``target``.

    Status events pass straight through.  Safe to feed from several threads.
    """

    def __init__(self, target: EventSink, settle: Mapping[str, float] | float = DEFAULT_SETTLE,
                 clock: Callable[[], float] | None = None) -> None:
        """``clock`` (default ``time.monotonic``) is the time of arrival; events carry
        the time of their edge, which may be earlier when a reader fell behind."""
        self.target = target
        """Where settled events go."""
        self.debouncer = Debouncer(settle)
        """The pure filter."""
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._clock = clock
        self._last_arrival = -math.inf

    def put(self, event: InputEvent) -> None:
        """Filter one event and pass on what counts."""
        if not isinstance(event, ButtonEvent):
            self.target.put(event)
            return
        with self._lock:
            self._last_arrival = self._now()
            out = self.debouncer.feed(event)
            self._arm()
        for item in out:
            self.target.put(item)

    def idle(self) -> bool:
        """Whether nothing is held back (every settled level has been passed on)."""
        with self._lock:
            return self.debouncer.next_due() is None

    def _arm(self) -> None:
        """Start the timer for the next settling button, if none runs (lock held).

        It fires no earlier than the settle time after the last *arrival*: events
        dated in the past come from a reader that fell behind, and the rest of its
        backlog (more chatter) must get in before a held-back level may count.
        """
        due = self.debouncer.next_due()
        if due is None or self._timer is not None:
            return
        now = self._now()
        fire = max(due, self._last_arrival + self._guard())
        self._timer = threading.Timer(max(0.0, fire - now) + 0.001, self._settle)
        self._timer.daemon = True
        self._timer.start()

    def _guard(self) -> float:
        settle = self.debouncer.settle
        return max(settle.values(), default=DEFAULT_SETTLE) if isinstance(settle, Mapping) \
            else settle

    def _settle(self) -> None:
        with self._lock:
            self._timer = None
            now = self._now()
            quiet_since = now - self._last_arrival
            out = self.debouncer.due(now) if quiet_since >= self._guard() else []
            self._arm()
        for item in out:
            self.target.put(item)

    def _now(self) -> float:
        return self._clock() if self._clock is not None else time.monotonic()
