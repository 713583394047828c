""""Call staff" on the table: a tap on the shared screen, or a configured GPIO button.

The real app, wired by the composition root, draws the button in the bar's free space;
the call travels through a real broker to the collector, and the button reads "Staff
called" until staff answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero import Device  # type: ignore[import-untyped]
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.app.root import AppOptions, attach_table
from companion.core.journal import Journal
from companion.core.record import load_record, session_from_record
from companion.fleet.store import FleetStore
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Settings
from tests.fleet.conftest import Fleet, needs_mosquitto
from tests.fleet.test_last_will import table_config
from tests.ui.taps import tap
from tests.waiting import wait_for

pytestmark = needs_mosquitto
ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "caverna" / "two-players.json"
CALL_PIN = 21


@pytest.fixture
def pins() -> Iterator[MockFactory]:
    before = Device.pin_factory
    made = MockFactory()
    Device.pin_factory = made
    yield made
    made.reset()
    Device.pin_factory = before


def open_calls(store: FleetStore) -> int:
    return sum(1 for table in store.tables() if table["call"])


def test_a_tap_and_the_button_call_staff_until_answered(
        fleet: Fleet, store: FleetStore, tmp_path: Path, pins: MockFactory) -> None:
    config = table_config(fleet, "t1")
    with config.open("a", encoding="utf-8") as extra:
        extra.write(f"call_pin = {CALL_PIN}\n")
    collector = fleet.collector(store)
    journal = Journal(tmp_path / "table.sqlite3")
    app = App(journal, Settings(language="fr"), (800, 480))
    session = session_from_record(journal, load_record(RECORD), steps=10)
    app.open_game(session)
    try:
        attach_table(app, AppOptions(config=config, inputs=""))  # no table buttons
        app.draw()
        button = app.call_button
        assert button is not None and button.rect is not None
        assert button.rect.height >= 48
        controls = [w.rect for w in app.scene.widgets if w.interactive]
        assert button.rect.collidelist(controls) == -1  # covers no control
        assert wait_for(lambda: any(t["name"] == "t1" for t in store.tables()), timeout=10)
        tap(app, button.rect.center)
        assert wait_for(lambda: open_calls(store) == 1, timeout=10)
        assert button.staff_call.calling
        call = store.tables()[0]["call"]["id"]
        assert collector.answer_call(call)
        assert wait_for(lambda: not button.staff_call.calling, timeout=10)
        assert app.dirty  # the reporter asked for a redraw: the label changes back
        pins.pin(CALL_PIN).drive_low()  # the wired button, pressed
        assert wait_for(lambda: open_calls(store) == 1, timeout=10)
        pins.pin(CALL_PIN).drive_high()
        app.close()  # the output stops: the call pin is let go, the table says offline
        assert wait_for(lambda: store.tables()[0]["status"] == "offline", timeout=10)
    finally:
        collector.stop()
        clear_cache()
        pygame.quit()
        journal.close()
