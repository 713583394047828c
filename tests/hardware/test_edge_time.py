"""Events are dated at the edge, so a reader thread that falls behind never turns chatter
into a second press.

A busy Pi delays the thread that hands edges to the app: the first edge of a press
comes through at once, the reader then stalls, and the chatter that followed is
delivered in one burst.  Dated at delivery, the burst looks like a release after a
long quiet spell and then a new press; dated at the edge (gpiozero's tick from the
pin library, the box's own clock), it is chatter within the settle time and gives
nothing.  The stall here is a real one (the reader sleeps); the edges' own times are
set by the test, so the outcome does not depend on how busy this machine is.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import gpiozero.pins.mock as mock_pins
import pytest
from gpiozero.pins.mock import MockFactory, MockPin  # type: ignore[import-untyped]

from hardware.config import GpioConfig, SerialConfig
from hardware.debounce import DebounceSink
from hardware.events import ButtonEvent, EventQueue
from hardware.gpio import GpioTable
from hardware.protocol import ButtonMessage, Hello, box_line
from hardware.serial_box import SerialBox
from tests.hardware.test_serial_box import BoxEnd
from tests.waiting import wait_for

STALL = 0.15
"""Seconds the reader thread is busy between the first edge and the rest (> settle)."""

SETTLE = 0.025
CHATTER = (0.0, 0.003, 0.006)
"""Seconds after the first edge of press, bounce release, press: all within the settle time."""


class EdgeClock:
    """``time.monotonic``, except while the test sets the time an edge happens at."""

    def __init__(self) -> None:
        self.edge: float | None = None

    def __call__(self) -> float:
        return self.edge if self.edge is not None else time.monotonic()


class BacklogPin(MockPin):  # type: ignore[misc]
    """A mock pin whose edges wait, with their ticks, for the reader thread to hand them on
    (as lgpio's alerts wait for its callback thread)."""

    def __init__(self, factory: Any, info: Any) -> None:
        super().__init__(factory, info)
        self.backlog: list[tuple[float, bool]] = []

    def _call_when_changed(self) -> None:
        self.backlog.append((self._last_change, self._state))

    def deliver(self, count: int) -> None:
        for _ in range(count):
            ticks, state = self.backlog.pop(0)
            super(MockPin, self)._call_when_changed(ticks, state)


def settled(sink: DebounceSink) -> Callable[[], bool]:
    return lambda: sink.debouncer.next_due() is None and sink._timer is None


def presses(events: EventQueue) -> list[str]:
    return [event.kind for event in events.drain() if isinstance(event, ButtonEvent)]


@pytest.fixture
def edge_clock(monkeypatch: pytest.MonkeyPatch) -> EdgeClock:
    clock = EdgeClock()
    monkeypatch.setattr(mock_pins, "monotonic", clock)
    return clock


@pytest.fixture
def backlog_factory() -> Iterator[MockFactory]:
    factory = MockFactory(pin_class=BacklogPin)
    yield factory
    factory.close()


def test_gpio_chatter_delivered_late_in_a_burst_is_one_press(
    edge_clock: EdgeClock, backlog_factory: MockFactory,
) -> None:
    events = EventQueue()
    sink = DebounceSink(events, SETTLE)
    table = GpioTable(GpioConfig(enabled=True, buttons={"advance": 17}, lights={},
                                 bounce_time=0.0), sink, backlog_factory)
    table.start()
    events.drain()
    pin: BacklogPin = backlog_factory.pin(17)
    start = time.monotonic() - 1.0
    for offset, level in zip(CHATTER, (False, True, False), strict=True):
        edge_clock.edge = start + offset
        (pin.drive_low if not level else pin.drive_high)()
    edge_clock.edge = None

    def reader() -> None:
        pin.deliver(1)
        time.sleep(STALL)  # busy elsewhere while the chatter waits
        pin.deliver(2)

    thread = threading.Thread(target=reader)
    thread.start()
    thread.join()
    assert wait_for(settled(sink), timeout=5.0)
    assert presses(events) == ["press"]
    table.close()


class BusyReaderEnd(BoxEnd):
    """The app's port: after the first button line, the reader is busy for :data:`STALL`."""

    def __init__(self) -> None:
        super().__init__()
        self.stalled = False

    def read(self, size: int) -> bytes:
        data = super().read(size)
        if b"P advance" in data and not self.stalled:
            self.stalled = True
            first_line_end = data.index(b"\n") + 1
            self.port.write(data[first_line_end:])  # the rest waits in the port
            time.sleep(STALL)
            return data[:first_line_end]
        return data


def test_box_chatter_read_late_is_dated_by_the_box_and_is_one_press() -> None:
    events = EventQueue()
    sink = DebounceSink(events, SETTLE)
    ends: list[BusyReaderEnd] = []

    def factory(url: str, baud: int) -> BusyReaderEnd:
        ends.append(BusyReaderEnd())
        return ends[-1]

    box = SerialBox(SerialConfig(enabled=True, port="loop://", keepalive=0.0), sink, factory)
    box.start()
    try:
        assert wait_for(lambda: bool(ends) and box.state == "connected", timeout=5.0)
        kinds = ("press", "release", "press")
        lines = [box_line(ButtonMessage("advance", kind, 50_000 + round(offset * 1000)))
                 for kind, offset in zip(kinds, CHATTER, strict=True)]
        ends[-1].box_says(b"".join(lines))
        assert wait_for(lambda: box.parser.accepted >= 4, timeout=5.0)
        assert wait_for(settled(sink), timeout=5.0)
        assert presses(events) == ["press"]
    finally:
        box.stop()


def test_a_version_1_box_without_times_is_still_understood() -> None:
    events = EventQueue()
    box = SerialBox(SerialConfig(enabled=True, port="loop://", keepalive=0.0), events,
                    lambda url, baud: BoxEnd())
    box.start()
    try:
        assert wait_for(lambda: box.state == "connected", timeout=5.0)
        assert Hello("tcbox", 1) == Hello("tcbox", box.box_version or 0)
    finally:
        box.stop()
