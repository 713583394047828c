"""The room catalogue: costs, points, colours and wall patterns, read from ``data/rooms.json``."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.messages import IllegalActionError, SetupError
from companion.games.caverna.goods import LIMITS

ENTRANCE = "entrance"
"""The orange room printed on every cave board; it scores nothing."""

COLOURS: tuple[str, ...] = ("orange", "blue")
"""Orange rooms are used by room actions; blue rooms act by themselves."""

PAIRS: tuple[str, ...] = ("any", "adjacent", "opposite")
"""How two walls of a pattern must sit relative to each other."""

SIDES: tuple[str, ...] = ("n", "e", "s", "w")
"""The four sides of a cavern space, clockwise from the top."""

OPPOSITE: Mapping[str, str] = {"n": "s", "s": "n", "e": "w", "w": "e"}
"""Each side's opposite side."""


@dataclass(frozen=True)
class WallPattern:
    """The walls a room needs around its cavern space, up to rotation."""

    min_walls: int
    """Fewest walled sides allowed."""
    max_walls: int
    """Most walled sides allowed."""
    pair: str
    """With exactly two walls: ``"adjacent"``, ``"opposite"`` or ``"any"``."""

    def fits(self, walled_sides: frozenset[str]) -> bool:
        """Tell whether a space walled on ``walled_sides`` suits this pattern."""
        count = len(walled_sides)
        if not self.min_walls <= count <= self.max_walls:
            return False
        if count != 2 or self.pair == "any":
            return True
        first = sorted(walled_sides)[0]
        facing = OPPOSITE[first] in walled_sides
        return facing if self.pair == "opposite" else not facing

    def to_json(self) -> dict[str, Any]:
        """Return the pattern as plain JSON data."""
        return {"min": self.min_walls, "max": self.max_walls, "pair": self.pair}


@dataclass(frozen=True)
class RoomSpec:
    """One room tile as printed."""

    room_id: str
    """Stable identifier, also the catalogue key suffix (``caverna.room.<id>``)."""
    colour: str
    """``"orange"`` or ``"blue"`` (stored in the data file and set-ups as ``color``)."""
    light_back: bool
    """True for the six rooms that start face up in the display."""
    cost: Mapping[str, int]
    """Goods paid to furnish the room."""
    points: int
    """Victory points at the end."""
    walls: WallPattern
    """Walls the room needs around its space."""
    conflict: str = ""
    """Note on disagreeing sources, empty when they agree."""

    def to_json(self) -> dict[str, Any]:
        """Return the room as plain JSON data, in the data file's shape."""
        data: dict[str, Any] = {
            "id": self.room_id,
            "color": self.colour,
            "light_back": self.light_back,
            "cost": dict(self.cost),
            "points": self.points,
            "walls": self.walls.to_json(),
        }
        if self.conflict:
            data["conflict"] = self.conflict
        return data


ENTRANCE_SPEC = RoomSpec(ENTRANCE, "orange", False, {}, 0, WallPattern(0, 4, "any"))
"""The printed entrance room: orange, no cost, no points."""


def _bad(room: str, detail: str) -> SetupError:
    return SetupError("caverna.error.bad_room_data", room=room, detail=detail)


def _int_field(data: Mapping[str, Any], key: str, room: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(room, f"{key} must be a whole number from {low} to {high}")
    return value


def parse_pattern(data: Any, room: str) -> WallPattern:
    """Read and check a wall pattern."""
    if not isinstance(data, Mapping):
        raise _bad(room, "walls must be an object")
    low = _int_field(data, "min", room, 0, 4)
    high = _int_field(data, "max", room, low, 4)
    pair = data.get("pair", "any")
    if pair not in PAIRS:
        raise _bad(room, f"walls.pair must be one of {', '.join(PAIRS)}")
    return WallPattern(low, high, str(pair))


def parse_cost(data: Any, room: str) -> dict[str, int]:
    """Read and check a room's cost."""
    if not isinstance(data, Mapping):
        raise _bad(room, "cost must be an object")
    cost: dict[str, int] = {}
    for good in data:
        if good not in LIMITS:
            raise _bad(room, f"unknown good {good}")
        cost[str(good)] = _int_field(data, good, room, 0, LIMITS[good])
    return cost


def parse_room(data: Mapping[str, Any]) -> RoomSpec:
    """Read and check one room entry of the data file."""
    room = str(data.get("id", "?"))
    colour = data.get("color")
    if colour not in COLOURS:
        raise _bad(room, "color must be orange or blue")
    return RoomSpec(
        room_id=room,
        colour=str(colour),
        light_back=bool(data.get("light_back", False)),
        cost=parse_cost(data.get("cost", {}), room),
        points=_int_field(data, "points", room, 0, 30),
        walls=parse_pattern(data.get("walls"), room),
        conflict=str(data.get("conflict", "")),
    )


def validate_catalogue(rooms: Iterable[RoomSpec]) -> tuple[RoomSpec, ...]:
    """Check the catalogue as a whole: 24 unique rooms, 6 of them with a light back."""
    found = tuple(rooms)
    ids = [room.room_id for room in found]
    if len(set(ids)) != len(ids) or ENTRANCE in ids:
        raise _bad("catalogue", "room ids must be unique and not 'entrance'")
    if len(found) != 24:
        raise _bad("catalogue", f"expected 24 rooms, found {len(found)}")
    if sum(room.light_back for room in found) != 6:
        raise _bad("catalogue", "expected 6 rooms with a light back")
    return found


@cache
def default_catalogue() -> tuple[RoomSpec, ...]:
    """Return the rooms of the bundled data file, checked."""
    text = (Path(__file__).parent / "data" / "rooms.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return validate_catalogue(parse_room(entry) for entry in data["rooms"])


def apply_overrides(
    rooms: tuple[RoomSpec, ...], overrides: Mapping[str, Any]
) -> tuple[RoomSpec, ...]:
    """Return ``rooms`` with some fields replaced, for tiles that differ from the data file."""
    by_id = {room.room_id: room for room in rooms}
    for room_id, changes in overrides.items():
        if room_id not in by_id:
            raise SetupError("caverna.error.unknown_room", room=str(room_id))
        if not isinstance(changes, Mapping):
            raise _bad(str(room_id), "an override must be an object")
        merged = by_id[room_id].to_json()
        merged.update(changes)
        merged["id"] = room_id
        by_id[room_id] = parse_room(merged)
    return validate_catalogue(by_id[room.room_id] for room in rooms)


def room_lookup(rooms: tuple[RoomSpec, ...], room_id: str) -> RoomSpec:
    """Return the room called ``room_id`` (the entrance included)."""
    if room_id == ENTRANCE:
        return ENTRANCE_SPEC
    for room in rooms:
        if room.room_id == room_id:
            return room
    raise IllegalActionError("caverna.error.unknown_room", room=room_id)
