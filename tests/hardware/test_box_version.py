"""A box that speaks another protocol version is a visible fault, never "connected".

Through the real box thread on pyserial's ``loop://``: the status event says what
is wrong and what to do, the link state and the table's faults name it, the box's
status light is set to the fault pattern, the screen's badge names it, and every
press of that box is refused with the same reason instead of doing nothing silently.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.core.i18n import translate
from companion.ui.fault_badge import badge_text
from hardware.config import HardwareConfig, KeyboardConfig, LoadedConfig, SerialConfig
from hardware.events import ButtonEvent, StatusEvent
from hardware.protocol import ButtonMessage, Command, Hello, box_line
from hardware.table import TableHardware
from tests.hardware.test_serial_box import BoxEnd, Collector, has_status


class OtherVersionBox(BoxEnd):
    """A box end that answers ``VER?`` with a ``HELLO`` of another version."""

    def __init__(self, version: int) -> None:
        super().__init__(answers=False)
        self.version = version

    def write(self, data: bytes) -> int:
        written = super().write(data)
        if Command("VER?").encode() in data:
            self.port.write(box_line(Hello("tcbox", self.version)))
        return written


@pytest.fixture
def table() -> Iterator[tuple[TableHardware, list[OtherVersionBox], Collector]]:
    ends: list[OtherVersionBox] = []

    def factory(url: str, baud: int) -> OtherVersionBox:
        ends.append(OtherVersionBox(7))
        return ends[-1]

    config = HardwareConfig(serial=SerialConfig(enabled=True, port="loop://", keepalive=0.0),
                            keyboard=KeyboardConfig(enabled=False))
    hardware = TableHardware(LoadedConfig(config), port_factory=factory)
    hardware.start()
    collector = Collector(hardware.events)
    assert collector.wait_for(has_status("hardware.serial.bad_version"))
    yield hardware, ends, collector
    hardware.stop()


def test_a_box_of_another_version_is_a_fault_not_connected(
    table: tuple[TableHardware, list[OtherVersionBox], Collector],
) -> None:
    hardware, ends, collector = table
    assert collector.wait_for(lambda _: hardware.faults() == {"serial_version"})
    assert hardware.serial is not None and hardware.serial.state == "incompatible"
    assert "hardware.serial.connected" not in collector.statuses()
    assert collector.wait_for(lambda _: Command("LED status fault") in ends[-1].commands())
    bad = next(e for e in collector.seen
               if isinstance(e, StatusEvent) and e.key == "hardware.serial.bad_version")
    assert bad.params["version"] == 7 and bad.params["supported"] == 2
    advice = translate(bad.key, "en", **bad.params)
    assert "hardware/firmware" in advice and "version 7" in advice


def test_presses_of_that_box_are_refused_with_the_reason(
    table: tuple[TableHardware, list[OtherVersionBox], Collector],
) -> None:
    _hardware, ends, collector = table
    ends[-1].box_says(box_line(ButtonMessage("seat1", "press"))
                      + box_line(ButtonMessage("seat1", "release")))
    assert collector.wait_for(has_status("hardware.serial.press_refused"))
    assert not any(isinstance(e, ButtonEvent) for e in collector.seen)
    refused = [e for e in collector.seen
               if isinstance(e, StatusEvent) and e.key == "hardware.serial.press_refused"]
    assert len(refused) == 1 and refused[0].params["button"] == "seat1"
    for lang in ("en", "pl", "fr", "es"):
        assert "{" not in translate(refused[0].key, lang, **refused[0].params)


@pytest.mark.parametrize("lang", ["en", "pl", "fr", "es"])
def test_the_badge_names_the_wrong_version(lang: str) -> None:
    text = badge_text({"serial_version"}, lang)
    assert text and text != "hardware.fault.serial_version"
    assert text != badge_text({"serial"}, lang)


def test_the_diagnostics_screen_names_the_wrong_version(
    table: tuple[TableHardware, list[OtherVersionBox], Collector],
) -> None:
    from companion.ui.diagnostics import link_state

    hardware, _ends, _collector = table
    state = link_state(hardware)
    for lang in ("en", "pl", "fr", "es"):
        assert translate(state.key, lang) != state.key
