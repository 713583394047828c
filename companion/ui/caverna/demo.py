"""Representative Caverna games for screenshots and tests, reached by real actions.

Each situation replays the first steps of an example record
(``examples/caverna/two-players.json`` or ``examples/caverna/solo.json``) through a
:class:`~companion.core.session.Session` in a private in-memory journal.  Nothing here
is shown to players during a real game.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.core.journal import Journal
from companion.core.record import GameRecord, load_record, session_from_record
from companion.core.session import Session

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "caverna"
"""Where the example records live."""

SITUATIONS: dict[str, tuple[str, int | None]] = {
    "play": ("two-players", 132),
    "tiles": ("two-players", 132),
    "act": ("two-players", 148),
    "wall": ("two-players", 148),
    "rooms": ("two-players", 144),
    "limit": ("two-players", 139),
    "furnish": ("two-players", 154),
    "display": ("two-players", 154),
    "dig": ("two-players", 188),
    "reveal": ("two-players", 54),
    "pile": ("solo", 56),
    "gameover": ("two-players", None),
    "solo": ("solo", None),
}
"""Situation name -> (record, steps replayed; ``None``: the whole game)."""


@cache
def record(name: str) -> GameRecord:
    """The example record ``name`` (``two-players`` or ``solo``)."""
    return load_record(EXAMPLES / f"{name}.json")


def replay(name: str, steps: int | None, journal: Journal | None = None) -> Session:
    """A new session with the first ``steps`` actions of record ``name`` applied."""
    store = journal if journal is not None else Journal(":memory:")
    return session_from_record(store, record(name), steps)


@cache
def preview_session(name: str) -> Session:
    """The demo game of situation ``name`` (built once, then reused); unknown names: ``play``."""
    source, steps = SITUATIONS.get(name, SITUATIONS["play"])
    return replay(source, steps)
