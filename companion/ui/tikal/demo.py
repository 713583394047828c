"""Representative Tikal games for screenshots and tests, reached by real actions.

Each situation replays the first steps of one of the example records
(``examples/tikal/basic.json``, three players, and ``examples/tikal/auction.json``, four
players) through a :class:`~companion.core.session.Session` in a private in-memory
journal.  Nothing here is shown to players during a real game.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.core.journal import Journal
from companion.core.record import GameRecord, load_record, session_from_record
from companion.core.session import Session

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "tikal"
"""Where the example records live."""

SITUATIONS: dict[str, tuple[str, int | None]] = {
    "play": ("basic", 153),
    "actions": ("basic", 153),
    "draw": ("basic", 155),
    "scoring": ("basic", 267),
    "reveal": ("auction", 38),
    "auction": ("auction", 55),
    "choose": ("auction", 57),
    "gameover": ("basic", None),
    "board-early": ("board", 14),
    "board-mid": ("board", 105),
    "board-full": ("board", 181),
    "lean-play": ("lean-placed", 61),
    "board-scoring": ("board", 187),
    "lean-scoring": ("lean-placed", 119),
    "volcano": ("board", 41),
}
"""Situation name -> (record, steps replayed; ``None``: the whole game)."""


@cache
def record(name: str) -> GameRecord:
    """The example record ``name`` (``basic``, ``auction``, ``board`` or ``lean``)."""
    return load_record(EXAMPLES / f"{name}.json")


def replay(name: str, steps: int | None) -> Session:
    """A new session with the first ``steps`` actions of record ``name`` applied."""
    return session_from_record(Journal(":memory:"), record(name), steps)


@cache
def preview_session(name: str) -> Session:
    """The demo game of situation ``name`` (built once, then reused); unknown names: ``play``."""
    source, steps = SITUATIONS.get(name, SITUATIONS["play"])
    return replay(source, steps)
