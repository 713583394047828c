"""Caverna history labels: who did what, e.g. "Ada takes Masonry"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.messages import Msg, counted
from companion.games.caverna.rules import HANDLERS
from companion.games.caverna.state import CavernaState
from companion.games.caverna.tiles import tile_parts


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
    gained = _gain_amount(before, action) if kind == "gain" else 0
    if gained and isinstance(action.get("good"), str):
        params["amount"] = counted(f"caverna.count.{action['good']}", gained)
        return Msg("caverna_table.label.gain", params)
    return Msg(f"caverna.label.{known}", params)


def _gain_amount(before: CavernaState, action: Mapping[str, Any]) -> int:
    """How many goods the tile's gain shows (what the history says was taken)."""
    if before.turn is None:
        return 0
    for part in tile_parts(before.turn.tile, before.config.tile_rules):
        for option in part:
            if option.kind == "gain" and option.good == action.get("good"):
                return option.amount
    return 0
