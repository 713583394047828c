"""What a tile of the fleet page says about one table, worked out from the collector's store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Thresholds:
    """When a quiet table counts as idle, then stuck (seconds without an input)."""

    idle: float = 10 * 60.0
    stuck: float = 25 * 60.0


def condition(table: dict[str, Any], now: float, limits: Thresholds) -> str:
    """The tile's headline: offline, call, fault, free, finished, stuck, idle or playing."""
    state = table.get("state") or {}
    if table.get("status") != "online":
        return "offline"
    if table.get("call"):
        return "call"
    if table.get("faults"):
        return "fault"
    if not state.get("game"):
        return "free"
    if state.get("finished"):
        return "finished"
    quiet = now - float(state.get("last_input") or now)
    if quiet >= limits.stuck:
        return "stuck"
    if quiet >= limits.idle:
        return "idle"
    return "playing"


def tile(table: dict[str, Any], now: float, limits: Thresholds) -> dict[str, Any]:
    """One table as the page shows it (times in seconds, worked out now)."""
    state = table.get("state") or {}
    started = state.get("started")
    left = state.get("time_left")
    if isinstance(left, int | float) and not state.get("finished"):
        left = max(0.0, float(left) - max(0.0, now - float(state.get("updated") or now)))
    last_input = state.get("last_input")
    return {
        "venue": table["venue"],
        "table": table["name"],
        "condition": condition(table, now, limits),
        "online": table.get("status") == "online",
        "since": table.get("status_at"),
        "game": state.get("game"),
        "players": state.get("players") or [],
        "where": state.get("where"),
        "played": None if started is None else max(0.0, now - float(started)),
        "left": left,
        "quiet": None if last_input is None else max(0.0, now - float(last_input)),
        "faults": table.get("faults") or [],
        "call": table.get("call"),
    }
