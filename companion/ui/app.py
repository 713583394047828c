"""The app: screens, the open game, notices, and the one place where intents are carried out.

:class:`App` is the :class:`~companion.ui.loop.TableLoop` with meaning: taps on screens
become intents (:mod:`companion.ui.intents`) that :meth:`App.perform` carries out; table
presses from any input source, and their on-screen twins, go through
:func:`companion.core.table_buttons.handle_button`.  Every refusal is shown as a notice
with its translated reason, and nothing else changes.  The app knows its input sources
and outputs only by their Protocols (:mod:`companion.ui.sources`); the composition root
(:mod:`companion.app`) builds them and starts the app.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.journal import Journal, StorageError
from companion.core.logs import logger
from companion.core.messages import IllegalActionError, Msg, RecordError
from companion.core.session import Session
from companion.core.table_buttons import ButtonOutcome, handle_button, seat_lights
from companion.core.values import Value
from companion.ui import games, screens
from companion.ui.call_staff import CallButton
from companion.ui.fault_badge import draw_fault_badge
from companion.ui.fonts import clear_cache
from companion.ui.intents import (
    ArchiveGame,
    Back,
    CloseDialog,
    DeleteGame,
    GoHome,
    Intent,
    JumpTo,
    Navigate,
    Notify,
    PressButton,
    Quit,
    Redo,
    Redraw,
    ResumeGame,
    SetColourSafe,
    SetFullscreen,
    SetLanguage,
    SetTableLayout,
    SetTextScale,
    SetVolume,
    ShowDialog,
    StartGame,
    Submit,
    Undo,
)
from companion.ui.loop import (
    IDLE_WAKE,
    MIN_SIZE,
    NoDisplayError,
    TableLoop,
    open_display,
    start_display,
    window_icon,
)
from companion.ui.notices import kept_clear, notice_rect
from companion.ui.phones_setting import PHONES_SETTING, PhoneSwitch, SetPhones  # phones (#23)
from companion.ui.scene import Context, Scene, Settings, store_table_looks, with_table_looks
from companion.ui.sounds import SoundPlayer
from companion.ui.sources import PRESS_BURST, PRESS_RATE, InputSource, Output
from companion.ui.widgets import Toast

__all__ = ["IDLE_WAKE", "MIN_SIZE", "PRESS_BURST", "PRESS_RATE", "App", "NoDisplayError",
           "load_settings", "open_display", "save_settings", "start_display", "window_icon"]

REMINDER_SECONDS = 60.0
"""Quiet time, in seconds, after which a waiting table hears the reminder tick (and again)."""

TOAST_SECONDS = 4.0
"""How long a notice stays on screen."""

ERROR_TOAST_SECONDS = 6.0
"""How long a refusal stays on screen."""

SETTINGS_KEY = "ui.settings"
"""Journal setting under which the UI settings are stored."""

STORAGE_LOOK = 5.0
"""Seconds between two looks at the journal file (deleted?) and retries after trouble."""


_log = logger(__name__)


class ToastState(Value):
    """A notice being shown and when it goes away."""

    message: Msg
    """What it says."""
    error: bool
    """Whether it is a refusal."""
    until: float
    """When it disappears (``time.monotonic`` clock)."""


def load_settings(journal: Journal) -> Settings:
    """Read the saved UI settings (defaults for anything missing or broken).

    The table looks (colour-safe palette, table layout) come from the café settings
    record, which the kiosk's staff menu writes too (see :func:`save_settings`).
    """
    try:
        stored = journal.get_setting(SETTINGS_KEY, {})
    except (StorageError, ValueError):
        stored = None
    if not isinstance(stored, dict):
        return with_table_looks(Settings(), journal)
    try:
        settings = Settings(
            language=str(stored.get("language", "en")),
            fullscreen=bool(stored.get("fullscreen", False)),
            text_scale=float(stored.get("text_scale", 1.0)),
            volume=float(stored.get("volume", 0.8)),
        )
    except (TypeError, ValueError):
        settings = Settings()
    return with_table_looks(settings, journal)


def save_settings(journal: Journal, settings: Settings) -> None:
    """Store the UI settings in the journal (the table looks in the café settings record)."""
    store_table_looks(journal, settings.colour_safe, settings.table_layout)
    journal.set_setting(
        SETTINGS_KEY,
        {
            "language": settings.language,
            "fullscreen": settings.fullscreen,
            "text_scale": settings.text_scale,
            "volume": settings.volume,
        },
    )


class App(TableLoop):
    """The running app: screens, the open game, notices; the loop it runs on is inherited."""

    def __init__(
        self,
        journal: Journal,
        settings: Settings,
        size: tuple[int, int] = MIN_SIZE,
        sources: Sequence[InputSource] = (),
        clock: Callable[[], float] = time.monotonic,
        sound: SoundPlayer | None = None,
        outputs: Sequence[Output] = (),
    ) -> None:
        super().__init__(sources, outputs, clock)
        self.journal = journal
        """Saved games and settings."""
        self.settings = settings
        """Language, full screen, text size."""
        self.sound = sound
        """Plays the sound effects of accepted steps (``None``: no sound)."""
        pygame.font.init()
        self.surface = open_display(size, settings.fullscreen)
        """The window."""
        self.window_size = size
        """The size to return to when leaving full screen."""
        self.session: Session | None = None
        """The open game, if any."""
        self.stack: list[Scene] = [screens.make_screen("home")]
        """Open screens; the last one is shown."""
        self.dialog: Scene | None = None
        """A dialog over the current screen, if any."""
        self.toast: ToastState | None = None
        """The notice being shown, if any."""
        self.notice_rect: pygame.Rect | None = None
        """Where the notice was drawn last (a tap there only dismisses it)."""
        self.refusal: ToastState | None = None
        """The notice of the last refusal (it goes at the next accepted input)."""
        self.quiet_since = clock()
        """When the table last did something (for the reminder tick)."""
        self._next_storage_look = clock() + STORAGE_LOOK
        self.call_button: CallButton | None = None
        """The café fleet's "Call staff", drawn over every screen (``None``: no fleet)."""
        self._resume_latest()
        if journal.problem is not None:
            self.notify(Msg(f"core.storage.{journal.problem}"), error=True)

    # ---------------------------------------------------------------- context
    @property
    def size(self) -> tuple[int, int]:
        """The window size now."""
        return self.surface.get_size()

    def context(self) -> Context:
        """What the scenes see."""
        available = self.sound is not None and self.sound.available
        return Context(self.size, self.settings, self.session, self.journal, self.clock(),
                       available, frozenset(self.faults()))  # the bar keeps the badge's room

    @property
    def scene(self) -> Scene:
        """The screen shown (under any dialog)."""
        return self.stack[-1]

    def attach(self, sources: Sequence[InputSource], outputs: Sequence[Output]) -> None:
        """Add sources and outputs; the new outputs are told the open game at once."""
        super().attach(sources, outputs)
        for output in outputs:
            output.game_changed(self.session)

    # ---------------------------------------------------------------- every pass
    def housekeeping(self) -> None:
        """Notices that time out, the journal watched, the reminder tick."""
        self._expire_toast()
        self._watch_storage()
        self._remind()

    def _watch_storage(self) -> None:
        """Every few seconds: notice a deleted journal, retry after trouble, keep saying so."""
        now = self.clock()
        if now < self._next_storage_look:
            return
        self._next_storage_look = now + STORAGE_LOOK
        problem = self.journal.check()
        if problem is None:
            return
        if self.journal.retry():
            self.notify(Msg("core.storage.recovered"), error=False)
            self.storage_recovered()
            return
        self.notify(Msg(f"core.storage.{self.journal.problem or problem}"), error=True)

    def storage_recovered(self) -> None:
        """The journal takes writes again (the kiosk re-reads what it could not before)."""

    def deadlines(self, now: float) -> Iterable[float]:
        """When a notice goes, the reminder ticks, the journal is looked at again."""
        if self.toast is not None:
            yield max(0.0, self.toast.until - now)
        if self.sound is not None and self.session is not None:
            yield max(0.0, self.quiet_since + REMINDER_SECONDS - now)
        if self.journal.problem is not None:
            yield max(0.0, self._next_storage_look - now)

    def draw(self) -> None:
        """Draw the screen if something changed."""
        if not self.dirty:
            return
        self.dirty = False
        self.redraws += 1
        ctx = self.context()
        pygame.display.set_caption(translate("ui.app.title", ctx.lang))
        self._draw_scenes(ctx)
        ctx = self.context()
        self._draw_faults(ctx)
        if self.call_button is not None:  # fleet door
            self.call_button.draw(self.surface, ctx, self.scene.widgets, self.faults())
        self._draw_notice(ctx)
        pygame.display.flip()

    def _draw_notice(self, ctx: Context) -> None:
        """The notice in a place of its own, where it covers no control (nor an open
        dialog's question)."""
        self.notice_rect = None
        if self.toast is None:
            return
        theme = ctx.theme
        targets = self.scene.touch_targets()
        if self.dialog is not None:
            targets += self.dialog.touch_targets()
            targets += [widget.rect for widget in self.dialog.widgets
                        if widget.rect != ctx.screen and widget.rect.width < ctx.screen.width]
        place = notice_rect(ctx.screen, targets, theme, kept_clear(self.scene))
        if place is None:
            return
        self.notice_rect = place
        Toast(ctx.screen, self.toast.message, self.toast.error, theme, place).draw(
            self.surface, theme, ctx.lang)

    def _draw_faults(self, ctx: Context) -> None:
        """The lasting badge in the top bar while a table input is lost."""
        faults = self.faults()
        if faults:
            draw_fault_badge(self.surface, ctx.screen, ctx.theme, ctx.lang,
                             self.scene.widgets, faults)

    def redraw_soon(self) -> None:
        """Draw again at the next pass (safe from another thread)."""
        self.dirty = True
        self.wake()

    def _draw_scenes(self, ctx: Context) -> None:
        """Draw the screen and any dialog; a screen that fails is closed, not fatal."""
        while True:
            try:
                self.scene.draw(self.surface, ctx)
                if self.dialog is not None:
                    self.dialog.draw(self.surface, ctx)
                return
            except Exception:
                if not self._drop_broken_screen():
                    raise

    def _drop_broken_screen(self) -> bool:
        """Close the dialog or screen that just failed; False if only home is left."""
        failed: Scene | None = self.dialog
        if failed is not None:
            self.dialog = None
        elif len(self.stack) > 1:
            failed = self.stack.pop()
            fall_back = self.session is not None and len(self.stack) == 1
            from companion.ui.play import GenericPlayScene  # only when a screen failed

            if fall_back and not isinstance(failed, GenericPlayScene):
                self.stack.append(GenericPlayScene())
        if failed is None:
            return False
        _log.exception("the screen %s failed and was closed", type(failed).__name__)
        self.notify(Msg("ui.error.screen_failed"), error=True)
        return True

    def close(self) -> None:
        """Switch the lights off and release the window."""
        super().close()
        clear_cache()
        pygame.quit()

    # ---------------------------------------------------------------- events
    def process(self, event: pygame.event.Event) -> None:
        """Handle one pygame event."""
        if event.type == pygame.NOEVENT:
            return
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
        elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
            self.dirty = True
        elif self._key_as_button(event) or self._on_notice(event):
            return
        else:
            intents = self._scene_intents(event)
            if any(not isinstance(intent, Notify) for intent in intents):
                self._clear_stale_refusal()
            self.perform_all(intents)

    def _on_notice(self, event: pygame.event.Event) -> bool:
        """Whether a touch fell on the notice: it reaches nothing under it, and a tap
        (the finger lifted there) dismisses the notice."""
        place = self.notice_rect
        if place is None or self.toast is None:
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if not place.collidepoint(event.pos):
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.toast = None
            self.notice_rect = None
            self.dirty = True
        return True

    def _scene_intents(self, event: pygame.event.Event) -> list[Intent]:
        """Ask the dialog or screen what ``event`` means; a failing screen is closed."""
        target = self.dialog or self.scene
        try:
            return target.handle(event, self.context())
        except Exception:
            if not self._drop_broken_screen():
                raise
            return []

    def _key_as_button(self, event: pygame.event.Event) -> bool:
        """Offer a window event to the sources that read keys; True if one took it.

        While a dialog is open, key presses go to the dialog; a key let go then is
        still offered, so it never stays "held" in a source.
        """
        if event.type == pygame.KEYDOWN and self.dialog is not None:
            return False
        return self.offer_to_sources(event)

    def press_table_button(self, button: str, kind: str) -> None:
        """Pass a table button to the open game; show the reason if it is refused."""
        if self.session is None:
            return
        if self.dialog is not None:  # issue 27: the game never moves under an open question
            self._button_under_dialog(button, kind)
            return
        before, cursor = self.session.state, self.session.cursor
        try:
            outcome = handle_button(self.session, button, kind)
        except IllegalActionError as error:
            outcome = ButtonOutcome(False, error.message)
        except Exception:
            _log.exception("the %s press of %r failed", kind, button)
            outcome = ButtonOutcome(False, Msg("ui.error.internal"))
        if outcome.message is not None:
            self.notify(outcome.message, error=not outcome.accepted)
        refused = not outcome.accepted and outcome.message is not None
        if refused or outcome.blink_seat is not None:
            for output in self.outputs:
                output.point_at(outcome.blink_seat)
        if outcome.accepted:
            self._play_cues(before, cursor)
            self._game_changed()

    def _button_under_dialog(self, button: str, kind: str) -> None:
        """A table button while a dialog is open: undo does what the dialog's own Back
        does (Escape); any other press does nothing and says to answer on the screen."""
        if kind != "press" or self.dialog is None:
            return
        back = self.dialog.handle_key(pygame.K_ESCAPE, self.context()) if button == "undo" else []
        if back:
            self.perform_all(back)
            return
        self.notify(Msg("faults.dialog.answer_first"), error=True)
        for output in self.outputs:
            output.point_at(None)

    # ---------------------------------------------------------------- intents
    def perform_all(self, intents: Iterable[Intent]) -> None:
        """Carry out intents in order."""
        for intent in intents:
            self.perform(intent)

    def perform(self, intent: Intent) -> None:
        """Carry out one intent; refusals become a toast and change nothing."""
        self.dirty = True
        try:
            self._perform(intent)
        except (IllegalActionError, RecordError) as error:
            self.notify(error.message, error=True)
            self.refusal = self.toast
        except Exception:
            _log.exception("could not carry out %r", intent)
            self.notify(Msg("ui.error.internal"), error=True)

    def _perform(self, intent: Intent) -> None:
        if isinstance(intent, Submit | Undo | Redo | JumpTo):
            self._change_game(intent)
        elif isinstance(intent, PressButton):
            self.press_table_button(intent.button, intent.kind)
        elif isinstance(intent, Navigate | Back | GoHome):
            self._navigate(intent)
        elif isinstance(intent, StartGame | ResumeGame | DeleteGame | ArchiveGame):
            self._manage_games(intent)
        elif isinstance(intent, SetLanguage | SetFullscreen | SetTextScale | SetVolume):
            self._change_settings(intent)
        elif isinstance(intent, SetColourSafe | SetTableLayout):
            self._change_table_looks(intent)
        elif isinstance(intent, ShowDialog):
            self.dialog = intent.dialog
        elif isinstance(intent, CloseDialog):
            self.dialog = None
        elif isinstance(intent, Notify):
            self.notify(intent.message, intent.error)
            self.refusal = self.toast if intent.error else None
        elif isinstance(intent, Quit):
            self.running = False
        elif isinstance(intent, SetPhones):  # phones (issue 23): saved, then switched
            self.journal.set_setting(PHONES_SETTING, intent.on)
            for phones in self.seat_phones():
                phones.switch(intent.on)
        elif isinstance(intent, Redraw):
            pass

    def _change_game(self, intent: Submit | Undo | Redo | JumpTo) -> None:
        session = self.session
        if session is None:
            raise IllegalActionError("ui.error.no_game")
        if isinstance(intent, Submit):
            before, cursor = session.state, session.cursor
            session.submit(intent.action)
            self._play_cues(before, cursor)
        elif isinstance(intent, Undo):
            session.undo()
        elif isinstance(intent, Redo):
            session.redo()
        else:
            session.jump_to(intent.step)
        self._clear_stale_error()
        self._game_changed()

    def _clear_stale_error(self) -> None:
        """A refusal shown is stale once a step succeeds: it goes away."""
        if self.toast is not None and self.toast.error:
            self.toast = None

    def _clear_stale_refusal(self) -> None:
        """A refusal's reason is stale once the next input is accepted (a tab, a dialog
        opened or closed): it goes away; lasting trouble notices stay."""
        if self.toast is not None and self.toast is self.refusal:
            self.toast = None

    def _play_cues(self, before: Any, cursor: int) -> None:
        """Play the sounds of the step just taken from ``before`` (if it was one step)."""
        session = self.session
        if self.sound is None or session is None or session.cursor != cursor + 1:
            return
        cues = session.game.cues(before, session.state, session.actions()[-1])
        for cue in cues:
            self.sound.play(cue)

    def _game_changed(self) -> None:
        self.dirty = True
        self.quiet_since = self.clock()
        for output in self.outputs:
            output.game_changed(self.session)

    # ---------------------------------------------------------------- phones (issue 23)
    def seat_phones(self) -> list[PhoneSwitch]:
        """The phones' switch, when the root attached it (among the input sources)."""
        return [source for source in self.sources if isinstance(source, PhoneSwitch)]

    def submit_from_seat(self, action: dict[str, Any]) -> None:
        """An action answered on a seat's phone: the session path a tap takes (refusals raise)."""
        self._change_game(Submit(action))

    def _remind(self) -> None:
        """Tick once a minute while the table keeps some seat waiting and nothing happens."""
        session = self.session
        if self.sound is None or session is None:
            return
        now = self.clock()
        if now - self.quiet_since < REMINDER_SECONDS:
            return
        self.quiet_since = now
        if seat_lights(session):
            self.sound.play("reminder_tick")

    def _navigate(self, intent: Navigate | Back | GoHome) -> None:
        if isinstance(intent, GoHome):
            self.close_game()
            return
        if isinstance(intent, Back):
            if len(self.stack) > 2 or (len(self.stack) == 2 and self.session is None):
                self.stack.pop()
            elif len(self.stack) == 2:
                self.close_game()
            return
        scene = screens.make_screen(intent.screen)
        if scene.needs_session and self.session is None:
            raise IllegalActionError("ui.error.no_game")
        if intent.replace and len(self.stack) > 1:
            self.stack[-1] = scene
        else:
            self.stack.append(scene)

    def _manage_games(self, intent: StartGame | ResumeGame | DeleteGame | ArchiveGame) -> None:
        if isinstance(intent, StartGame):
            self.open_game(Session.start(self.journal, intent.game, intent.setup, intent.title))
        elif isinstance(intent, ResumeGame):
            self.open_game(Session.resume(self.journal, intent.game_id))
        else:
            if self.session is not None and self.session.game_id == intent.game_id:
                self.close_game()
            if isinstance(intent, DeleteGame):
                self.journal.delete(intent.game_id)
                self.notify(Msg("ui.home.deleted"), error=False)
            else:
                self.journal.archive(intent.game_id)
                self.notify(Msg("ui.home.archived"), error=False)

    def open_game(self, session: Session) -> None:
        """Make ``session`` the open game and show its play screen over home."""
        self.session = session
        self.dialog = None
        play = screens.make_screen(games.play_screen_name(session.game.name))
        self.stack = [self.stack[0], play]
        self._game_changed()

    def close_game(self) -> None:
        """Close the open game (it stays saved) and return to the home screen."""
        self.session = None
        self.dialog = None
        self.stack = [screens.make_screen("home")]
        self._game_changed()

    def _resume_latest(self) -> None:
        try:
            session = Session.resume_latest(self.journal)
        except (IllegalActionError, RecordError) as error:
            self.notify(error.message, error=True)
            return
        if session is not None:
            self.open_game(session)

    def _change_settings(
        self, intent: SetLanguage | SetFullscreen | SetTextScale | SetVolume
    ) -> None:
        self.settings = with_table_looks(self.settings, self.journal)
        if isinstance(intent, SetLanguage):
            self.settings = replace(self.settings, language=intent.lang)
        elif isinstance(intent, SetTextScale):
            self.settings = replace(self.settings, text_scale=intent.scale)
        elif isinstance(intent, SetVolume):
            self.settings = replace(self.settings, volume=intent.volume)
            self._apply_volume()
        else:
            self.settings = replace(self.settings, fullscreen=intent.fullscreen)
            self.surface = open_display(self.window_size, intent.fullscreen)
        save_settings(self.journal, self.settings)

    def _change_table_looks(self, intent: SetColourSafe | SetTableLayout) -> None:
        """Switch the colour-safe palette or the table layout and keep the choice."""
        current = with_table_looks(self.settings, self.journal)
        if isinstance(intent, SetColourSafe):
            self.settings = replace(current, colour_safe=intent.on)
        else:
            self.settings = replace(current, table_layout=intent.layout)
        save_settings(self.journal, self.settings)

    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            width, height = surface.get_size()
            if not self.settings.fullscreen and (width < MIN_SIZE[0] or height < MIN_SIZE[1]):
                surface = open_display((width, height), False)
            self.surface = surface
            if not self.settings.fullscreen:
                self.window_size = surface.get_size()
        self.dirty = True

    def _apply_volume(self) -> None:
        if self.sound is not None:
            self.sound.set_volume(self.settings.volume)
            self.sound.set_muted(self.settings.volume == 0)

    # ---------------------------------------------------------------- toasts
    def notify(self, message: Msg, error: bool) -> None:
        """Show a toast (replacing any shown)."""
        seconds = ERROR_TOAST_SECONDS if error else TOAST_SECONDS
        self.toast = ToastState(message, error, self.clock() + seconds)
        self.dirty = True

    def _expire_toast(self) -> None:
        if self.toast is not None and self.clock() >= self.toast.until:
            self.toast = None
            self.dirty = True

