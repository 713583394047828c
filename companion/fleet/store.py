"""The collector's own SQLite: every table's latest word, every play once, faults and calls.

Ids are kept once: a play or fault delivered twice (a table sends again until it hears
the acknowledgement) is stored once; a play sent again after its game was undone and
finished anew replaces the earlier result under the same id.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    venue TEXT NOT NULL, name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'offline', status_at REAL NOT NULL DEFAULT 0,
    state TEXT NOT NULL DEFAULT '{}', state_at REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (venue, name)
);
CREATE TABLE IF NOT EXISTS plays (
    id TEXT PRIMARY KEY, venue TEXT NOT NULL, name TEXT NOT NULL, game TEXT NOT NULL,
    started REAL NOT NULL, finished REAL NOT NULL, play TEXT NOT NULL, received REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS faults (
    id TEXT PRIMARY KEY, venue TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '', at REAL NOT NULL, acknowledged REAL
);
CREATE TABLE IF NOT EXISTS calls (
    id TEXT PRIMARY KEY, venue TEXT NOT NULL, name TEXT NOT NULL, at REAL NOT NULL,
    answered REAL
);
CREATE INDEX IF NOT EXISTS plays_by_game ON plays(game, finished);
"""


class FleetStore:
    """The collector's database (safe to use from several threads)."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        """The database file (``:memory:`` for a throw-away store)."""
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.executescript(_SCHEMA)
        self._lock = threading.RLock()

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def _rows(self, query: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(query, params).fetchall()

    # ---------------------------------------------------------------- writing
    def set_status(self, venue: str, name: str, status: str, at: float) -> None:
        """A table's online / offline word."""
        with self._write() as db:
            db.execute("INSERT INTO tables (venue, name, status, status_at) VALUES (?, ?, ?, ?)"
                       " ON CONFLICT(venue, name) DO UPDATE SET status = excluded.status,"
                       " status_at = excluded.status_at", (venue, name, status, at))

    def set_state(self, venue: str, name: str, state: Mapping[str, Any], at: float) -> None:
        """A table's latest state message."""
        with self._write() as db:
            db.execute("INSERT INTO tables (venue, name, state, state_at) VALUES (?, ?, ?, ?)"
                       " ON CONFLICT(venue, name) DO UPDATE SET state = excluded.state,"
                       " state_at = excluded.state_at", (venue, name, json.dumps(state), at))

    def keep_play(self, uid: str, venue: str, name: str, play: Mapping[str, Any]) -> bool:
        """Keep a finished play under its id; True when the id was new."""
        with self._write() as db:
            known = db.execute("SELECT 1 FROM plays WHERE id = ?", (uid,)).fetchone()
            db.execute(
                "INSERT INTO plays (id, venue, name, game, started, finished, play, received)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET"
                " game = excluded.game, started = excluded.started,"
                " finished = excluded.finished, play = excluded.play",
                (uid, venue, name, str(play.get("game", "")), float(play.get("created", 0)),
                 float(play.get("updated", 0)), json.dumps(play), time.time()))
        return known is None

    def keep_fault(self, uid: str, venue: str, name: str, kind: str, detail: str,
                   at: float) -> bool:
        """Keep a fault under its id; True when the id was new."""
        with self._write() as db:
            cursor = db.execute(
                "INSERT OR IGNORE INTO faults (id, venue, name, kind, detail, at)"
                " VALUES (?, ?, ?, ?, ?, ?)", (uid, venue, name, kind, detail, at))
        return cursor.rowcount == 1

    def keep_call(self, uid: str, venue: str, name: str, at: float) -> None:
        """A guest called staff at a table."""
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO calls (id, venue, name, at) VALUES (?, ?, ?, ?)",
                       (uid, venue, name, at))

    def answer_call(self, uid: str, at: float) -> tuple[str, str] | None:
        """Staff acknowledged a call; returns its table (``None``: no such open call)."""
        with self._write() as db:
            row = db.execute("SELECT venue, name FROM calls WHERE id = ? AND answered IS NULL",
                             (uid,)).fetchone()
            db.execute("UPDATE calls SET answered = ? WHERE id = ?", (at, uid))
        return None if row is None else (str(row[0]), str(row[1]))

    def acknowledge_faults(self, venue: str, name: str, at: float) -> None:
        """Staff have seen a table's faults."""
        with self._write() as db:
            db.execute("UPDATE faults SET acknowledged = ? WHERE venue = ? AND name = ?"
                       " AND acknowledged IS NULL", (at, venue, name))

    # ---------------------------------------------------------------- reading
    def tables(self) -> list[dict[str, Any]]:
        """Every table heard of, with its open faults and call."""
        faults: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for venue, name, kind, detail, at in self._rows(
                "SELECT venue, name, kind, detail, at FROM faults WHERE acknowledged IS NULL"
                " ORDER BY at"):
            faults.setdefault((venue, name), []).append(
                {"kind": kind, "detail": detail, "at": at})
        calls = {(venue, name): {"id": uid, "at": at} for uid, venue, name, at in self._rows(
            "SELECT id, venue, name, at FROM calls WHERE answered IS NULL ORDER BY at")}
        found = []
        for venue, name, status, status_at, state, state_at in self._rows(
                "SELECT venue, name, status, status_at, state, state_at FROM tables"
                " ORDER BY venue, name"):
            found.append({"venue": venue, "name": name, "status": status,
                          "status_at": status_at, "state": json.loads(state),
                          "state_at": state_at, "faults": faults.get((venue, name), []),
                          "call": calls.get((venue, name))})
        return found

    def plays(self) -> list[dict[str, Any]]:
        """Every play kept, oldest first, with its table."""
        return [{"id": uid, "venue": venue, "table": name, **json.loads(play)}
                for uid, venue, name, play in self._rows(
                    "SELECT id, venue, name, play FROM plays ORDER BY finished, id")]

    def play_ids(self) -> list[str]:
        """The ids of every play kept."""
        return [str(row[0]) for row in self._rows("SELECT id FROM plays ORDER BY id")]
