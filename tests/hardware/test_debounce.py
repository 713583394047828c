"""Contact chatter never becomes extra presses: the app's own debounce on GPIO and on the box.

gpiozero's mock pins ignore ``bounce_time`` (and so may a pin library), so the app
filters every press and release itself (:mod:`hardware.debounce`).  The GPIO tests
take the path the Pi takes: no factory is passed in, gpiozero's factory is chosen
through ``GPIOZERO_PIN_FACTORY=mock``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import gpiozero.pins.mock as mock_pins
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.session import Session
from companion.core.table_buttons import handle_button
from companion.games.fuji import GAME
from companion.games.fuji.queries import legal_destinations
from companion.games.fuji.state import Phase
from hardware.boxsim import SimulatedBox
from hardware.config import GpioConfig, HardwareConfig, KeyboardConfig, LoadedConfig, SerialConfig
from hardware.debounce import Debouncer
from hardware.events import ButtonEvent
from hardware.table import TableHardware
from tests.clock import FakeClock
from tests.waiting import wait_for

SEAT1_PIN = 5
E2E_SETTLE = 0.05
"""Settle time of the end-to-end tests (their chatter has gaps of 1 to 15 ms)."""


def chatter_gaps(draw_gaps: list[int]) -> list[float]:
    return [gap / 1000 for gap in draw_gaps]


def burst(button: str, start: float, gaps: list[float], end_pressed: bool) -> list[ButtonEvent]:
    """Edges of one chattering transition: alternating levels, the last one ``end_pressed``."""
    count = len(gaps) + 1
    if count % 2 == 0:
        count += 1
    levels = [(end_pressed if (count - 1 - index) % 2 == 0 else not end_pressed)
              for index in range(count)]
    moments = [start]
    for gap in ([*gaps, 0.001])[: count - 1]:
        moments.append(moments[-1] + gap)
    return [ButtonEvent(button, "press" if level else "release", time=moment, source="gpio")
            for level, moment in zip(levels, moments, strict=True)]


@given(st.lists(st.tuples(st.lists(st.integers(1, 15), max_size=12),
                          st.lists(st.integers(1, 15), max_size=12),
                          st.integers(30, 400)), min_size=1, max_size=6))
def test_chatter_of_1_to_15_ms_gives_one_press_and_one_release_per_push(
    pushes: list[tuple[list[int], list[int], int]],
) -> None:
    debouncer = Debouncer(0.02)
    out: list[ButtonEvent] = []
    moment = 1.0
    for down_gaps, up_gaps, held_ms in pushes:
        for event in burst("seat1", moment, chatter_gaps(down_gaps), True):
            out += debouncer.feed(event)
        moment += sum(down_gaps) / 1000 + held_ms / 1000 + 0.03
        for event in burst("seat1", moment, chatter_gaps(up_gaps), False):
            out += debouncer.feed(event)
        moment += sum(up_gaps) / 1000 + 0.2
    out += debouncer.due(moment + 1)
    assert [event.kind for event in out] == ["press", "release"] * len(pushes)


def test_a_quick_clean_tap_is_kept_and_long_presses_need_the_button_down() -> None:
    debouncer = Debouncer(0.02)
    assert [e.kind for e in debouncer.feed(ButtonEvent("seat2", "press", time=1.0))] == ["press"]
    assert debouncer.feed(ButtonEvent("seat2", "release", time=1.005)) == []
    (late,) = debouncer.due(1.03)
    assert late.kind == "release" and late.time == pytest.approx(1.025)
    assert debouncer.feed(ButtonEvent("seat2", "long_press", time=1.5)) == []


def test_sources_are_debounced_apart() -> None:
    debouncer = Debouncer({"gpio": 0.02, "serial": 0.0})
    first = debouncer.feed(ButtonEvent("seat1", "press", time=1.0, source="gpio"))
    second = debouncer.feed(ButtonEvent("seat1", "press", time=1.001, source="serial"))
    assert [e.source for e in first + second] == ["gpio", "serial"]


@pytest.fixture
def env_mock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    yield


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The one clock of these tests: the mock pins date their edges by it, the app dates
    its events and times its debounce by it, and the test moves it.  So the chatter has
    exactly the gaps it is given, however busy the machine is."""
    driven = FakeClock()
    monkeypatch.setattr(mock_pins, "monotonic", driven)
    return driven


def start_hardware(clock: FakeClock, gpio: bool = False, port: str = "") -> TableHardware:
    config = HardwareConfig(
        gpio=GpioConfig(enabled=gpio, buttons={"seat1": SEAT1_PIN, "advance": 17},
                        lights={"status": 26}, bounce_time=0.0, hold_time=2.0),
        serial=SerialConfig(enabled=bool(port), port=port or "auto", keepalive=0.0),
        keyboard=KeyboardConfig(enabled=False),
        debounce=E2E_SETTLE,
    )
    hardware = TableHardware(LoadedConfig(config), clock=clock)
    hardware.start()
    return hardware


def settle(hardware: TableHardware, clock: FakeClock, quiet: float = 0.15) -> None:
    """Let ``quiet`` seconds pass on the driven clock and wait until the debounce has
    let out every level it held back (its timer runs on real time, so this waits for it)."""
    clock.advance(quiet)
    sink = hardware.debounce
    assert sink is not None
    assert wait_for(sink.idle, timeout=10.0)


def collect_buttons(hardware: TableHardware) -> list[tuple[str, str]]:
    return [(e.button, e.kind) for e in hardware.events.drain() if isinstance(e, ButtonEvent)]


def chatter_pin(pin: object, clock: FakeClock, gaps_ms: list[int], end_low: bool) -> None:
    """Toggle a mock pin with the given gaps on the driven clock, ending low (pressed) or high."""
    levels = [end_low if (len(gaps_ms) - index) % 2 == 0 else not end_low
              for index in range(len(gaps_ms) + 1)]
    for level, gap in zip(levels, [*gaps_ms, 0], strict=True):
        if level:
            pin.drive_low()  # type: ignore[attr-defined]
        else:
            pin.drive_high()  # type: ignore[attr-defined]
        clock.advance(gap / 1000)


def bounce_storm(hardware: TableHardware, pin: object, clock: FakeClock) -> list[tuple[str, str]]:
    """Three chattering pushes, each burst within the settle time; the events they made."""
    rng = random.Random(7)
    for _ in range(3):
        chatter_pin(pin, clock, [rng.randint(1, 15) for _ in range(rng.choice([5, 7, 9]))], True)
        settle(hardware, clock)
        chatter_pin(pin, clock, [rng.randint(1, 15) for _ in range(rng.choice([4, 6]))], False)
        settle(hardware, clock)
    return collect_buttons(hardware)


def test_gpio_bounce_storm_through_the_environment_chosen_factory(
    env_mock: None, clock: FakeClock,
) -> None:
    """6 ms of chatter on a seat button once gave seven journal steps; now one tap is one tap."""
    hardware = start_hardware(clock, gpio=True)
    try:
        assert hardware.gpio is not None and hardware.gpio.live
        assert type(hardware.gpio.factory).__name__ == "MockFactory"
        pin = hardware.gpio.factory.pin(SEAT1_PIN)
        hardware.events.drain()
        assert bounce_storm(hardware, pin, clock) == [("seat1", "press"), ("seat1", "release")] * 3
    finally:
        hardware.stop()


def planning_session() -> Session:
    session = Session.start(Journal(":memory:"), "fuji", GAME.example_setup())
    while session.state.phase is not Phase.PLANNING:
        session.submit({"type": "advance"})
    seat = session.state.players[0].seat
    cell = sorted(legal_destinations(session.state, seat))[0]
    session.submit({"type": "set_destination", "player": seat, "cell": list(cell)})
    return session


def test_chatter_on_a_seat_button_is_one_journal_step(env_mock: None, clock: FakeClock) -> None:
    session = planning_session()
    steps_before = session.cursor
    hardware = start_hardware(clock, gpio=True)
    try:
        assert hardware.gpio is not None
        pin = hardware.gpio.factory.pin(SEAT1_PIN)
        hardware.events.drain()
        chatter_pin(pin, clock, [6, 1, 3, 2, 6, 1, 4], True)
        settle(hardware, clock, 0.1)
        chatter_pin(pin, clock, [2, 5, 1, 6], False)
        settle(hardware, clock)
        for button, kind in collect_buttons(hardware):
            handle_button(session, button, kind)
        assert session.cursor == steps_before + 1
    finally:
        hardware.stop()


def box_chatter(sim: SimulatedBox, hardware: TableHardware, clock: FakeClock, button: str,
                pattern_ms: list[int]) -> None:
    """Toggle ``button`` on the box once per entry, the driven clock moving that long after
    each; every toggle is scanned by the box before the clock moves on, and every line
    it sends has reached the app before this returns."""
    box = hardware.serial
    assert box is not None
    for wait in pattern_ms:
        accepted = box.parser.accepted
        index = sim.tcbox.BUTTONS.index(button)
        sim.set_level(button, not sim.levels[index])
        scans = sim.scans
        assert wait_for(lambda scans=scans: sim.scans >= scans + 2, timeout=10.0)
        clock.advance(max(wait, 2) / 1000)  # the box's own settle is 1 ms
        assert wait_for(lambda accepted=accepted: box.parser.accepted > accepted, timeout=10.0)


def test_chatter_through_the_box_is_debounced_by_the_app(clock: FakeClock) -> None:
    """A box whose firmware settles for only 1 ms passes chatter on; the app stops it."""
    sim = SimulatedBox(settle_ms=1, clock_ms=lambda: round(clock.now * 1000)).start()
    hardware = start_hardware(clock, port=sim.port)
    try:
        assert wait_for(lambda: hardware.live_sources()["serial"], timeout=10.0)
        hardware.events.drain()
        rng = random.Random(11)
        for _ in range(2):
            box_chatter(sim, hardware, clock, "seat3", [rng.randint(2, 15) for _ in range(7)])
            settle(hardware, clock)
            box_chatter(sim, hardware, clock, "seat3", [rng.randint(2, 15) for _ in range(5)])
            settle(hardware, clock)
        assert collect_buttons(hardware) == [("seat3", "press"), ("seat3", "release")] * 2
        assert sim.levels[sim.tcbox.BUTTONS.index("seat3")] is False
    finally:
        hardware.stop()
        sim.unplug()
