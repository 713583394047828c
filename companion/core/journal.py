"""The journal: every game, every accepted action and the app's settings, in SQLite.

One file holds everything.  The database runs in WAL mode with ``synchronous=FULL``
and every action is its own transaction, committed before :meth:`Journal.append`
returns — so an action the screen has acknowledged survives a power cut.

Undo and redo never delete anything: a game has a *cursor* (how many of its actions
are in effect).  Undo moves the cursor back; redo moves it forward again; a new action
after an undo replaces the undone tail.

Damage and trouble are different things.  Only real damage — the file is not a
database, ``quick_check`` fails, the schema is one this app does not know — moves the
file aside (``<name>.damaged-<time>``) and starts a fresh one; the settings that can
still be read from the damaged file (the staff PIN among them) are carried over, and
:attr:`Journal.recovered_from` tells the app so it can say what happened.

Trouble — the file is busy (another program holds the write lock), the disk is full,
the file system is read-only, the file cannot be opened or was deleted — never moves
or replaces anything.  The journal then runs read-only where it can, every write
raises :class:`StorageError` (the step is not taken), :attr:`Journal.problem` says
what is wrong, and :meth:`Journal.retry` tries again.  When the file cannot be read at
all, an empty in-memory stand-in serves the screens (:attr:`Journal.available` is
False) and refuses every write; it is never written to disk.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote

from companion.core.game import Action, Setup
from companion.core.limits import JsonLimitError, load_json
from companion.core.messages import IllegalActionError, Msg, RecordError
from companion.core.values import Value

SCHEMA_VERSION = 1
"""Version of the table layout below, kept in ``PRAGMA user_version``."""

GameStatus = Literal["active", "finished", "archived"]
"""Active games can be resumed; finished ones are kept for history; archived ones were put away."""

StorageProblem = Literal["busy", "full", "read_only", "missing", "unavailable", "replaced"]
"""What keeps the journal from being written: another program holds the write lock, the
disk is full, the file (or its file system) is read-only, the file was deleted while the
app ran, the file cannot be opened at all, or the file was changed under the app (an
older copy restored, another program wrote to it, it was cut short)."""

GENERATION_SETTING = "journal.generation"
"""The journal's identity and write count, ``[id, writes]``: every write by this app
checks it is still what the app last wrote, then counts one more. A file replaced by
an older copy, written by another program or cut short no longer matches, and nothing
more is written to it."""

BUSY_TIMEOUT = 2.0
"""Seconds the background watcher waits at a time for another program's write lock."""

WRITE_WAIT = 0.05
"""Seconds a write waits for another program's write lock on the caller's thread (the
screen's, in the app) before the step is refused as ``busy``.  The longer wait for
the lock then happens on a background thread (:class:`_BusyWatcher`); while the
journal is known busy, writes do not wait at all, so the screen keeps drawing and
the watchdog keeps being pinged."""

LOW_SPACE = 64 * 1024
"""Free bytes below which the disk counts as full (a step and its log need some room)."""

RECOVERY_SETTING = "journal.recovered"
"""Setting written into a fresh journal that replaced a damaged one: where the damaged
file went and whether its settings could be carried over."""

_DAMAGE_CODES = frozenset({11, 26})
"""SQLite's primary result codes for a damaged file: SQLITE_CORRUPT and SQLITE_NOTADB."""
_PROBLEM_CODES: dict[int, StorageProblem] = {
    3: "read_only",  # SQLITE_PERM
    5: "busy",  # SQLITE_BUSY
    6: "busy",  # SQLITE_LOCKED
    8: "read_only",  # SQLITE_READONLY
    13: "full",  # SQLITE_FULL
    14: "unavailable",  # SQLITE_CANTOPEN
}
_TABLES = frozenset({"games", "actions", "settings"})


class StorageError(IllegalActionError):
    """The journal could not be read or written; nothing was changed.

    It is an :class:`IllegalActionError`, so every path that shows a refused step
    shows this one too: the step is not taken and the table is told why.
    """

    def __init__(self, problem: StorageProblem) -> None:
        super().__init__(f"core.storage.{problem}")
        self.problem: StorageProblem = problem
        """What went wrong."""


class UnreplayableGameError(RecordError):
    """A stored game whose steps can no longer be read or replayed."""

    def __init__(self, game_id: int, step: int, detail: str) -> None:
        super().__init__("core.error.unreplayable", game_id=game_id, step=step)
        self.game_id = game_id
        """The game's number in the journal."""
        self.step = step
        """The first step (1-based; 0 for the set-up) that could not be read or replayed."""
        self.detail = detail
        """The technical reason, for the bug report."""


class _DamagedError(Exception):
    """The file is a damaged or foreign database (never raised for mere trouble)."""


class _BusyWatcher:
    """A background thread that waits for another program to let go of the write lock.

    It uses a connection of its own (the app's stays free for the screen's reads) and
    takes and drops the lock, ``BEGIN IMMEDIATE`` then ``ROLLBACK``, waiting up to the
    journal's busy timeout each time; once that succeeds :attr:`running` is False and
    the app's next :meth:`Journal.retry` finds the journal writable again.
    """

    def __init__(self, path: str, wait: float) -> None:
        self.path = path
        """The journal file."""
        self.wait = wait
        """Seconds each attempt waits for the lock."""
        self.running = True
        """False once the lock was free (or the watcher was stopped)."""
        self.attempts = 0
        """How many times the lock was tried."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="journal-busy", daemon=True)

    def start(self) -> None:
        """Start watching."""
        self._thread.start()

    def join(self, timeout: float) -> bool:
        """Wait up to ``timeout`` s for the watch to end; True if it has."""
        self._thread.join(timeout)
        return not self.running

    def stop(self) -> None:
        """Stop watching (the journal is closing)."""
        self._stop.set()
        self._thread.join(self.wait + 1.0)
        self.running = False

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.path, timeout=self.wait, isolation_level=None)
        except sqlite3.Error:
            self.running = False
            return
        try:
            while not self._stop.is_set():
                self.attempts += 1
                try:
                    db.execute("BEGIN IMMEDIATE")
                    db.execute("ROLLBACK")
                    return
                except sqlite3.Error as error:
                    if storage_problem(error) != "busy":
                        return
                    self._stop.wait(0.05)
        finally:
            db.close()
            self.running = False


def storage_problem(error: sqlite3.Error) -> StorageProblem | None:
    """What kind of trouble ``error`` is; ``None`` when it means the file is damaged."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else -1
    if primary in _DAMAGE_CODES:
        return None
    if primary == 10:  # SQLITE_IOERR: a full disk shows up here too
        return "full" if "full" in str(error).lower() else "unavailable"
    if primary in _PROBLEM_CODES:
        return _PROBLEM_CODES[primary]
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return "busy"
    if "readonly" in text or "read-only" in text:
        return "read_only"
    if "full" in text:
        return "full"
    if "not a database" in text or "malformed" in text:
        return None
    return "unavailable"

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


class GameSummary(Value):
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


class SavedGame(Value):
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

    def __init__(self, path: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = str(path)
        """The database file, or ``":memory:"``."""
        self.busy_timeout = busy_timeout
        """Seconds the background watcher waits at a time for another program's lock."""
        self.write_wait = min(busy_timeout, WRITE_WAIT)
        """Seconds a write waits for the lock on the caller's thread (see :data:`WRITE_WAIT`)."""
        self._watcher: _BusyWatcher | None = None
        self.recovered_from: Path | None = None
        """Where a damaged database was moved, if one was found at start."""
        self.problem: StorageProblem | None = None
        """What keeps the journal from being written right now (``None``: nothing)."""
        self.read_only = False
        """Whether the file is open for reading only (writes raise :class:`StorageError`)."""
        self.available = True
        """False while the file cannot be read at all and an empty stand-in serves reads."""
        self._lock = threading.RLock()
        self._identity: tuple[int, int] | None = None
        self._stamp: tuple[int, int] | None = None
        self._data_version: int | None = None
        self._generation: tuple[str, int] | None = None
        self._db = self._connect()

    # ----------------------------------------------------------------- opening
    @property
    def in_memory(self) -> bool:
        """Whether the journal lives only in memory (tests, previews)."""
        return self.path == ":memory:"

    def _connect(self) -> sqlite3.Connection:
        """Open the file for writing, else for reading, else an empty stand-in."""
        existed = not self.in_memory and Path(self.path).exists()
        try:
            db = self._open_writable(existed)
        except sqlite3.Error as error:
            self.problem = self._refine(storage_problem(error) or "unavailable")
            return self._open_fallback(existed)
        except OSError as error:
            self.problem = self._refine(_os_problem(error))
            return self._open_fallback(existed)
        self.problem, self.read_only, self.available = None, False, True
        self._remember_own_write(db)
        self._know_generation(db)
        self._probe(db)
        return db

    def _open_writable(self, existed: bool) -> sqlite3.Connection:
        try:
            return self._open()
        except _DamagedError:
            pass
        except sqlite3.Error as error:
            if storage_problem(error) is not None or not existed:
                raise
        settings = _salvage_settings(self.path)
        self.recovered_from = self._move_damaged_aside()
        db = self._open()
        self._carry_over(db, settings)
        return db

    def _open(self) -> sqlite3.Connection:
        if not self.in_memory:
            _make_private(Path(self.path))
        db = sqlite3.connect(self.path, timeout=self.write_wait, isolation_level=None,
                             check_same_thread=False)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            _check_layout(db)
        except BaseException:
            db.close()
            raise
        return db

    def _open_fallback(self, existed: bool) -> sqlite3.Connection:
        """Read-only access to the file, or an empty stand-in when even that fails."""
        if existed:
            for options in ("mode=ro", "mode=ro&immutable=1"):
                if "immutable" in options and _has_wal_content(self.path):
                    continue
                try:
                    db = sqlite3.connect(f"file:{quote(self.path)}?{options}", uri=True,
                                         timeout=self.write_wait, check_same_thread=False,
                                         isolation_level=None)
                    _check_layout(db, read_only=True)
                except (sqlite3.Error, _DamagedError):
                    continue
                self.read_only, self.available = True, True
                self._remember_identity()
                self._know_generation(db)
                return db
        self.read_only, self.available = True, False
        stand_in = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        stand_in.executescript(_SCHEMA)
        return stand_in

    def _carry_over(self, db: sqlite3.Connection, settings: dict[str, str] | None) -> None:
        """Write the settings read from a damaged file into the fresh one."""
        rows = list((settings or {}).items())
        record = {"from": str(self.recovered_from), "settings_salvaged": settings is not None}
        rows.append((RECOVERY_SETTING, _dump(record)))
        db.executemany("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", rows)

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

    def _know_generation(self, db: sqlite3.Connection) -> None:
        """At the first open: remember the file's generation (later opens keep the one the
        app last wrote, so a file swapped meanwhile is noticed)."""
        if self._generation is None:
            with suppress(sqlite3.Error):
                self._generation = _read_generation(db)

    def _still_ours(self, db: sqlite3.Connection) -> bool:
        """Whether the file still holds what this app last wrote (:data:`GENERATION_SETTING`)."""
        if self._generation is None:
            return True
        try:
            return _read_generation(db) == self._generation
        except sqlite3.Error:
            return False

    def _count_write(self, db: sqlite3.Connection) -> tuple[str, int]:
        """Inside a write transaction: one more write on the file's generation."""
        journal_id = self._generation[0] if self._generation else uuid.uuid4().hex
        generation = (journal_id, (self._generation[1] if self._generation else 0) + 1)
        db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                   (GENERATION_SETTING, _dump(list(generation))))
        return generation

    def _remember_identity(self) -> None:
        if self.in_memory:
            return
        try:
            info = os.stat(self.path)
        except OSError:
            return
        self._identity = (info.st_dev, info.st_ino)
        self._stamp = (info.st_size, info.st_mtime_ns)

    def _remember_own_write(self, db: sqlite3.Connection) -> None:
        """After this app's own commit: the file's size and time and SQLite's data
        version as they are now (a checkpoint may have grown the file)."""
        self._remember_identity()
        with suppress(sqlite3.Error):
            self._data_version = int(db.execute("PRAGMA data_version").fetchone()[0])

    def _still_there(self) -> bool:
        """Whether the path still names the file that was opened."""
        return self._changed_file() != "missing"

    def _changed_file(self) -> StorageProblem | None:
        """``missing`` when the file is gone, ``replaced`` when the path names another file
        or the file changed since this app last wrote it (copied over, cut short)."""
        if self._identity is None:
            return None
        try:
            info = os.stat(self.path)
        except OSError:
            return "missing"
        if (info.st_dev, info.st_ino) != self._identity:
            return "replaced"
        if self._stamp is not None and (info.st_size, info.st_mtime_ns) != self._stamp:
            return "replaced"
        return None

    def _changed_under_us(self, db: sqlite3.Connection) -> bool:
        """Whether the journal changed since this app last wrote it: another file, the
        file changed on disk, another program's commit, or another generation."""
        if self._changed_file() is not None:
            return True
        try:
            version = int(db.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error:
            return True
        if self._data_version is not None and version != self._data_version:
            return True
        return not self._still_ours(db)

    def _probe(self, db: sqlite3.Connection) -> None:
        """Take and drop the write lock: finds a busy or read-only file before a step needs it."""
        if not self.in_memory and not os.access(self.path, os.W_OK):
            self.problem, self.read_only = "read_only", True
            return
        try:
            with _no_waiting(db, self.write_wait):
                db.execute("BEGIN IMMEDIATE")
                db.execute("ROLLBACK")
        except sqlite3.Error as error:
            self.problem = self._refine(storage_problem(error) or "unavailable")
            self.read_only = self.problem == "read_only"
            return
        if self._disk_full():
            self.problem = "full"

    # ----------------------------------------------------------------- health
    def check(self) -> StorageProblem | None:
        """Notice a journal file deleted or replaced under the app; return the problem."""
        with self._lock:
            if not self.available or self.problem == "replaced":
                return self.problem
            changed = self._changed_file()
            if changed == "missing" or (changed is None and self.read_only):
                self.problem = changed or self.problem
            elif changed is not None or (not self.read_only and self._changed_under_us(self._db)):
                self.problem = "replaced"
            return self.problem

    def retry(self) -> bool:
        """Try again after trouble: reopen, write the file back if deleted, or probe.

        Returns True when the journal can be written again.  Never moves or replaces
        an existing file.
        """
        with self._lock:
            if self.check() is None:
                return True
            if self.problem == "replaced":
                return False  # never write on: the app's games and the file's differ
            if self.problem == "busy" and self._watcher is not None and self._watcher.running:
                return False  # the lock is still held: the watcher says when it is free
            if self.problem == "missing":
                return self._write_back()
            if self.read_only or not self.available:
                return self._reopen()
            if self._disk_full():
                self.problem = "full"
                return False
            self._probe_write()
            return self.problem is None

    def _reopen(self) -> bool:
        """Open the file afresh; on failure the read-only fallback serves again.

        SQLite shares one read-only open among the connections of a process, so the
        old connection is closed first.  A file that was opened once and is now gone
        is not started afresh (only one that never existed, on a first start).
        """
        if not Path(self.path).exists() and self._identity is not None:
            return False
        self._db.close()
        self._db = self._connect()
        return self.problem is None

    def _write_back(self) -> bool:
        """The file was deleted while open: write what the app still holds back to disk."""
        if Path(self.path).exists():
            return self._reopen()
        try:
            target = sqlite3.connect(self.path)
            try:
                self._db.backup(target)
            finally:
                target.close()
        except sqlite3.Error:
            return False
        return self._reopen()

    def _probe_write(self) -> None:
        """Write and remove a marker row: proves the disk takes writes again."""
        try:
            with _no_waiting(self._db, self.write_wait), self._raw_transaction() as db:
                db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                           ("journal.probe", _dump(time.time())))
                db.execute("DELETE FROM settings WHERE key = 'journal.probe'")
        except StorageError:
            return
        self.problem = None

    def lock_watch_done(self, timeout: float) -> bool:
        """Wait up to ``timeout`` s for the background wait on another program's write
        lock to end (at once when none runs); True once it has."""
        watcher = self._watcher
        return watcher is None or watcher.join(timeout)

    def close(self) -> None:
        """Close the database (everything is already committed)."""
        watcher = self._watcher
        if watcher is not None:
            watcher.stop()
        with self._lock:
            self._db.close()

    @contextmanager
    def _raw_transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = self._db
            try:
                if self.problem == "busy":  # known busy: no wait at all on this thread
                    with _no_waiting(db, self.write_wait):
                        db.execute("BEGIN IMMEDIATE")
                else:
                    db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                raise self._failed(error) from error
            if self._changed_under_us(db):
                _rollback(db)
                self.problem = "replaced"
                raise StorageError("replaced")
            try:
                yield db
                generation = self._count_write(db)
                db.execute("COMMIT")
                self._generation = generation
                self._remember_own_write(db)
            except BaseException as error:
                _rollback(db)
                if isinstance(error, sqlite3.Error):
                    raise self._failed(error) from error
                raise

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self.problem == "replaced":
                raise StorageError("replaced")
            if not self.available or self.read_only:
                raise StorageError(self.problem or "read_only")
            if self.check() == "missing":
                raise StorageError("missing")
            with self._raw_transaction() as db:
                yield db
            if self.problem in ("busy", "full"):
                self.problem = None

    def _failed(self, error: sqlite3.Error) -> StorageError:
        problem = self._refine(storage_problem(error) or "unavailable")
        self.problem = problem
        if problem == "busy":
            self._watch_lock()
        return StorageError(problem)

    def _watch_lock(self) -> None:
        """Wait for the other program's write lock on a background thread."""
        if self.in_memory or (self._watcher is not None and self._watcher.running):
            return
        self._watcher = _BusyWatcher(self.path, self.busy_timeout)
        self._watcher.start()

    def _disk_full(self) -> bool:
        """Whether the journal's file system has (next to) no room left."""
        if self.in_memory:
            return False
        try:
            info = os.statvfs(Path(self.path).resolve().parent)
        except OSError:
            return False
        return info.f_bavail * info.f_frsize < LOW_SPACE

    def _refine(self, problem: StorageProblem) -> StorageProblem:
        """Name a vague failure (I/O error, cannot open) after what the folder shows."""
        if self.in_memory or problem != "unavailable":
            return problem
        folder = Path(self.path).resolve().parent
        if self._disk_full():
            return "full"
        if not os.access(folder, os.W_OK) or (Path(self.path).exists()
                                               and not os.access(self.path, os.W_OK)):
            return "read_only"
        return problem

    def _read(self, query: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run a query and fetch every row; a storage failure becomes :class:`StorageError`."""
        with self._lock:
            try:
                return self._db.execute(query, params).fetchall()
            except sqlite3.Error as error:
                problem = storage_problem(error) or "unavailable"
                raise StorageError(problem) from error

    def backup(self, target: str | Path) -> Path:
        """Copy the whole journal to ``target`` through SQLite's backup API.

        Safe while the app runs: the copy is one consistent moment of the journal,
        including steps still in the write-ahead log.
        """
        with self._lock:
            return _backup(self._db, Path(target))

    # ------------------------------------------------------------------- games
    def create_game(self, game: str, setup: Setup, title: str = "") -> int:
        """Store a new game with its set-up and return its number."""
        with self._transaction() as db:
            now = self._in_order(db)
            cursor = db.execute(
                "INSERT INTO games (game, title, setup, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game, title, _dump(setup), now, now),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _in_order(self, db: sqlite3.Connection) -> float:
        """Inside a write: the time to store as a game's ``updated``, in journal order.

        The wall clock, but never earlier than any game's last change: a clock set back
        (a Pi without a clock battery, a wrong time server) must not make an older game
        look like the latest one, so "the newest game" is always the one written last.
        """
        row = db.execute("SELECT max(updated) FROM games").fetchone()
        last = float(row[0]) if row and row[0] is not None else 0.0
        return max(time.time(), last + 0.001)

    def list_games(self, status: GameStatus | None = None) -> list[GameSummary]:
        """List saved games, newest change first, optionally only those with ``status``."""
        query = "SELECT id, game, title, status, created, updated, cursor FROM games"
        params: tuple[str, ...] = ()
        if status is not None:
            query += " WHERE status = ?"
            params = (status,)
        rows = self._read(query + " ORDER BY updated DESC, id DESC", params)
        return [_summary(row) for row in rows]

    def game_count(self) -> int:
        """How many games the journal holds (of any status)."""
        return int(self._read("SELECT count(*) FROM games")[0][0])

    def latest_active(self) -> GameSummary | None:
        """The most recently changed game that is still being played, if any."""
        games = self.list_games("active")
        return games[0] if games else None

    def summary(self, game_id: int) -> GameSummary:
        """The list entry of one game."""
        rows = self._read(
            "SELECT id, game, title, status, created, updated, cursor FROM games WHERE id = ?",
            (game_id,),
        )
        if not rows:
            raise IllegalActionError("core.error.no_such_game", game_id=game_id)
        return _summary(rows[0])

    def load(self, game_id: int) -> SavedGame:
        """Read one game with all its actions.

        Raises :class:`UnreplayableGameError` naming the first step that is not readable.
        """
        raw = self.raw_game(game_id)
        summary = self.summary(game_id)
        setup = _parse(raw["setup"], game_id, 0)
        actions: list[dict[str, Any]] = []
        labels: list[Msg] = []
        for row in raw["actions"]:
            step = int(row["step"])
            action = _parse(row["action"], game_id, step)
            try:
                labels.append(Msg.from_json(load_json(row["label"])))
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                raise UnreplayableGameError(game_id, step, f"label: {error}") from error
            actions.append(action)
        return SavedGame(summary, setup, tuple(actions), tuple(labels))

    def raw_game(self, game_id: int) -> dict[str, Any]:
        """One game's rows exactly as stored (texts not parsed), for a bug report."""
        rows = self._read(
            "SELECT id, game, title, setup, status, cursor, created, updated FROM games"
            " WHERE id = ?", (game_id,))
        if not rows:
            raise IllegalActionError("core.error.no_such_game", game_id=game_id)
        names = ("id", "game", "title", "setup", "status", "cursor", "created", "updated")
        game = dict(zip(names, rows[0], strict=True))
        steps = self._read("SELECT step, action, label, created FROM actions WHERE game_id = ?"
                           " ORDER BY step", (game_id,))
        game["actions"] = [dict(zip(("step", "action", "label", "created"), row, strict=True))
                           for row in steps]
        return game

    def append(
        self, game_id: int, step: int, action: Action, label: Msg, status: GameStatus,
        figures: tuple[str, Mapping[str, Any]] | None = None,
    ) -> None:
        """Record ``action`` as step ``step`` (1-based) and make it the cursor.

        Any undone steps after ``step - 1`` are replaced.  Committed before returning.
        ``figures`` (a settings key and value) are stored in the same transaction, with
        the step's time under ``"at"``: a finished game's figures, which stay good while
        that step is the game's last (:meth:`final_step_times`).
        """
        with self._transaction() as db:
            now = self._in_order(db)
            if figures is not None:
                key, value = figures
                db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                           (key, _dump({**value, "at": now})))
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
                (cursor, status, self._in_order(db), game_id),
            )

    def set_status(self, game_id: int, status: GameStatus) -> None:
        """Mark a game active, finished or archived."""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status = ?, updated = ? WHERE id = ?",
                (status, self._in_order(db), game_id),
            )

    def archive(self, game_id: int) -> None:
        """Put a game away: it stays in the history but is no longer resumed."""
        self.set_status(game_id, "archived")

    def delete(self, game_id: int) -> None:
        """Remove a game and all its actions."""
        with self._transaction() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # ---------------------------------------------------------------- settings
    def final_step_times(self) -> dict[int, float]:
        """Each game's time of the step at its cursor (one query for every game): figures
        stored with that time still describe the game."""
        rows = self._read("SELECT id, (SELECT created FROM actions WHERE game_id = games.id"
                          " AND step = games.cursor) FROM games")
        return {int(game_id): float(created) for game_id, created in rows
                if created is not None}

    def get_setting(self, key: str, default: Any = None) -> Any:
        """Read a setting stored as JSON, or ``default``."""
        rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        return default if not rows else load_json(rows[0][0])

    def settings_with_prefix(self, prefix: str) -> dict[str, Any]:
        """Every setting whose key starts with ``prefix`` (values not JSON are left out)."""
        rows = self._read("SELECT key, value FROM settings WHERE substr(key, 1, ?) = ?",
                          (len(prefix), prefix))
        found: dict[str, Any] = {}
        for key, value in rows:
            try:
                found[key] = load_json(value)
            except ValueError:
                continue
        return found

    def set_settings(self, values: Mapping[str, Any]) -> None:
        """Store several settings in one transaction."""
        with self._transaction() as db:
            db.executemany(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [(key, _dump(value)) for key, value in values.items()],
            )

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
        rows = self._read("PRAGMA integrity_check")
        return bool(rows) and rows[0][0] == "ok"


def _summary(row: Sequence[Any]) -> GameSummary:
    game_id, game, title, status, created, updated, cursor = row
    return GameSummary(int(game_id), game, title, status, created, updated, int(cursor))


def _parse(text: Any, game_id: int, step: int) -> dict[str, Any]:
    """A stored JSON object, or :class:`UnreplayableGameError` naming the step."""
    try:
        value = load_json(text)
    except JsonLimitError as error:
        raise UnreplayableGameError(game_id, step, f"refused: {error}") from error
    except (ValueError, TypeError) as error:
        raise UnreplayableGameError(game_id, step, f"not JSON: {error}") from error
    if not isinstance(value, dict):
        raise UnreplayableGameError(game_id, step, "not a JSON object")
    return value


def _check_layout(db: sqlite3.Connection, read_only: bool = False) -> None:
    """Raise :class:`_DamagedError` for a failed quick check or an unknown schema; create tables."""
    check = db.execute("PRAGMA quick_check").fetchone()
    if check is None or check[0] != "ok":
        raise _DamagedError(f"quick_check: {check}")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise _DamagedError(f"schema version {version} is newer")
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if tables >= _TABLES and version == SCHEMA_VERSION:
        return
    if read_only:
        raise _DamagedError("tables missing")
    db.executescript(_SCHEMA)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _make_private(path: Path) -> None:
    """The journal is private: a new file is made ``0600`` in a new ``0700`` folder, and an
    existing one readable by others is tightened (SQLite gives its side files the same
    mode).  A file owned by someone else is left as it is."""
    from companion.core.files import PRIVATE_FILE, private_folder

    if not path.parent.exists():
        private_folder(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        with suppress(OSError):
            if os.stat(path).st_mode & 0o077:
                os.chmod(path, PRIVATE_FILE)
        return
    except OSError:
        return  # the open below says what is wrong
    os.close(fd)


def _read_generation(db: sqlite3.Connection) -> tuple[str, int] | None:
    """The stored :data:`GENERATION_SETTING` (``None`` before the first write)."""
    row = db.execute("SELECT value FROM settings WHERE key = ?", (GENERATION_SETTING,)).fetchone()
    if row is None:
        return None
    try:
        journal_id, writes = load_json(row[0])
        return str(journal_id), int(writes)
    except (ValueError, TypeError):
        return ("unreadable", -1)


def _os_problem(error: OSError) -> StorageProblem:
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "read_only"
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "full"
    return "unavailable"


def _has_wal_content(path: str) -> bool:
    try:
        return os.path.getsize(path + "-wal") > 0
    except OSError:
        return False


def _salvage_settings(path: str) -> dict[str, str] | None:
    """The settings rows of a damaged file, when they can still be read."""
    try:
        db = sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        return {str(key): str(value)
                for key, value in db.execute("SELECT key, value FROM settings")}
    except sqlite3.Error:
        return None
    finally:
        db.close()


class JournalInUseError(IllegalActionError):
    """Another app already runs on this journal (two would mix their games)."""

    def __init__(self, path: Path, holder: str) -> None:
        super().__init__("faults.journal.in_use", path=str(path), pid=holder or "?")
        self.path = path
        """The journal file asked for."""


class InstanceLock:
    """The one app allowed on a journal: an exclusive ``flock`` on ``<journal>.lock``.

    The kernel drops the lock when the process ends in any way (a crash, kill -9, a
    power cut), so a stale lock file never keeps the next start out. The file holds
    the holder's process id, only to name it in the refusal.
    """

    def __init__(self, journal_path: str | Path) -> None:
        import fcntl

        self.path = lock_path(journal_path)
        """The lock file beside the journal."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            holder = os.pread(self._fd, 32, 0).decode("ascii", "replace").strip()
            os.close(self._fd)
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise JournalInUseError(Path(journal_path), holder) from error
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, str(os.getpid()).encode("ascii"), 0)

    def release(self) -> None:
        """Let go of the journal (also done by the kernel when the process ends)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def lock_path(journal_path: str | Path) -> Path:
    """The lock file that says an app runs on ``journal_path``."""
    path = Path(journal_path).resolve()
    return path.with_name(path.name + ".lock")


def backup_journal(source: str | Path, target: str | Path) -> Path:
    """Copy the journal file ``source`` to ``target`` while the app may be running.

    The source is opened read-only and never changed (not even when it is damaged);
    the copy is a consistent moment of it, write-ahead log included, checked with
    ``integrity_check`` before it takes its final name.
    """
    path = Path(source)
    if not path.is_file():
        raise FileNotFoundError(str(path))
    db = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True,
                         timeout=BUSY_TIMEOUT)
    try:
        return _backup(db, Path(target))
    finally:
        db.close()


def _backup(db: sqlite3.Connection, destination: Path) -> Path:
    if destination.exists():
        raise FileExistsError(str(destination))
    from companion.core.files import PRIVATE_FILE

    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    copy = sqlite3.connect(partial)
    try:
        db.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE")
        row = copy.execute("PRAGMA integrity_check").fetchone()
    finally:
        copy.close()
    if row is None or row[0] != "ok":
        partial.unlink(missing_ok=True)
        raise sqlite3.DatabaseError("the copy failed its integrity check")
    partial.replace(destination)
    return destination


@contextmanager
def _no_waiting(db: sqlite3.Connection, busy_timeout: float) -> Iterator[None]:
    """A probe must not keep the screen waiting: no busy wait while inside."""
    db.execute("PRAGMA busy_timeout = 0")
    try:
        yield
    finally:
        with suppress(sqlite3.Error):
            db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")


def _rollback(db: sqlite3.Connection) -> None:
    with suppress(sqlite3.Error):
        db.execute("ROLLBACK")


def _dump(value: Mapping[str, Any] | Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


# ------------------------------------------------------------------- outbox
_OUTBOX_TABLE = """
CREATE TABLE IF NOT EXISTS outbox (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    key      TEXT    NOT NULL UNIQUE,
    kind     TEXT    NOT NULL,
    game_id  INTEGER,
    body     TEXT    NOT NULL DEFAULT '{}',
    created  REAL    NOT NULL,
    sent     INTEGER NOT NULL DEFAULT 0
)"""
_OUTBOX_TRIGGER = """
CREATE TRIGGER IF NOT EXISTS outbox_play_finished
AFTER UPDATE OF status ON games
WHEN NEW.status = 'finished' AND OLD.status <> 'finished'
BEGIN
    INSERT OR REPLACE INTO outbox (key, kind, game_id, created)
    VALUES ('play:' || NEW.id, 'play', NEW.id, NEW.updated);
END"""
"""Messages waiting to leave the table (the café fleet).  A game that reaches its end
puts its play here in the very transaction of the finishing step (the trigger); a
fault is added in its own transaction.  Rows are marked sent once the receiver has
acknowledged them, so nothing is lost between a step and its report."""


class OutboxItem(Value):
    """One message waiting in the outbox."""

    seq: int
    """Order of entry."""
    key: str
    """Unique name within this journal (``play:<game id>`` or ``fault:<n>``)."""
    kind: str
    """``play`` or ``fault``."""
    game_id: int | None
    """The finished game (plays only)."""
    body: str
    """JSON text of the message's details (faults; plays are read from the game)."""
    created: float
    """When it was put in, seconds since the epoch."""


def open_outbox(journal: Journal) -> None:
    """Create the outbox table and its trigger (nothing happens when they exist)."""
    with journal._transaction() as db:
        db.execute(_OUTBOX_TABLE)
        db.execute(_OUTBOX_TRIGGER)


def outbox_add(journal: Journal, kind: str, body: Mapping[str, Any]) -> str:
    """Put a message (a fault) in the outbox in its own transaction; return its key."""
    with journal._transaction() as db:
        cursor = db.execute(
            "INSERT INTO outbox (key, kind, body, created) VALUES (?, ?, ?, ?)",
            (f"pending:{time.time_ns()}", kind, _dump(body), time.time()))
        key = f"{kind}:{cursor.lastrowid}"
        db.execute("UPDATE outbox SET key = ? WHERE seq = ?", (key, cursor.lastrowid))
    return key


def outbox_pending(journal: Journal, limit: int = 100) -> list[OutboxItem]:
    """Messages not yet acknowledged, oldest first."""
    rows = journal._read("SELECT seq, key, kind, game_id, body, created FROM outbox"
                         " WHERE sent = 0 ORDER BY seq LIMIT ?", (limit,))
    return [OutboxItem(int(seq), key, kind, game_id, body, created)
            for seq, key, kind, game_id, body, created in rows]


def outbox_sent(journal: Journal, keys: Sequence[str]) -> None:
    """Mark messages acknowledged by the receiver (unknown keys are ignored)."""
    with journal._transaction() as db:
        db.executemany("UPDATE outbox SET sent = 1 WHERE key = ?", [(key,) for key in keys])
