"""Starting the configured hardware in one call: problems reported, sources up, lights grouped."""

from __future__ import annotations

import time
from dataclasses import replace

import serial  # type: ignore[import-untyped]
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from hardware.config import parse_config
from hardware.events import ButtonEvent, EventQueue, InputEvent, StatusEvent
from hardware.protocol import ButtonMessage, Hello, box_line
from hardware.serial_box import open_port
from hardware.table import TableHardware

SETTINGS = {
    "inputs": {"gpio": True, "serial": True, "keyboard": True},
    "gpio": {
        "buttons": {"advance": 17, "seat1": 5},
        "lights": {"seat1": 12, "seat2": 16, "status": 26},
        "bounce_time": 0.0,
        "hold_time": 0.2,
    },
    "serial": {"port": "loop://", "keepalive": 0},
}


def wait_for_status(events: EventQueue, key: str, seen: list[InputEvent]) -> bool:
    deadline = time.monotonic() + 3.0
    while time.monotonic() < deadline:
        seen.extend(events.drain())
        if any(isinstance(e, StatusEvent) and e.key == key for e in seen):
            return True
        time.sleep(0.01)
    return False


def test_everything_starts_and_seat_taps_are_deferred(factory: MockFactory) -> None:
    ports: list[serial.Serial] = []

    def port(url: str, baud: int) -> serial.Serial:
        ports.append(open_port(url, baud))
        ports[-1].write(box_line(Hello("tcbox", 1)))  # the box introduces itself
        return ports[-1]

    hardware = TableHardware(parse_config(SETTINGS), pin_factory=factory, port_factory=port)
    hardware.start()
    seen: list[InputEvent] = []
    assert wait_for_status(hardware.events, "hardware.serial.connected", seen)
    assert hardware.live_sources() == {"gpio": True, "serial": True, "keyboard": True}
    assert hardware.keyboard is not None and hardware.keyboard.deferred == {
        "seat1", "seat2", "seat3", "seat4",
    }

    factory.pin(5).drive_low()
    assert not [e for e in hardware.events.drain() if isinstance(e, ButtonEvent)]
    factory.pin(5).drive_high()
    ports[0].write(box_line(ButtonMessage("seat2", "press")))
    ports[0].write(box_line(ButtonMessage("seat2", "release")))
    time.sleep(0.2)
    buttons = [(e.button, e.kind, e.source) for e in hardware.events.drain()
               if isinstance(e, ButtonEvent)]
    assert buttons == [
        ("seat1", "press", "gpio"), ("seat1", "release", "gpio"),
        ("seat2", "press", "serial"), ("seat2", "release", "serial"),
    ]

    hardware.lights.set_seat_lights({1})
    assert factory.pin(16).state is True and factory.pin(12).state is False
    assert factory.pin(26).state is True  # the status light shows the app is running
    hardware.stop()
    assert factory.pin(26).state is False
    assert hardware.serial is not None and hardware.serial.state == "stopped"


def test_config_problems_become_status_events_and_broken_sources_stay_off(
    factory: MockFactory,
) -> None:
    settings = dict(SETTINGS)
    settings["gpio"] = {"buttons": {"advance": 17, "jump": 6}}
    settings["inputs"] = {"gpio": True, "serial": False}
    hardware = TableHardware(parse_config(settings), pin_factory=factory)
    hardware.start()
    statuses = [e for e in hardware.events.drain() if isinstance(e, StatusEvent)]
    assert [(s.source, s.key) for s in statuses] == [("gpio", "hardware.config.unknown_button")]
    assert hardware.gpio is None and hardware.serial is None
    assert hardware.live_sources() == {"gpio": False, "serial": False, "keyboard": True}
    hardware.stop()


def test_raw_events_when_the_tap_filter_is_off(factory: MockFactory) -> None:
    loaded = parse_config(SETTINGS)
    config = replace(loaded.config, seat_press_on_release=False,
                     serial=replace(loaded.config.serial, enabled=False))
    hardware = TableHardware(replace(loaded, config=config), pin_factory=factory)
    hardware.start()
    hardware.events.drain()
    factory.pin(5).drive_low()
    assert [(e.button, e.kind) for e in hardware.events.drain() if isinstance(e, ButtonEvent)] == [
        ("seat1", "press"),
    ]
    assert hardware.keyboard is not None and hardware.keyboard.deferred == frozenset()
    hardware.stop()
