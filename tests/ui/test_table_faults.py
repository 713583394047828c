"""A lost box is seen from across the room; staff reach the buttons-and-lights screen.

The hardware is real: GPIO through ``GPIOZERO_PIN_FACTORY=mock`` (no factory passed
in), the box is the firmware's own code behind a pseudo-terminal.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import pygame
import pytest

from companion.core.journal import Journal
from companion.core.staff import StaffLock
from companion.ui.app import App
from companion.ui.diagnostics import DiagnosticsScene as ButtonsScene
from companion.ui.fault_badge import badge_text, draw_fault_badge
from companion.ui.intents import Navigate
from companion.ui.kiosk.app import KioskApp
from companion.ui.kiosk.intents import LockStaff, UnlockStaff
from companion.ui.kiosk.staff_menu import StaffScene
from companion.ui.scene import Settings
from companion.ui.sounds import SilentPlayer
from companion.ui.widgets import Button
from hardware.boxsim import SimulatedBox
from hardware.config import GpioConfig, HardwareConfig, KeyboardConfig, LoadedConfig, SerialConfig
from hardware.table import TableHardware
from tests.clock import FakeClock
from tests.waiting import wait_for
from tests.wiring import wired

pytestmark = pytest.mark.usefixtures("display")

STATUS_PIN = 26


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TableHardware, SimulatedBox]]:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    sim = SimulatedBox().start()
    config = HardwareConfig(
        gpio=GpioConfig(enabled=True, buttons={"advance": 17, "seat1": 5},
                        lights={"seat1": 12, "status": STATUS_PIN}, bounce_time=0.0),
        serial=SerialConfig(enabled=True, port=sim.port, keepalive=0.1, reconnect_max=0.3),
        keyboard=KeyboardConfig(enabled=False),
    )
    hardware = TableHardware(LoadedConfig(config))
    hardware.start()
    assert wait_for(lambda: hardware.live_sources()["serial"])
    yield hardware, sim
    hardware.stop()
    sim.unplug()


def danger_pixels(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(1 for x in range(area.left, area.right, 2) for y in range(area.top, area.bottom, 2)
               if tuple(surface.get_at((x, y)))[:3] == colour)


def on_times(pin: object) -> list[float]:
    """How long the pin stayed high each time, from gpiozero's record of its changes."""
    states = pin.states  # type: ignore[attr-defined]
    return [after.timestamp for before, after in itertools.pairwise(states)
            if before.state and not after.state]


def test_a_lost_box_shows_a_lasting_badge_and_the_fault_light(
    table: tuple[TableHardware, SimulatedBox], journal: Journal, clock: FakeClock,
) -> None:
    hardware, sim = table
    app = App(journal, Settings(language="en"), (800, 480), **wired(hardware), clock=clock)
    try:
        app.step(max_wait=0.01)
        app.dirty = True
        app.draw()
        ctx = app.context()
        bar = pygame.Rect(0, 0, 800, ctx.theme.bar_height)
        danger = ctx.theme.palette.danger
        assert hardware.faults() == frozenset()
        assert danger_pixels(app.surface, bar, danger) == 0
        status = hardware.gpio.factory.pin(STATUS_PIN)  # type: ignore[union-attr]
        assert status.state is True

        sim.answering = False
        assert wait_for(lambda: hardware.faults() == {"serial"})
        status.clear_states()
        app.step(max_wait=0.05)
        assert app.toast is not None and app.toast.message.key == "hardware.serial.silent"
        clock.advance(30)  # long after the toast is gone
        app.step(max_wait=0.01)
        app.dirty = True
        app.draw()
        assert app.toast is None
        text = badge_text({"serial"}, "en")
        assert text == "Button box lost"
        ctx = app.context()
        drawn = draw_fault_badge(pygame.Surface(ctx.size), ctx.screen, ctx.theme, "en",
                                 app.scene.widgets, hardware.faults())
        assert drawn is not None
        badge = drawn.rect
        assert danger_pixels(app.surface, badge, danger) > badge.width * badge.height // 40
        controls = [w.rect for w in app.scene.widgets if w.interactive]
        assert not any(badge.colliderect(rect) for rect in controls)

        time.sleep(1.2)
        flashes = on_times(status)
        assert len(flashes) >= 2 and all(0.05 <= on <= 0.25 for on in flashes)

        sim.answering = True
        assert wait_for(lambda: hardware.faults() == frozenset())
        assert wait_for(lambda: status.state is True)
        status.clear_states()
        time.sleep(0.6)
        assert status.state is True and len(status.states) == 1
        app.step(max_wait=0.05)
        app.dirty = True
        app.draw()
        assert danger_pixels(app.surface, bar, danger) == 0
    finally:
        app.close()


def test_no_pin_library_keeps_touch_and_box_and_shows_the_badge(
    monkeypatch: pytest.MonkeyPatch, journal: Journal, clock: FakeClock,
) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "")
    monkeypatch.setattr("hardware.gpio.DEFAULT_FACTORIES", ("no-such-library",))
    sim = SimulatedBox().start()
    config = HardwareConfig(
        gpio=GpioConfig(enabled=True, buttons={"advance": 17}),
        serial=SerialConfig(enabled=True, port=sim.port, keepalive=0.0),
        keyboard=KeyboardConfig(enabled=False),
    )
    hardware = TableHardware(LoadedConfig(config))
    hardware.start()
    app = App(journal, Settings(language="en"), (800, 480), **wired(hardware), clock=clock)
    try:
        assert wait_for(lambda: hardware.live_sources()["serial"])
        assert hardware.faults() == {"gpio"}
        app.step(max_wait=0.05)
        keys = [e.key for e in hardware.monitor.snapshot().statuses]
        assert "hardware.gpio.no_library" in keys
        sim.set_level("advance", True)
        assert wait_for(lambda: "advance" in hardware.monitor.snapshot().last)
    finally:
        app.close()
        sim.unplug()


def test_staff_reach_buttons_and_lights_and_guests_do_not(
    table: tuple[TableHardware, SimulatedBox], journal: Journal, clock: FakeClock,
) -> None:
    hardware, _ = table
    StaffLock(journal).set_pin("471147")
    app = KioskApp(journal, Settings(language="en"), (800, 480), **wired(hardware), clock=clock,
                   sound=SilentPlayer())
    try:
        app.perform(Navigate("diagnostics"))
        assert not isinstance(app.scene, ButtonsScene)
        app.perform(Navigate("kiosk.pin"))
        app.perform(UnlockStaff("471147"))
        assert isinstance(app.scene, StaffScene)
        app.draw()
        entry = next(w for w in app.scene.widgets
                     if isinstance(w, Button) and Navigate("diagnostics") in w.intents)
        app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=entry.rect.center, button=1))
        app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=entry.rect.center, button=1))
        assert isinstance(app.scene, ButtonsScene)
        assert app.scene.hardware is hardware
        app.perform(LockStaff())
        assert not isinstance(app.scene, (ButtonsScene, StaffScene))
    finally:
        app.close()
