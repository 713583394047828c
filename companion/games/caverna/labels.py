"""Caverna history labels: who did what, e.g. "Ada takes Masonry"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.messages import Msg, counted
from companion.games.caverna.rules import HANDLERS
from companion.games.caverna.state import CavernaState


def label(before: CavernaState, action: Mapping[str, Any]) -> Msg:
    """Return the history label of ``action`` applied to ``before``."""
    kind = str(action.get("type", "?"))
    seat = action.get("player", before.active)
    names = before.config.names
    valid = isinstance(seat, int) and 0 <= seat < len(names)
    name = names[seat] if valid else "?"
    params: dict[str, str | int] = {"player": name}
    for key in ("tile", "room"):
        if isinstance(action.get(key), str):
            params[key] = f"@caverna.{key}.{action[key]}"
    for key in ("good", "give"):
        if isinstance(action.get(key), str):
            params[key] = f"@caverna.good.{action[key]}"
    if isinstance(action.get("count"), int):
        params["count"] = int(action["count"])
        if isinstance(action.get("good"), str):
            params["amount"] = counted(f"caverna.count.{action['good']}", params["count"])
    if isinstance(action.get("digs"), list):
        params["count"] = len(action["digs"])
    known = kind if kind in HANDLERS else "unknown"
    return Msg(f"caverna.label.{known}", params)
