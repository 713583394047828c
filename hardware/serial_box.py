"""The USB button box: a reader thread, a writer for its lights, automatic reconnection.

The port is any pyserial URL (``/dev/ttyACM0``, ``loop://``, ``socket://host:port``).
A background thread opens it, feeds whatever arrives to the pure
:class:`~hardware.protocol.LineParser` and turns the messages into
:class:`~hardware.events.ButtonEvent` objects.  When the port fails or the box goes
silent the thread posts ``hardware.serial.lost``, keeps trying to reopen it with a
growing pause, and posts ``hardware.serial.reconnected`` once it is back; the
lights the app asked for are sent again.  The app itself never waits on the port.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Collection
from typing import Any, Literal

import serial  # type: ignore[import-untyped]

from hardware.config import SerialConfig
from hardware.events import SEAT_BUTTONS, ButtonEvent, EventSink, StatusEvent
from hardware.protocol import (
    DEVICE_NAME,
    PROTOCOL_VERSION,
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

LinkState = Literal["idle", "connected", "lost", "stopped"]
"""Where the link to the box stands."""

PortFactory = Callable[[str, int], Any]
"""Opens a port: ``(url, baud) -> pyserial Serial``; raises ``SerialException``/``OSError``."""

READ_TIMEOUT = 0.05
"""Seconds one read may wait, which bounds how quickly :meth:`SerialBox.stop` returns."""

FIRST_RETRY = 0.25
"""Seconds before the first attempt to reopen a lost port; doubled after each failure."""

OUTBOX_LIMIT = 64
"""Most commands waiting to be written to the box."""

SILENT_PERIODS = 3
"""Keepalive periods without any valid line after which the link counts as lost."""

_PORT_ERRORS = (serial.SerialException, OSError, ValueError)


def open_port(url: str, baud: int) -> Any:
    """Open ``url`` with pyserial, with the short read timeout the reader needs."""
    return serial.serial_for_url(url, baudrate=baud, timeout=READ_TIMEOUT, write_timeout=1.0)


class SerialBox:
    """Talks to one button box; also a :class:`~hardware.lights.Lights` for its lights."""

    def __init__(
        self,
        config: SerialConfig,
        events: EventSink,
        port_factory: PortFactory = open_port,
        first_retry: float = FIRST_RETRY,
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
        """How many times the port has been opened."""
        self._port_factory = port_factory
        self._first_retry = first_retry
        self._port: Any = None
        self._write_lock = threading.Lock()
        self._outbox: deque[bytes] = deque(maxlen=OUTBOX_LIMIT)
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._lights: dict[str, LightMode] = {name: "off" for name in (*SEAT_BUTTONS, "status")}
        self._incompatible = False
        self._last_heard = 0.0
        self._last_ping = 0.0

    def start(self) -> None:
        """Start the reader thread; returns at once."""
        if self._thread is not None:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="serial-box", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the reader thread (it writes what is still queued) and close the port."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
        self._thread = None
        self._close_port()
        self.state = "stopped"

    def send(self, command: Command) -> bool:
        """Queue one command for the box and return at once; ``False`` if no port is open.

        The reader thread writes queued commands between reads, so a box that stops
        reading can never hold up the caller.  At most :data:`OUTBOX_LIMIT` commands
        wait; older ones are dropped first (the lights are sent again on reconnecting).
        """
        with self._write_lock:
            if self._port is None:
                return False
            self._outbox.append(command.encode())
            return True

    def _flush(self) -> None:
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

    def close(self) -> None:
        """Switch the box's lights off and stop talking to it."""
        for name in self._lights:
            self._set_light(name, "off")
        self.stop()

    def _set_light(self, name: str, mode: LightMode) -> None:
        self._lights[name] = mode
        self.send(led(name, mode))

    def _run(self) -> None:
        pause = self._first_retry
        while not self._stopping.is_set():
            if self._connect():
                pause = self._first_retry
                self._pump()
                self._flush()
                self._close_port()
                if self._stopping.is_set():
                    break
                self.state = "lost"
            self._stopping.wait(pause)
            pause = min(pause * 2, self.config.reconnect_max)

    def _connect(self) -> bool:
        try:
            port = self._port_factory(self.config.port, self.config.baud)
        except _PORT_ERRORS as error:
            if self.connections == 0 and self.state == "idle":
                self._report("hardware.serial.cannot_open", detail=str(error))
                self.state = "lost"
            return False
        with self._write_lock:
            self._port = port
            self._outbox.clear()
        self.connections += 1
        self.parser.reset()
        self._last_heard = self._last_ping = time.monotonic()
        first = self.connections == 1
        self.state = "connected"
        self._report("hardware.serial.connected" if first else "hardware.serial.reconnected")
        self._greet()
        return True

    def _greet(self) -> None:
        self.send(version_query())
        self.send(hold(round(self.config.hold_time * 1000)))
        for name, mode in self._lights.items():
            self.send(led(name, mode))

    def _pump(self) -> None:
        while not self._stopping.is_set():
            self._flush()
            try:
                data = self._read_some()
            except _PORT_ERRORS:
                self._report("hardware.serial.lost")
                return
            if data is None:
                self._report("hardware.serial.lost")
                return
            for message in self.parser.feed(data):
                self._last_heard = time.monotonic()
                self._handle(message)
            if self._keepalive_failed():
                self._report("hardware.serial.silent")
                return

    def _read_some(self) -> bytes | None:
        port = self._port
        if port is None or not port.is_open:
            return None
        data: bytes = port.read(max(1, port.in_waiting))
        if not data and not port.is_open:
            return None
        return data

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
            self._greeted(message)
        elif isinstance(message, ButtonMessage) and not self._incompatible:
            self.events.put(ButtonEvent(message.button, message.kind, source="serial"))

    def _greeted(self, hello: Hello) -> None:
        self.box_version = hello.version
        self._incompatible = hello.device != DEVICE_NAME or hello.version != PROTOCOL_VERSION
        if self._incompatible:
            self._report(
                "hardware.serial.bad_version",
                device=hello.device,
                version=hello.version,
                supported=PROTOCOL_VERSION,
            )

    def _close_port(self) -> None:
        with self._write_lock:
            port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(*_PORT_ERRORS):
                port.close()

    def _report(self, key: str, **params: str | int) -> None:
        self.events.put(StatusEvent("serial", key, {"port": self.config.port, **params}))
