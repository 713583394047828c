"""The café's statistics across tables, from the collector's plays (the statistics' ``Play``).

Each game says what its statistics chart (``GameInfo.chart``): cooperative outcomes by
level, or the spread of final scores.  Nothing here names a game.
"""

from __future__ import annotations

import csv
import io
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from companion.core.registry import find_game

CSV_COLUMNS = ("id", "venue", "table", "game", "created", "updated", "minutes", "players",
               "scores", "winners", "outcome", "scenario", "level")
"""The columns of the CSV export."""


def _chart(game: str) -> str:
    try:
        return find_game(game).info.chart
    except Exception:  # a game this collector does not know: show no chart for it
        return ""


def minutes(play: Mapping[str, Any]) -> float:
    """How long a play took, in minutes."""
    return max(0.0, float(play.get("updated", 0)) - float(play.get("created", 0))) / 60.0


def quartiles(values: Sequence[float]) -> dict[str, float]:
    """Lowest, quartiles, median and highest of ``values`` (``{}`` for none)."""
    if not values:
        return {}
    ordered = sorted(values)
    if len(ordered) == 1:
        low = high = ordered[0]
    else:
        low, _, high = statistics.quantiles(ordered, n=4, method="inclusive")
    return {"min": ordered[0], "q1": low, "median": statistics.median(ordered), "q3": high,
            "max": ordered[-1], "count": len(ordered)}


def cafe_statistics(plays: Iterable[Mapping[str, Any]],
                    local_hour: Callable[[float], int] | None = None) -> dict[str, Any]:
    """Plays per game and per hour of the day, median length, outcomes by level, score spreads."""
    hour_of = local_hour or (lambda at: time.localtime(at).tm_hour)
    finished = [play for play in plays if play.get("finished", True)]
    per_game = Counter(str(play.get("game", "")) for play in finished)
    per_hour = [0] * 24
    lengths: dict[str, list[float]] = {}
    outcomes: dict[str, dict[int, Counter[str]]] = {}
    scores: dict[str, list[float]] = {}
    for play in finished:
        game = str(play.get("game", ""))
        per_hour[hour_of(float(play.get("created", 0)))] += 1
        lengths.setdefault(game, []).append(minutes(play))
        chart = _chart(game)
        if chart == "outcomes" and play.get("outcome"):
            by_level = outcomes.setdefault(game, {})
            by_level.setdefault(int(play.get("level", 0)), Counter())[str(play["outcome"])] += 1
        elif chart == "scores":
            scores.setdefault(game, []).extend(float(s) for s in play.get("scores", ()))
    return {
        "plays": len(finished),
        "per_game": dict(per_game.most_common()),
        "per_hour": per_hour,
        "median_minutes": {game: statistics.median(values) for game, values in lengths.items()},
        "outcomes": {game: {str(level): dict(tally) for level, tally in sorted(levels.items())}
                     for game, levels in outcomes.items()},
        "scores": {game: quartiles(values) for game, values in scores.items()},
    }


def plays_csv(plays: Iterable[Mapping[str, Any]]) -> str:
    """Every play as CSV, one row a play (names and scores joined with ``;``)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        writer.writerow([
            play.get("id", ""), play.get("venue", ""), play.get("table", ""),
            play.get("game", ""), _iso(play.get("created", 0)), _iso(play.get("updated", 0)),
            f"{minutes(play):.1f}", ";".join(play.get("players", ())),
            ";".join(str(s) for s in play.get("scores", ())),
            ";".join(play.get("winners", ())), play.get("outcome", ""),
            play.get("scenario", ""), play.get("level", 0)])
    return out.getvalue()


def _iso(at: Any) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(float(at or 0)))
