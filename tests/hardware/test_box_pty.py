"""The button box over a real pseudo-terminal, with the firmware's own code playing the box.

:class:`hardware.boxsim.SimulatedBox` runs ``hardware/firmware/tcbox.py`` behind
``pty.openpty()``; the app opens the slave side with pyserial exactly as it opens
``/dev/ttyACM1`` on the Pi.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import pytest
from serial.tools.list_ports_common import ListPortInfo  # type: ignore[import-untyped]

from hardware.boxsim import SimulatedBox
from hardware.config import AUTO_PORT, SerialConfig
from hardware.events import EventQueue
from hardware.protocol import PROTOCOL_VERSION
from hardware.serial_box import (
    PortFactory,
    SerialBox,
    interface_number,
    open_port,
    rank_box_ports,
)
from tests.hardware.test_serial_box import Collector, has_buttons, has_status

FAST = SerialConfig(enabled=True, port=AUTO_PORT, keepalive=0.1, reconnect_max=0.4)


@pytest.fixture
def sim() -> Iterator[SimulatedBox]:
    box = SimulatedBox(settle_ms=5).start()
    yield box
    box.unplug()


def start_app_side(config: SerialConfig, finder: list[str], opener: PortFactory = open_port,
                   first_retry: float = 0.02) -> tuple[SerialBox, Collector]:
    """The app's side of the link, started: ports from ``finder`` (read at each search),
    opened by ``opener``."""
    events = EventQueue()
    box = SerialBox(config, events, opener, first_retry=first_retry,
                    port_finder=lambda: list(finder), handshake_timeout=0.3)
    box.start()
    return box, Collector(events)


def connected_then_silent(sim: SimulatedBox, collector: Collector) -> None:
    """Wait for the link, then stop the box answering until the app calls it silent."""
    assert collector.wait_for(has_status("hardware.serial.connected"))
    sim.answering = False
    assert collector.wait_for(has_status("hardware.serial.silent"))


def test_presses_and_lights_travel_through_a_real_pty(sim: SimulatedBox) -> None:
    box, collector = start_app_side(FAST, [sim.port])
    try:
        assert collector.wait_for(has_status("hardware.serial.connected"))
        assert box.port_name == sim.port and box.box_version == PROTOCOL_VERSION
        sim.set_level("seat2", True)
        time.sleep(0.05)
        sim.set_level("seat2", False)
        assert collector.wait_for(has_buttons(2))
        assert collector.buttons() == [("seat2", "press"), ("seat2", "release")]
        box.set_seat_lights({2})
        deadline = time.monotonic() + 2
        while sim.lights()[2] is not True and time.monotonic() < deadline:
            time.sleep(0.005)
        assert sim.lights() == [False, False, True, False, False]
    finally:
        box.stop()


def test_led_commands_reach_the_box_at_once(sim: SimulatedBox) -> None:
    """Lights are written the moment they are set, not between two 50 ms reads."""
    config = SerialConfig(enabled=True, port=sim.port, keepalive=0.0)
    box, collector = start_app_side(config, [])
    try:
        assert collector.wait_for(has_status("hardware.serial.connected"))
        time.sleep(0.2)
        delays = []
        for number in range(20):
            heard = len(sim.heard)
            sent = time.monotonic()
            box.set_status("on" if number % 2 else "off")
            while len(sim.heard) == heard and time.monotonic() - sent < 1:
                time.sleep(0.0005)
            delays.append(sim.heard[heard][0] - sent)
        assert sorted(delays)[len(delays) // 2] < 0.02
    finally:
        box.stop()


def test_a_box_that_goes_silent_is_lost_once_and_back_only_after_hello(
    sim: SimulatedBox,
) -> None:
    openings: list[float] = []

    def timed_open(url: str, baud: int) -> object:
        openings.append(time.monotonic())
        return open_port(url, baud)

    config = SerialConfig(enabled=True, port=sim.port, keepalive=0.1, reconnect_max=1.6)
    box, collector = start_app_side(config, [], timed_open, first_retry=0.1)
    try:
        connected_then_silent(sim, collector)
        silent_from = len(openings)
        collector.wait_for(lambda _: False, timeout=3.0)
        assert collector.statuses() == ["hardware.serial.connected", "hardware.serial.silent"]
        assert box.state == "lost"
        # The port keeps opening (the pty is there) but no HELLO comes, so the pause
        # between attempts grows: an opening alone no longer counts as the box being back.
        gaps = [later - earlier for earlier, later in
                itertools.pairwise(openings[silent_from:])]
        assert len(gaps) >= 2
        assert gaps[-1] - gaps[0] >= 0.25, gaps
        sim.answering = True
        assert collector.wait_for(has_status("hardware.serial.reconnected"), timeout=5.0)
        assert collector.statuses() == [
            "hardware.serial.connected", "hardware.serial.silent", "hardware.serial.reconnected",
        ]
        assert box.state == "connected"
    finally:
        box.stop()


def test_a_box_that_never_answers_is_reported_once_and_never_connected(
    sim: SimulatedBox,
) -> None:
    sim.answering = False
    box, collector = start_app_side(FAST, [sim.port])
    try:
        collector.wait_for(lambda _: False, timeout=1.5)
        assert collector.statuses() == ["hardware.serial.no_answer"]
        assert box.state == "lost" and box.connections == 0
        sim.set_level("advance", True)
        collector.wait_for(lambda _: False, timeout=0.2)
        assert collector.buttons() == []
    finally:
        box.stop()


def test_unplug_and_replug_on_another_device_found_by_identity() -> None:
    first = SimulatedBox(settle_ms=5).start()
    finder = [first.port]
    box, collector = start_app_side(FAST, finder)
    second: SimulatedBox | None = None
    try:
        assert collector.wait_for(has_status("hardware.serial.connected"))
        first.unplug()
        assert collector.wait_for(has_status("hardware.serial.lost"))
        second = SimulatedBox(settle_ms=5).start()
        finder[:] = [second.port]
        assert collector.wait_for(has_status("hardware.serial.reconnected"), timeout=4.0)
        assert box.port_name == second.port
        second.set_level("undo", True)
        assert collector.wait_for(has_buttons(1))
        assert collector.statuses() == [
            "hardware.serial.connected", "hardware.serial.lost", "hardware.serial.reconnected",
        ]
    finally:
        box.stop()
        if second is not None:
            second.unplug()


def test_no_box_plugged_in_is_reported_once() -> None:
    box, collector = start_app_side(FAST, [])
    try:
        collector.wait_for(lambda _: False, timeout=0.5)
        assert collector.statuses() == ["hardware.serial.not_found"]
    finally:
        box.stop()


def port_info(device: str, vid: int | None, location: str | None) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid, info.location = vid, 0x80F4, location
    return info


def test_only_the_data_channel_of_a_box_is_taken() -> None:
    ports = [
        port_info("/dev/ttyACM0", 0x239A, "1-1.2:1.0"),
        port_info("/dev/ttyACM1", 0x239A, "1-1.2:1.2"),
        port_info("/dev/ttyUSB0", 0x0403, "1-1.3:1.0"),
        port_info("/dev/ttyS0", None, None),
    ]
    assert rank_box_ports(ports) == ["/dev/ttyACM1"]
    assert interface_number("1-1.2:1.2") == 2
    assert interface_number("3-1:1.0") == 0
    assert interface_number(None) is None


class SlowWritingPort:
    """A real pty port whose writes take a while (a box slow to read), noting every close
    that came while a write was still going on."""

    def __init__(self, port: object, write_seconds: float) -> None:
        self.port = port
        self.write_seconds = write_seconds
        self.writing = False
        self.closed_mid_write = 0

    def write(self, data: bytes) -> int:
        """Write ``data`` after a pause, as a slow reader on the other side makes it."""
        self.writing = True
        try:
            time.sleep(self.write_seconds)
            return int(self.port.write(data))  # type: ignore[attr-defined]
        finally:
            self.writing = False

    def close(self) -> None:
        """Close the real port, counting a close that cuts into a write."""
        if self.writing:
            self.closed_mid_write += 1
        self.port.close()  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.port, name)


def test_a_port_is_never_closed_under_a_write_and_the_box_comes_back(
    sim: SimulatedBox,
) -> None:
    """Closing the port while the writer thread was in pyserial's write left that write
    without a handle (a ``TypeError`` that killed the writer, so nothing reached the box
    again). The port now closes only between writes: no close cuts into one, and the box
    that went silent comes back."""
    opened: list[SlowWritingPort] = []

    def slow_open(url: str, baud: int) -> object:
        port = SlowWritingPort(open_port(url, baud), write_seconds=0.15)
        opened.append(port)
        return port

    config = SerialConfig(enabled=True, port=sim.port, keepalive=0.05, reconnect_max=0.4)
    box, collector = start_app_side(config, [], slow_open, first_retry=0.05)
    try:
        connected_then_silent(sim, collector)
        collector.wait_for(lambda _: False, timeout=1.0)
        sim.answering = True
        assert collector.wait_for(has_status("hardware.serial.reconnected"), timeout=5.0)
        assert box._writer is not None and box._writer.is_alive()
        assert sum(port.closed_mid_write for port in opened) == 0
    finally:
        box.stop()
