"""The loop's two doors: what feeds it (input sources) and what it tells (outputs).

The loop (:class:`companion.ui.loop.TableLoop`) knows no source or output by name: the
composition root (:mod:`companion.app`) builds them — GPIO, the USB box and keys as
table buttons; lights and the systemd watchdog as outputs — and hands them over as
these Protocols.  A new one is one module implementing a Protocol plus one line in the
root (see "How to add an input source" in ``docs/architecture.md``).

Every source is treated alike: what it delivers passes one rate limit
(:class:`PressLimit`) and one per-pass work budget, so a flood from any source — a
stuck USB box, an arcade encoder that types 5,000 keys — can neither freeze the screen
nor starve the watchdog.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import pygame

    from companion.core.session import Session

Wake = Callable[[], None]
"""Wakes the sleeping loop at once; safe to call from any thread."""

MAX_PENDING = 512
"""Most table inputs a queue keeps waiting; past it new ones are dropped (and counted)."""

PRESS_BURST = 20
"""Table-button events handled at once before the rate limit applies."""

PRESS_RATE = 20.0
"""Table-button events per second handled beyond the burst; a flood past it is dropped."""


@runtime_checkable
class TablePress(Protocol):
    """A table button pressed, released or held, from whichever source."""

    @property
    def button(self) -> str:
        """``advance``, ``undo``, ``seat1`` … ``seat4``."""

    @property
    def kind(self) -> str:
        """``press``, ``release`` or ``long_press``."""


@runtime_checkable
class TableNotice(Protocol):
    """A source changed state (link lost, back, misconfigured): a notice to show."""

    @property
    def key(self) -> str:
        """Catalogue key of the message."""

    @property
    def params(self) -> Mapping[str, str | int]:
        """Placeholder values of the message."""


TableInput = TablePress | TableNotice
"""Anything a source delivers to the loop."""


class InputSource(Protocol):
    """Something that feeds the loop table inputs: buttons, a box, keys, later phones.

    Explicit subclasses inherit the quiet defaults below and override what they need.
    """

    def start(self, wake: Wake) -> None:
        """Begin delivering; call ``wake`` (from any thread) whenever something arrives."""
        return None

    def take(self, now: float) -> list[TableInput]:
        """Everything that arrived since the last call (and what ``now`` makes due)."""
        return []

    def offer(self, event: pygame.event.Event, now: float) -> list[TableInput] | None:
        """A window event this source turns into table inputs (``None``: not its own)."""
        return None

    def due(self, now: float) -> float | None:
        """Seconds until the source must be asked again without a wake (``None``: never)."""
        return None

    def faults(self) -> frozenset[str]:
        """Sources switched on that do not work now (shown as a lasting badge)."""
        return frozenset()

    def stop(self) -> None:
        """Release threads, pins and ports."""
        return None


class Output(Protocol):
    """Something the loop tells what happened: lights, a watchdog, later the fleet.

    Explicit subclasses inherit the quiet defaults below and override what they need.
    """

    def game_changed(self, session: Session | None) -> None:
        """The open game (or none) changed: show it."""
        return None

    def point_at(self, seat: int | None) -> None:
        """Point at a seat (or at the table: ``None``) after a refused or pointed press."""
        return None

    def notice(self, item: TableNotice) -> None:
        """A source changed state (the notice the table is shown)."""
        return None

    def pass_done(self) -> None:
        """The loop finished a pass (it is alive)."""
        return None

    def due(self) -> float | None:
        """Seconds until the output needs a pass even if nothing happens."""
        return None

    def stop(self) -> None:
        """Switch off and let go."""
        return None


class InputQueue(InputSource):
    """A bounded, thread-safe queue of table inputs: any thread may :meth:`put` into it.

    The app always has one (``app.events``); a source that has no loop of its own
    (a test, a phone handler) puts its presses here.  Past :data:`MAX_PENDING`
    waiting inputs new ones are dropped and counted in :attr:`overflow`.
    """

    def __init__(self, limit: int = MAX_PENDING) -> None:
        self._items: deque[TableInput] = deque()
        self._lock = threading.Lock()
        self._wake: Wake | None = None
        self.limit = limit
        """Most inputs kept waiting."""
        self.overflow = 0
        """Inputs dropped because too many were waiting."""

    def start(self, wake: Wake) -> None:
        """Wake the loop after every :meth:`put`."""
        self._wake = wake

    def put(self, item: TableInput) -> None:
        """Add an input (dropped when the queue is full); safe from any thread."""
        with self._lock:
            if len(self._items) >= self.limit:
                self.overflow += 1
                return
            self._items.append(item)
        wake = self._wake
        if wake is not None:
            wake()

    def take(self, now: float) -> list[TableInput]:
        """Everything waiting, oldest first."""
        with self._lock:
            items = list(self._items)
            self._items.clear()
        return items

    def stop(self) -> None:
        """Stop waking the loop."""
        self._wake = None


class PressLimit:
    """One token bucket for the table presses of every source: bursts, then a steady rate."""

    def __init__(self, clock: Callable[[], float], burst: int = PRESS_BURST,
                 rate: float = PRESS_RATE) -> None:
        self.clock = clock
        """The monotonic clock the bucket refills by."""
        self.burst = burst
        """Presses allowed at once."""
        self.rate = rate
        """Presses allowed per second beyond the burst."""
        self._tokens = float(burst)
        self._refilled = clock()
        self.dropped = 0
        """Presses dropped because they came faster than the rate."""

    def allow(self) -> bool:
        """Whether one more press may pass now (each call that says yes spends one)."""
        now = self.clock()
        refill = max(0.0, now - self._refilled) * self.rate
        self._tokens = min(float(self.burst), self._tokens + refill)
        self._refilled = now
        if self._tokens < 1.0:
            self.dropped += 1
            return False
        self._tokens -= 1.0
        return True

