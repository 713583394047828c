"""Where a field lies, in words the table can check on the board: how many fields from
the printed base camp, and in which direction (north is the top of the map, as the
screens draw it)."""

from __future__ import annotations

import math

from companion.core.messages import ParamValue
from companion.games.tikal.state import Hex, TikalState
from companion.games.tikal.tiles import Position

COMPASS: tuple[str, ...] = ("north", "north_east", "east", "south_east", "south",
                            "south_west", "west", "north_west")
"""The eight directions named, clockwise from north (``tikal.where.<direction>``)."""


def steps_from_base(at: Position) -> int:
    """Fields between the base camp (``(0, 0)``) and ``at``, counted hex by hex."""
    q, r = at
    return (abs(q) + abs(r) + abs(q + r)) // 2


def direction_from_base(at: Position) -> str:
    """The compass direction of ``at`` seen from the base camp, as drawn on the map."""
    q, r = at
    x = 1.5 * q
    y = math.sqrt(3) * (r + q / 2)  # downwards on the map
    bearing = math.degrees(math.atan2(x, -y)) % 360  # 0 = north, clockwise
    return COMPASS[round(bearing / 45) % len(COMPASS)]


def field_params(at: Position | None) -> dict[str, ParamValue] | None:
    """``at`` as the parameters ``steps`` (fields from the base camp) and ``direction`` (a
    ``tikal.where.*`` key) of a sentence that names a field; ``None``: no place known,
    or the base camp itself."""
    if at is None or steps_from_base(at) == 0:
        return None
    return {"steps": steps_from_base(at), "direction": f"@tikal.where.{direction_from_base(at)}"}


def temple_place(state: TikalState, temple: Hex) -> dict[str, ParamValue] | None:
    """Where ``temple`` lies (as :func:`field_params`) when another temple shows the same
    number, so the table can tell the two apart; ``None`` when its number alone names it
    (or no place on the board is known)."""
    twin = any(hx.kind == "temple" and hx.value == temple.value and hx.id != temple.id
               for hx in state.hexes)
    return field_params(temple.at) if twin else None
