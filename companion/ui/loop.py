"""The loop: one window, sleeping until something happens, every pass short.

:class:`TableLoop` sleeps until a window event, a wake-up from an input source
(:mod:`companion.ui.sources`) or a deadline, then handles what arrived within a work
budget, redraws only when something changed and tells every output the pass is done
(the watchdog hears it).  It knows its sources and outputs only by their Protocols:
the composition root (:mod:`companion.app`) builds them.

Two rules keep every pass short whatever arrives (a held arcade encoder, a flooding
box, a thousand taps):

* every table press, from any source, passes one :class:`~companion.ui.sources.PressLimit`;
* a pass handles window events and table inputs for at most :data:`PASS_BUDGET`
  seconds; the rest waits for the next pass, which comes at once, after a redraw.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence

import pygame

from companion.core.messages import Msg
from companion.ui.sources import (
    InputQueue,
    InputSource,
    Output,
    PressLimit,
    TableInput,
    TableNotice,
    TablePress,
)
from companion.ui.theme import PALETTE

MIN_SIZE: tuple[int, int] = (800, 480)
"""The smallest window the layouts are made for."""

IDLE_WAKE = 5.0
"""Longest sleep, in seconds, when nothing is due: input sources wake the loop themselves."""

PUMP_INTERVAL = 1 / 60
"""Seconds between two looks at SDL's window and touch events while the loop sleeps."""

PASS_BUDGET = 0.04
"""Seconds of input handling per pass; what is left waits for the next pass (drawn first)."""

HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that draw into memory only: nobody would see the app."""


class NoDisplayError(RuntimeError):
    """No screen could be opened (no display server, no framebuffer)."""


def open_display(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """Open (or re-open) the window; raise :class:`NoDisplayError` if there is no screen.

    Full screen hides the mouse pointer: on the table's touchscreen it only gets in the way.
    """
    try:
        if not pygame.display.get_init():
            pygame.display.init()
        _refuse_invisible_display()
        pygame.display.set_icon(window_icon())
        if fullscreen:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            width, height = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
            surface = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        pygame.mouse.set_visible(not fullscreen)
        return surface
    except pygame.error as error:
        raise NoDisplayError(str(error)) from error


def window_icon() -> pygame.Surface:
    """The window's icon: an accent-coloured table on the app's dark background.

    Drawn here rather than loaded: without an icon of its own, opening the window would
    make pygame load its default icon through :mod:`importlib.resources`, which costs
    more than the app's first frame can spare on a Pi.
    """
    icon = pygame.Surface((32, 32))
    icon.fill(PALETTE.background)
    pygame.draw.circle(icon, PALETTE.accent, (16, 16), 12)
    pygame.draw.circle(icon, PALETTE.background, (16, 16), 5)
    return icon


def _refuse_invisible_display() -> None:
    """Raise :class:`NoDisplayError` if SDL fell back to a memory-only driver by itself.

    Asking for one on purpose (``SDL_VIDEODRIVER=dummy``, as tests and screenshots do)
    is fine; ending up with one because no screen was found is not.
    """
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoDisplayError(f"no screen found, only SDL's {driver} driver")


def start_display() -> None:
    """Start SDL's video part; :class:`NoDisplayError` if there is no screen to show the app."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplayError(str(error)) from error
    _refuse_invisible_display()


class TableLoop:
    """Sleeps, hands what arrived to the app within a budget, draws, tells the outputs.

    The app (:class:`companion.ui.app.App`) fills in what the events mean:
    :meth:`process`, :meth:`press_table_button`, :meth:`notify`, :meth:`housekeeping`,
    :meth:`deadlines` and :meth:`draw`.
    """

    def __init__(self, sources: Sequence[InputSource], outputs: Sequence[Output],
                 clock: Callable[[], float]) -> None:
        self.clock = clock
        """The monotonic clock (replaceable in tests)."""
        self.events = InputQueue()
        """A queue any thread may put table inputs into (the door for loop-less sources)."""
        self.sources: list[InputSource] = [self.events, *sources]
        """Everything that feeds the loop."""
        self.outputs: list[Output] = list(outputs)
        """Everything the loop tells what happened."""
        self.limit = PressLimit(clock)
        """The one rate limit every source's presses pass."""
        self.dirty = True
        """Whether the screen must be drawn again."""
        self.running = True
        """False once the app should close."""
        self.redraws = 0
        """How many times the screen was drawn (for tests and diagnostics)."""
        self.passes = 0
        """How many times the loop woke up."""
        self.longest_pass = 0.0
        """The longest pass so far, in seconds of wall time (sleep excluded)."""
        self.longest_pass_cpu = 0.0
        """The CPU time of the costliest pass so far, in seconds (this thread's)."""
        self.work_clock: Callable[[], float] = time.perf_counter
        """The clock a pass's work budget is measured by (tests drive it)."""
        self._woken = threading.Event()
        self._window_backlog: deque[pygame.event.Event] = deque()
        self._input_backlog: deque[TableInput] = deque()
        for source in self.sources:
            source.start(self._woken.set)

    def attach(self, sources: Sequence[InputSource], outputs: Sequence[Output]) -> None:
        """Add sources and outputs once the app runs (the root starts the hardware after the
        first frame, which needs none of it)."""
        for source in sources:
            source.start(self._woken.set)
        self.sources.extend(sources)
        self.outputs.extend(outputs)
        self.dirty = True

    @property
    def dropped_presses(self) -> int:
        """Table inputs dropped by the rate limit or because too many were waiting."""
        return self.limit.dropped + self.events.overflow

    # ---------------------------------------------------------------- the loop
    def run(self) -> None:
        """Loop until the window is closed (or :meth:`stop` is called)."""
        try:
            while self.running:
                self.step()
        finally:
            self.close()

    def stop(self) -> None:
        """End the loop after the current pass (safe from a signal handler or thread)."""
        self.running = False
        self._woken.set()

    def wake(self) -> None:
        """Wake the sleeping loop (safe from any thread)."""
        self._woken.set()

    def step(self, max_wait: float | None = None) -> None:
        """One pass: sleep until an event or deadline, handle what fits, draw if needed."""
        timeout = self.next_timeout()
        if max_wait is not None:
            timeout = min(timeout, max_wait)
        self._window_backlog.extend(self._sleep(timeout))
        started, cpu = self.work_clock(), time.thread_time()
        self.passes += 1
        self._handle_window_events(started)
        self._take_inputs()
        self._handle_inputs(started)
        self.housekeeping()
        self.draw()
        for output in self.outputs:
            output.pass_done()
        self.longest_pass = max(self.longest_pass, self.work_clock() - started)
        self.longest_pass_cpu = max(self.longest_pass_cpu, time.thread_time() - cpu)

    @property
    def behind(self) -> bool:
        """Whether inputs wait from an earlier pass (the next pass must not sleep)."""
        return bool(self._window_backlog or self._input_backlog)

    def _sleep(self, timeout: float) -> list[pygame.event.Event]:
        """Wait up to ``timeout`` s for window events or a wake-up; return the events.

        SDL is asked for window and touch events every :data:`PUMP_INTERVAL`; between
        two looks the loop sleeps on a thread event that input sources set, so a button
        is handled the moment it arrives and an idle table costs almost no CPU.
        """
        if self.behind:
            timeout = 0.0
        deadline = time.monotonic() + timeout
        while True:
            events = pygame.event.get()
            remaining = deadline - time.monotonic()
            if events or self._woken.is_set() or remaining <= 0:
                self._woken.clear()
                return events
            self._woken.wait(min(PUMP_INTERVAL, remaining))

    def _handle_window_events(self, started: float) -> None:
        backlog = self._window_backlog
        while backlog and self.work_clock() - started < PASS_BUDGET:
            self.process(backlog.popleft())

    def _take_inputs(self) -> None:
        now = self.clock()
        for source in self.sources:
            self._input_backlog.extend(source.take(now))

    def _handle_inputs(self, started: float) -> None:
        backlog = self._input_backlog
        while backlog and self.work_clock() - started < PASS_BUDGET:
            self.process_input(backlog.popleft())

    def process_input(self, item: TableInput) -> None:
        """Handle one table input from any source.

        Presses and long presses spend the one rate limit; a release passes free (the
        rules ignore it, it costs nothing, and a press must never stay held).
        """
        if isinstance(item, TablePress):
            if item.kind == "release" or self.limit.allow():
                self.press_table_button(item.button, item.kind)
        elif isinstance(item, TableNotice):
            self.notify(Msg(item.key, dict(item.params)), error=False)
            for output in self.outputs:
                output.notice(item)

    def offer_to_sources(self, event: pygame.event.Event) -> bool:
        """Let the sources that read window events (keys) take ``event``; True if one did."""
        now = self.clock()
        for source in self.sources:
            inputs = source.offer(event, now)
            if inputs is not None:
                for item in inputs:
                    self.process_input(item)
                return True
        return False

    def next_timeout(self) -> float:
        """Seconds until the loop must wake up even without events."""
        now = self.clock()
        deadlines = [IDLE_WAKE, *self.deadlines(now)]
        deadlines += [due for source in self.sources if (due := source.due(now)) is not None]
        deadlines += [due for output in self.outputs if (due := output.due()) is not None]
        return max(0.001, min(deadlines))

    def faults(self) -> frozenset[str]:
        """Every source's lasting faults."""
        found: frozenset[str] = frozenset()
        for source in self.sources:
            found |= source.faults()
        return found

    def close(self) -> None:
        """Stop the outputs and sources (lights off) and release the window."""
        for output in self.outputs:
            output.stop()
        for source in self.sources:
            source.stop()

    # ---------------------------------------------------------------- the app's part
    def process(self, event: pygame.event.Event) -> None:
        """Handle one window event."""

    def press_table_button(self, button: str, kind: str) -> None:
        """Handle one table press that passed the rate limit."""

    def notify(self, message: Msg, error: bool) -> None:
        """Show a notice."""

    def housekeeping(self) -> None:
        """Whatever must happen on every pass besides inputs (toasts, reminders)."""

    def deadlines(self, now: float) -> Iterable[float]:
        """Seconds until the app needs a pass of its own."""
        return ()

    def draw(self) -> None:
        """Draw the screen if something changed."""
