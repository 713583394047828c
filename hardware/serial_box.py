"""The USB button box: a reader thread, a writer for its lights, automatic reconnection.

The port is any pyserial URL (``/dev/ttyACM1``, ``loop://``, ``socket://host:port``)
or ``auto`` (the default): the box is then looked for by its USB identity, and only
ports that identify as the box's data channel are ever opened or written to (see
:func:`is_box_port`).  A background
thread opens the port, asks the box to introduce itself (``VER?``) and feeds
whatever arrives to the pure :class:`~hardware.protocol.LineParser`.

The link counts as up only once the box has said ``HELLO``: then, and only then,
``hardware.serial.connected`` (the first time) or ``hardware.serial.reconnected``
is posted and the pause between attempts starts again from the shortest.  A port
that opens but whose box never answers is closed again quietly and retried with a
growing pause.  When the port fails or the box goes silent, ``hardware.serial.lost``
(or ``silent``) is posted exactly once.  Light commands go out at once through a
writer thread of their own, so the app never waits on the port and the lights
never wait on a read.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal

import serial  # type: ignore[import-untyped]

from hardware.config import AUTO_PORT, SerialConfig
from hardware.events import SEAT_BUTTONS, ButtonEvent, EventSink, StatusEvent
from hardware.protocol import (
    DEVICE_NAME,
    PROTOCOL_VERSION,
    SUPPORTED_VERSIONS,
    BoxMessage,
    ButtonMessage,
    Command,
    Hello,
    LightMode,
    LineParser,
    hold,
    led,
    ping,
    version_query,
)

LinkState = Literal["idle", "connected", "incompatible", "lost", "stopped"]
"""Where the link to the box stands; ``incompatible``: a box answered that speaks
another protocol version (or is another device), so its presses are refused."""

PortFactory = Callable[[str, int], Any]
"""Opens a port: ``(url, baud) -> pyserial Serial``; raises ``SerialException``/``OSError``."""

PortFinder = Callable[[], Sequence[str]]
"""Lists the ports where a box may be, best first (used when the port is ``auto``)."""

READ_TIMEOUT = 0.05
"""Seconds one read may wait, which bounds how quickly :meth:`SerialBox.stop` returns."""

WRITE_TIMEOUT = 1.0
"""Seconds one write may wait for a box that stopped reading before it is given up."""

FIRST_RETRY = 0.25
"""Seconds before the first attempt to reopen a lost port; doubled after each failure."""

HANDSHAKE_TIMEOUT = 1.5
"""Seconds an opened port has to answer ``VER?`` with ``HELLO`` before it is closed again."""

HANDSHAKE_REPEAT = 0.5
"""Seconds between two ``VER?`` while the box has not answered yet."""

OUTBOX_LIMIT = 64
"""Most commands waiting to be written to the box."""

SILENT_PERIODS = 3
"""Keepalive periods without any valid line after which the link counts as lost."""

BOX_PRODUCT = "tcbox button box"
"""The USB product name the box's ``boot.py`` announces (CircuitPython 8 and later)."""

BOX_USB_IDS: frozenset[tuple[int, int]] = frozenset({(0x239A, 0x80F4), (0x239A, 0x8120)})
"""USB vendor and product ids of the boards the box firmware runs on, as CircuitPython
gives them: a Raspberry Pi Pico and a Pico W (for a box whose ``boot.py`` predates the
product name)."""

DATA_INTERFACE = 2
"""USB interface number of CircuitPython's second serial channel (``boot.py`` turns it on);
the console (the REPL) is interface 0 and is never written to."""

_PORT_ERRORS = (serial.SerialException, OSError, ValueError)


def open_port(url: str, baud: int) -> Any:
    """Open ``url`` with pyserial, with the short read timeout the reader needs."""
    return serial.serial_for_url(
        url, baudrate=baud, timeout=READ_TIMEOUT, write_timeout=WRITE_TIMEOUT
    )


def interface_number(location: str | None) -> int | None:
    """The USB interface number in a pyserial ``location`` such as ``1-1.3:1.2`` (here 2)."""
    if not location or ":" not in location:
        return None
    tail = location.rsplit(":", 1)[1].rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else None


def is_box_port(port: Any, serial_number: str = "") -> bool:
    """Whether a pyserial ``ListPortInfo``-like record is the box's data channel.

    It must be USB interface :data:`DATA_INTERFACE` of a device that identifies as
    the box: its product name is :data:`BOX_PRODUCT` or its ids are in
    :data:`BOX_USB_IDS`.  With ``serial_number`` set, only the device with that USB
    serial number counts.  Consoles, debug probes, USB-serial cables and the Pi's
    own UART never do, so nothing is ever written to them.
    """
    if interface_number(getattr(port, "location", None)) != DATA_INTERFACE:
        return False
    if serial_number and getattr(port, "serial_number", None) != serial_number:
        return False
    ids = (getattr(port, "vid", None), getattr(port, "pid", None))
    return getattr(port, "product", None) == BOX_PRODUCT or ids in BOX_USB_IDS


def rank_box_ports(ports: Sequence[Any], serial_number: str = "") -> list[str]:
    """The devices of the records that are the box's data channel (:func:`is_box_port`)."""
    return sorted(str(port.device) for port in ports if is_box_port(port, serial_number))


def find_box_ports(serial_number: str = "") -> list[str]:
    """The serial ports that identify as the button box's data channel (may be empty)."""
    from serial.tools import list_ports  # type: ignore[import-untyped]

    return rank_box_ports(list_ports.comports(), serial_number)


class SerialBox:
    """Talks to one button box; also a :class:`~hardware.lights.Lights` for its lights."""

    def __init__(
        self,
        config: SerialConfig,
        events: EventSink,
        port_factory: PortFactory = open_port,
        first_retry: float = FIRST_RETRY,
        port_finder: PortFinder | None = None,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        """Port, speed and timings."""
        self.events = events
        """Where button and status events go."""
        self.parser = LineParser(require_checksum=config.require_checksum)
        """The line parser; its ``rejected`` count is shown on the diagnostics screen."""
        self.state: LinkState = "idle"
        """Current state of the link."""
        self.box_version: int | None = None
        """Protocol version the box announced, once it has said ``HELLO``."""
        self.connections = 0
        """How many times the box has answered ``HELLO`` on a freshly opened port."""
        self.openings = 0
        """How many times a port has been opened."""
        self.port_name = config.port
        """The port in use or last tried (the found device when the setting is ``auto``)."""
        self._port_factory = port_factory
        self._clock = clock
        self._port_finder = port_finder or (lambda: find_box_ports(config.box_serial))
        self._first_retry = first_retry
        self._handshake_timeout = handshake_timeout
        self._port: Any = None
        self._write_lock = threading.Lock()
        self._port_lock = threading.Lock()
        self._outbox: deque[bytes] = deque(maxlen=OUTBOX_LIMIT)
        self._wake_writer = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._writer: threading.Thread | None = None
        self._lights: dict[str, LightMode] = {name: "off" for name in (*SEAT_BUTTONS, "status")}
        self._incompatible = False
        self._box_device = ""
        self._box_offset: float | None = None
        self._greeted = False
        self._said_not_found = False
        self._candidates: deque[str] = deque()
        self._last_heard = 0.0
        self._last_ping = 0.0

    def start(self) -> None:
        """Start the reader and writer threads; returns at once."""
        if self._thread is not None:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="serial-box", daemon=True)
        self._writer = threading.Thread(target=self._write_loop, name="serial-box-out",
                                        daemon=True)
        self._thread.start()
        self._writer.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop both threads (what is still queued is written first) and close the port."""
        self._stopping.set()
        self._wake_writer.set()
        for thread in (self._thread, self._writer):
            if thread is not None:
                thread.join(timeout)
        self._thread = self._writer = None
        self._close_port()
        self.state = "stopped"

    def send(self, command: Command) -> bool:
        """Queue one command for the box and return at once; ``False`` if no port is open.

        The writer thread sends it straight away; the caller never waits, even for
        a box that stopped reading.  At most :data:`OUTBOX_LIMIT` commands wait;
        older ones are dropped first (the lights are sent again on reconnecting).
        """
        with self._write_lock:
            if self._port is None:
                return False
            self._outbox.append(command.encode())
        self._wake_writer.set()
        return True

    def _write_loop(self) -> None:
        while True:
            self._wake_writer.wait(0.5)
            self._wake_writer.clear()
            self._flush()
            if self._stopping.is_set():
                self._flush()
                return

    def _flush(self) -> None:
        with self._port_lock:
            with self._write_lock:
                port, pending = self._port, list(self._outbox)
                self._outbox.clear()
            if port is None or not pending:
                return
            with contextlib.suppress(*_PORT_ERRORS):
                port.write(b"".join(pending))

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        """Light exactly the seats in ``seats_waiting`` (0-based) on the box."""
        for seat, name in enumerate(SEAT_BUTTONS):
            self._set_light(name, "on" if seat in seats_waiting else "off")

    def blink(self, seat: int | None) -> None:
        """Ask the box to flash a seat light (``None``: the status light) a few times."""
        if seat is None:
            self.send(led("status", "blink"))
        elif 0 <= seat < len(SEAT_BUTTONS):
            self.send(led(SEAT_BUTTONS[seat], "blink"))

    def set_status(self, mode: LightMode) -> None:
        """Set the box's status light."""
        self._set_light("status", mode)

    def light(self, name: str, mode: LightMode) -> None:
        """Set one light by name (``seat1``..``seat4``, ``status``), e.g. for a light test."""
        if name in self._lights:
            self._set_light(name, mode)

    def close(self) -> None:
        """Switch the box's lights off and stop talking to it."""
        for name in self._lights:
            self._set_light(name, "off")
        self.stop()

    def _set_light(self, name: str, mode: LightMode) -> None:
        self._lights[name] = mode
        self.send(led(name, mode))

    # ------------------------------------------------------------------ the reader
    def _run(self) -> None:
        pause = self._first_retry
        while not self._stopping.is_set():
            if self._connect():
                greeted = self._session()
                if self._stopping.is_set():
                    break  # stop() closes the port once the writer has sent what is queued
                self._close_port()
                if greeted:
                    pause = self._first_retry
            self._stopping.wait(pause)
            pause = min(pause * 2, self.config.reconnect_max)

    def _next_url(self) -> str | None:
        if self.config.port != AUTO_PORT:
            return self.config.port
        if not self._candidates:
            self._candidates.extend(self._port_finder())
        return self._candidates.popleft() if self._candidates else None

    def _connect(self) -> bool:
        url = self._next_url()
        if url is None:
            self._first_failure("hardware.serial.not_found")
            return False
        self.port_name = url
        try:
            port = self._port_factory(url, self.config.baud)
        except _PORT_ERRORS as error:
            self._first_failure("hardware.serial.cannot_open", detail=str(error))
            return False
        with self._write_lock:
            self._port = port
            self._outbox.clear()
        self.openings += 1
        self.parser.reset()
        self._greeted = False
        self._incompatible = False
        self._last_heard = self._last_ping = time.monotonic()
        self.send(version_query())
        return True

    def _first_failure(self, key: str, **params: str | int) -> None:
        """Report the first failure to find or open the box; later ones stay quiet."""
        if self.connections == 0 and not self._said_not_found:
            self._said_not_found = True
            self._report(key, **params)
            self.state = "lost"

    def _session(self) -> bool:
        """Read until the port fails, the box falls silent or stop; True if it said HELLO."""
        ending = self._pump()
        if self._greeted and not self._stopping.is_set():
            self.state = "lost"
            self._report(ending)
        elif not self._greeted and self.connections == 0 and not self._said_not_found:
            self._said_not_found = True
            self.state = "lost"
            self._report("hardware.serial.no_answer")
        return self._greeted

    def _pump(self) -> str:
        while not self._stopping.is_set():
            try:
                data = self._read_some()
            except _PORT_ERRORS:
                return "hardware.serial.lost"
            if data is None:
                return "hardware.serial.lost"
            for message in self.parser.feed(data):
                self._last_heard = time.monotonic()
                self._handle(message)
            if self._greeted and self._keepalive_failed():
                return "hardware.serial.silent"
            if not self._greeted and self._handshake_failed():
                return "hardware.serial.no_answer"
        return "hardware.serial.lost"

    def _read_some(self) -> bytes | None:
        port = self._port
        if port is None or not port.is_open:
            return None
        data: bytes = port.read(max(1, port.in_waiting))
        if not data and not port.is_open:
            return None
        return data

    def _handshake_failed(self) -> bool:
        now = time.monotonic()
        if now - self._last_ping >= HANDSHAKE_REPEAT:
            self._last_ping = now
            self.send(version_query())
        return now - self._last_heard > self._handshake_timeout

    def _keepalive_failed(self) -> bool:
        period = self.config.keepalive
        if period <= 0:
            return False
        now = time.monotonic()
        if now - self._last_ping >= period:
            self._last_ping = now
            self.send(ping())
        return now - self._last_heard > SILENT_PERIODS * period

    def _handle(self, message: BoxMessage) -> None:
        if isinstance(message, Hello):
            self._hello(message)
        elif isinstance(message, ButtonMessage) and self._greeted:
            if self._incompatible:
                self._refuse(message)
            else:
                self.events.put(ButtonEvent(message.button, message.kind,
                                            time=self._edge_time(message), source="serial"))

    def _edge_time(self, message: ButtonMessage) -> float:
        """When the button moved, on this side's clock.

        From the box's own time stamp when it sends one: the box's clock is mapped
        onto ``time.monotonic`` by the smallest offset seen since it said ``HELLO``
        (the line that travelled fastest), so lines that waited in the port while
        the reader was busy keep the spacing they had at the box.  Else: now.
        """
        now = self._clock()
        if message.box_ms is None:
            return now
        box_seconds = message.box_ms / 1000
        offset = now - box_seconds
        if self._box_offset is None or offset < self._box_offset:
            self._box_offset = offset
        return min(now, box_seconds + self._box_offset)

    def _refuse(self, message: ButtonMessage) -> None:
        """Say why a press of an incompatible box does nothing (releases stay quiet)."""
        if message.kind == "press":
            self._report("hardware.serial.press_refused", button=message.button,
                         **self._version_params())

    def _version_params(self) -> dict[str, str | int]:
        return {"device": self._box_device, "version": self.box_version or 0,
                "supported": PROTOCOL_VERSION}

    def _hello(self, hello: Hello) -> None:
        """Take the box's introduction: connected if it speaks our version, else a fault.

        A box of another version (or another device) is never shown as connected:
        the link state becomes ``incompatible``, which the status light and the
        screen's badge show as a fault until a box of the right version answers.
        """
        was_incompatible = self._incompatible
        self._box_offset = None  # the box may have restarted its clock
        self.box_version = hello.version
        self._box_device = hello.device
        self._incompatible = hello.device != DEVICE_NAME or hello.version not in SUPPORTED_VERSIONS
        if self._incompatible:
            self._greeted = True
            self._candidates.clear()
            if not was_incompatible:
                self.state = "incompatible"
                self._report("hardware.serial.bad_version", **self._version_params())
            return
        if self._greeted and not was_incompatible:
            return
        self._greeted = True
        self._candidates.clear()
        self._said_not_found = False
        self.connections += 1
        self.state = "connected"
        first = self.connections == 1
        self._report("hardware.serial.connected" if first else "hardware.serial.reconnected")
        self.send(hold(round(self.config.hold_time * 1000)))
        for name, mode in self._lights.items():
            self.send(led(name, mode))

    def _close_port(self) -> None:
        """Close the port, after a write in flight (bounded by its write timeout) is done:
        closing under a write leaves pyserial's write with no handle and kills the writer."""
        with self._port_lock:
            with self._write_lock:
                port, self._port = self._port, None
            if port is not None:
                with contextlib.suppress(*_PORT_ERRORS):
                    port.close()

    def _report(self, key: str, **params: str | int) -> None:
        self.events.put(StatusEvent("serial", key, {"port": self.port_name, **params}))
