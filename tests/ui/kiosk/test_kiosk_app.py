"""The app in kiosk mode: no way out without the PIN, idle loop, resume, new group."""

from __future__ import annotations

import csv
from collections.abc import Collection, Iterator
from pathlib import Path

import pygame
import pytest

from companion.app.root import AppOptions, build_kiosk_app
from companion.core.journal import Journal
from companion.core.kiosk import Phase
from companion.core.session import Session
from companion.core.staff import TRIES_PER_ROUND, StaffLock
from companion.core.stats import plays_from_csv
from companion.ui.fonts import clear_cache
from companion.ui.intents import GoHome, Navigate, Quit, SetFullscreen, StartGame, Submit
from companion.ui.kiosk.app import KioskApp
from companion.ui.kiosk.end import EndScene
from companion.ui.kiosk.intents import (
    ChangeKioskSetting,
    ContinueGame,
    ExitKiosk,
    ExportStatistics,
    LockStaff,
    NewGroup,
    PadKey,
    StartOver,
    UnlockStaff,
)
from companion.ui.kiosk.pin import PinScene
from companion.ui.kiosk.staff_menu import StaffScene
from companion.ui.kiosk.start import AttractScene, ResumeScene, StartScene
from companion.ui.scene import Settings
from companion.ui.sounds import SilentPlayer
from hardware.events import ButtonEvent, EventQueue
from hardware.keyboard import KeyboardButtons
from tests.clock import FakeClock
from tests.wiring import wired

PIN = "471147"
TALLY = {"seats": 2, "target": 6}


def make_app(journal: Journal, clock: FakeClock) -> KioskApp:
    return KioskApp(journal, Settings(language="en"), (800, 480), clock=clock,
                    sound=SilentPlayer())


@pytest.fixture
def kiosk_journal(journal: Journal) -> Journal:
    StaffLock(journal).set_pin(PIN)
    return journal


@pytest.fixture
def app(kiosk_journal: Journal, clock: FakeClock) -> Iterator[KioskApp]:
    running = make_app(kiosk_journal, clock)
    yield running
    clear_cache()
    pygame.quit()


def tap(app: KioskApp, pos: tuple[int, int]) -> None:
    app.draw()
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.draw()


def tap_widget(app: KioskApp, key: str) -> None:
    app.draw()
    widget = next(w for w in app.scene.widgets if w.key == key)
    tap(app, widget.rect.center)


def _redraw_due(app: KioskApp) -> bool:
    """Draw, let a tick pass and say whether the app wants drawing again."""
    app.draw()
    app.tick()
    return app.dirty


def open_staff(app: KioskApp) -> None:
    app.perform(Navigate("kiosk.pin"))
    app.perform(UnlockStaff(PIN))
    assert isinstance(app.scene, StaffScene)


# ------------------------------------------------------------------ no way out
def test_starts_on_the_start_screen_without_a_pointer(app: KioskApp) -> None:
    assert isinstance(app.scene, StartScene)
    assert not pygame.mouse.get_visible()


def test_closing_the_window_is_ignored(app: KioskApp) -> None:
    app.process(pygame.event.Event(pygame.QUIT))
    app.perform(Quit())
    assert app.running
    assert app.toast is not None and app.toast.message.key == "kiosk.error.exit_needs_pin"


def test_wrong_pin_keeps_the_app_locked(app: KioskApp) -> None:
    app.perform(Navigate("kiosk.pin"))
    app.perform(UnlockStaff("0000"))
    assert isinstance(app.scene, PinScene)
    assert app.toast is not None and app.toast.message.key == "kiosk.staff.wrong_pin"
    app.perform(ExitKiosk())
    assert app.running


def test_the_pin_pad_opens_the_staff_menu_and_exit_works(app: KioskApp) -> None:
    tap_widget(app, "start:staff")
    assert isinstance(app.scene, PinScene)
    for digit in PIN:
        tap_widget(app, f"pin:{digit}")
    tap_widget(app, "pin:ok")
    assert isinstance(app.scene, StaffScene)
    app.perform(ExitKiosk())
    assert not app.running


def test_lock_out_after_repeated_wrong_pins(app: KioskApp) -> None:
    app.perform(Navigate("kiosk.pin"))
    for _ in range(TRIES_PER_ROUND):
        app.perform(UnlockStaff("1234"))
    app.perform(UnlockStaff(PIN))
    assert isinstance(app.scene, PinScene)
    assert app.toast is not None and app.toast.message.key == "kiosk.staff.locked"


def test_guests_cannot_reach_staff_screens_or_full_screen(app: KioskApp) -> None:
    for intent in (Navigate("kiosk.staff"), Navigate("kiosk.stats"), Navigate("settings"),
                   SetFullscreen(False)):
        app.perform(intent)
        assert isinstance(app.scene, StartScene)
        assert app.toast is not None and app.toast.message.key == "kiosk.error.staff_only"


def test_closing_the_staff_menu_locks_it_again(app: KioskApp) -> None:
    open_staff(app)
    app.perform(LockStaff())
    assert isinstance(app.scene, StartScene)
    app.perform(Quit())
    assert app.running


def test_the_pad_never_lets_the_screen_choose_the_first_pin(journal: Journal,
                                                              clock: FakeClock) -> None:
    """Whoever stands at a kiosk without a PIN may be a guest: staff set it at install."""
    app = make_app(journal, clock)
    app.perform(Navigate("kiosk.pin"))
    pad = app.scene
    assert isinstance(pad, PinScene)
    for entry in ("258025", "258025"):
        for key in (*entry, "ok"):
            app.perform_all(pad.press(key, app.context()))
    assert not isinstance(app.scene, StaffScene) and not app.kiosk.staff_open
    assert StaffLock(journal).pin_state() == "none"
    app.close()


# ------------------------------------------------------------------ idle and attract
def test_idle_start_screen_shows_the_attract_loop_until_touched(
    app: KioskApp, clock: FakeClock
) -> None:
    clock.advance(app.kiosk.settings.idle_seconds)
    app.tick()
    assert isinstance(app.scene, AttractScene)
    tap(app, (400, 240))
    assert isinstance(app.scene, StartScene)
    assert app.kiosk.state.phase == Phase.START


def test_the_waking_touch_does_not_press_anything(app: KioskApp, clock: FakeClock) -> None:
    clock.advance(app.kiosk.settings.idle_seconds)
    app.tick()
    app.draw()
    start = StartScene()
    start.draw(app.surface, app.context())
    card = next(w for w in start.widgets if w.key.startswith("start:game:"))
    tap(app, card.rect.center)
    assert app.session is None
    assert isinstance(app.scene, StartScene)


def test_attract_redraws_only_when_the_slide_changes(app: KioskApp, clock: FakeClock) -> None:
    clock.advance(app.kiosk.settings.idle_seconds)
    app.tick()
    assert not _redraw_due(app)
    clock.advance(7)
    app.tick()
    assert app.dirty


def test_a_long_forgotten_game_is_offered_back(app: KioskApp, clock: FakeClock) -> None:
    app.perform(StartGame("tally", TALLY))
    app.perform(Submit({"type": "add", "amount": 2}))
    clock.advance(app.kiosk.settings.game_idle_seconds)
    app.tick()
    assert isinstance(app.scene, AttractScene)
    tap(app, (10, 10))
    assert isinstance(app.scene, ResumeScene)
    app.perform(ContinueGame())
    assert app.session is not None and app.session.state.total == 2


# ------------------------------------------------------------------ crash and new group
def test_crash_mid_game_resumes_on_restart(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "journal.sqlite3"
    first = make_app(Journal(path), clock)
    first.perform(StartGame("tally", TALLY))
    for amount in (1, 2):
        first.perform(Submit({"type": "add", "amount": amount}))
    state = first.session.state if first.session else None
    clear_cache()
    pygame.quit()  # the process dies here; nothing else is closed

    second = make_app(Journal(path), clock)
    assert isinstance(second.scene, ResumeScene)
    second.perform(ContinueGame())
    assert second.session is not None and second.session.state == state
    second.close()


def test_start_over_after_a_crash_archives_the_game(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "journal.sqlite3"
    Session.start(Journal(path), "tally", TALLY).submit({"type": "add", "amount": 1})
    app = make_app(Journal(path), clock)
    app.perform(StartOver())
    assert isinstance(app.scene, StartScene)
    assert [g.status for g in Journal(path).list_games()] == ["archived"]
    app.close()


def test_game_end_shows_the_end_screen_then_new_group_starts_clean(
    app: KioskApp, kiosk_journal: Journal
) -> None:
    open_staff(app)
    app.perform(ChangeKioskSetting("default_language", "pl"))
    app.perform(LockStaff())
    app.perform(StartGame("tally", TALLY))
    game_id = app.session.game_id if app.session else 0
    app.perform(Submit({"type": "add", "amount": 3}))
    app.perform(Submit({"type": "add", "amount": 3}))
    assert isinstance(app.scene, EndScene)
    app.perform(NewGroup())
    assert isinstance(app.scene, StartScene)
    assert app.session is None
    assert kiosk_journal.summary(game_id).status == "archived"
    assert app.settings.language == "pl"


# ------------------------------------------------------------------ staff settings
def test_volume_and_mute_reach_the_sound_player(app: KioskApp) -> None:
    open_staff(app)
    app.perform(ChangeKioskSetting("volume", 0.3))
    app.perform(ChangeKioskSetting("muted", True))
    assert app.sound is not None
    assert (app.sound.volume, app.sound.muted) == (0.3, True)


def test_statistics_export_writes_a_csv_of_the_plays(
    app: KioskApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app.perform(StartGame("tally", TALLY))
    app.perform(Submit({"type": "add", "amount": 3}))
    app.perform(Submit({"type": "add", "amount": 3}))
    app.perform(NewGroup())
    open_staff(app)
    app.perform(ExportStatistics("csv"))
    written = list((tmp_path / "exports").glob("plays-*.csv"))
    assert len(written) == 1
    plays = plays_from_csv(written[0].read_text(encoding="utf-8"))
    assert [(p.game, p.finished, p.status) for p in plays] == [("tally", True, "archived")]
    assert next(csv.reader(written[0].open()))[0] == "game_id"


def test_pad_keys_stay_inside_the_pad(app: KioskApp) -> None:
    app.perform(Navigate("kiosk.pin"))
    pad = app.scene
    assert isinstance(pad, PinScene)
    app.perform(PadKey("1"))
    assert pad.digits == ""
    assert pad.press("1", app.context()) and pad.digits == "1"


# ------------------------------------------------------------------ start-up and loop
class TableLightsLog:
    """Seat lights that only remember what they were told."""

    def __init__(self) -> None:
        self.waiting: list[frozenset[int]] = []

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        self.waiting.append(frozenset(seats_waiting))

    def blink(self, seat: int | None) -> None:
        """Nothing to blink."""


class QuietTable:
    """Table hardware with an event queue and no keyboard."""

    def __init__(self) -> None:
        self.events = EventQueue()
        self.keyboard: KeyboardButtons | None = None
        self.lights = TableLightsLog()
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


def test_build_kiosk_app_starts_on_the_journal_given(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    Session.start(journal, "tally", TALLY).submit({"type": "add", "amount": 1})
    table = QuietTable()
    app = build_kiosk_app(AppOptions(database=tmp_path / "j.sqlite3", hardware=table), journal)
    assert isinstance(app, KioskApp)
    assert isinstance(app.scene, ResumeScene)
    app.close()
    assert table.stopped


def test_the_loop_turns_idle_into_attract_and_a_button_wakes_it(
    kiosk_journal: Journal, clock: FakeClock
) -> None:
    table = QuietTable()
    app = KioskApp(kiosk_journal, Settings(language="en"), (800, 480), **wired(table), clock=clock,
                   sound=SilentPlayer())
    clock.advance(app.kiosk.settings.idle_seconds)
    app.step(max_wait=0.001)
    assert isinstance(app.scene, AttractScene)
    assert app.next_timeout() <= 6.0
    table.events.put(ButtonEvent("advance", "press", clock(), "gpio"))
    app.step(max_wait=0.001)
    assert isinstance(app.scene, StartScene)
    app.close()


def test_home_keeps_the_game_open_and_back_returns_to_it(app: KioskApp) -> None:
    app.perform(StartGame("tally", TALLY))
    play = app.scene
    app.perform(GoHome())
    assert isinstance(app.scene, StartScene)
    assert app.session is not None
    tap_widget(app, "start:back")
    assert type(app.scene) is type(play)
    app.perform(Navigate("home"))
    assert isinstance(app.scene, StartScene)


def test_the_pad_counts_the_lock_out_down(app: KioskApp, kiosk_journal: Journal) -> None:
    wall = FakeClock()
    app.kiosk.lock = StaffLock(kiosk_journal, wall)
    app.perform(Navigate("kiosk.pin"))
    for _ in range(TRIES_PER_ROUND):
        app.perform(UnlockStaff("1111"))
    assert _redraw_due(app)
    assert not _redraw_due(app)
    wall.advance(1)
    app.tick()
    assert app.dirty
