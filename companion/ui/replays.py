"""Preview games for screenshots and tests, reached by replaying a game's example records.

A game's ``demo`` module names its situations (a record and how many of its steps to
replay) and hands them to :class:`ExampleReplays`.  Each session lives in a private
in-memory journal; nothing here is shown to players during a real game.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from companion.core.journal import Journal
from companion.core.record import GameRecord, load_record, session_from_record
from companion.core.session import Session

Situations = Mapping[str, tuple[str, int | None]]
"""Situation name -> (record name, steps replayed; ``None``: the whole game)."""


class ExampleReplays:
    """The example records in one folder and the situations they reach."""

    def __init__(self, folder: Path, situations: Situations, default: str = "play") -> None:
        self.folder = folder
        """Where the records ``<name>.json`` live."""
        self.situations = situations
        """The situations by name."""
        self.default = default
        """The situation shown for an unknown name."""
        self._records: dict[str, GameRecord] = {}
        self._previews: dict[str, Session] = {}

    def record(self, name: str) -> GameRecord:
        """The example record ``name`` (read once)."""
        if name not in self._records:
            self._records[name] = load_record(self.folder / f"{name}.json")
        return self._records[name]

    def replay(self, name: str, steps: int | None, journal: Journal | None = None) -> Session:
        """A new session with the first ``steps`` actions of record ``name`` applied."""
        store = journal if journal is not None else Journal(":memory:")
        return session_from_record(store, self.record(name), steps)

    def preview_session(self, name: str) -> Session:
        """The game of situation ``name`` (built once, then reused)."""
        if name not in self._previews:
            source, steps = self.situations.get(name, self.situations[self.default])
            self._previews[name] = self.replay(source, steps)
        return self._previews[name]
