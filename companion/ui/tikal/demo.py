"""Representative Tikal games for screenshots and tests, reached by real actions.

Each situation replays the first steps of one of the example records
(``examples/tikal/basic.json``, three players, and ``examples/tikal/auction.json``, four
players) through a :class:`~companion.core.session.Session` in a private in-memory
journal.  Nothing here is shown to players during a real game.
"""

from __future__ import annotations

from pathlib import Path

from companion.ui.replays import ExampleReplays

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "tikal"
"""Where the example records live."""

SITUATIONS: dict[str, tuple[str, int | None]] = {
    "play": ("basic", 137),
    "actions": ("basic", 137),
    "draw": ("basic", 139),
    "scoring": ("basic", 245),
    "reveal": ("auction", 34),
    "auction": ("auction", 50),
    "choose": ("auction", 52),
    "gameover": ("basic", None),
    "board-early": ("board", 14),
    "board-mid": ("board", 105),
    "board-full": ("board", 181),
    "lean-play": ("lean-placed", 61),
    "board-scoring": ("board", 187),
    "lean-scoring": ("lean-placed", 119),
    "volcano": ("board", 41),
    "move-pieces": ("basic", 58),
}
"""Situation name -> (record, steps replayed; ``None``: the whole game)."""


_REPLAYS = ExampleReplays(EXAMPLES, SITUATIONS)
record = _REPLAYS.record
replay = _REPLAYS.replay
preview_session = _REPLAYS.preview_session
