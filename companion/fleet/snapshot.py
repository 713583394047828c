"""What a table reports about its game: built on the reporter's thread, never the screen's.

The screen hands over a :class:`Moment` (the open game's frozen state and when it was
taken, all immutable); turning it into JSON — players, where the game stands, the time
left — happens later, off the screen's thread.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.game import Game, Setup, where_it_stands
from companion.core.messages import Msg

PROGRESS_PAIRS: tuple[tuple[str, str], ...] = (("round", "rounds"), ("drawn", "total"),
                                              ("turn", "turns"))
"""Parameter pairs of a game's one-line summary that say how far it has come: done, of all."""


@dataclass(frozen=True)
class Moment:
    """The open game at one moment, as the screen saw it (or no game)."""

    game: Game[Any] | None
    """The rules engine (``None``: no game open)."""
    setup: Setup
    """The game's set-up."""
    state: Any
    """The state after the step in effect (frozen)."""
    game_id: int
    """The game's number in the journal."""
    cursor: int
    """Steps in effect."""
    at: float
    """Wall-clock time of the change (the table's last input)."""


def progress(summary: Msg | None) -> float | None:
    """How far a game has come (0 to 1), read from its summary's done-of-all parameters."""
    if summary is None:
        return None
    for done_name, all_name in PROGRESS_PAIRS:
        done, total = summary.params.get(done_name), summary.params.get(all_name)
        if isinstance(done, int) and isinstance(total, int) and total > 0:
            return max(0.0, min(1.0, done / total))
    return None


def time_left(elapsed: float, done: float | None, past_lengths: Sequence[float]) -> float | None:
    """Seconds the game may still take.

    From the game's own progress when it tells one (the rate so far carried to the end);
    otherwise the median length of this table's earlier plays of the game, less the
    time played; ``None`` when neither is known.
    """
    if done is not None and done >= 1.0:
        return 0.0
    if done is not None and done >= 0.05 and elapsed > 0:
        return max(0.0, elapsed * (1.0 - done) / done)
    if past_lengths:
        return max(0.0, statistics.median(past_lengths) - elapsed)
    return None


def describe(moment: Moment, started: float, now: float,
             past_lengths: Sequence[float] = ()) -> dict[str, Any]:
    """The retained ``state`` message of a table."""
    if moment.game is None:
        return {"game": None, "updated": now}
    game = moment.game
    result = game.result(moment.state, moment.setup)
    summary = where_it_stands(game, moment.state, moment.setup)
    done = progress(summary)
    finished = bool(game.is_finished(moment.state))
    elapsed = max(0.0, now - started)
    return {
        "game": game.name,
        "game_id": moment.game_id,
        "players": list(result.players),
        "steps": moment.cursor,
        "where": _summary_json(summary),
        "progress": done,
        "started": started,
        "last_input": moment.at,
        "finished": finished,
        "time_left": 0.0 if finished else time_left(elapsed, done, past_lengths),
        "updated": now,
    }


def _summary_json(summary: Msg | None) -> Mapping[str, Any] | None:
    return None if summary is None else summary.to_json()
