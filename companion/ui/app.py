"""The app: one window, one loop, one place where intents are carried out.

The loop sleeps in ``pygame.event.wait`` until something happens or a deadline comes
(a toast to hide, a held key to report, the hardware queue to look at), drains the
hardware :class:`~hardware.events.EventQueue` on every pass, and redraws only when
something changed — so an idle table costs next to no CPU.

Physical buttons, keys standing in for them and their on-screen twins all go through
:func:`companion.core.table_buttons.handle_button`; taps on screens become intents
(:mod:`companion.ui.intents`) that :meth:`App.perform` carries out.  Every refusal is
shown as a toast with its translated reason, and nothing else changes.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

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
from companion.ui.notices import kept_clear, notice_rect
from companion.ui.scene import Context, Scene, Settings, store_table_looks, with_table_looks
from companion.ui.sounds import SoundPlayer, open_player
from companion.ui.theme import PALETTE
from companion.ui.widgets import Toast
from hardware.events import ButtonEvent, EventQueue, InputEvent, StatusEvent
from hardware.keyboard import KeyboardButtons, button_for_key
from hardware.systemd import Watchdog

TableEvents = EventQueue
"""The queue of table events, named here for the apps that extend :class:`App`."""

MIN_SIZE: tuple[int, int] = (800, 480)
"""The smallest window the layouts are made for."""

HARDWARE_POLL = 0.05
"""Sleep, in seconds, between looks at the keys while a key stands held (long-press timing)."""

IDLE_WAKE = 5.0
"""Longest sleep, in seconds, when nothing is due: hardware events wake the loop themselves."""

PUMP_INTERVAL = 1 / 60
"""Seconds between two looks at SDL's window and touch events while the loop sleeps."""

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

PRESS_BURST = 20
"""Table-button events handled at once before the rate limit applies."""

PRESS_RATE = 20.0
"""Table-button events per second handled beyond the burst; a flood past it is dropped."""


_log = logger(__name__)


class NoDisplayError(RuntimeError):
    """No screen could be opened (no display server, no framebuffer)."""


class TableLights(Protocol):
    """The part of the lights the app drives: seat lights and a blink."""

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        """Light the seats the table waits for (0-based)."""

    def blink(self, seat: int | None) -> None:
        """Flash one seat's light to point at it."""


class TableInputs(Protocol):
    """Started hardware: a queue of events, an optional key tracker and lights."""

    @property
    def events(self) -> EventQueue:
        """The queue every source fills."""

    @property
    def keyboard(self) -> KeyboardButtons | None:
        """The key tracker, when keys act as table buttons."""

    @property
    def lights(self) -> TableLights:
        """Every light driver, commanded together."""

    def stop(self) -> None:
        """Release pins, ports and threads."""


class AppOptions(Value):
    """How to start the app."""

    language: str | None = None
    """Language to use (``None``: the saved setting, else English)."""
    fullscreen: bool = False
    """Start full screen (the saved setting may also ask for it)."""
    size: tuple[int, int] = MIN_SIZE
    """Window size when not full screen."""
    database: Path | str = ":memory:"
    """The journal file."""
    config: Path | None = None
    """Hardware configuration file (TOML) for buttons and lights."""
    inputs: str | None = None
    """Comma-separated input sources to use (``gpio,serial,keyboard``); ``None``: config."""
    events: EventQueue | None = None
    """A queue to read button events from (used when ``hardware`` is not given)."""
    hardware: TableInputs | None = None
    """Already started hardware; when ``None`` it is started from ``config``."""


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


def open_display(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """Open (or re-open) the window; raise :class:`NoDisplayError` if there is no screen.

    Full screen hides the mouse pointer: on the table's touchscreen it only gets in the way.
    """
    try:
        if not pygame.display.get_init():
            pygame.display.init()
        _refuse_invisible_display()
        pygame.display.set_icon(window_icon())
        if fullscreen:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            width, height = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
            surface = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        pygame.mouse.set_visible(not fullscreen)
        return surface
    except pygame.error as error:
        raise NoDisplayError(str(error)) from error


def window_icon() -> pygame.Surface:
    """The window's icon: an accent-coloured table on the app's dark background.

    Drawn here rather than loaded: without an icon of its own, opening the window would
    make pygame load its default icon through :mod:`importlib.resources`, which costs
    more than the app's first frame can spare on a Pi.
    """
    icon = pygame.Surface((32, 32))
    icon.fill(PALETTE.background)
    pygame.draw.circle(icon, PALETTE.accent, (16, 16), 12)
    pygame.draw.circle(icon, PALETTE.background, (16, 16), 5)
    return icon


HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that draw into memory only: nobody would see the app."""


def _refuse_invisible_display() -> None:
    """Raise :class:`NoDisplayError` if SDL fell back to a memory-only driver by itself.

    Asking for one on purpose (``SDL_VIDEODRIVER=dummy``, as tests and screenshots do)
    is fine; ending up with one because no screen was found is not.
    """
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoDisplayError(f"no screen found, only SDL's {driver} driver")


def start_display() -> None:
    """Start SDL's video part; :class:`NoDisplayError` if there is no screen to show the app."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplayError(str(error)) from error
    _refuse_invisible_display()


class App:
    """The running app: screens, the open game, toasts, and the loop."""

    def __init__(
        self,
        journal: Journal,
        settings: Settings,
        size: tuple[int, int] = MIN_SIZE,
        inputs: TableInputs | None = None,
        events: EventQueue | None = None,
        clock: Callable[[], float] = time.monotonic,
        sound: SoundPlayer | None = None,
    ) -> None:
        self.journal = journal
        """Saved games and settings."""
        self.settings = settings
        """Language, full screen, text size."""
        self.inputs = inputs
        """Started hardware, if any."""
        self.events = inputs.events if inputs is not None else (events or EventQueue())
        """The hardware event queue drained on every pass of the loop."""
        self._woken = threading.Event()
        self.events.set_waker(self._woken.set)
        self.keyboard = (
            inputs.keyboard if inputs is not None else KeyboardButtons()
        )
        """Turns keys into table-button events (``None``: keys are not buttons)."""
        self.clock = clock
        """The monotonic clock (replaceable in tests)."""
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
        self.dirty = True
        """Whether the screen must be drawn again."""
        self.running = True
        """False once the app should close."""
        self.redraws = 0
        """How many times the screen was drawn (for tests and diagnostics)."""
        self.passes = 0
        """How many times the loop woke up."""
        self.quiet_since = clock()
        """When the table last did something (for the reminder tick)."""
        self._next_storage_look = clock() + STORAGE_LOOK
        self._press_tokens = float(PRESS_BURST)
        self._press_refilled = time.monotonic()
        self.dropped_presses = 0
        """Table-button events dropped because they came faster than :data:`PRESS_RATE`."""
        self.watchdog = Watchdog()
        """Tells systemd the loop is alive (does nothing outside a notify service)."""
        self.game_watchers: list[Callable[[Session | None], None]] = []
        """Told of every change of the open game (the café fleet's door)."""
        self.status_watchers: list[Callable[[str, str], None]] = []
        """Told of every input source's status message (the café fleet's door)."""
        self.call_button: CallButton | None = None
        """The café fleet's "Call staff" (``None``: the table does not report)."""
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
                       available)

    @property
    def scene(self) -> Scene:
        """The screen shown (under any dialog)."""
        return self.stack[-1]

    # ---------------------------------------------------------------- loop
    def run(self) -> None:
        """Loop until the window is closed (or :meth:`stop` is called)."""
        try:
            while self.running:
                self.step()
        finally:
            self.close()

    def stop(self) -> None:
        """End the loop after the current pass (safe from a signal handler)."""
        self.running = False
        self._woken.set()

    def step(self, max_wait: float | None = None) -> None:
        """One pass: sleep until an event or deadline, handle everything, draw if needed."""
        timeout = self.next_timeout()
        if max_wait is not None:
            timeout = min(timeout, max_wait)
        events = self._sleep(timeout)
        self.passes += 1
        for event in events:
            self.process(event)
        for item in self.events.drain():
            if isinstance(item, ButtonEvent) and not self._press_allowed():
                self.dropped_presses += 1
                continue
            self.process_input(item)
        self._poll_keyboard()
        self._expire_toast()
        self._watch_storage()
        self._remind()
        self.draw()
        self.watchdog.tick()

    def _press_allowed(self) -> bool:
        """A token bucket: bursts of :data:`PRESS_BURST`, then :data:`PRESS_RATE` a second."""
        now = time.monotonic()
        refill = (now - self._press_refilled) * PRESS_RATE
        self._press_tokens = min(float(PRESS_BURST), self._press_tokens + refill)
        self._press_refilled = now
        if self._press_tokens < 1.0:
            return False
        self._press_tokens -= 1.0
        return True

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

    def _sleep(self, timeout: float) -> list[pygame.event.Event]:
        """Wait up to ``timeout`` s for window events or a hardware wake-up; return the events.

        SDL is asked for window and touch events every :data:`PUMP_INTERVAL`; between
        two looks the loop sleeps on a thread event that input sources set, so a button
        is handled the moment it arrives and an idle table costs almost no CPU.
        """
        deadline = time.monotonic() + timeout
        while True:
            events = pygame.event.get()
            remaining = deadline - time.monotonic()
            if events or self._woken.is_set() or remaining <= 0:
                self._woken.clear()
                return events
            self._woken.wait(min(PUMP_INTERVAL, remaining))

    def next_timeout(self) -> float:
        """Seconds until the loop must wake up even without events."""
        now = self.clock()
        deadlines = [IDLE_WAKE]
        if self.keyboard is not None and self.keyboard.pressed:
            deadlines.append(HARDWARE_POLL)
        if self.toast is not None:
            deadlines.append(max(0.0, self.toast.until - now))
        if self.sound is not None and self.session is not None:
            deadlines.append(max(0.0, self.quiet_since + REMINDER_SECONDS - now))
        if self.journal.problem is not None:
            deadlines.append(max(0.0, self._next_storage_look - now))
        watchdog = self.watchdog.seconds_left()
        if watchdog is not None:
            deadlines.append(watchdog)
        return max(0.001, min(deadlines))

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
            lost = getattr(self.inputs, "faults", None)
            self.call_button.draw(self.surface, ctx.screen, ctx.theme, ctx.lang,
                                  self.scene.widgets, lost() if callable(lost) else ())
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
        faults = getattr(self.inputs, "faults", None)
        if callable(faults):
            draw_fault_badge(self.surface, ctx.screen, ctx.theme, ctx.lang,
                             self.scene.widgets, faults())

    def redraw_soon(self) -> None:
        """Draw again at the next pass (safe from another thread)."""
        self.dirty = True
        self._woken.set()

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
        self.watchdog.stopping()
        self.events.set_waker(None)
        if self.inputs is not None:
            self.inputs.stop()
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
        elif event.type == pygame.WINDOWFOCUSLOST and self.keyboard is not None:
            self._table_events(self.keyboard.release_all(self.clock()))
        elif (event.type in (pygame.KEYDOWN, pygame.KEYUP)
              and self._key_as_button(event)) or self._on_notice(event) or (
                self.call_button is not None and self.call_button.handle(event)):
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

    def process_input(self, item: InputEvent) -> None:
        """Handle one event from the hardware queue."""
        if isinstance(item, StatusEvent):
            self.notify(Msg(item.key, dict(item.params)), error=False)
            for watch_status in self.status_watchers:  # fleet door
                watch_status(item.source, item.key)
        elif isinstance(item, ButtonEvent):
            self.press_table_button(item.button, item.kind)

    def _key_as_button(self, event: pygame.event.Event) -> bool:
        """Feed a key to the keyboard tracker; True if it stands for a table button.

        While a dialog is open, keys go to the dialog; a key let go then is still
        released, so it never stays "held" in the tracker.
        """
        if self.keyboard is None:
            return False
        name = pygame.key.name(event.key)
        now = self.clock()
        if event.type == pygame.KEYDOWN:
            if self.dialog is not None or button_for_key(name, self.keyboard.keymap) is None:
                return False
            pressed = self.keyboard.key_down(name, now)
            if pressed is not None:
                self._table_events([pressed])
            return True
        released = self.keyboard.key_up(name, now)
        if released is not None:
            self._table_events([released])
            return True
        return False

    def _poll_keyboard(self) -> None:
        if self.keyboard is not None:
            self._table_events(self.keyboard.poll(self.clock()))

    def _table_events(self, events: Iterable[ButtonEvent]) -> None:
        for event in events:
            self.press_table_button(event.button, event.kind)

    def press_table_button(self, button: str, kind: str) -> None:
        """Pass a table button to the open game; show the reason if it is refused."""
        if self.session is None:
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
        if self.inputs is not None and (refused or outcome.blink_seat is not None):
            self.inputs.lights.blink(outcome.blink_seat)
        if outcome.accepted:
            self._play_cues(before, cursor)
            self._game_changed()

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
        self._update_lights()
        for watch in self.game_watchers:  # fleet door
            watch(self.session)

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

    def _update_lights(self) -> None:
        if self.inputs is None:
            return
        waiting = seat_lights(self.session) if self.session is not None else frozenset()
        self.inputs.lights.set_seat_lights(waiting)

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


def build_hardware(options: AppOptions) -> TableInputs:
    """Start the configured input sources and lights (imported only when the app runs)."""
    from hardware.config import load_config
    from hardware.table import TableHardware

    loaded = load_config(options.config)
    if options.inputs is not None:
        wanted = {name.strip() for name in options.inputs.split(",") if name.strip()}
        config = loaded.config
        config = replace(
            config,
            gpio=replace(config.gpio, enabled="gpio" in wanted),
            serial=replace(config.serial, enabled="serial" in wanted),
            keyboard=replace(config.keyboard, enabled="keyboard" in wanted),
        )
        loaded = replace(loaded, config=config)
    hardware = TableHardware(loaded, options.events)
    hardware.start()
    return hardware


def run(options: AppOptions) -> None:
    """Open the window, resume the unfinished game if there is one, and loop until closed.

    Raises :class:`NoDisplayError` when no screen can be opened (use the headless
    commands ``replay``, ``games`` and ``screenshot`` there).
    """
    journal = Journal(options.database)
    try:
        _run_with(journal, options)
    finally:
        journal.close()


@contextmanager
def stop_on_signals(app: App) -> Iterator[None]:
    """While inside: SIGTERM and SIGINT end ``app`` cleanly (lights off, journal closed).

    ``systemctl stop`` sends SIGTERM; Ctrl+C sends SIGINT.  Outside the main thread
    (where Python cannot take signals) this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: object) -> None:
        _log.info("signal %s: closing", signum)
        app.stop()

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


@contextmanager
def reporting_to_fleet(app: App, options: AppOptions, journal: Journal) -> Iterator[None]:
    """While inside: the café fleet hears of games and input trouble (fleet door).

    Off unless the configuration's ``[fleet]`` section enables it; the reporter never
    makes the loop wait (it runs on threads of its own).
    """
    from companion.fleet import start_fleet
    from hardware.config import default_config_path

    fleet = start_fleet(options.config or default_config_path(), journal)
    if fleet is None:
        yield
        return
    app.game_watchers.append(fleet.game_changed)
    app.status_watchers.append(fleet.input_status)
    app.call_button = CallButton(fleet, fleet.config.call_key)
    fleet.on_call_change(app.redraw_soon)
    button = _call_button(fleet.config.call_pin, fleet.call_staff)
    fleet.game_changed(app.session)
    try:
        yield
    finally:
        if button is not None:
            button.close()
        fleet.stop()


def _call_button(pin: int, call: Callable[[], None]) -> Any:
    """A GPIO button (BCM ``pin``, to ground) that calls staff; ``None`` for pin 0."""
    if not pin:
        return None
    from gpiozero import Button  # type: ignore[import-untyped]

    button = Button(pin, pull_up=True, bounce_time=0.05)
    button.when_pressed = call
    return button


_AppT = TypeVar("_AppT", bound="App")


def start_app(make: Callable[[TableInputs], _AppT], options: AppOptions,
              journal: Journal) -> _AppT:
    """Open the display, start the hardware and ``make`` the app on them.

    The app says so at once when the journal had to be rebuilt.  Raises
    :class:`NoDisplayError` when no screen can be opened (the hardware is stopped again).
    """
    start_display()
    inputs = options.hardware or build_hardware(options)
    try:
        app = make(inputs)
    except NoDisplayError:
        inputs.stop()
        raise
    if journal.recovered_from is not None:
        app.notify(Msg("core.error.database_damaged", {"path": str(journal.recovered_from)}),
                   error=True)
    return app


def _run_with(journal: Journal, options: AppOptions) -> None:
    settings = load_settings(journal)
    if options.language is not None:
        settings = replace(settings, language=options.language)
    if options.fullscreen:
        settings = replace(settings, fullscreen=True)

    def make(inputs: TableInputs) -> App:
        sound = open_player(settings.volume, muted=settings.volume == 0)
        return App(journal, settings, options.size, inputs, sound=sound)

    app = start_app(make, options, journal)
    with stop_on_signals(app), reporting_to_fleet(app, options, journal):
        app.run()
