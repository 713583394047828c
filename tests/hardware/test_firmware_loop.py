"""The firmware's ``code.py`` main loop under CPython, with stand-ins for CircuitPython's modules.

The stand-ins are the smallest honest copies of what CircuitPython offers (pins,
``usb_cdc.Serial`` with ``write_timeout``, the microcontroller watchdog, a
NeoPixel strip); the loop itself is the file that goes on the Pico.
"""

from __future__ import annotations

import contextlib
import runpy
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from companion.ui.theme import PALETTE
from hardware.protocol import PROTOCOL_VERSION, BoxError, Hello, LineParser, frame
from tests.hardware.test_firmware import tcbox

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware"


class Stop(BaseException):
    """Ends the endless loop after a number of scans (not an ``Exception``: never caught)."""


class Pin:
    def __init__(self, name: str) -> None:
        self.name = name


class DigitalInOut:
    def __init__(self, pin: Pin) -> None:
        self.pin, self.direction, self.pull, self.value = pin, None, None, True


class Serial:
    """``usb_cdc.Serial``: a host that may stop reading, and bytes from the host."""

    def __init__(self) -> None:
        self.timeout = 1.0
        self.write_timeout: float | None = None
        self.connected = True
        self.incoming = b""
        self.written = b""
        self.stuck = False

    @property
    def in_waiting(self) -> int:
        return len(self.incoming)

    def read(self, count: int) -> bytes:
        data, self.incoming = self.incoming[:count], self.incoming[count:]
        return data

    def write(self, data: bytes) -> int:
        if self.stuck:
            raise OSError("write timed out")  # the host is not reading
        self.written += data
        return len(data)


class Watchdog:
    def __init__(self) -> None:
        self.timeout = 0.0
        self.mode: object = None
        self.feeds = 0

    def feed(self) -> None:
        self.feeds += 1


class Pixels(list[tuple[int, int, int]]):
    made: ClassVar[list[Pixels]] = []

    def __init__(self, pin: Pin, count: int, brightness: float, auto_write: bool) -> None:
        super().__init__([(0, 0, 0)] * count)
        self.pin = pin
        self.shown: list[list[tuple[int, int, int]]] = []
        Pixels.made.append(self)

    def show(self) -> None:
        self.shown.append(list(self))


class Board:
    """What the loop may do between two scans: driven by the test through ``sleep``."""

    def __init__(self) -> None:
        self.port = Serial()
        self.dog = Watchdog()
        self.scans = 0
        self.script: dict[int, object] = {}
        self.modules = self._modules()

    def _modules(self) -> dict[str, types.ModuleType]:
        board = types.ModuleType("board")
        for number in range(29):
            setattr(board, f"GP{number}", Pin(f"GP{number}"))
        board.Pin = Pin  # type: ignore[attr-defined]
        digitalio = types.ModuleType("digitalio")
        digitalio.DigitalInOut = DigitalInOut  # type: ignore[attr-defined]
        digitalio.Direction = types.SimpleNamespace(INPUT="in", OUTPUT="out")  # type: ignore[attr-defined]
        digitalio.Pull = types.SimpleNamespace(UP="up")  # type: ignore[attr-defined]
        usb_cdc = types.ModuleType("usb_cdc")
        usb_cdc.data = self.port  # type: ignore[attr-defined]
        usb_cdc.console = Serial()  # type: ignore[attr-defined]
        usb_cdc.Serial = Serial  # type: ignore[attr-defined]
        micro = types.ModuleType("microcontroller")
        micro.watchdog = self.dog  # type: ignore[attr-defined]
        watchdog = types.ModuleType("watchdog")
        watchdog.WatchDogMode = types.SimpleNamespace(RESET="reset")  # type: ignore[attr-defined]
        neopixel = types.ModuleType("neopixel")
        neopixel.NeoPixel = Pixels  # type: ignore[attr-defined]
        return {"board": board, "digitalio": digitalio, "usb_cdc": usb_cdc,
                "microcontroller": micro, "watchdog": watchdog, "neopixel": neopixel,
                "tcbox": tcbox}

    def sleep(self, seconds: float) -> None:
        self.scans += 1
        action = self.script.get(self.scans)
        if callable(action):
            action()
        if self.scans >= max(self.script, default=0) + 1:
            raise Stop


@pytest.fixture
def pico(monkeypatch: pytest.MonkeyPatch) -> Iterator[Board]:
    made = Board()
    for name, module in made.modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr("time.sleep", made.sleep)
    yield made


def run_firmware(pico: Board) -> None:
    with contextlib.suppress(Stop):
        runpy.run_path(str(FIRMWARE / "code.py"), run_name="code")


def test_the_loop_says_hello_sets_a_write_timeout_and_feeds_the_watchdog(pico: Board) -> None:
    pico.script = {3: lambda: None}
    run_firmware(pico)
    assert list(LineParser().feed(pico.port.written)) == [Hello("tcbox", PROTOCOL_VERSION)]
    assert pico.port.write_timeout is not None and 0 < pico.port.write_timeout <= 0.1
    assert pico.dog.mode == "reset" and pico.dog.timeout > 0
    assert pico.dog.feeds == pico.scans


def test_a_host_that_stops_reading_never_stops_the_scan(pico: Board) -> None:
    def stuck() -> None:
        pico.port.stuck = True
        pico.port.incoming = frame("PING")

    def unstuck() -> None:
        pico.port.stuck = False
        pico.port.incoming = frame("VER?")

    pico.script = {2: stuck, 5: unstuck, 8: lambda: None}
    run_firmware(pico)
    assert pico.scans == 9 and pico.dog.feeds == 9
    heard = list(LineParser().feed(pico.port.written))
    hello = Hello("tcbox", PROTOCOL_VERSION)
    assert heard == [hello, hello]  # the PONG went nowhere


def test_an_error_inside_a_scan_is_reported_and_scanning_goes_on(pico: Board) -> None:
    def break_a_pin() -> None:
        pico.port.incoming = b"\n"
        pico.port.read = None  # type: ignore[assignment,method-assign]

    def mend_it() -> None:
        del pico.port.read
        pico.port.incoming = frame("PING")

    pico.script = {2: break_a_pin, 4: mend_it, 6: lambda: None}
    run_firmware(pico)
    heard = list(LineParser().feed(pico.port.written))
    assert heard[0] == Hello("tcbox", PROTOCOL_VERSION)
    assert heard.count(BoxError("internal")) == 2
    assert heard[-1].__class__.__name__ == "Pong"
    assert pico.dog.feeds == pico.scans


def test_seat_pixels_show_the_seat_colours_of_the_app(pico: Board) -> None:
    pico.script = {2: lambda: setattr(pico.port, "incoming", frame("LED seat3 on")),
                   4: lambda: None}
    run_firmware(pico)
    strip = Pixels.made[-1]
    assert strip.pin.name == "GP15" and len(strip) == 4
    assert strip.shown[0] == [(0, 0, 0)] * 4
    assert strip.shown[-1] == [(0, 0, 0), (0, 0, 0), PALETTE.seats[2], (0, 0, 0)]
    assert tuple(tcbox.SEAT_COLOURS) == tuple(PALETTE.seats[:4])
    box = tcbox.Box()
    box.lights[2].set("on", 0)
    assert box.pixel_colours(0) == [(0, 0, 0), (0, 0, 0), PALETTE.seats[2], (0, 0, 0)]
    box.lights[2].set("fault", 0)
    assert box.pixel_colours(50)[2] == PALETTE.seats[2] and box.pixel_colours(300)[2] == (0, 0, 0)
