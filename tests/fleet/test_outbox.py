"""The journal's outbox: a finishing step and its play are one transaction."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.core.journal import (
    Journal,
    StorageError,
    open_outbox,
    outbox_add,
    outbox_pending,
    outbox_sent,
)
from companion.core.record import load_record, session_from_record

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "caverna" / "two-players.json"


def test_the_finishing_step_puts_the_play_in_the_outbox(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    open_outbox(journal)
    record = load_record(RECORD)
    session = session_from_record(journal, record, steps=len(record.actions) - 1)
    assert outbox_pending(journal) == []
    session.submit(record.actions[-1])
    assert [(item.key, item.kind, item.game_id) for item in outbox_pending(journal)] == [
        ("play:1", "play", 1)]
    outbox_sent(journal, ["play:1"])
    assert outbox_pending(journal) == []
    session.undo()  # taken back and finished anew: the new result goes out again
    session.redo()
    assert [item.key for item in outbox_pending(journal)] == ["play:1"]


def test_a_finishing_step_that_fails_leaves_no_play_behind(tmp_path: Path) -> None:
    """The trigger runs inside the step's transaction: a failed step sends nothing."""
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    open_outbox(journal)
    record = load_record(RECORD)
    session = session_from_record(journal, record, steps=len(record.actions) - 1)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    journal.busy_timeout = 0.1
    journal._db.execute("PRAGMA busy_timeout = 100")
    with pytest.raises(StorageError):
        session.submit(record.actions[-1])
    other.execute("ROLLBACK")
    other.close()
    assert outbox_pending(journal) == []
    assert journal.summary(session.game_id).status == "active"


def test_faults_wait_in_the_outbox_under_keys_of_their_own(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    open_outbox(journal)
    first = outbox_add(journal, "fault", {"fault": "gpio"})
    second = outbox_add(journal, "fault", {"fault": "under_voltage"})
    assert first != second
    assert [item.key for item in outbox_pending(journal)] == [first, second]
    journal.close()
    again = Journal(tmp_path / "j.sqlite3")  # kept across a restart
    open_outbox(again)
    assert [item.key for item in outbox_pending(again)] == [first, second]


def test_a_journal_without_fleet_has_no_outbox(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    session_from_record(journal, load_record(RECORD))
    tables = {row[0] for row in journal._read("SELECT name FROM sqlite_master")}
    assert "outbox" not in tables
