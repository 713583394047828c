"""Fault injection against real journal files: helpers shared by the fault tests.

Every fault is made for real: a second process holding SQLite's write lock, a tiny
tmpfs filled to the last byte, a file system remounted read-only (or ``chmod`` when
not root), a deleted file, a stored action row changed by hand.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.core.i18n import translate
from companion.core.journal import BUSY_TIMEOUT, Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.core.staff import StaffLock
from companion.ui.fonts import clear_cache
from companion.ui.kiosk.app import KioskApp
from companion.ui.kiosk.intents import ContinueGame
from companion.ui.scene import Settings
from companion.ui.sounds import SilentPlayer
from tests.clock import FakeClock
from tests.registering import registered
from tests.ui.tally_game import GAME as TALLY
from tests.wiring import keys

PIN = "471147"
"""The staff PIN every fault journal is given."""
SETUP = {"seats": 2, "target": 40}
"""A tally game long enough never to end during a test."""
TRANSIENT = ("-wal", "-shm")
"""SQLite's side files, which come and go with every open and close."""

_HOLD_LOCK = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.read()
db.execute("ROLLBACK")
"""


tally_registered = registered(TALLY)


@pytest.fixture
def clock() -> FakeClock:
    """A steady clock the test moves by hand."""
    return FakeClock()


def make_journal(path: Path, steps: int = 2) -> int:
    """A journal file with the staff PIN and an unfinished tally game of ``steps`` steps."""
    journal = Journal(path)
    StaffLock(journal).set_pin(PIN)
    session = Session.start(journal, TALLY.name, SETUP)
    for _ in range(steps):
        session.submit({"type": "add", "amount": 1})
    journal.close()
    return session.game_id


def journal_file(folder: Path) -> tuple[Path, dict[str, object]]:
    """A journal file made by :func:`make_journal` in ``folder``, and what it holds."""
    path = folder / "journal.sqlite3"
    make_journal(path)
    return path, stored(path)


def lasting_files(folder: Path) -> set[str]:
    """The files in ``folder`` that stay (SQLite's ``-wal``/``-shm`` left out)."""
    return {p.name for p in folder.iterdir() if not p.name.endswith(TRANSIENT)}


def stored(path: Path) -> dict[str, object]:
    """What the file holds, read by a separate read-only connection."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        games = db.execute("SELECT id, status, cursor FROM games ORDER BY id").fetchall()
        actions = db.execute("SELECT count(*) FROM actions").fetchone()[0]
        pin = db.execute("SELECT value FROM settings WHERE key = 'kiosk.staff_pin'").fetchone()
    finally:
        db.close()
    return {"games": games, "actions": actions, "pin": pin}


def start_kiosk(journal: Journal, clock: FakeClock) -> KioskApp:
    """The kiosk app on ``journal``, as ``companion --kiosk`` starts it (headless)."""
    return KioskApp(journal, Settings(language="en"), (800, 480), clock=clock,
                    sound=SilentPlayer(), **keys())


def kiosk_on(path: Path, clock: FakeClock, closing: list[Journal],
             busy_timeout: float = BUSY_TIMEOUT) -> KioskApp:
    """The kiosk app on the journal file at ``path``, opened as the app opens it.

    The journal (``app.journal``) is added to ``closing``, so the test closes it whatever happens.
    """
    journal = Journal(path, busy_timeout=busy_timeout)
    closing.append(journal)
    return start_kiosk(journal, clock)


def continued_game(path: Path, clock: FakeClock, closing: list[Journal],
                   busy_timeout: float = BUSY_TIMEOUT) -> KioskApp:
    """A new fault journal at ``path`` opened in the kiosk (see :func:`kiosk_on`), its
    game continued."""
    make_journal(path)
    app = kiosk_on(path, clock, closing, busy_timeout)
    app.perform(ContinueGame())
    return app


@pytest.fixture
def closing() -> Iterator[list[Journal]]:
    """Journals to close (and pygame to stop) after the test."""
    opened: list[Journal] = []
    yield opened
    for journal in opened:
        journal.close()
    clear_cache()
    pygame.quit()


def toast_text(app: KioskApp) -> str:
    """The notice on screen, in English ('' when none)."""
    return "" if app.toast is None else translate(app.toast.message, "en")


def says(message_key: str) -> str:
    """The English text of a catalogue message without parameters."""
    return translate(Msg(message_key), "en")


class WriteLock:
    """Another process holding the journal's write lock (``BEGIN IMMEDIATE``)."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _HOLD_LOCK, str(path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "locked"

    def release(self) -> None:
        """Let go of the lock and end the process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(10)


@pytest.fixture
def write_lock() -> Iterator[list[WriteLock]]:
    """Holders of the write lock, released after the test."""
    holders: list[WriteLock] = []
    yield holders
    for holder in holders:
        if holder.process.poll() is None:
            holder.release()


def _mount(args: list[str]) -> bool:
    result = subprocess.run(["mount", *args], capture_output=True, check=False)
    return result.returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs of its own, so filling it fills nothing else."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if os.geteuid() != 0 or not _mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)]):
        pytest.skip("a tiny tmpfs needs permission to mount")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Write a filler file until the disk under ``folder`` is full; return it."""
    filler = folder / "filler"
    block = b"\0" * 4096
    with filler.open("wb", buffering=0) as out:
        for size in (4096, 512, 1):
            try:
                while True:
                    out.write(block[:size])
            except OSError:
                continue
    return filler


def make_read_only(folder: Path) -> None:
    """Make ``folder``'s file system refuse writes: remount read-only (root) or chmod."""
    if os.geteuid() == 0:
        assert _mount(["-o", "remount,ro", str(folder)])
        return
    for path in folder.iterdir():
        path.chmod(0o444)
    folder.chmod(0o555)


def make_writable(folder: Path) -> None:
    """Undo :func:`make_read_only`."""
    if os.geteuid() == 0:
        assert _mount(["-o", "remount,rw", str(folder)])
        return
    folder.chmod(0o755)
    for path in folder.iterdir():
        path.chmod(0o644)
