"""The app loop: idle sleep, taps, keys, hardware events, refusals, saved settings."""

from __future__ import annotations

import threading
import time
from collections.abc import Collection
from pathlib import Path

import pygame
import pytest

from companion.app.root import AppOptions, build_hardware, run
from companion.app.table import KeySource
from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import (
    IDLE_WAKE,
    REMINDER_SECONDS,
    App,
    NoDisplayError,
    load_settings,
    open_display,
)
from companion.ui.dialogs import ChoiceDialog
from companion.ui.home import HomeScene
from companion.ui.intents import (
    Back,
    GoHome,
    Intent,
    JumpTo,
    Navigate,
    Redo,
    SetFullscreen,
    SetLanguage,
    SetTextScale,
    SetVolume,
    ShowDialog,
    Submit,
    Undo,
)
from companion.ui.play import GenericPlayScene
from companion.ui.scene import Context, Scene, Settings
from companion.ui.widgets import Button, ListView, Widget
from hardware.events import ButtonEvent, EventQueue, StatusEvent
from hardware.keyboard import KeyboardButtons
from tests.clock import FakeClock
from tests.wiring import wired


def _tap(app: App, pos: tuple[int, int]) -> None:
    app.draw()
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.draw()


def _key(app: App, key: int, kind: int = pygame.KEYDOWN) -> None:
    app.process(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def _press_key(app: App, key: int) -> None:
    _key(app, key, pygame.KEYDOWN)
    _key(app, key, pygame.KEYUP)


def _widget(app: App, key: str) -> Button:
    app.dirty = True
    app.draw()
    scene = app.dialog or app.scene
    found = next(w for w in scene.widgets if w.key == key)
    assert isinstance(found, Button)
    return found


def _tally(session: Session | None) -> int:
    assert session is not None
    return int(session.game.state_to_json(session.state)["total"])


def _open_tally(app: App, seats: int = 2) -> Session:
    app.perform(Navigate("home"))
    session = Session.start(app.journal, "tally", {"seats": seats, "target": 30})
    app.open_game(session)
    return session


# ------------------------------------------------------------------ idle loop
def test_loop_sleeps_and_does_not_redraw_when_nothing_changes(journal: Journal) -> None:
    app = App(journal, Settings(), (800, 480))
    app.step(0.01)
    assert app.redraws == 1
    started = time.monotonic()
    while time.monotonic() - started < 0.5:
        app.step()
    assert app.redraws == 1
    assert app.passes <= 2
    app.close()


def test_a_hardware_event_from_another_thread_wakes_the_sleeping_loop(
    journal: Journal,
) -> None:
    app = App(journal, Settings(), (800, 480))
    session = _open_tally(app)
    app.step(0.01)
    cursor = session.cursor
    timer = threading.Timer(0.1, lambda: app.events.put(ButtonEvent("advance", "press")))
    started = time.monotonic()
    timer.start()
    while app.session is not None and app.session.cursor == cursor:
        app.step()
        assert time.monotonic() - started < 2.0, "the loop slept through the event"
    assert time.monotonic() - started < IDLE_WAKE / 2
    timer.join()
    app.close()


def test_a_change_is_drawn_once(app: App) -> None:
    app.step(0.01)
    before = app.redraws
    app.perform(SetLanguage("fr"))
    app.step(0.01)
    app.step(0.01)
    assert app.redraws == before + 1


# ------------------------------------------------------------------ starting up
def test_unfinished_game_resumes_where_it_was(journal: Journal, session: Session,
                                               clock: FakeClock) -> None:
    app = App(journal, Settings(), (800, 480), clock=clock)
    assert app.session is not None
    assert app.session.game_id == session.game_id
    assert app.session.cursor == session.cursor == 2
    assert app.session.state == session.state
    assert isinstance(app.scene, GenericPlayScene)
    app.close()


def test_without_a_saved_game_the_home_screen_shows(app: App) -> None:
    assert app.session is None
    assert isinstance(app.scene, HomeScene)


def test_no_display_raises_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.quit()
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    with pytest.raises(NoDisplayError):
        open_display((800, 480), False)
    pygame.quit()


# ------------------------------------------------------------------ refusals
def test_refused_action_shows_a_toast_and_changes_nothing(app: App) -> None:
    session = _open_tally(app)
    session.submit({"type": "add", "amount": 2})
    state, cursor = session.state, session.cursor
    app.perform(Submit({"type": "add", "amount": 7}))
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == "core.error.bad_action"
    assert session.state == state and session.cursor == cursor
    assert Session.resume(app.journal, session.game_id).cursor == cursor


def test_toast_disappears_after_a_while(app: App, clock: FakeClock) -> None:
    _open_tally(app)
    app.perform(JumpTo(99))
    assert app.toast is not None and app.toast.message.key == "core.error.no_such_step"
    clock.advance(10)
    app.step(0.01)
    assert app.toast is None


# ------------------------------------------------------------------ touches
def test_tapping_a_history_entry_jumps_back(app: App) -> None:
    session = _open_tally(app)
    for amount in (1, 2, 3, 1):
        session.submit({"type": "add", "amount": amount})
    app.perform(Navigate("history"))
    app.draw()
    view = next(w for w in app.scene.widgets if isinstance(w, ListView))
    view.scroll_to(1)
    app.dirty = True
    app.draw()
    view = next(w for w in app.scene.widgets if isinstance(w, ListView))
    _tap(app, view.row_rect(1).move(0, 0).midleft)
    assert session.cursor == 4, "the row asks first"
    _tap(app, _widget(app, "choice:0").rect.center)
    assert session.cursor == 1
    assert _tally(session) == 1
    view = next(w for w in app.scene.widgets if isinstance(w, ListView))
    dims = [item.dim for item in view.items]
    assert dims == [False, False, True, True, True]
    _tap(app, view.row_rect(3).midleft)
    _tap(app, _widget(app, "choice:0").rect.center)
    assert session.cursor == 3 and _tally(session) == 6


def test_bar_buttons_undo_and_redo(app: App) -> None:
    session = _open_tally(app)
    session.submit({"type": "add", "amount": 3})
    _tap(app, _widget(app, "bar:Undo").rect.center)
    assert session.cursor == 0
    _tap(app, _widget(app, "bar:Redo").rect.center)
    assert session.cursor == 1


def test_new_game_button_starts_the_game(app: App) -> None:
    _tap(app, _widget(app, "new:tally").rect.center)
    assert app.session is not None and app.session.game.name == "tally"
    assert isinstance(app.scene, GenericPlayScene)
    assert [s.game for s in app.journal.list_games("active")] == ["tally"]


def test_delete_asks_first_then_deletes(app: App, journal: Journal) -> None:
    Session.start(journal, "tally", {"seats": 2, "target": 9})
    app.perform(GoHome())
    app.draw()
    view = next(w for w in app.scene.widgets if isinstance(w, ListView))
    delete_button = view.touch_targets()[1]
    _tap(app, delete_button.center)
    assert isinstance(app.dialog, ChoiceDialog)
    assert len(journal.list_games()) == 1
    _tap(app, _widget(app, "choice:0").rect.center)
    assert app.dialog is None
    assert journal.list_games() == []


def test_escape_closes_a_dialog_without_deleting(app: App, journal: Journal) -> None:
    Session.start(journal, "tally", {"seats": 2, "target": 9})
    app.perform(GoHome())
    app.draw()
    view = next(w for w in app.scene.widgets if isinstance(w, ListView))
    _tap(app, view.touch_targets()[1].center)
    _press_key(app, pygame.K_ESCAPE)
    assert app.dialog is None
    assert len(journal.list_games()) == 1


def test_navigation_back_and_home(app: App) -> None:
    _open_tally(app)
    app.perform(Navigate("settings"))
    assert len(app.stack) == 3
    app.perform(Back())
    assert isinstance(app.scene, GenericPlayScene)
    app.perform(GoHome())
    assert app.session is None and isinstance(app.scene, HomeScene)


def test_history_without_a_game_is_refused(app: App) -> None:
    app.perform(Navigate("history"))
    assert isinstance(app.scene, HomeScene)
    assert app.toast is not None and app.toast.message.key == "ui.error.no_game"


# ------------------------------------------------------------------ keys and buttons
def test_keyboard_map_drives_the_table_buttons(app: App) -> None:
    session = _open_tally(app)
    steps = ((pygame.K_SPACE, 1), (pygame.K_RETURN, 2), (pygame.K_1, 4), (pygame.K_2, 6),
             (pygame.K_BACKSPACE, 4), (pygame.K_u, 2))
    for key, tally in steps:
        _press_key(app, key)
        assert _tally(session) == tally, pygame.key.name(key)


def test_a_seat_that_is_not_waited_for_is_refused(app: App) -> None:
    session = _open_tally(app)
    _press_key(app, pygame.K_2)
    assert _tally(session) == 0
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == "hardware.button.seat_idle"


def test_holding_a_key_gives_a_long_press(app: App, clock: FakeClock) -> None:
    session = _open_tally(app, seats=1)
    _key(app, pygame.K_1)
    assert _tally(session) == 2
    clock.advance(0.3)
    app.step(0.01)
    assert _tally(session) == 2
    clock.advance(1.0)
    app.step(0.01)
    assert _tally(session) == 5
    _key(app, pygame.K_1, pygame.KEYUP)
    clock.advance(2.0)
    app.step(0.01)
    assert _tally(session) == 5


def test_unmapped_keys_go_to_the_screen(app: App) -> None:
    _open_tally(app)
    app.perform(Navigate("settings"))
    _press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, GenericPlayScene)


def test_hardware_events_are_drained_every_pass(app: App) -> None:
    session = _open_tally(app)
    app.events.put(ButtonEvent("advance", "press", source="gpio"))
    app.events.put(ButtonEvent("advance", "release", source="gpio"))
    app.events.put(ButtonEvent("advance", "press", source="gpio"))
    app.step(0.01)
    assert _tally(session) == 2
    app.events.put(StatusEvent("serial", "hardware.serial.lost", {"port": "/dev/ttyUSB0"}))
    app.step(0.01)
    assert app.toast is not None and app.toast.message.key == "hardware.serial.lost"


# ------------------------------------------------------------------ settings
def test_settings_are_applied_and_remembered(app: App, journal: Journal) -> None:
    app.perform(SetLanguage("pl"))
    app.perform(SetTextScale(1.4))
    assert app.context().lang == "pl"
    assert app.context().theme.text_scale == 1.4
    saved = load_settings(journal)
    assert saved.language == "pl" and saved.text_scale == 1.4


def test_fullscreen_switch_reopens_the_window(app: App, journal: Journal) -> None:
    app.perform(SetFullscreen(True))
    assert app.settings.fullscreen and load_settings(journal).fullscreen
    assert not pygame.mouse.get_visible()
    app.perform(SetFullscreen(False))
    assert app.size == (800, 480)
    assert not load_settings(journal).fullscreen
    assert pygame.mouse.get_visible()


def test_window_title_follows_the_language(app: App) -> None:
    app.perform(SetLanguage("pl"))
    app.draw()
    title = pygame.display.get_caption()[0]
    assert title == translate("ui.app.title", "pl") != translate("ui.app.title", "en")


def test_resize_redraws_at_the_new_size(app: App) -> None:
    app.step(0.01)
    pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    app.process(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=800))
    assert app.dirty
    app.draw()
    assert app.context().size == (1280, 800)


# ------------------------------------------------------------------ run()
class RecordingInputs:
    """Hardware stand-in: a real queue and key tracker, lights that remember commands."""

    def __init__(self) -> None:
        self.events = EventQueue()
        self.keyboard: KeyboardButtons | None = KeyboardButtons()
        self.lights = self
        self.lit: list[frozenset[int]] = []
        self.blinked: list[int | None] = []
        self.stopped = False

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        self.lit.append(frozenset(seats_waiting))

    def blink(self, seat: int | None) -> None:
        self.blinked.append(seat)

    def stop(self) -> None:
        self.stopped = True


def test_run_resumes_applies_buttons_and_drives_lights(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite"
    journal = Journal(database)
    game_id = Session.start(journal, "tally", {"seats": 2, "target": 30}).game_id
    journal.close()
    inputs = RecordingInputs()
    inputs.events.put(ButtonEvent("advance", "press"))
    inputs.events.put(ButtonEvent("seat1", "press"))

    def quit_once_pointed() -> None:
        # Drive the end by what happened, not by a timer a busy machine could beat.
        deadline = time.monotonic() + 60
        while not inputs.blinked and time.monotonic() < deadline:
            time.sleep(0.01)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    quitter = threading.Thread(target=quit_once_pointed)
    quitter.start()
    run(AppOptions(language="es", database=database, hardware=inputs))
    quitter.join()
    reopened = Journal(database)
    session = Session.resume(reopened, game_id)
    assert _tally(session) == 1
    assert inputs.stopped
    assert inputs.lit == [frozenset({0}), frozenset({1})]
    assert inputs.blinked == [0]
    assert load_settings(reopened).language == "en"
    reopened.close()


def test_a_refused_undo_press_blinks_the_status_light(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "games.sqlite")
    inputs = RecordingInputs()
    app = App(journal, Settings(), (800, 480), **wired(inputs))
    _open_tally(app)
    inputs.events.put(ButtonEvent("undo", "press"))
    inputs.events.put(ButtonEvent("undo", "release"))
    app.step(0.01)
    assert inputs.blinked == [None]
    assert app.toast is not None and app.toast.error
    app.close()


class RecordingSound:
    """A sound device that remembers what it was asked to play."""

    available = True
    volume = 1.0
    muted = False

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True

    def set_volume(self, volume: float) -> None:
        """Volume is not recorded."""

    def set_muted(self, muted: bool) -> None:
        """Muting is not recorded."""


def test_a_waiting_table_hears_the_reminder_tick_after_a_quiet_minute(journal: Journal) -> None:
    clock = FakeClock()
    sound = RecordingSound()
    app = App(journal, Settings(), (800, 480), clock=clock, sound=sound)
    _open_tally(app)
    app.step(0.01)
    clock.advance(REMINDER_SECONDS - 1)
    app.step(0.01)
    assert "reminder_tick" not in sound.played
    assert app.next_timeout() <= 1.0 + 1e-6
    clock.advance(1)
    app.step(0.01)
    assert sound.played.count("reminder_tick") == 1
    app.press_table_button("advance", "press")
    clock.advance(REMINDER_SECONDS - 1)
    app.step(0.01)
    assert sound.played.count("reminder_tick") == 1
    app.close()


def test_back_from_the_play_screen_closes_the_game(app: App) -> None:
    session = _open_tally(app)
    app.perform(Back())
    assert app.session is None and isinstance(app.scene, HomeScene)
    app.perform(Back())
    assert isinstance(app.scene, HomeScene)
    assert Session.resume(app.journal, session.game_id).cursor == 0


def test_window_never_shrinks_below_the_smallest_layout(app: App) -> None:
    pygame.display.set_mode((640, 400), pygame.RESIZABLE)
    app.process(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=640, y=400))
    assert app.size == (800, 480)


def test_on_screen_seat_button_tap_and_long_touch(app: App, clock: FakeClock) -> None:
    session = _open_tally(app, seats=1)
    seat = _widget(app, "play:seat0").rect.center
    _tap(app, seat)
    assert _tally(session) == 2
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=seat, button=1))
    clock.advance(1.5)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=seat, button=1))
    assert _tally(session) == 5


def test_dragging_off_a_button_does_not_press_it(app: App) -> None:
    session = _open_tally(app)
    advance = _widget(app, "play:advance").rect
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=advance.center, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 470), button=1))
    assert _tally(session) == 0
    _tap(app, advance.center)
    assert _tally(session) == 1


def test_a_key_let_go_during_a_dialog_is_released(app: App, clock: FakeClock,
                                                   journal: Journal) -> None:
    session = _open_tally(app, seats=1)
    _key(app, pygame.K_1)
    assert _tally(session) == 2
    app.perform(ShowDialog(ChoiceDialog("?", [])))
    _key(app, pygame.K_1, pygame.KEYUP)
    clock.advance(3.0)
    app.step(0.01)
    assert _tally(session) == 2
    keys = [source for source in app.sources if isinstance(source, KeySource)]
    assert [source.keyboard.pressed for source in keys] == [frozenset()]


def test_run_without_a_display_raises_no_display_error(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    pygame.quit()
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    with pytest.raises(NoDisplayError):
        run(AppOptions(database=tmp_path / "games.sqlite", hardware=RecordingInputs()))
    pygame.quit()


class RecordingPlayer:
    """Sound stand-in that remembers what it was asked to play."""

    def __init__(self) -> None:
        self.available = True
        self.volume = 0.8
        self.muted = False
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        """Remember the sound."""
        self.played.append(name)
        return True

    def set_volume(self, volume: float) -> None:
        """Remember the loudness."""
        self.volume = volume

    def set_muted(self, muted: bool) -> None:
        """Remember the mute switch."""
        self.muted = muted


def test_accepted_steps_play_their_cues_and_undo_is_silent(journal: Journal,
                                                          clock: FakeClock) -> None:
    player = RecordingPlayer()
    app = App(journal, Settings(), (800, 480), clock=clock, sound=player)
    session = Session.start(journal, "tally", {"seats": 1, "target": 5})
    app.open_game(session)
    app.perform(Submit({"type": "add", "amount": 2}))
    assert player.played == []
    app.events.put(ButtonEvent("seat1", "press"))
    app.step(0.01)
    assert session.finished is False and player.played == []
    app.perform(Submit({"type": "add", "amount": 1}))
    assert session.finished and player.played == ["win"]
    app.perform(Undo())
    app.perform(Redo())
    assert player.played == ["win"]
    app.close()


def test_sound_level_is_applied_and_remembered(journal: Journal, clock: FakeClock) -> None:
    player = RecordingPlayer()
    app = App(journal, Settings(), (800, 480), clock=clock, sound=player)
    assert app.context().sound_available
    app.perform(SetVolume(0.0))
    assert player.muted and player.volume == 0.0
    app.perform(SetVolume(0.4))
    assert not player.muted and player.volume == 0.4
    assert load_settings(journal).volume == 0.4
    app.close()


def test_broken_saved_settings_fall_back_to_defaults(journal: Journal) -> None:
    journal.set_setting("ui.settings", {"language": "xx", "text_scale": "huge", "volume": 7})
    assert load_settings(journal) == Settings()


class BrokenScene(Scene):
    """A screen with a bug: it fails to draw or to handle a tap."""

    needs_session = True

    def __init__(self, fail_on: str) -> None:
        super().__init__()
        self.fail_on = fail_on

    def build(self, ctx: Context) -> list[Widget]:
        """Fails when asked to."""
        if self.fail_on == "draw":
            raise KeyError("missing piece")
        return []

    def handle(self, event: pygame.event.Event, ctx: Context) -> list[Intent]:
        """Fails when asked to."""
        raise ZeroDivisionError("bad maths")


@pytest.mark.parametrize("fail_on", ["draw", "handle"])
def test_a_failing_game_screen_falls_back_to_the_generic_one(
    app: App, fail_on: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _open_tally(app)
    app.stack[-1] = BrokenScene(fail_on)
    app.dirty = True
    app.draw()
    _tap(app, (400, 300))
    assert isinstance(app.scene, GenericPlayScene)
    assert app.toast is not None and app.toast.message.key == "ui.error.screen_failed"
    assert app.session is session


def test_a_bug_in_the_rules_leaves_the_game_unchanged(app: App,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    session = _open_tally(app)

    def broken_apply(state: object, action: object) -> object:
        raise KeyError("rules bug")

    monkeypatch.setattr(session.game, "apply", broken_apply)
    app.perform(Submit({"type": "add", "amount": 1}))
    assert session.cursor == 0
    assert app.toast is not None and app.toast.message.key == "ui.error.internal"


def test_inputs_option_chooses_the_sources() -> None:
    hardware = build_hardware(AppOptions(inputs="keyboard", events=EventQueue()))
    try:
        assert hardware.keyboard is not None
        live = hardware.live_sources()  # type: ignore[attr-defined]
        assert live == {"gpio": False, "serial": False, "keyboard": True}
    finally:
        hardware.stop()
    silent = build_hardware(AppOptions(inputs="", events=EventQueue()))
    assert silent.keyboard is None
    silent.stop()
