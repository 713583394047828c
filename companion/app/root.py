"""The composition root: journal, settings, input sources and outputs, built and handed over.

Every part the app uses is named here and nowhere else: the app's loop
(:class:`companion.ui.loop.TableLoop`) only sees :class:`~companion.ui.sources.InputSource`
and :class:`~companion.ui.sources.Output`.  To add one, write its module and add one
line to :func:`sources_and_outputs`.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from companion.core.journal import Journal
from companion.core.logs import logger
from companion.core.messages import Msg
from companion.core.values import Value
from companion.ui.app import MIN_SIZE, App, load_settings, start_display
from companion.ui.diagnostics import show_hardware
from companion.ui.loop import TableLoop
from companion.ui.sounds import open_player
from companion.ui.sources import InputSource, Output

if TYPE_CHECKING:  # the hardware is imported only after the first frame
    from companion.app.table import TableInputs
    from hardware.events import EventQueue

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""Signals that end the app cleanly: ``systemctl stop``, Ctrl+C, a closed terminal."""

KIOSK_HINTS = {"SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS": "0"}
"""SDL settings for the kiosk: a full-screen window never minimises when focus moves."""

_log = logger(__name__)
_AppT = TypeVar("_AppT", bound=App)


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
    kiosk: bool = False
    """Run as the café kiosk (full screen, staff PIN, attract loop)."""


Maker = Callable[[Sequence[InputSource], Sequence[Output]], _AppT]
"""Builds the app on the sources and outputs the root made."""


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


def sources_and_outputs(hardware: TableInputs, app: App, options: AppOptions,
                        ) -> tuple[list[InputSource], list[Output]]:
    """Every input source and output of the app (touch and the screen are the window).

    One line per part: a new source or output is added here.  ``app`` is the app they
    serve (the speech output follows the language it shows).
    """
    from companion.app.fleet import add_fleet
    from companion.app.phones import SeatPhones
    from companion.app.table import WatchdogOutput, table_parts
    from companion.speech.output import SpeechOutput, live_language

    sources, outputs = table_parts(hardware)  # GPIO, USB box, keys; seat lights
    outputs.append(WatchdogOutput())  # systemd hears every pass
    sources.append(phones := SeatPhones(app))  # phones (issue 23): on and off by their setting
    outputs.append(phones.follower)  # phones (issue 23): every step reaches the seats
    outputs.append(SpeechOutput(language=live_language(app)))  # spoken lines (opt-in)
    add_fleet(app, options.config, sources, outputs)  # café fleet: reporter, call staff
    return sources, outputs


def start_app(make: Maker[_AppT], options: AppOptions, journal: Journal,
              with_table: bool = True) -> _AppT:
    """Open the display, ``make`` the app, draw its first frame, then start the hardware.

    The first frame needs no button, light or port, so the table sees it before the
    hardware modules are even imported; the sources and outputs are attached right after.
    The app says so at once when the journal had to be rebuilt.  Raises
    :class:`NoDisplayError` when no screen can be opened (no hardware is started then).
    """
    start_display()
    app = make((), ())
    if journal.recovered_from is not None:
        app.notify(Msg("core.error.database_damaged", {"path": str(journal.recovered_from)}),
                   error=True)
    app.draw()
    if with_table:
        attach_table(app, options)
    return app


def attach_table(app: App, options: AppOptions) -> None:
    """Start the configured hardware and hand the app every source and output."""
    from hardware.table import running_hardware

    hardware = options.hardware or build_hardware(options)
    show_hardware(running_hardware)
    app.attach(*sources_and_outputs(hardware, app, options))


class Stopper:
    """Stops the app once it exists: a signal that comes during start-up is kept for it."""

    def __init__(self) -> None:
        self.app: TableLoop | None = None
        """The app, once built."""
        self.asked = False
        """Whether a stop was asked for."""

    def stop(self) -> None:
        """Stop the app now, or as soon as it is handed over."""
        self.asked = True
        if self.app is not None:
            self.app.stop()

    def hand_over(self, app: TableLoop) -> None:
        """The app is built: stop it at once if a signal came during start-up."""
        self.app = app
        if self.asked:
            app.stop()


class Stoppable(Protocol):
    """Anything with a thread-safe :meth:`stop`."""

    def stop(self) -> None:
        """End after the current pass."""


@contextmanager
def stop_on_signals(app: Stoppable) -> Iterator[None]:
    """While inside: SIGTERM, SIGINT and SIGHUP end ``app`` cleanly (lights off, journal closed).

    ``systemctl stop`` sends SIGTERM; Ctrl+C sends SIGINT; a closed terminal or a
    ``kill -HUP`` sends SIGHUP.  Outside the main thread (where Python cannot take
    signals) this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    caught: list[int] = []

    def handler(signum: int, frame: object) -> None:
        # Nothing but a note and the stop: the signal may land in the middle of any
        # import (logging's included), so the log line is written once the app is out.
        caught.append(signum)
        app.stop()

    previous = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
        for signum in caught[:1]:
            _log.info("signal %s: closed", signum)


def build_app(options: AppOptions, journal: Journal, with_table: bool = True) -> App:
    """Open the display and start the ordinary app on ``journal``.

    ``with_table=False`` stops after the first frame (the start-up bench attaches the
    hardware itself, to time it apart)."""
    settings = load_settings(journal)
    if options.language is not None:
        settings = replace(settings, language=options.language)
    if options.fullscreen:
        settings = replace(settings, fullscreen=True)

    def make(sources: Sequence[InputSource], outputs: Sequence[Output]) -> App:
        sound = open_player(settings.volume, muted=settings.volume == 0)
        return App(journal, settings, options.size, sources, sound=sound, outputs=outputs)

    return start_app(make, options, journal, with_table)


def build_kiosk_app(options: AppOptions, journal: Journal) -> App:
    """Open the display full screen and start the kiosk on ``journal``.

    Raises :class:`NoDisplayError` when no screen can be opened (the hardware is
    stopped again then).
    """
    from companion.ui.kiosk.app import KioskApp

    for name, value in KIOSK_HINTS.items():
        os.environ.setdefault(name, value)
    settings = replace(load_settings(journal), fullscreen=options.fullscreen)
    return start_app(
        lambda sources, outputs: KioskApp(journal, settings, options.size, sources,
                                          outputs=outputs),
        options, journal)


def run(options: AppOptions) -> None:
    """Open the window, resume the unfinished game if there is one, and loop until closed.

    Raises :class:`NoDisplayError` when no screen can be opened (use the headless
    commands ``replay``, ``games`` and ``screenshot`` there).  The journal is closed
    when the app ends.
    """
    stopper = Stopper()
    with stop_on_signals(stopper):  # before the journal opens: a stop then is kept too
        journal = Journal(options.database)
        try:
            build = build_kiosk_app if options.kiosk else build_app
            app = build(options, journal)
            stopper.hand_over(app)
            app.run()
        finally:
            journal.close()

