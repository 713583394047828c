"""Work on a cave: digging caverns, furnishing rooms, building and removing walls."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError, msg
from companion.games.caverna.cave import (
    EMPTY,
    FURNISHED,
    HIDDEN,
    Cave,
    Edge,
    ExtraCavern,
    Pos,
    Space,
    diggable,
    extra_walled_sides,
    walled_sides,
)
from companion.games.caverna.common import (
    gain,
    has_room,
    notify,
    player,
    require,
    seat_name,
    set_player,
    spend,
)
from companion.games.caverna.fields import position
from companion.games.caverna.goods import add_costs
from companion.games.caverna.rooms import SIDES
from companion.games.caverna.state import CavernaState

EXTRA = "extra"
"""The ``space`` value naming the extra cavern."""
DUNGEON = "dungeon"
"""Blue room: every wall built brings 2 gold."""
DUNGEON_GOLD = 2
"""Gold the Dungeon gives per wall."""


def unseen_dark_rooms(state: CavernaState) -> tuple[str, ...]:
    """Return the dark-backed rooms not turned face up yet (they may come up next)."""
    return tuple(
        room.room_id
        for room in state.config.rooms
        if not room.light_back and room.room_id not in state.seen_rooms
    )


def check_revealed_room(state: CavernaState, room: str) -> None:
    """Refuse a room that cannot be the one just turned face up."""
    spec = state.config.room(room)
    require(not spec.light_back, "caverna.error.room_not_face_down", room=f"@caverna.room.{room}")
    require(
        room not in state.seen_rooms,
        "caverna.error.room_already_seen",
        room=f"@caverna.room.{room}",
    )


def reveal_room(state: CavernaState, room: str) -> CavernaState:
    """Put a room that was just turned face up into the display."""
    check_revealed_room(state, room)
    return replace(state, display=(*state.display, room), seen_rooms=(*state.seen_rooms, room))


def turn_up(state: CavernaState, room: Any) -> CavernaState:
    """A room turned face up into the display: named when ``room`` is given (older
    records), else counted as unnamed until it is furnished."""
    if room is None:
        return replace(state, unnamed=state.unnamed + 1)
    require(isinstance(room, str), "caverna.error.bad_field", field="room")
    return reveal_room(state, str(room))


def furnishable_rooms(state: CavernaState) -> tuple[str, ...]:
    """The rooms a furnishing may name: the named ones in the display and, while the
    display holds unnamed rooms, every dark-backed room not named yet."""
    if state.unnamed == 0:
        return state.display
    return (*state.display, *(room for room in unseen_dark_rooms(state)
                               if room not in state.display))


def _take_from_display(state: CavernaState, room: str) -> CavernaState:
    """The display without ``room`` (an unnamed one is named as ``room`` as it leaves)."""
    if room in state.display:
        return replace(state, display=tuple(shown for shown in state.display if shown != room))
    return replace(state, unnamed=state.unnamed - 1, seen_rooms=(*state.seen_rooms, room))


def dig(state: CavernaState, seat: int, dig_data: Any, through_wall: bool) -> CavernaState:
    """Dig one cavern: ``{"space": [r, c]}`` names the space (``"room"``, the room found,
    is optional: it is named when it is furnished)."""
    if not isinstance(dig_data, Mapping):
        raise IllegalActionError("caverna.error.bad_field", field="digs")
    cave = player(state, seat).cave
    require(cave.count(HIDDEN) > 0, "caverna.error.nothing_to_dig")
    pos = position(dig_data.get("space"))
    space = cave.at(pos)
    require(
        space is not None and space.state == HIDDEN,
        "caverna.error.not_face_down",
        row=pos[0] + 1,
        col=pos[1] + 1,
    )
    assert space is not None
    require(
        pos in diggable(cave, through_wall), "caverna.error.not_accessible",
        row=pos[0] + 1, col=pos[1] + 1
    )
    state = turn_up(state, dig_data.get("room"))
    state = _set_cave(state, seat, cave.with_space(pos, replace(space, state=EMPTY)))
    if state.turn is not None:
        state = replace(state, turn=replace(state.turn, digs=state.turn.digs + 1))
    if space.food_bonus:
        state = notify(state, msg("caverna.notice.food_bonus", player=seat_name(state, seat)))
        state = gain(state, seat, {"food": 1})
    return state


def _set_cave(state: CavernaState, seat: int, cave: Cave) -> CavernaState:
    return set_player(state, seat, replace(player(state, seat), cave=cave))


def target_sides(cave: Cave, target: Pos | str) -> frozenset[str]:
    """Return the walled sides of a furnishing target, refusing one that is not free."""
    if target == EXTRA:
        extra = cave.extra
        require(extra is not None, "caverna.error.no_extra_cavern")
        assert extra is not None
        require(extra.placed, "caverna.error.extra_not_placed")
        require(not extra.room, "caverna.error.space_not_empty")
        return extra_walled_sides(extra)
    assert not isinstance(target, str)
    space = cave.at(target)
    require(space is not None and space.state == EMPTY, "caverna.error.space_not_empty")
    return walled_sides(cave, target)


def parse_target(value: Any) -> Pos | str:
    """Read a furnishing target: ``[row, col]`` or ``"extra"``."""
    return EXTRA if value == EXTRA else position(value)


def orange_and_blue(state: CavernaState, rooms: tuple[str, ...]) -> tuple[int, int]:
    """Count orange and blue rooms among ``rooms``."""
    colours = [state.config.room(room).colour for room in rooms]
    return colours.count("orange"), colours.count("blue")


def check_furnishing(state: CavernaState, seat: int, room: str, target: Pos | str) -> None:
    """Refuse furnishing ``room`` at ``target`` unless display, space, walls and colours allow."""
    require(
        room in furnishable_rooms(state), "caverna.error.room_not_in_display",
        room=f"@caverna.room.{room}"
    )
    cave = player(state, seat).cave
    spec = state.config.room(room)
    sides = target_sides(cave, target)
    require(
        spec.walls.fits(sides),
        "caverna.error.walls_do_not_fit",
        room=f"@caverna.room.{room}",
        walls=len(sides),
    )
    orange, blue = orange_and_blue(state, (*cave.rooms(), room))
    require(blue < orange, "caverna.error.too_many_blue")


def furnish(
    state: CavernaState, seat: int, room: str, target: Pos | str, fee: Mapping[str, int]
) -> CavernaState:
    """Pay ``fee`` and the room's cost, then place ``room`` at ``target``."""
    check_furnishing(state, seat, room, target)
    state = spend(state, seat, add_costs(state.config.room(room).cost, fee))
    cave = player(state, seat).cave
    if target == EXTRA:
        assert cave.extra is not None
        cave = replace(cave, extra=replace(cave.extra, room=room))
    else:
        assert not isinstance(target, str)
        cave = cave.with_space(target, Space(FURNISHED, room))
    state = _take_from_display(_set_cave(state, seat, cave), room)
    return _award_extra_cavern(state, seat)


def _award_extra_cavern(state: CavernaState, seat: int) -> CavernaState:
    cave = player(state, seat).cave
    if state.extra_cavern_owner is not None or not cave.is_full():
        return state
    state = replace(
        _set_cave(state, seat, replace(cave, extra=ExtraCavern())), extra_cavern_owner=seat
    )
    return notify(state, msg("caverna.notice.extra_cavern", player=seat_name(state, seat)))


def place_extra_cavern(state: CavernaState, seat: int, sides: frozenset[str]) -> CavernaState:
    """Lay the extra cavern down with 2 or 3 natural walls on ``sides``."""
    extra = player(state, seat).cave.extra
    require(extra is not None, "caverna.error.no_extra_cavern")
    assert extra is not None
    require(not extra.placed, "caverna.error.extra_already_placed")
    require(sides <= frozenset(SIDES) and len(sides) in (2, 3), "caverna.error.extra_sides")
    cave = player(state, seat).cave
    return _set_cave(state, seat, replace(cave, extra=replace(extra, natural_sides=sides)))


def build_wall(state: CavernaState, seat: int, where: Edge | str) -> CavernaState:
    """Take a wall from the supply and put it at ``where`` (an edge, or a side of the extra
    cavern)."""
    require(state.wall_supply > 0, "caverna.error.no_walls_left")
    cave = player(state, seat).cave
    if isinstance(where, str):
        extra = cave.extra
        require(extra is not None and extra.placed, "caverna.error.extra_not_placed")
        assert extra is not None
        require(
            where in SIDES and where not in extra_walled_sides(extra), "caverna.error.wall_exists"
        )
        cave = replace(cave, extra=replace(extra, built_sides=extra.built_sides | {where}))
    else:
        first, second = where
        require(
            cave.at(first) is not None and cave.at(second) is not None,
            "caverna.error.not_a_cave_border",
        )
        require(where not in cave.walls, "caverna.error.wall_exists")
        cave = replace(cave, walls=cave.walls | {where})
    state = replace(_set_cave(state, seat, cave), wall_supply=state.wall_supply - 1)
    if has_room(state, seat, DUNGEON):
        state = notify(state, msg("caverna.notice.dungeon", player=seat_name(state, seat)))
        state = gain(state, seat, {"gold": DUNGEON_GOLD})
    return state


def remove_wall(state: CavernaState, seat: int, where: Edge | str) -> CavernaState:
    """Return a wall the player built to the supply."""
    cave = player(state, seat).cave
    if isinstance(where, str):
        extra = cave.extra
        require(extra is not None and where in extra.built_sides, "caverna.error.no_such_wall")
        assert extra is not None
        cave = replace(cave, extra=replace(extra, built_sides=extra.built_sides - {where}))
    else:
        require(where in cave.walls, "caverna.error.no_such_wall")
        cave = replace(cave, walls=cave.walls - {where})
    return replace(_set_cave(state, seat, cave), wall_supply=state.wall_supply + 1)
