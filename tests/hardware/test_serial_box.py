"""The USB button box over pyserial's loop:// port: lines, garbage, unplugging, keepalive."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import serial  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from hardware.config import SerialConfig
from hardware.events import ButtonEvent, EventQueue, InputEvent, StatusEvent
from hardware.protocol import (
    BoxError,
    ButtonMessage,
    Command,
    Hello,
    Pong,
    Rejected,
    box_line,
    frame,
    parse_command_line,
)
from hardware.serial_box import SerialBox, open_port
from tests.fuzzing import examples


class BoxEnd:
    """A loop:// port as the app sees it, with the test playing the box.

    What the app writes is kept in :attr:`written` instead of being echoed, and
    :meth:`box_says` puts bytes on the line towards the app.
    """

    def __init__(self, answers: bool = True) -> None:
        self.port = serial.serial_for_url("loop://", timeout=0.02)
        self.written = bytearray()
        self.lock = threading.Lock()
        self.answers = answers

    @property
    def is_open(self) -> bool:
        return bool(self.port.is_open)

    @property
    def in_waiting(self) -> int:
        return int(self.port.in_waiting)

    def read(self, size: int) -> bytes:
        return bytes(self.port.read(size))

    def write(self, data: bytes) -> int:
        with self.lock:
            self.written.extend(data)
        if self.answers and Command("VER?").encode() in data:
            self.port.write(box_line(Hello("tcbox", 1)))
        return len(data)

    def close(self) -> None:
        self.port.close()

    def box_says(self, data: bytes) -> None:
        self.port.write(data)

    def commands(self) -> list[Command | Rejected]:
        with self.lock:
            lines = bytes(self.written).splitlines()
        return [parse_command_line(line) for line in lines]


class Ports:
    """A port factory that fails a given number of times, then hands out :class:`BoxEnd`s."""

    def __init__(self, failures: int = 0) -> None:
        self.failures = failures
        self.attempts = 0
        self.opened: list[BoxEnd] = []

    def __call__(self, url: str, baud: int) -> BoxEnd:
        self.attempts += 1
        if self.attempts <= self.failures:
            raise serial.SerialException(f"could not open port {url}")
        end = BoxEnd()
        self.opened.append(end)
        return end

    @property
    def current(self) -> BoxEnd:
        return self.opened[-1]


class Collector:
    """Drains a queue into a list and waits for conditions on it."""

    def __init__(self, events: EventQueue) -> None:
        self.events = events
        self.seen: list[InputEvent] = []

    def wait_for(self, condition: Callable[[list[InputEvent]], bool], timeout: float = 3.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.seen.extend(self.events.drain())
            if condition(self.seen):
                return True
            time.sleep(0.01)
        return False

    def buttons(self) -> list[tuple[str, str]]:
        return [(e.button, e.kind) for e in self.seen if isinstance(e, ButtonEvent)]

    def statuses(self) -> list[str]:
        return [e.key for e in self.seen if isinstance(e, StatusEvent)]


def has_status(key: str, count: int = 1) -> Callable[[list[InputEvent]], bool]:
    return lambda seen: sum(isinstance(e, StatusEvent) and e.key == key for e in seen) >= count


def has_buttons(count: int) -> Callable[[list[InputEvent]], bool]:
    return lambda seen: sum(isinstance(e, ButtonEvent) for e in seen) >= count


CONFIG = SerialConfig(enabled=True, port="loop://", keepalive=0.0, reconnect_max=0.2)


def start_box() -> tuple[SerialBox, Ports, Collector]:
    """A box thread on ``loop://``, started and connected."""
    events = EventQueue()
    ports = Ports()
    box = SerialBox(CONFIG, events, ports, first_retry=0.02)
    collector = Collector(events)
    box.start()
    assert collector.wait_for(has_status("hardware.serial.connected"))
    return box, ports, collector


@pytest.fixture
def running() -> Iterator[tuple[SerialBox, Ports, Collector]]:
    box, ports, collector = start_box()
    yield box, ports, collector
    box.stop()


def test_connect_greets_the_box(running: tuple[SerialBox, Ports, Collector]) -> None:
    box, ports, collector = running
    assert collector.wait_for(lambda _: len(ports.current.commands()) == 7)
    commands = ports.current.commands()
    assert commands[:2] == [Command("VER?"), Command("HOLD 1000")]
    assert Command("LED seat1 off") in commands and Command("LED status off") in commands
    status = next(e for e in collector.seen if isinstance(e, StatusEvent))
    assert status.source == "serial" and status.params["port"] == "loop://"
    assert box.state == "connected"


def test_valid_lines_become_button_events(running: tuple[SerialBox, Ports, Collector]) -> None:
    box, ports, collector = running
    sent = [ButtonMessage("seat2", "press"), ButtonMessage("seat2", "long_press"),
            ButtonMessage("seat2", "release"), ButtonMessage("advance", "press")]
    ports.current.box_says(b"".join(box_line(message) for message in sent))
    assert collector.wait_for(has_buttons(4))
    assert collector.buttons() == [(m.button, m.kind) for m in sent]
    assert all(e.source == "serial" for e in collector.seen if isinstance(e, ButtonEvent))
    assert box.parser.rejected == 0


def test_garbage_and_split_lines(running: tuple[SerialBox, Ports, Collector]) -> None:
    box, ports, collector = running
    end = ports.current
    line = box_line(ButtonMessage("undo", "press"))
    end.box_says(b"\xff\x00garbage\n" + line[:3])
    time.sleep(0.1)
    end.box_says(line[3:] + b"P seat1*00\n" + b"x" * 500 + b"\n")
    end.box_says(box_line(ButtonMessage("seat4", "press")))
    assert collector.wait_for(has_buttons(2))
    assert collector.buttons() == [("undo", "press"), ("seat4", "press")]
    assert box.parser.rejected == 3
    assert box.parser.reasons == {"not-ascii": 1, "checksum": 1, "overlong": 1}


def test_hello_records_the_version_and_pong_is_accepted(
    running: tuple[SerialBox, Ports, Collector],
) -> None:
    box, ports, collector = running
    before = box.parser.accepted
    lines = [Hello("tcbox", 1), Pong(), BoxError("syntax")]
    ports.current.box_says(b"".join(box_line(line) for line in lines))
    assert collector.wait_for(lambda _: box.parser.accepted == before + 3)
    assert box.box_version == 1
    assert "hardware.serial.bad_version" not in collector.statuses()


def test_incompatible_box_is_reported_and_its_buttons_ignored(
    running: tuple[SerialBox, Ports, Collector],
) -> None:
    box, ports, collector = running
    end = ports.current
    before = box.parser.accepted
    end.box_says(box_line(Hello("tcbox", 7)) + box_line(ButtonMessage("seat1", "press")))
    assert collector.wait_for(has_status("hardware.serial.bad_version"))
    assert collector.wait_for(lambda _: box.parser.accepted == before + 2)
    assert collector.buttons() == []
    end.box_says(box_line(Hello("tcbox", 1)) + box_line(ButtonMessage("seat1", "press")))
    assert collector.wait_for(has_buttons(1))


def test_unplugging_and_replugging(running: tuple[SerialBox, Ports, Collector]) -> None:
    box, ports, collector = running
    box.set_seat_lights({2})
    assert collector.wait_for(lambda _: Command("LED seat3 on") in ports.current.commands())
    ports.current.close()
    assert collector.wait_for(has_status("hardware.serial.lost"))
    assert collector.wait_for(has_status("hardware.serial.reconnected"))
    assert len(ports.opened) == 2
    assert collector.wait_for(lambda _: Command("LED seat3 on") in ports.current.commands())
    ports.current.box_says(box_line(ButtonMessage("seat3", "press")))
    assert collector.wait_for(has_buttons(1))
    assert collector.statuses() == [
        "hardware.serial.connected", "hardware.serial.lost", "hardware.serial.reconnected",
    ]


def test_port_that_fails_several_times_is_retried_with_backoff() -> None:
    events = EventQueue()
    ports = Ports(failures=4)
    box = SerialBox(CONFIG, events, ports, first_retry=0.01)
    collector = Collector(events)
    started = time.monotonic()
    box.start()
    assert collector.wait_for(has_status("hardware.serial.connected"))
    elapsed = time.monotonic() - started
    box.stop()
    assert ports.attempts == 5
    assert elapsed >= 0.01 + 0.02 + 0.04 + 0.08
    assert collector.statuses() == ["hardware.serial.cannot_open", "hardware.serial.connected"]


def test_a_port_that_never_opens_does_not_block_stop() -> None:
    events = EventQueue()
    box = SerialBox(CONFIG, events, Ports(failures=10**6), first_retry=0.01)
    box.start()
    time.sleep(0.2)
    started = time.monotonic()
    box.stop()
    assert time.monotonic() - started < 1.0
    assert box.state == "stopped"
    assert not box.send(Command("PING"))


def test_silent_box_is_detected_and_answering_box_is_kept() -> None:
    events = EventQueue()
    ports = Ports()
    config = SerialConfig(enabled=True, port="loop://", keepalive=0.1, reconnect_max=0.2)
    box = SerialBox(config, events, ports, first_retry=0.02)
    collector = Collector(events)
    box.start()
    assert collector.wait_for(has_status("hardware.serial.connected"))
    for _ in range(12):
        ports.current.box_says(box_line(Pong()))
        time.sleep(0.05)
    collector.wait_for(lambda _: False, timeout=0.01)
    assert "hardware.serial.silent" not in collector.statuses()
    assert collector.wait_for(lambda _: Command("PING") in ports.current.commands())
    assert collector.wait_for(has_status("hardware.serial.silent"), timeout=2.0)
    assert collector.wait_for(has_status("hardware.serial.reconnected"))
    box.stop()


def test_lights_are_sent_as_led_commands(running: tuple[SerialBox, Ports, Collector]) -> None:
    box, ports, collector = running
    end = ports.current
    end.written.clear()
    box.set_seat_lights({0, 3})
    box.blink(1)
    box.blink(None)
    box.set_status("blink")
    expected = [
        Command("LED seat1 on"), Command("LED seat2 off"), Command("LED seat3 off"),
        Command("LED seat4 on"), Command("LED seat2 blink"), Command("LED status blink"),
        Command("LED status blink"),
    ]
    # A command already on its way when ``written`` was cleared may land first; what was
    # asked for here must arrive after it, complete and in order.
    assert collector.wait_for(lambda _: end.commands()[-len(expected):] == expected)


def test_real_loop_port_echo_is_rejected_without_harm() -> None:
    events = EventQueue()
    opened: list[Any] = []

    def loop_port(url: str, baud: int) -> Any:
        opened.append(open_port(url, baud))
        return opened[-1]

    box = SerialBox(CONFIG, events, loop_port)
    collector = Collector(events)
    box.start()
    assert collector.wait_for(lambda _: bool(opened))
    assert collector.wait_for(lambda _: box.parser.rejected >= 1)  # our own VER? came back
    assert box.state != "connected"
    opened[0].write(box_line(Hello("tcbox", 1)))
    assert collector.wait_for(has_status("hardware.serial.connected"))
    greeting = 1 + 1 + 5  # VER?, HOLD and five LED lines come straight back
    assert collector.wait_for(lambda _: box.parser.rejected >= greeting)
    echoes = box.parser.rejected
    opened[0].write(frame("P seat1") + frame("R seat1"))
    assert collector.wait_for(has_buttons(2))
    assert collector.buttons() == [("seat1", "press"), ("seat1", "release")]
    assert box.parser.rejected == echoes
    box.close()
    assert box.state == "stopped"


class StuckPort(BoxEnd):
    """A port whose writes hang, like a box that stopped reading its input."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def write(self, data: bytes) -> int:
        self.release.wait(5.0)
        return super().write(data)


def test_a_box_that_stops_reading_never_holds_up_the_caller() -> None:
    stuck = StuckPort()
    box = SerialBox(CONFIG, EventQueue(), lambda url, baud: stuck, first_retry=0.02)
    box.start()
    deadline = time.monotonic() + 2
    while box.state != "connected" and time.monotonic() < deadline:
        time.sleep(0.01)
    started = time.monotonic()
    for _ in range(100):
        box.set_seat_lights({0, 1})
    assert time.monotonic() - started < 0.2
    stuck.release.set()
    box.stop()


def test_commands_queued_before_stop_are_still_written(
    running: tuple[SerialBox, Ports, Collector],
) -> None:
    box, ports, _ = running
    end = ports.current
    box.close()
    assert Command("LED status off") in end.commands()[-5:]


@examples("few")
@given(st.lists(st.one_of(st.binary(max_size=80),
                          st.sampled_from([b"P seat1", b"R seat1", b"L undo", b"P advance"])),
                max_size=12))
def test_valid_lines_survive_garbage_between_them_through_the_thread(
    pieces: list[bytes],
) -> None:
    box, ports, collector = start_box()
    expected = []
    stream = b""
    for piece in pieces:
        if piece in (b"P seat1", b"R seat1", b"L undo", b"P advance"):
            stream += b"\n" + frame(piece.decode())
            kind = {"P": "press", "R": "release", "L": "long_press"}[piece[:1].decode()]
            expected.append((piece[2:].decode(), kind))
        else:
            stream += piece
    stream += b"\n"
    for start in range(0, len(stream), 7):
        ports.current.box_says(stream[start:start + 7])
    assert collector.wait_for(has_buttons(len(expected)))
    time.sleep(0.05)
    collector.wait_for(lambda _: False, timeout=0.01)
    assert collector.buttons() == expected
    box.stop()
