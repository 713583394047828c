"""Clean stops on SIGTERM/SIGINT, keys on the PIN pad, a flood of presses, a config
nested too deep, and a backup taken while the app writes."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from companion.cli import main as cli_main
from companion.core.journal import Journal
from companion.core.session import Session
from companion.core.staff import StaffLock
from companion.ui.app import PRESS_BURST, PRESS_RATE
from companion.ui.intents import Navigate
from companion.ui.kiosk.intents import ContinueGame
from companion.ui.kiosk.pin import PinScene
from hardware.config import load_config
from hardware.events import ButtonEvent
from tests.clock import FakeClock
from tests.faults.conftest import PIN, SETUP, continued_game, start_kiosk, stored
from tests.ui.tally_game import GAME as TALLY

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_the_kiosk_cleanly(tmp_path: Path, sig: signal.Signals) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    StaffLock(journal).set_pin(PIN)
    journal.close()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               GPIOZERO_PIN_FACTORY="mock", PYTHONPATH=str(ROOT))
    app = subprocess.Popen(
        [sys.executable, "-m", "companion", "--kiosk", "--db", str(path), "--inputs", "keyboard",
         "--config", str(tmp_path / "none.toml")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wal = Path(str(path) + "-wal")
    deadline = time.monotonic() + 30
    while not wal.exists() and time.monotonic() < deadline and app.poll() is None:
        time.sleep(0.05)
    time.sleep(1.0)
    assert app.poll() is None, app.stderr.read() if app.stderr else ""
    started = time.monotonic()
    app.send_signal(sig)
    code = app.wait(10)
    assert code == 0, app.stderr.read() if app.stderr else ""
    assert time.monotonic() - started < 5
    assert not wal.exists()  # the journal was closed: the last connection folds the log in
    assert stored(path)["pin"] is not None


def test_keyboard_digits_and_enter_reach_the_pin_pad(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing)
    cursor = app.session.cursor if app.session else -1
    app.perform(Navigate("kiosk.pin"))
    assert isinstance(app.scene, PinScene)
    for key in (pygame.K_4, pygame.K_7, pygame.K_1, pygame.K_1, pygame.K_4, pygame.K_7,
                pygame.K_RETURN):
        app.process(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.process(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
    assert app.kiosk.staff_open
    assert app.session is not None and app.session.cursor == cursor  # no button was pressed


def test_a_flood_of_presses_is_cut_to_a_sane_rate(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    closing.append(journal)
    Session.start(journal, TALLY.name, {**SETUP, "target": 10_000})
    app = start_kiosk(journal, clock)
    app.perform(ContinueGame())
    for _ in range(5000):
        app.events.put(ButtonEvent("advance", "press", source="serial"))
    started = time.monotonic()
    app.step(0)
    while app.behind:  # a pass handles what fits its budget; the rest comes next pass
        app.step(0)
    took = time.monotonic() - started
    assert app.session is not None
    allowed = PRESS_BURST + int(PRESS_RATE * took) + 1  # the bucket refills while it works
    assert PRESS_BURST <= app.session.cursor <= allowed
    assert app.dropped_presses == 5000 - app.session.cursor
    assert stored(path)["actions"] == app.session.cursor
    assert took < 5.0


def test_a_config_nested_five_thousand_deep_is_refused_not_fatal(tmp_path: Path) -> None:
    config = tmp_path / "deep.toml"
    config.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    loaded = load_config(config)
    assert [problem.key for problem in loaded.problems] == ["hardware.config.unreadable"]


def test_backup_while_the_app_writes_holds_every_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    session = Session.start(journal, TALLY.name, SETUP)
    for _ in range(5):
        session.submit({"type": "add", "amount": 1})
    # The app is still running: its last steps sit in the write-ahead log.
    naive = tmp_path / "copied.sqlite3"
    shutil.copy(path, naive)
    assert cli_main(["--db", str(path), "backup", str(tmp_path / "backup.sqlite3")]) == 0
    assert "backup.sqlite3" in capsys.readouterr().out
    backup = sqlite3.connect(tmp_path / "backup.sqlite3")
    assert backup.execute("SELECT count(*) FROM actions").fetchone()[0] == 5
    assert backup.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert backup.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    backup.close()
    copied = sqlite3.connect(naive)
    try:
        in_copy = copied.execute("SELECT count(*) FROM actions").fetchone()[0]
    except sqlite3.DatabaseError:
        in_copy = -1
    copied.close()
    assert in_copy < 5  # the reason a plain copy is not a backup
    assert cli_main(["--db", str(path), "backup", str(tmp_path / "backup.sqlite3")]) == 1
    journal.close()


def test_the_units_give_the_app_time_to_stop_cleanly() -> None:
    for unit in ("table-companion.service", "table-companion-desktop.service"):
        text = (ROOT / "hardware" / "kiosk" / unit).read_text(encoding="utf-8")
        values = [line.split("=", 1)[1] for line in text.splitlines()
                  if line.startswith("TimeoutStopSec=")]
        assert len(values) == 1 and 0 < int(values[0]) <= 30, unit
