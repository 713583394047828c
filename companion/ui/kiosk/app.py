"""The app in kiosk mode: no way out for guests, a staff menu, idle loop, sounds.

:class:`KioskApp` is the ordinary :class:`~companion.ui.app.App` with the café's
rules on top, all decided by :class:`~companion.core.kiosk.Kiosk`:

* it starts on the kiosk start screen, or on the *continue / start over* question
  when a game was left open (a crash, a power cut);
* closing the window, Escape at the start screen and the framework's full-screen
  switch do nothing; the app closes only from the staff menu;
* without a touch for the configured time it shows the attract loop, and the next
  touch brings back what was there (the touch itself is not passed on);
* a finished game shows the end screen with its QR code and *New group*;
* accepted steps play their sounds at the café's volume.
"""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal, UnreplayableGameError
from companion.core.kiosk import SLIDE_SECONDS, Kiosk, KioskSettings, Phase, on_new_group
from companion.core.messages import IllegalActionError, Msg
from companion.core.session import Session
from companion.core.stats import PlaysJob, write_plays
from companion.ui import screens
from companion.ui.app import App
from companion.ui.diagnostics import DiagnosticsScene as ButtonsScene
from companion.ui.intents import (
    ArchiveGame,
    Back,
    DeleteGame,
    GoHome,
    Intent,
    Navigate,
    Quit,
    ResumeGame,
    SetFullscreen,
    SetLanguage,
    SetTextScale,
    SetVolume,
    StartGame,
)
from companion.ui.kiosk.end import EndScene
from companion.ui.kiosk.intents import (
    BringBack,
    ChangeKioskSetting,
    ChangePin,
    ChooseFirstPin,
    ContinueGame,
    ExitKiosk,
    ExportStatistics,
    KioskIntent,
    LockStaff,
    NewGroup,
    ResetTable,
    StartNewGame,
    StartOver,
    TestSound,
    UnlockStaff,
)
from companion.ui.kiosk.pin import PinScene
from companion.ui.kiosk.put_away import PutAwayScene, ask_before_leaving
from companion.ui.kiosk.staff_menu import LARGE_TEXT_SCALE, DiagnosticsScene, StaffScene
from companion.ui.kiosk.stats_screen import StatsScene, track_export
from companion.ui.scene import Settings
from companion.ui.sounds import SoundPlayer, open_player
from companion.ui.sources import InputSource, Output

_log = logging.getLogger(__name__)

START = "kiosk.start"
"""The kiosk's home screen."""
WAKING_EVENTS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN})
"""Events that count as someone at the table."""
STAFF_SCREENS = frozenset({"kiosk.staff", "kiosk.stats", "kiosk.diagnostics", "kiosk.put_away",
                           "kiosk.pin_change", "settings", "diagnostics"})
"""Screens only staff may open."""
STAFF_SCENES = (StaffScene, StatsScene, DiagnosticsScene, PinScene, ButtonsScene,
                PutAwayScene)
"""Scenes that belong to the staff menu (closed together when it locks)."""
PROGRESS_REDRAW = 0.05
"""Seconds between redraws of a progress bar while background work runs."""


def exports_folder(journal: Journal) -> Path:
    """Where statistics exports are written: ``exports/`` beside the journal file."""
    if journal.path == ":memory:":
        return Path.cwd() / "exports"
    return Path(journal.path).resolve().parent / "exports"


def restore_window() -> None:
    """Bring the app's window back (and to the front) after a minimise."""
    with warnings.catch_warnings():  # the display module's window, as the app draws it
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.restore()
    window.focus()


class KioskApp(App):
    """The app with the kiosk's rules; see the module documentation."""

    def __init__(
        self,
        journal: Journal,
        settings: Settings,
        size: tuple[int, int] = (800, 480),
        sources: Sequence[InputSource] = (),
        clock: Callable[[], float] = time.monotonic,
        sound: SoundPlayer | None = None,
        outputs: Sequence[Output] = (),
    ) -> None:
        self.kiosk = Kiosk(journal, clock)
        """The kiosk's phases and the staff lock."""
        self._slide = -1
        self._pin_wait = 0
        self._showing_progress = False
        self._export_job: PlaysJob | None = None
        self._was_working = False
        stored = self.kiosk.settings
        player = sound or open_player(stored.volume, stored.muted)
        player.set_volume(stored.volume)
        player.set_muted(stored.muted)
        super().__init__(journal, settings, size, sources, clock, player, outputs)
        self.restores = 0
        """How often the window was brought back after something minimised it."""
        pygame.mouse.set_visible(False)

    # ---------------------------------------------------------------- phases
    def _resume_latest(self) -> None:
        """At start: the kiosk decides (start screen, or the resume question).

        A game that cannot be replayed is put away with a message naming it; the
        kiosk then comes up on the start screen.
        """
        self.kiosk.boot()
        self._new_group_look()
        try:
            self.show_phase()
        except UnreplayableGameError as error:
            self._quarantine(error)
        except IllegalActionError as error:  # rules not installed, journal unreadable
            self.session = self.kiosk.session = None
            self.kiosk.state = on_new_group(self.kiosk.state, self.clock())
            self.stack = [screens.make_screen(START)]
            self.notify(error.message, error=True)

    def _quarantine(self, error: UnreplayableGameError) -> None:
        """Put away a game that cannot be replayed; say which and where its report went."""
        report = self.kiosk.quarantine(error)
        self.session = None
        self.dialog = None
        self.stack = [screens.make_screen(START)]
        self.notify(Msg("kiosk.app.quarantined", {"game": error.game_id, "step": error.step,
                                                  "path": str(report or "-")}), error=True)

    def storage_recovered(self) -> None:
        """The journal takes writes again: on the start screen, look again for a game to offer."""
        if self.kiosk.state.phase == Phase.START and self.session is None:
            self._resume_latest()

    def show_phase(self) -> None:
        """Put the screens in line with the kiosk's phase."""
        phase = self.kiosk.state.phase
        self.dialog = None
        if phase == Phase.START:
            self.session = None
            self.stack = [screens.make_screen(START)]
        elif phase == Phase.RESUME:
            self._show_resume()
        elif phase == Phase.PLAYING and self.kiosk.session is not None:
            if self.session is not self.kiosk.session:
                self.open_game(self.kiosk.session)
        elif phase == Phase.ATTRACT:
            self.stack.append(screens.make_screen("kiosk.attract"))
            self._slide = int(self.clock() // SLIDE_SECONDS)
        elif phase == Phase.STAFF:
            self.stack.append(screens.make_screen("kiosk.staff"))
        self.dirty = True

    def _show_resume(self) -> None:
        game_id = self.kiosk.state.game_id
        assert game_id is not None
        if self.kiosk.session is None or self.kiosk.session.game_id != game_id:
            self.kiosk.session = Session.resume(self.journal, game_id)
        self.session = self.kiosk.session
        self.stack = [screens.make_screen(START), screens.make_screen("kiosk.resume")]

    def _new_group_look(self) -> None:
        """Each group starts in the café's language with the chosen text size."""
        stored = self.kiosk.settings
        scale = LARGE_TEXT_SCALE if stored.large_text else 1.0
        self.settings = replace(self.settings, language=stored.default_language,
                                text_scale=scale, fullscreen=self.settings.fullscreen)

    # ---------------------------------------------------------------- loop
    def step(self, max_wait: float | None = None) -> None:
        """One pass of the app's loop, then let idle time act."""
        super().step(max_wait)
        self.tick()
        self.draw()

    def tick(self) -> None:
        """Move to the attract loop (or lock the staff menu) when idle too long."""
        before = self.kiosk.state.phase
        working = self.working
        busy = working or self._was_working  # work that ended since the last pass counts too
        self._was_working = working
        after = self.kiosk.tick(busy=busy).phase
        if after == before:
            self._next_slide()
            return
        if before == Phase.STAFF:
            self._leave_staff()
        elif after == Phase.ATTRACT and self.kiosk.session is None:
            self.session = None
            self.stack = [screens.make_screen(START)]
            self._new_group_look()
        self.show_phase()

    @property
    def working(self) -> bool:
        """Whether background work the staff started (statistics, an export) still runs."""
        return self._export_job is not None or (isinstance(self.scene, StatsScene)
                                                and self.scene.computing)

    def _next_slide(self) -> None:
        """Redraw the attract loop when its slide changes, the PIN pad when its wait does."""
        self._finish_export()
        if isinstance(self.scene, StatsScene) and self.scene.job is not None:
            computing = self.scene.computing or self._export_job is not None
            if computing or self._showing_progress:  # keep drawing while the job runs
                self.dirty = True
            self._showing_progress = computing
            return
        if isinstance(self.scene, PinScene):
            wait = self.kiosk.lock.wait_seconds()
            if wait != self._pin_wait:
                self._pin_wait = wait
                self.dirty = True
            return
        if self.kiosk.state.phase != Phase.ATTRACT:
            return
        slide = int(self.clock() // SLIDE_SECONDS)
        if slide != self._slide:
            self._slide = slide
            self.dirty = True

    def next_timeout(self) -> float:
        """Also wake up when the kiosk's idle time runs out or the next slide is due."""
        timeout = super().next_timeout()
        if self.working:
            timeout = min(timeout, PROGRESS_REDRAW)
        kiosk_wait = self.kiosk.seconds_until_change()
        return timeout if kiosk_wait is None else max(0.001, min(timeout, kiosk_wait))

    def process(self, event: pygame.event.Event) -> None:
        """Wake the kiosk on a touch; ignore attempts to close or minimise the window."""
        if event.type == pygame.QUIT:
            return
        if event.type == pygame.WINDOWMINIMIZED:
            self.restores += 1
            restore_window()
            return
        if event.type in WAKING_EVENTS and self._wake():
            return
        super().process(event)

    def _key_as_button(self, event: pygame.event.Event) -> bool:
        """On the PIN pad, digit keys and Enter type the PIN instead of pressing table buttons."""
        if event.type == pygame.KEYDOWN and self.dialog is None and isinstance(self.scene,
                                                                               PinScene):
            return False
        return super()._key_as_button(event)

    def press_table_button(self, button: str, kind: str) -> None:
        """A table button also wakes the kiosk (and is then swallowed)."""
        if self._wake():
            return
        super().press_table_button(button, kind)

    def _wake(self) -> bool:
        """Note activity; return True when the touch only ended the attract loop."""
        asleep = self.kiosk.state.phase == Phase.ATTRACT
        self.kiosk.touch()
        if not asleep:
            return False
        if self.stack and len(self.stack) > 1:
            self.stack.pop()
        self.show_phase()
        return True

    # ---------------------------------------------------------------- intents
    def perform(self, intent: Intent) -> None:
        """Kiosk intents first; the rest as in the ordinary app, with kiosk limits."""
        if not isinstance(intent, KioskIntent):
            super().perform(intent)
            return
        self.dirty = True
        try:
            self._perform_kiosk(intent)
        except IllegalActionError as error:
            self.notify(error.message, error=True)
        except UnreplayableGameError as error:
            self._quarantine(error)
        except Exception:
            _log.exception("could not carry out %r", intent)
            self.notify(Msg("ui.error.internal"), error=True)

    def _perform(self, intent: Intent) -> None:
        if isinstance(intent, Quit):
            self.kiosk.request_exit()
            self.running = False
        elif self._staff_only(intent) and not self.kiosk.staff_open:
            raise IllegalActionError("kiosk.error.staff_only")
        elif isinstance(intent, Navigate) and intent.screen == "home":
            self._navigate(GoHome())
        else:
            super()._perform(intent)

    @staticmethod
    def _staff_only(intent: Intent) -> bool:
        """Whether ``intent`` is for staff: full screen, the settings and staff screens."""
        if isinstance(intent, SetFullscreen):
            return True
        return isinstance(intent, Navigate) and intent.screen in STAFF_SCREENS

    def _perform_kiosk(self, intent: KioskIntent) -> None:
        handlers: dict[type[KioskIntent], Callable[[Any], None]] = {
            UnlockStaff: self._unlock,
            ChooseFirstPin: self._first_pin,
            ChangePin: self._change_pin,
            LockStaff: lambda _: self._lock(),
            NewGroup: lambda _: self._new_group(),
            ContinueGame: lambda _: self.open_game(self.kiosk.continue_game()),
            StartOver: lambda _: self._new_group(),
            ResetTable: lambda _: self._reset_table(),
            ChangeKioskSetting: self._change_setting,
            ExportStatistics: self._export,
            TestSound: lambda _: self._test_sound(),
            ExitKiosk: lambda _: self._perform(Quit()),
            StartNewGame: lambda i: self.open_game(self.kiosk.start_game(i.game, i.setup,
                                                                         i.title)),
            BringBack: self._bring_back,
        }
        handler = handlers.get(type(intent))
        if handler is not None:
            handler(intent)

    def _bring_back(self, intent: BringBack) -> None:
        """Staff brought a put-away game back: it is the table's game when the menu closes."""
        self.session = self.kiosk.bring_back(intent.game_id)
        self.notify(Msg("faults.put_away.brought_back", {"game": intent.game_id}), error=False)

    def _test_sound(self) -> None:
        if self.sound is not None:
            self.sound.play("phase_change")

    def _unlock(self, intent: UnlockStaff) -> None:
        result = self.kiosk.unlock_staff(intent.pin)
        if result.message is not None:
            self.notify(result.message, error=True)
        if result.accepted:
            self.stack[-1] = screens.make_screen("kiosk.staff")

    def _first_pin(self, intent: ChooseFirstPin) -> None:
        """Never at the kiosk: whoever stands at the screen may be a guest (issue 27)."""
        state = self.kiosk.lock.pin_state()
        if state == "unreadable":
            raise IllegalActionError("kiosk.staff.pin_unreadable")
        if state != "none":
            raise IllegalActionError("kiosk.error.pin_change_refused")
        raise IllegalActionError("faults.pin.set_at_install")

    def _change_pin(self, intent: ChangePin) -> None:
        if not self.kiosk.staff_open:
            raise IllegalActionError("kiosk.error.staff_only")
        self.kiosk.lock.set_pin(intent.new, intent.current)
        self.notify(Msg("kiosk.app.pin_changed"), error=False)
        self.stack.pop()

    def _lock(self) -> None:
        self.kiosk.close_staff()
        self._leave_staff()
        self.show_phase()

    def _leave_staff(self) -> None:
        """Drop the staff screens (and any dialog) from the top of the stack."""
        self.dialog = None
        while len(self.stack) > 1 and isinstance(self.scene, STAFF_SCENES):
            self.stack.pop()

    def _new_group(self) -> None:
        self.kiosk.new_group()
        self.session = None
        self._new_group_look()
        self.show_phase()
        self.notify(Msg("kiosk.app.new_group"), error=False)

    def _reset_table(self) -> None:
        count = self.kiosk.archive_all_open()
        self.session = None
        self.notify(Msg("kiosk.app.reset_done", {"count": count}), error=False)

    def _change_setting(self, intent: ChangeKioskSetting) -> None:
        stored: KioskSettings = self.kiosk.update_settings(**{intent.name: intent.value})
        if self.sound is not None:
            self.sound.set_volume(stored.volume)
            self.sound.set_muted(stored.muted)

    def _export(self, intent: ExportStatistics) -> None:
        if not self.kiosk.staff_open:
            raise IllegalActionError("kiosk.error.staff_only")
        if self._export_job is not None:
            raise IllegalActionError("kiosk.app.export_running")
        folder = exports_folder(self.journal)
        job = track_export(PlaysJob(self.journal, partial(write_plays, folder=folder,
                                                          fmt=intent.fmt)))
        self._export_job = job
        if self.journal.in_memory:
            job.run_here()
            self._finish_export()
            return
        job.start()
        self.notify(Msg("kiosk.app.exporting"), error=False)

    def _finish_export(self) -> None:
        """Say how the background export ended, once it has."""
        job = self._export_job
        if job is None or not job.finished.is_set():
            return
        self._export_job = None
        if isinstance(job.result, Path):
            self.notify(Msg("kiosk.app.exported", {"path": str(job.result)}), error=False)
            return
        detail = str(job.error) if job.error is not None else "-"
        self.notify(Msg("kiosk.app.export_failed", {"detail": detail}), error=True)

    # ---------------------------------------------------------------- games
    def _manage_games(self, intent: StartGame | ResumeGame | DeleteGame | ArchiveGame) -> None:
        """Games start through the kiosk (an open one is archived); guests delete nothing."""
        if isinstance(intent, StartGame):
            if self.kiosk.game_in_progress is not None:
                self._perform(ask_before_leaving(intent.game, dict(intent.setup), intent.title))
                return
            self.open_game(self.kiosk.start_game(intent.game, intent.setup, intent.title))
        elif not self.kiosk.staff_open:
            raise IllegalActionError("kiosk.error.staff_only")
        else:
            super()._manage_games(intent)

    def _navigate(self, intent: Navigate | Back | GoHome) -> None:
        """Home is the kiosk start screen (the game stays open); Back never leaves it."""
        if isinstance(intent, GoHome):
            self.dialog = None
            self.stack = [screens.make_screen(START)]
            return
        if isinstance(intent, Back):
            self._back()
            return
        super()._navigate(intent)

    def _back(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()
        elif self.session is not None and not self.session.finished:
            self.open_game(self.session)

    def _change_settings(
        self, intent: SetLanguage | SetFullscreen | SetTextScale | SetVolume
    ) -> None:
        """Guests switch language (not saved as the default); the rest as usual."""
        if isinstance(intent, SetLanguage):
            if intent.lang in LANGUAGES:
                self.settings = replace(self.settings, language=intent.lang)
            return
        super()._change_settings(intent)

    def _game_changed(self) -> None:
        """After every change: a finished game shows the end screen."""
        super()._game_changed()
        session = self.session
        if session is not None and session.finished and not isinstance(self.scene, EndScene):
            self.stack.append(screens.make_screen("kiosk.end"))

