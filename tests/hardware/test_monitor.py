"""The input monitor behind the diagnostics screen."""

from __future__ import annotations

import threading

from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from hardware.config import parse_config
from hardware.events import BUTTON_IDS, ButtonEvent, EventQueue, StatusEvent
from hardware.monitor import InputMonitor, TeeSink
from hardware.table import TableHardware, running_hardware


def test_last_event_per_button_and_checklist() -> None:
    monitor = InputMonitor()
    monitor.put(ButtonEvent("seat1", "press", 1.0, "gpio"))
    monitor.put(ButtonEvent("seat1", "release", 1.1, "gpio"))
    monitor.put(ButtonEvent("undo", "long_press", 2.0, "serial"))
    snapshot = monitor.snapshot()
    assert snapshot.last["seat1"].kind == "release"
    assert snapshot.last["undo"].source == "serial"
    assert snapshot.tested == {"seat1"}
    assert snapshot.untested == ("advance", "undo", "seat2", "seat3", "seat4")
    monitor.restart_checklist()
    assert monitor.snapshot().untested == BUTTON_IDS
    assert "seat1" in monitor.snapshot().last


def test_only_the_newest_statuses_are_kept() -> None:
    monitor = InputMonitor(keep=2)
    for number in range(4):
        monitor.put(StatusEvent("serial", f"key{number}"))
    assert [s.key for s in monitor.snapshot().statuses] == ["key2", "key3"]


def test_listeners_hear_every_event_until_forgotten() -> None:
    monitor = InputMonitor()
    heard: list[int] = []

    def listener() -> None:
        heard.append(1)

    monitor.listen(listener)
    monitor.listen(listener)
    monitor.put(ButtonEvent("advance", "press"))
    monitor.forget(listener)
    monitor.put(ButtonEvent("advance", "release"))
    assert heard == [1]


def test_monitor_is_safe_from_many_threads() -> None:
    monitor = InputMonitor()

    def press_many(button: str) -> None:
        for _ in range(500):
            monitor.put(ButtonEvent(button, "press"))
            monitor.put(ButtonEvent(button, "release"))

    threads = [threading.Thread(target=press_many, args=(b,)) for b in BUTTON_IDS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    snapshot = monitor.snapshot()
    assert snapshot.tested == set(BUTTON_IDS)
    assert all(event.kind == "release" for event in snapshot.last.values())


def test_tee_passes_everything_on() -> None:
    monitor, queue = InputMonitor(), EventQueue()
    tee = TeeSink(monitor, queue)
    tee.put(ButtonEvent("seat2", "press"))
    assert len(queue.drain()) == 1 and monitor.snapshot().tested == {"seat2"}


def test_table_hardware_feeds_its_monitor_with_raw_events_from_every_source() -> None:
    factory = MockFactory()
    settings = {"inputs": {"gpio": True}, "gpio": {"buttons": {"seat1": 5}, "bounce_time": 0}}
    hardware = TableHardware(parse_config(settings), pin_factory=factory)
    hardware.start()
    assert running_hardware() is hardware
    factory.pin(5).drive_low()
    assert hardware.monitor.snapshot().last["seat1"].kind == "press"
    drained = hardware.events.drain()
    assert not [e for e in drained if isinstance(e, ButtonEvent)]  # the tap waits for release
    keyboard = hardware.keyboard
    assert keyboard is not None
    keyboard.key_down("2", 1.0)
    assert hardware.monitor.snapshot().tested == {"seat1", "seat2"}
    assert [s.key for s in hardware.monitor.snapshot().statuses] == ["hardware.gpio.ready"]
    hardware.stop()
    assert running_hardware() is None
    factory.reset()
