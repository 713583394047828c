"""GPIO buttons and lights through gpiozero's MockFactory pins."""

from __future__ import annotations

import random
import sys
import time

import gpiozero.pins.mock as mock_pins
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from hardware.config import GpioConfig
from hardware.events import ButtonEvent, EventQueue, StatusEvent
from hardware.gpio import (
    GpioTable,
    NoPinLibraryError,
    choose_pin_factory,
    default_pin_factory,
    load_pin_factory,
)
from hardware.lights import BLINK_COUNT, BLINK_OFF, BLINK_ON
from tests.clock import FakeClock
from tests.fuzzing import examples
from tests.waiting import wait_for

BUTTON_PINS = {"advance": 17, "undo": 27, "seat1": 5, "seat2": 6, "seat3": 13, "seat4": 19}
LIGHT_PINS = {"seat1": 12, "seat2": 16, "seat3": 20, "seat4": 21, "status": 26}


def start_table(
    factory: MockFactory, events: EventQueue, **overrides: object
) -> GpioTable:
    settings: dict[str, object] = {
        "enabled": True,
        "buttons": BUTTON_PINS,
        "lights": LIGHT_PINS,
        "hold_time": 0.2,
        "bounce_time": 0.0,
    }
    settings.update(overrides)
    table = GpioTable(GpioConfig(**settings), events, factory)  # type: ignore[arg-type]
    assert table.start()
    return table


def ready_table(factory: MockFactory, **overrides: object) -> tuple[GpioTable, EventQueue]:
    """A started table whose ready report has been read, and the queue it reports to."""
    events = EventQueue()
    table = start_table(factory, events, **overrides)
    events.drain()
    return table, events


def button_events(events: EventQueue) -> list[tuple[str, str]]:
    return [(e.button, e.kind) for e in events.drain() if isinstance(e, ButtonEvent)]


def test_start_reports_ready_with_counts(factory: MockFactory) -> None:
    events = EventQueue()
    table = start_table(factory, events)
    (status,) = events.drain()
    assert isinstance(status, StatusEvent)
    assert status.key == "hardware.gpio.ready"
    assert dict(status.params) == {"buttons": 6, "lights": 5}
    table.close()


def test_buttons_use_pull_ups_and_idle_high(factory: MockFactory) -> None:
    table = start_table(factory, EventQueue())
    for pin in BUTTON_PINS.values():
        assert factory.pin(pin).pull == "up"
        assert factory.pin(pin).state is True
    assert table.pressed == frozenset()
    table.close()


def test_press_and_release_become_events_with_source_gpio(factory: MockFactory) -> None:
    table, events = ready_table(factory)
    factory.pin(6).drive_low()
    assert table.pressed == {"seat2"}
    factory.pin(6).drive_high()
    drained = events.drain()
    assert [(e.button, e.kind, e.source) for e in drained if isinstance(e, ButtonEvent)] == [
        ("seat2", "press", "gpio"),
        ("seat2", "release", "gpio"),
    ]
    assert table.pressed == frozenset()
    table.close()


def test_holding_past_hold_time_adds_one_long_press(factory: MockFactory) -> None:
    table, events = ready_table(factory)
    factory.pin(17).drive_low()
    time.sleep(0.5)
    factory.pin(17).drive_high()
    assert button_events(events) == [
        ("advance", "press"),
        ("advance", "long_press"),
        ("advance", "release"),
    ]
    table.close()


def test_short_press_gives_no_long_press(factory: MockFactory) -> None:
    table, events = ready_table(factory, hold_time=1.0)
    factory.pin(27).drive_low()
    time.sleep(0.05)
    factory.pin(27).drive_high()
    time.sleep(0.05)
    assert button_events(events) == [("undo", "press"), ("undo", "release")]
    table.close()


def test_bounce_storm_yields_exactly_the_presses_gpiozero_reports(
    factory: MockFactory, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """1,000 edges 0 to 0.4 ms apart, on a clock the test drives: the mock pins date the
    edges by it, so the storm is as fast as it is meant to be on any machine."""
    clock = FakeClock()
    monkeypatch.setattr(mock_pins, "monotonic", clock)
    table, events = ready_table(factory, hold_time=5.0)
    pin = factory.pin(5)
    pin.clear_states()
    rng = random.Random(1234)
    for edge in range(1000):
        pin.drive_low() if edge % 2 == 0 else pin.drive_high()
        clock.advance(rng.uniform(0.0, 0.0004))
    assert pin.states[-1].timestamp < 0.0004 and clock.now - 1000.0 < 0.4
    assert len(pin.states) - 1 == 1000  # every call really was an edge
    falls = sum(1 for state in pin.states[1:] if not state.state)
    kinds = [kind for button, kind in button_events(events) if button == "seat1"]
    assert kinds.count("press") == falls == 500
    assert kinds == ["press", "release"] * falls
    assert table.pressed == frozenset()
    assert not table.buttons["seat1"].is_pressed
    table.close()


def test_bounce_storm_ending_low_leaves_the_button_held(factory: MockFactory) -> None:
    table, events = ready_table(factory, hold_time=5.0)
    pin = factory.pin(13)
    for index in range(999):
        pin.drive_low() if index % 2 == 0 else pin.drive_high()
    kinds = [kind for _, kind in button_events(events)]
    assert kinds[-1] == "press"
    assert kinds.count("press") == kinds.count("release") + 1 == 500
    assert table.pressed == {"seat3"}
    pin.drive_high()
    assert button_events(events) == [("seat3", "release")]
    table.close()


def test_seat_lights_follow_the_waiting_seats(factory: MockFactory) -> None:
    table = start_table(factory, EventQueue())
    table.set_seat_lights({0, 2})
    assert [factory.pin(LIGHT_PINS[f"seat{n}"]).state for n in (1, 2, 3, 4)] == [
        True, False, True, False,
    ]
    table.set_seat_lights(set())
    assert not any(factory.pin(LIGHT_PINS[f"seat{n}"]).state for n in (1, 2, 3, 4))
    table.close()


def test_blink_flashes_then_restores_the_seat_light(factory: MockFactory) -> None:
    table = start_table(factory, EventQueue())
    table.set_seat_lights({1})
    pin = factory.pin(LIGHT_PINS["seat2"])
    pin.clear_states()
    table.blink(1)
    duration = BLINK_COUNT * (BLINK_ON + BLINK_OFF)
    time.sleep(duration + 0.3)
    offs = [state for state in pin.states[1:] if not state.state]
    assert len(offs) == BLINK_COUNT  # dark between flashes, then back on: seat 2 still waits
    assert pin.state is True
    table.close()


def test_blink_of_an_unlit_seat_ends_dark(factory: MockFactory) -> None:
    table = start_table(factory, EventQueue())
    table.set_seat_lights(set())
    table.blink(3)
    pin = factory.pin(LIGHT_PINS["seat4"])
    assert wait_for(lambda: pin.state is True, 1.0)
    time.sleep(BLINK_COUNT * (BLINK_ON + BLINK_OFF) + 0.3)
    assert pin.state is False
    table.close()


def test_status_light_modes_and_status_blink(factory: MockFactory) -> None:
    table = start_table(factory, EventQueue())
    pin = factory.pin(LIGHT_PINS["status"])
    table.set_status("on")
    assert pin.state is True
    table.set_status("off")
    assert pin.state is False
    table.set_status("blink")
    assert wait_for(lambda: pin.state is True) and wait_for(lambda: pin.state is False)
    table.set_status("off")
    table.blink(None)
    assert wait_for(lambda: pin.state is True)
    table.close()


def test_pwm_seat_lights_pulse(factory: MockFactory) -> None:
    factory.pin_class = MockPWMPin
    table = start_table(factory, EventQueue(), pwm_lights=True)
    pin = factory.pin(LIGHT_PINS["seat1"])
    table.set_seat_lights({0})
    time.sleep(0.5)
    levels = {round(state.state, 2) for state in pin.states}
    assert len(levels) > 5  # many brightness steps, not just on and off
    assert all(0.0 <= level <= 1.0 for level in levels)
    table.set_seat_lights(set())
    assert pin.state == 0
    table.close()


def test_close_releases_pins_for_reuse(factory: MockFactory) -> None:
    table = start_table(factory, EventQueue())
    table.close()
    again = start_table(factory, EventQueue())
    assert again.live
    again.close()


def test_unknown_pin_is_reported_and_others_still_work(factory: MockFactory) -> None:
    events = EventQueue()
    config = GpioConfig(enabled=True, buttons={"advance": 99, "undo": 27}, lights={})
    table = GpioTable(config, events, factory)
    assert table.start()
    statuses = [e for e in events.drain() if isinstance(e, StatusEvent)]
    assert [s.key for s in statuses] == ["hardware.gpio.bad_pin", "hardware.gpio.ready"]
    assert statuses[0].params["pin"] == 99 and statuses[0].params["name"] == "advance"
    factory.pin(27).drive_low()
    assert button_events(events) == [("undo", "press")]
    table.close()


def test_pin_already_in_use_is_reported_not_raised(factory: MockFactory) -> None:
    first = start_table(factory, EventQueue())
    events = EventQueue()
    second = GpioTable(GpioConfig(enabled=True, buttons={"advance": 17}), events, factory)
    assert not second.start()
    assert [e.key for e in events.drain() if isinstance(e, StatusEvent)] == [
        "hardware.gpio.bad_pin",
        "hardware.gpio.unavailable",
    ]
    first.close()


def test_pwm_light_on_a_plain_mock_pin_is_reported(factory: MockFactory) -> None:
    events = EventQueue()
    table = GpioTable(
        GpioConfig(enabled=True, lights={"seat1": 12}, pwm_lights=True), events, factory
    )
    assert not table.start()
    assert "hardware.gpio.bad_pin" in [e.key for e in events.drain() if isinstance(e, StatusEvent)]


def test_wrong_factory_name_is_a_status_event_not_a_crash() -> None:
    events = EventQueue()
    config = GpioConfig(enabled=True, pin_factory="nosuch", buttons={"advance": 17})
    table = GpioTable(config, events)
    assert not table.start()
    (status,) = events.drain()
    assert isinstance(status, StatusEvent)
    assert status.key == "hardware.gpio.bad_factory"
    assert "nosuch" in str(status.params["detail"])


def test_factory_named_by_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert isinstance(choose_pin_factory(""), MockFactory)
    assert isinstance(load_pin_factory("MOCK"), MockFactory)


def test_no_pin_library_is_reported_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no factory named, only real pin libraries are tried, never gpiozero's sysfs one."""
    for library in ("lgpio", "RPi", "RPi.GPIO", "pigpio"):  # as on a machine without them
        monkeypatch.setitem(sys.modules, library, None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY")
    with pytest.raises(NoPinLibraryError):
        choose_pin_factory("")
    events = EventQueue()
    table = GpioTable(GpioConfig(enabled=True, buttons={"advance": 17}), events)
    assert not table.start()
    (status,) = events.drain()
    assert isinstance(status, StatusEvent) and status.key == "hardware.gpio.no_library"
    assert "lgpio" in str(status.params["detail"])


def test_default_factory_takes_the_first_that_loads() -> None:
    assert isinstance(default_pin_factory(("nosuch", "mock")), MockFactory)
    with pytest.raises(NoPinLibraryError, match="nosuch"):
        default_pin_factory(("nosuch",))


@examples("few")
@given(st.lists(st.tuples(st.sampled_from(sorted(BUTTON_PINS)), st.booleans()), max_size=60))
def test_pressed_set_always_matches_the_pins(steps: list[tuple[str, bool]]) -> None:
    factory = MockFactory()
    events = EventQueue()
    # Long enough that no step sequence reaches a long press, short enough that a hold
    # timer still running at close ends well inside gpiozero's 10 s thread join.
    table = start_table(factory, events, hold_time=4.0)
    for button, down in steps:
        pin = factory.pin(BUTTON_PINS[button])
        pin.drive_low() if down else pin.drive_high()
        low = {name for name, number in BUTTON_PINS.items() if not factory.pin(number).state}
        assert table.pressed == low
    for number in BUTTON_PINS.values():
        factory.pin(number).drive_high()  # gpiozero's close waits for a held button's timer
    assert table.pressed == frozenset()
    history: dict[str, list[str]] = {}
    for button, kind in button_events(events):
        history.setdefault(button, []).append(kind)
    for kinds in history.values():
        assert kinds == ["press", "release"] * (len(kinds) // 2)
    table.close()
    factory.reset()
