"""The journal: every game, every accepted action and the app's settings, in SQLite.

One file holds everything.  The database runs in WAL mode with ``synchronous=FULL``
and every action is its own transaction, committed before :meth:`Journal.append`
returns — so an action the screen has acknowledged survives a power cut.

Undo and redo never delete anything: a game has a *cursor* (how many of its actions
are in effect).  Undo moves the cursor back; redo moves it forward again; a new action
after an undo replaces the undone tail.

A damaged database file is moved aside (``<name>.damaged-<time>``) and a fresh one is
started; :attr:`Journal.recovered_from` tells the app so it can say what happened.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from companion.core.game import Action, Setup
from companion.core.messages import IllegalActionError, Msg

SCHEMA_VERSION = 1
"""Version of the table layout below, kept in ``PRAGMA user_version``."""

GameStatus = Literal["active", "finished", "archived"]
"""Active games can be resumed; finished ones are kept for history; archived ones were put away."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game     TEXT    NOT NULL,
    title    TEXT    NOT NULL DEFAULT '',
    setup    TEXT    NOT NULL,
    status   TEXT    NOT NULL DEFAULT 'active'
             CHECK (status IN ('active', 'finished', 'archived')),
    cursor   INTEGER NOT NULL DEFAULT 0 CHECK (cursor >= 0),
    created  REAL    NOT NULL,
    updated  REAL    NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    step     INTEGER NOT NULL CHECK (step >= 1),
    action   TEXT    NOT NULL,
    label    TEXT    NOT NULL,
    created  REAL    NOT NULL,
    PRIMARY KEY (game_id, step)
);
CREATE TABLE IF NOT EXISTS settings (
    key      TEXT PRIMARY KEY,
    value    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_status ON games(status, updated);
"""


@dataclass(frozen=True)
class GameSummary:
    """One saved game as listed on the home screen."""

    id: int
    """The game's number in the journal."""
    game: str
    """Registry name of the rules engine, e.g. ``"chess"``."""
    title: str
    """Free title given at set-up (may be empty)."""
    status: GameStatus
    """Whether it can be resumed, is finished, or was archived."""
    created: float
    """Creation time, seconds since the epoch."""
    updated: float
    """Time of the last change, seconds since the epoch."""
    steps: int
    """Number of actions in effect (the cursor)."""


@dataclass(frozen=True)
class SavedGame:
    """Everything the journal holds about one game."""

    summary: GameSummary
    """The game's list entry."""
    setup: dict[str, Any]
    """The set-up the game started from."""
    actions: tuple[dict[str, Any], ...]
    """All recorded actions, including an undone tail that redo can bring back."""
    labels: tuple[Msg, ...]
    """History label of each action, same order."""

    @property
    def cursor(self) -> int:
        """How many of :attr:`actions` are in effect."""
        return self.summary.steps


class Journal:
    """The SQLite store of games, actions and settings."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        """The database file, or ``":memory:"``."""
        self.recovered_from: Path | None = None
        """Where a damaged database was moved, if one was found at start."""
        self._db = self._open_checked()

    # ----------------------------------------------------------------- opening
    def _open_checked(self) -> sqlite3.Connection:
        try:
            return self._open()
        except sqlite3.DatabaseError:
            self.recovered_from = self._move_damaged_aside()
            return self._open()

    def _open(self) -> sqlite3.Connection:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            check = db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {check}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"schema version {version} is newer")
            db.executescript(_SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _move_damaged_aside(self) -> Path:
        original = Path(self.path)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = original.with_name(f"{original.name}.damaged-{stamp}")
        original.replace(target)
        for suffix in ("-wal", "-shm"):
            side = original.with_name(original.name + suffix)
            if side.exists():
                side.replace(target.with_name(target.name + suffix))
        return target

    def close(self) -> None:
        """Close the database (everything is already committed)."""
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # ------------------------------------------------------------------- games
    def create_game(self, game: str, setup: Setup, title: str = "") -> int:
        """Store a new game with its set-up and return its number."""
        now = time.time()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, title, setup, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game, title, _dump(setup), now, now),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def list_games(self, status: GameStatus | None = None) -> list[GameSummary]:
        """List saved games, newest change first, optionally only those with ``status``."""
        query = "SELECT id, game, title, status, created, updated, cursor FROM games"
        params: tuple[str, ...] = ()
        if status is not None:
            query += " WHERE status = ?"
            params = (status,)
        rows = self._db.execute(query + " ORDER BY updated DESC, id DESC", params).fetchall()
        return [_summary(row) for row in rows]

    def latest_active(self) -> GameSummary | None:
        """The most recently changed game that is still being played, if any."""
        games = self.list_games("active")
        return games[0] if games else None

    def summary(self, game_id: int) -> GameSummary:
        """The list entry of one game."""
        row = self._db.execute(
            "SELECT id, game, title, status, created, updated, cursor FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise IllegalActionError("core.error.no_such_game", game_id=game_id)
        return _summary(row)

    def load(self, game_id: int) -> SavedGame:
        """Read one game with all its actions."""
        summary = self.summary(game_id)
        setup_text = self._db.execute(
            "SELECT setup FROM games WHERE id = ?", (game_id,)
        ).fetchone()[0]
        rows = self._db.execute(
            "SELECT action, label FROM actions WHERE game_id = ? ORDER BY step", (game_id,)
        ).fetchall()
        actions = tuple(json.loads(action) for action, _ in rows)
        labels = tuple(Msg.from_json(json.loads(label)) for _, label in rows)
        return SavedGame(summary, json.loads(setup_text), actions, labels)

    def append(
        self, game_id: int, step: int, action: Action, label: Msg, status: GameStatus
    ) -> None:
        """Record ``action`` as step ``step`` (1-based) and make it the cursor.

        Any undone steps after ``step - 1`` are replaced.  Committed before returning.
        """
        now = time.time()
        with self._transaction() as db:
            db.execute("DELETE FROM actions WHERE game_id = ? AND step >= ?", (game_id, step))
            db.execute(
                "INSERT INTO actions (game_id, step, action, label, created)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, step, _dump(action), _dump(label.to_json()), now),
            )
            db.execute(
                "UPDATE games SET cursor = ?, status = ?, updated = ? WHERE id = ?",
                (step, status, now, game_id),
            )

    def set_cursor(self, game_id: int, cursor: int, status: GameStatus) -> None:
        """Move a game's cursor (undo, redo, jump) and update its status."""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET cursor = ?, status = ?, updated = ? WHERE id = ?",
                (cursor, status, time.time(), game_id),
            )

    def set_status(self, game_id: int, status: GameStatus) -> None:
        """Mark a game active, finished or archived."""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status = ?, updated = ? WHERE id = ?",
                (status, time.time(), game_id),
            )

    def archive(self, game_id: int) -> None:
        """Put a game away: it stays in the history but is no longer resumed."""
        self.set_status(game_id, "archived")

    def delete(self, game_id: int) -> None:
        """Remove a game and all its actions."""
        with self._transaction() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # ---------------------------------------------------------------- settings
    def get_setting(self, key: str, default: Any = None) -> Any:
        """Read a setting stored as JSON, or ``default``."""
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return default if row is None else json.loads(row[0])

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting as JSON."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, _dump(value)),
            )

    def integrity_ok(self) -> bool:
        """Run SQLite's full integrity check."""
        row = self._db.execute("PRAGMA integrity_check").fetchone()
        return row is not None and row[0] == "ok"


def _summary(row: Sequence[Any]) -> GameSummary:
    game_id, game, title, status, created, updated, cursor = row
    return GameSummary(int(game_id), game, title, status, created, updated, int(cursor))


def _dump(value: Mapping[str, Any] | Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
