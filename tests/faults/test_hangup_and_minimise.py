"""A closed terminal (SIGHUP) ends the app cleanly; a kiosk window never stays minimised."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.app.root import KIOSK_HINTS, AppOptions, build_kiosk_app
from companion.core.journal import Journal
from companion.core.staff import StaffLock
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.kiosk.app import KioskApp
from companion.ui.scene import Settings
from tests.clock import FakeClock
from tests.faults.conftest import PIN, start_kiosk, stored
from tests.wiring import keys

ROOT = Path(__file__).resolve().parents[2]


def _start(path: Path, tmp_path: Path, *flags: str) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               GPIOZERO_PIN_FACTORY="mock", PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "companion", *flags, "--db", str(path), "--inputs", "keyboard",
         "--config", str(tmp_path / "none.toml")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_until_open(app: subprocess.Popen[str], path: Path) -> None:
    wal = Path(str(path) + "-wal")
    deadline = time.monotonic() + 60
    while not wal.exists() and time.monotonic() < deadline and app.poll() is None:
        time.sleep(0.05)
    assert app.poll() is None, app.stderr.read() if app.stderr else ""


@pytest.mark.parametrize("flags", [("--kiosk",), ()], ids=["kiosk", "home"])
def test_sighup_ends_the_app_cleanly(tmp_path: Path, flags: tuple[str, ...]) -> None:
    """``kill -HUP`` (a closed terminal) closes the journal and exits 0, like SIGTERM."""
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    StaffLock(journal).set_pin(PIN)
    journal.close()
    app = _start(path, tmp_path, *flags)
    _wait_until_open(app, path)
    app.send_signal(signal.SIGHUP)
    code = app.wait(30)
    assert code == 0, app.stderr.read() if app.stderr else ""
    assert not Path(str(path) + "-wal").exists()  # the journal was closed
    assert stored(path)["pin"] is not None


def test_a_hangup_during_start_up_is_kept_for_the_app(tmp_path: Path) -> None:
    """A signal that comes while the app is still starting ends it once started, cleanly."""
    path = tmp_path / "journal.sqlite3"
    app = _start(path, tmp_path)
    deadline = time.monotonic() + 60
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    app.send_signal(signal.SIGHUP)
    code = app.wait(30)
    # Before the handlers are in place Python's default ends the process by the signal;
    # once they are, the app ends itself with 0.  Never a crash, never a hang.
    assert code in (0, -signal.SIGHUP), app.stderr.read() if app.stderr else ""
    if code == 0:
        assert not Path(str(path) + "-wal").exists()


def test_the_kiosk_brings_a_minimised_window_back(
        tmp_path: Path, clock: FakeClock, closing: list[Journal]) -> None:
    """A window-manager minimise in kiosk mode is undone on the next pass."""
    journal = Journal(tmp_path / "journal.sqlite3")
    closing.append(journal)
    app = start_kiosk(journal, clock)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app.step(0)
    assert app.restores == 1
    assert app.running
    assert pygame.display.get_active()


def test_outside_the_kiosk_a_minimise_is_left_alone(journal_app: App) -> None:
    """At home the window may be minimised as any other."""
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    journal_app.step(0)
    assert not isinstance(journal_app, KioskApp)
    assert journal_app.running


def test_the_kiosk_asks_sdl_never_to_minimise_on_focus_loss(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL minimises a full-screen window when focus moves, unless told not to."""
    for name in KIOSK_HINTS:
        monkeypatch.delenv(name, raising=False)
    journal = Journal(tmp_path / "journal.sqlite3")
    from tests.ui.test_app import RecordingInputs

    app = build_kiosk_app(AppOptions(database=tmp_path / "journal.sqlite3",
                                     hardware=RecordingInputs()), journal)
    try:
        assert {name: os.environ.get(name) for name in KIOSK_HINTS} == KIOSK_HINTS
    finally:
        app.close()
        journal.close()


@pytest.fixture
def journal_app(tmp_path: Path) -> Iterator[App]:
    journal = Journal(tmp_path / "journal.sqlite3")
    app = App(journal, Settings(language="en"), (800, 480), **keys())
    yield app
    app.close()
    clear_cache()
    journal.close()
