"""Representative Caverna games for screenshots and tests, reached by real actions.

Each situation replays the first steps of an example record
(``examples/caverna/two-players.json`` or ``examples/caverna/solo.json``) through a
:class:`~companion.core.session.Session` in a private in-memory journal.  Nothing here
is shown to players during a real game.
"""

from __future__ import annotations

from pathlib import Path

from companion.ui.replays import ExampleReplays

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
    "grid": ("two-players", 107),
    "seat1": ("two-players", 144),
    "solo_grid": ("solo", 61),
    "pile": ("solo", 56),
    "gameover": ("two-players", None),
    "solo": ("solo", None),
}
"""Situation name -> (record, steps replayed; ``None``: the whole game)."""


_REPLAYS = ExampleReplays(EXAMPLES, SITUATIONS)
record = _REPLAYS.record
replay = _REPLAYS.replay
preview_session = _REPLAYS.preview_session
