"""Staff set ``[fleet]`` from the kiosk staff menu; the next start reports with it.

Through the real screens: the PIN pad, the staff menu, the fleet settings screen and its
on-screen keyboard; then a fresh app on the same journal, wired by the composition
root, reports to a real Mosquitto with what staff saved (the file has no ``[fleet]``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.app.root import AppOptions, attach_table
from companion.core.journal import Journal
from companion.core.staff import StaffLock
from companion.fleet.saved import fleet_config, save_fleet, saved_fleet
from companion.fleet.store import FleetStore
from companion.ui.fonts import clear_cache
from companion.ui.intents import Navigate
from companion.ui.kiosk.app import KioskApp
from companion.ui.kiosk.fleet_settings import KEY_ROWS, FleetSettingsScene, TypingDialog
from companion.ui.kiosk.intents import UnlockStaff
from companion.ui.scene import Settings
from companion.ui.widgets import Button, Widget
from tests.fleet.conftest import TABLES, Fleet, needs_mosquitto
from tests.waiting import wait_for

PIN = "471108"


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    kept = Journal(tmp_path / "table.sqlite3")
    StaffLock(kept).set_pin(PIN)
    yield kept
    kept.close()


@pytest.fixture
def kiosk(journal: Journal) -> Iterator[KioskApp]:
    app = KioskApp(journal, Settings(language="pl"), (800, 480))
    yield app
    clear_cache()
    pygame.quit()


def tap(app: KioskApp, widget: Widget) -> None:
    """A finger on the widget's centre, lifted there, then a frame."""
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=widget.rect.center, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=widget.rect.center, button=1))
    app.draw()


def shown(app: KioskApp, key: str) -> Widget:
    """The widget with ``key`` on the dialog or the screen, as drawn last."""
    app.draw()
    scenes = [app.dialog, app.scene] if app.dialog is not None else [app.scene]
    for scene in scenes:
        for widget in scene.widgets:
            if widget.key == key:
                return widget
    raise AssertionError(f"no widget {key!r} on the screen")


def type_on_keys(app: KioskApp, field: str, text: str) -> None:
    """Open a field's keyboard, clear it, tap each character's key, then OK."""
    tap(app, shown(app, f"fleet:{field}"))
    assert isinstance(app.dialog, TypingDialog)
    while app.dialog.text:
        tap(app, shown(app, "type:delete"))
    for char in text:
        row = next(n for n, letters in enumerate(KEY_ROWS) if char in letters)
        tap(app, shown(app, f"type:{row}:{KEY_ROWS[row].index(char)}"))
    tap(app, shown(app, "type:ok"))
    assert app.dialog is None


def open_fleet_settings(app: KioskApp) -> None:
    """PIN, staff menu, then the café fleet button in its top bar."""
    app.perform(Navigate("kiosk.pin"))
    app.perform(UnlockStaff(PIN))
    app.draw()
    button = next(w for w in app.scene.widgets
                  if isinstance(w, Button) and getattr(w.text, "key", "") == "fleet.staff.row")
    assert button.rect.height >= 48
    tap(app, button)
    assert isinstance(app.scene, FleetSettingsScene)


def test_every_control_is_a_finger_wide_and_on_the_screen(kiosk: KioskApp) -> None:
    open_fleet_settings(kiosk)
    screen = pygame.Rect(0, 0, 800, 480)
    controls = [w.rect for w in kiosk.scene.widgets if w.interactive]
    assert len(controls) >= 10  # 8 fields, Save, Back
    for rect in controls:
        assert rect.height >= 48 and rect.width >= 48 and screen.contains(rect)
    tap(kiosk, shown(kiosk, "fleet:host"))
    assert kiosk.dialog is not None
    keys = [w.rect for w in kiosk.dialog.widgets if w.interactive]
    assert all(rect.height >= 48 and screen.contains(rect) for rect in keys)


def test_a_mistake_is_said_and_nothing_is_saved(kiosk: KioskApp, journal: Journal) -> None:
    open_fleet_settings(kiosk)
    tap(kiosk, shown(kiosk, "fleet:enabled"))
    tap(kiosk, shown(kiosk, "fleet:table"))  # a name with a space, typed on a keyboard
    kiosk.process(pygame.event.Event(pygame.TEXTINPUT, text="t 1"))
    tap(kiosk, shown(kiosk, "type:ok"))
    tap(kiosk, shown(kiosk, "fleet:save"))
    assert kiosk.toast is not None and kiosk.toast.error
    assert kiosk.toast.message.key == "fleet.staff.bad_name"
    assert saved_fleet(journal) == {}
    type_on_keys(kiosk, "port", "0")
    type_on_keys(kiosk, "table", "t1")
    tap(kiosk, shown(kiosk, "fleet:save"))
    assert kiosk.toast is not None and kiosk.toast.message.key == "fleet.staff.bad_port"
    assert saved_fleet(journal) == {}


@needs_mosquitto
def test_saved_settings_make_the_next_start_report(
        kiosk: KioskApp, journal: Journal, fleet: Fleet, store: FleetStore,
        tmp_path: Path) -> None:
    open_fleet_settings(kiosk)
    tap(kiosk, shown(kiosk, "fleet:enabled"))
    type_on_keys(kiosk, "host", "127.0.0.1")
    type_on_keys(kiosk, "port", str(fleet.port))
    type_on_keys(kiosk, "table", "t1")
    type_on_keys(kiosk, "password", TABLES["t1"])
    tap(kiosk, shown(kiosk, "fleet:save"))
    assert kiosk.toast is not None and not kiosk.toast.error
    assert kiosk.toast.message.key == "fleet.staff.saved"
    assert "•" * len(TABLES["t1"]) == shown(kiosk, "fleet:password").text  # never in clear
    assert saved_fleet(journal)["port"] == fleet.port
    clear_cache()
    pygame.quit()

    collector = fleet.collector(store)
    config = tmp_path / "buttons.toml"  # the file knows nothing of the fleet
    config.write_text("[inputs]\nkeyboard = true\n", encoding="utf-8")
    app = KioskApp(journal, Settings(language="pl"), (800, 480))
    try:
        attach_table(app, AppOptions(config=config, inputs=""))
        assert app.call_button is not None  # reporting is on: the table can call staff
        assert wait_for(lambda: [(t["name"], t["status"]) for t in store.tables()]
                        == [("t1", "online")], timeout=10)
        app.close()
        assert wait_for(lambda: store.tables()[0]["status"] == "offline", timeout=10)
    finally:
        collector.stop()
        clear_cache()
        pygame.quit()


def test_a_saved_value_wins_over_the_file_and_the_rest_stays(
        journal: Journal, tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[fleet]\nenabled = true\ntable = "t1"\nport = 1883\ncall_key = "f1"\n',
                    encoding="utf-8")
    save_fleet(journal, {"port": 8883, "tls": True})
    config = fleet_config(path, journal)
    assert (config.enabled, config.table, config.port, config.tls, config.call_key) == (
        True, "t1", 8883, True, "f1")
    save_fleet(journal, {"table": "t 1"})  # a mistake saved by other means: reporting off
    assert not fleet_config(path, journal).enabled
    with pytest.raises(ValueError):
        save_fleet(journal, {"call_pin": 4})  # not a staff setting
