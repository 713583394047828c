"""``port = "auto"`` opens only a device that identifies as the box, and writes to nothing else.

The device tree is what pyserial's port listing reports on a Pi with a desk full of
serial gadgets: a Pico running CircuitPython without the box's ``boot.py`` (console
only), the box itself (console and data channel), a Raspberry Pi Debug Probe, a Pico
running MicroPython, an FTDI USB-serial cable and the Pi's own UART.  Each device's
path is a real pseudo-terminal; the box's data channel is the firmware's own code
behind one (:class:`hardware.boxsim.SimulatedBox`).  The real :class:`SerialBox`
searches, opens and writes; afterwards every other device's terminal must have
received no byte at all.
"""

from __future__ import annotations

import contextlib
import os
import pty
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from serial.tools.list_ports_common import ListPortInfo  # type: ignore[import-untyped]

from hardware.boxsim import SimulatedBox
from hardware.config import AUTO_PORT, SerialConfig, parse_config
from hardware.events import EventQueue
from hardware.serial_box import BOX_PRODUCT, SerialBox, rank_box_ports
from tests.hardware.test_serial_box import Collector, has_status

CONFIG = SerialConfig(enabled=True, port=AUTO_PORT, keepalive=0.1, reconnect_max=0.2)


@dataclass(frozen=True)
class Gadget:
    """One USB (or on-board) serial device as pyserial lists it."""

    name: str
    vid: int | None
    pid: int | None
    location: str | None
    product: str | None
    serial_number: str | None = None


OTHERS = (
    Gadget("pico-circuitpython-console", 0x239A, 0x80F4, "1-1.1:1.0", "Pico", "DE6261"),
    Gadget("box-console", 0x239A, 0x80F4, "1-1.2:1.0", BOX_PRODUCT, "E66141"),
    Gadget("debug-probe-uart", 0x2E8A, 0x000C, "1-1.3:1.1", "Debug Probe (CMSIS-DAP)", "E6633"),
    Gadget("pico-micropython-console", 0x2E8A, 0x0005, "1-1.4:1.0", "Board in FS mode", "E6"),
    Gadget("ftdi-cable", 0x0403, 0x6001, "1-1.5:1.0", "FT232R USB UART", "A50285BI"),
    Gadget("pi-uart", None, None, None, None),
)
"""Everything on the desk that is not the box's data channel."""

BOX_DATA = Gadget("box-data", 0x239A, 0x80F4, "1-1.2:1.2", BOX_PRODUCT, "E66141")


class Terminal:
    """A pseudo-terminal standing for one device; remembers every byte written to it."""

    def __init__(self) -> None:
        self.master, slave = pty.openpty()
        self.path = os.ttyname(slave)
        os.close(slave)
        os.set_blocking(self.master, False)

    def received(self) -> bytes:
        data = b""
        with contextlib.suppress(BlockingIOError, OSError):
            while chunk := os.read(self.master, 4096):
                data += chunk
        return data

    def close(self) -> None:
        os.close(self.master)


def listing(gadget: Gadget, device: str) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid, info.location = gadget.vid, gadget.pid, gadget.location
    info.product, info.serial_number = gadget.product, gadget.serial_number
    return info


@pytest.fixture
def desk() -> Iterator[dict[str, Terminal]]:
    terminals = {gadget.name: Terminal() for gadget in OTHERS}
    yield terminals
    for terminal in terminals.values():
        terminal.close()


def search(config: SerialConfig, records: list[ListPortInfo]) -> tuple[SerialBox, Collector]:
    events = EventQueue()
    box = SerialBox(config, events, first_retry=0.02, handshake_timeout=0.2,
                    port_finder=lambda: rank_box_ports(records, config.box_serial))
    box.start()
    return box, Collector(events)


def test_only_the_box_is_opened_and_nothing_else_hears_a_byte(
    desk: dict[str, Terminal],
) -> None:
    sim = SimulatedBox(settle_ms=5).start()
    records = [listing(g, desk[g.name].path) for g in OTHERS] + [listing(BOX_DATA, sim.port)]
    box, collector = search(CONFIG, records)
    try:
        assert collector.wait_for(has_status("hardware.serial.connected"))
        assert box.port_name == sim.port
        collector.wait_for(lambda _: False, timeout=0.5)  # keepalives go on meanwhile
        assert b"VER?" in b"".join(sim.lines_heard())
    finally:
        box.stop()
        sim.unplug()
    assert {name: terminal.received() for name, terminal in desk.items()} == {
        gadget.name: b"" for gadget in OTHERS}


def test_with_no_box_on_the_desk_nothing_is_written_anywhere(
    desk: dict[str, Terminal],
) -> None:
    records = [listing(gadget, desk[gadget.name].path) for gadget in OTHERS]
    box, collector = search(CONFIG, records)
    try:
        assert collector.wait_for(has_status("hardware.serial.not_found"))
        collector.wait_for(lambda _: False, timeout=1.0)  # several searches with back-off
    finally:
        box.stop()
    assert box.openings == 0
    assert all(terminal.received() == b"" for terminal in desk.values())


def test_a_box_named_by_its_serial_number_is_the_only_one_taken() -> None:
    other_box = Gadget("box-2", 0x239A, 0x80F4, "1-1.6:1.2", BOX_PRODUCT, "F00D01")
    records = [listing(BOX_DATA, "/dev/ttyACM1"), listing(other_box, "/dev/ttyACM3")]
    assert rank_box_ports(records) == ["/dev/ttyACM1", "/dev/ttyACM3"]
    assert rank_box_ports(records, "F00D01") == ["/dev/ttyACM3"]
    loaded = parse_config({"serial": {"box_serial": "F00D01"}})
    assert loaded.config.serial.box_serial == "F00D01" and not loaded.problems


def test_a_box_flashed_before_it_had_a_name_is_known_by_the_pico_ids() -> None:
    unnamed = Gadget("old-box", 0x239A, 0x80F4, "1-1.2:1.2", "Pico", "E66141")
    other_board = Gadget("feather-data", 0x239A, 0x80F2, "1-1.7:1.2", "Feather RP2040", "1")
    records = [listing(unnamed, "/dev/ttyACM1"), listing(other_board, "/dev/ttyACM5")]
    assert rank_box_ports(records) == ["/dev/ttyACM1"]
