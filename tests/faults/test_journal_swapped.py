"""A journal changed under the running app (issue 27, fault 5) is noticed before the
next write: nothing goes to the wrong file, nothing is mixed, the table is told.

Each fault is made for real on the file the kiosk has open: an older copy restored
over it (``cp``, same inode, and ``mv``, a new one), another program writing to it,
the file cut short.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.core.journal import Journal, StorageError
from companion.ui.kiosk.app import KioskApp
from tests.clock import FakeClock
from tests.faults.conftest import continued_game, says, stored, tally_registered, toast_text
from tests.ui.tally_game import GAME as TALLY

__all__ = ["tally_registered"]
ADD = {"type": "add", "amount": 1}


def restore_by_copy(path: Path, older: Path) -> None:
    """``cp older journal``: the same file (inode), older content."""
    shutil.copyfile(older, path)


def restore_by_move(path: Path, older: Path) -> None:
    """``mv older journal``: another file under the journal's name."""
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    shutil.copyfile(older, path.with_name("restored"))
    path.with_name("restored").replace(path)


def another_program_writes(path: Path, older: Path) -> None:
    """A second program adds a step of its own to the same game."""
    db = sqlite3.connect(path, isolation_level=None)
    game_id, cursor = db.execute("SELECT id, cursor FROM games").fetchone()
    db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, 0)",
               (game_id, cursor + 1, json.dumps(ADD), json.dumps({"key": "x"})))
    db.execute("UPDATE games SET cursor = cursor + 1")
    db.close()


def cut_short(path: Path, older: Path) -> None:
    """The file is truncated to nothing (a failed copy onto it)."""
    with path.open("r+b") as handle:
        handle.truncate(0)


@pytest.mark.parametrize("change", [restore_by_copy, restore_by_move, another_program_writes,
                                    cut_short])
def test_a_journal_changed_under_the_app_is_never_written_to(
    tmp_path: Path, clock: FakeClock, closing: list[Journal],
    change: Callable[[Path, Path], None], tally_registered: None,
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing)
    assert app.session is not None
    older = tmp_path / "backup.sqlite3"
    app.journal.backup(older)
    for _ in range(3):
        app.session.submit(ADD)
    change(path, older)
    before = raw_bytes(path)
    on_screen = app.session.cursor

    submit_refused(app)
    assert app.session.cursor == on_screen  # the step was not taken
    assert raw_bytes(path) == before  # nothing written to the changed file
    clock.advance(10)
    app.step(0)
    assert toast_text(app) == says("core.storage.replaced")  # the table is told, and again
    assert not app.journal.retry()
    assert raw_bytes(path) == before


def raw_bytes(path: Path) -> bytes:
    """The journal file and its write-ahead log, byte for byte."""
    wal = Path(str(path) + "-wal")
    return path.read_bytes() + (wal.read_bytes() if wal.exists() else b"")


def submit_refused(app: KioskApp) -> None:
    """A step on the open game is refused with the 'changed' problem."""
    assert app.session is not None
    with pytest.raises(StorageError) as refused:
        app.session.submit(ADD)
    assert refused.value.problem == "replaced"


def test_the_apps_own_writes_never_count_as_a_change(
    tmp_path: Path, clock: FakeClock, closing: list[Journal], tally_registered: None
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing)
    assert app.session is not None
    for _ in range(5):
        app.session.submit(ADD)
        clock.advance(10)
        app.step(0)
    assert app.journal.check() is None
    assert stored(path)["actions"] == app.session.cursor
    assert TALLY.name == "tally"


def test_the_apps_own_statistics_reader_never_counts_as_a_change(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    """The reader process replays every game and hands its cache to the app, which
    writes it: the journal keeps one writer, and nothing reads as changed."""
    from tests.faults.test_stats_background import stats_screen

    _, app = stats_screen(tmp_path, clock, closing)
    app.step(0)
    scene = app.scene
    job = getattr(scene, "job", None)
    assert job is not None and job.in_process
    assert job.finished.wait(120)
    app.step(0)
    assert app.journal.check() is None
    app.journal.set_setting("after.statistics", True)  # still written
    assert app.journal.problem is None
