"""The SQLite journal: durability settings, steps, cursor, settings, damaged files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError, Msg


def test_database_uses_wal_and_full_sync(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    db = journal._db
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_appended_step_is_visible_to_a_second_connection(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    game_id = journal.create_game("counting", {"players": 2})
    journal.append(game_id, 1, {"type": "add", "amount": 2}, Msg("x"), "active")
    other = sqlite3.connect(path)
    rows = other.execute("SELECT step, action FROM actions WHERE game_id = ?", (game_id,))
    assert rows.fetchall() == [(1, '{"amount":2,"type":"add"}')]


def test_new_step_after_undo_replaces_the_undone_tail(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    game_id = journal.create_game("counting", {})
    for step in (1, 2, 3):
        journal.append(game_id, step, {"type": "add", "amount": step}, Msg("x"), "active")
    journal.set_cursor(game_id, 1, "active")
    journal.append(game_id, 2, {"type": "add", "amount": 3}, Msg("y"), "active")
    saved = journal.load(game_id)
    assert [a["amount"] for a in saved.actions] == [1, 3]
    assert saved.cursor == 2
    assert saved.labels[-1] == Msg("y")


def test_list_games_filters_by_status_and_orders_newest_first(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    first = journal.create_game("counting", {}, "first")
    second = journal.create_game("counting", {}, "second")
    journal.set_status(first, "finished")
    assert [g.id for g in journal.list_games("active")] == [second]
    assert [g.id for g in journal.list_games("finished")] == [first]
    assert journal.latest_active() is not None
    journal.archive(second)
    assert journal.latest_active() is None
    assert {g.id for g in journal.list_games()} == {first, second}


def test_unknown_game_is_a_clear_error(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    with pytest.raises(IllegalActionError) as caught:
        journal.load(99)
    assert caught.value.key == "core.error.no_such_game"


def test_settings_round_trip_json_values(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    Journal(path).set_setting("language", "pl")
    Journal(path).set_setting("size", [800, 480])
    reopened = Journal(path)
    assert reopened.get_setting("language") == "pl"
    assert reopened.get_setting("size") == [800, 480]
    assert reopened.get_setting("missing", 7) == 7


def test_garbage_file_is_moved_aside_and_a_new_journal_starts(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    journal = Journal(path)
    assert journal.recovered_from is not None
    assert journal.recovered_from.read_bytes().startswith(b"this is not a database")
    assert journal.list_games() == []
    assert journal.integrity_ok()


def test_truncated_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    game_id = journal.create_game("counting", {})
    for step in range(1, 200):
        journal.append(
            game_id, step, {"type": "add", "amount": 1, "pad": "x" * 200}, Msg("x"), "active"
        )
    journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    reopened = Journal(path)
    assert reopened.recovered_from is not None
    assert reopened.integrity_ok()
