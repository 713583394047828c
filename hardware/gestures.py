"""Tell a short press from a long press before anything acts on it.

A raw ``press`` arrives as soon as a button goes down, and a ``long_press`` follows
if it stays down.  When a short and a long press mean different things (a seat
button that bids on a tap and passes on a hold), acting on the raw press would do
both.  :class:`TapFilter` holds back the raw press of such buttons and decides at
release: a button let go before the hold time gives ``press`` then ``release``; a
held one gives ``long_press`` at the hold time and only ``release`` afterwards.
Other buttons (advance, undo) pass through untouched so they act the moment they
go down.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace

from hardware.events import SEAT_BUTTONS, ButtonEvent, EventSink, InputEvent


@dataclass
class TapFilter:
    """Rewrites raw button events so a long press never also counts as a short one."""

    deferred: frozenset[str] = frozenset(SEAT_BUTTONS)
    """Buttons whose press waits for the release (the seat buttons by default)."""
    _down: set[str] = field(default_factory=set, repr=False)
    _held: set[str] = field(default_factory=set, repr=False)

    def feed(self, event: ButtonEvent) -> list[ButtonEvent]:
        """Take one raw event; return the events to act on, in order (maybe none)."""
        if event.button not in self.deferred:
            return [event]
        if event.kind == "press":
            return self._went_down(event)
        if event.kind == "long_press":
            return self._was_held(event)
        return self._went_up(event)

    def _went_down(self, event: ButtonEvent) -> list[ButtonEvent]:
        if event.button not in self._down:
            self._down.add(event.button)
            self._held.discard(event.button)
        return []

    def _was_held(self, event: ButtonEvent) -> list[ButtonEvent]:
        if event.button not in self._down or event.button in self._held:
            return []
        self._held.add(event.button)
        return [event]

    def _went_up(self, event: ButtonEvent) -> list[ButtonEvent]:
        if event.button not in self._down:
            return []
        self._down.discard(event.button)
        if event.button in self._held:
            self._held.discard(event.button)
            return [event]
        return [replace(event, kind="press"), event]


class TapSink:
    """An event sink that passes button events through a :class:`TapFilter` on to a target.

    Sources running on their own threads (GPIO callbacks, the serial reader) may
    share one; status events go straight through.
    """

    def __init__(self, target: EventSink, taps: TapFilter | None = None) -> None:
        self.target = target
        """Where the filtered events go."""
        self.taps = taps if taps is not None else TapFilter()
        """The filter, with its memory of which buttons are down."""
        self._lock = threading.Lock()

    def put(self, event: InputEvent) -> None:
        """Filter a button event (or pass a status event) on to :attr:`target`."""
        if not isinstance(event, ButtonEvent):
            self.target.put(event)
            return
        with self._lock:
            for passed in self.taps.feed(event):
                self.target.put(passed)
