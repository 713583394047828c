"""A sample of legal actions for any state, enough to play a game to its end."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.caverna.cave import EMPTY, diggable, wall_spots
from companion.games.caverna.cavework import EXTRA, furnishable_rooms, unseen_dark_rooms
from companion.games.caverna.goods import FOOD_SOURCES
from companion.games.caverna.roomuse import choices
from companion.games.caverna.rules import unnamed_candidates
from companion.games.caverna.setup import back_for_round
from companion.games.caverna.state import ACT, CHOOSE, DRAW, REVEAL, CavernaState
from companion.games.caverna.tiles import FURNISH_FEES, TILE_BACKS, tile_parts

Apply = Callable[[CavernaState, Mapping[str, Any]], CavernaState]
"""The rules' apply function, used to keep only actions that are accepted."""

ROOMS_TRIED = 2
"""How many candidate rooms a dig names in the sample."""


def legal_actions(state: CavernaState, apply: Apply) -> list[dict[str, Any]]:
    """Return actions accepted in ``state``: all tile choices, a sample of the rest."""
    if state.phase == REVEAL:
        back = back_for_round(state.round, state.rounds)
        tiles = [tile for tile in state.hidden_tiles if TILE_BACKS[tile] == back]
        return [{"type": "reveal", "tile": tile} for tile in tiles]
    if state.phase == DRAW:
        return [{"type": "draw_pile", "room": room} for room in unseen_dark_rooms(state)]
    if state.phase == CHOOSE:
        candidates: Iterator[dict[str, Any]] = (
            {"type": "take_tile", "tile": tile}
            for tile in (*state.revealed_tiles, *unnamed_candidates(state))
        )
    elif state.phase == ACT:
        candidates = _turn_candidates(state)
    else:
        return []
    return [action for action in candidates if _accepted(state, action, apply)]


def _accepted(state: CavernaState, action: Mapping[str, Any], apply: Apply) -> bool:
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def _turn_candidates(state: CavernaState) -> Iterator[dict[str, Any]]:
    assert state.turn is not None
    yield {"type": "end_turn"}
    kinds = {
        option.kind: option
        for part in tile_parts(state.turn.tile, state.config.tile_rules)
        for option in part
    }
    for part in tile_parts(state.turn.tile, state.config.tile_rules):
        for option in part:
            if option.kind == "gain":
                yield {"type": "gain", "good": option.good}
            elif option.kind == "trade":
                yield {"type": "trade", "give": option.good}
    if "prospect" in kinds:
        yield {"type": "prospect"}
    if "excavate" in kinds:
        yield from _dig_candidates(state)
    if "furnish" in kinds:
        yield from _furnish_candidates(state)
    if "wall" in kinds or "breach" in kinds:
        yield from _wall_candidates(state)
    if "rooms" in kinds or state.turn.room_uses_left:
        yield from _room_candidates(state)
    yield from _extra_candidates(state)
    for good in FOOD_SOURCES:
        yield {"type": "convert", "good": good, "count": 1}


def _dig_candidates(state: CavernaState) -> Iterator[dict[str, Any]]:
    cave = state.players[state.active].cave
    rooms = unseen_dark_rooms(state)[:ROOMS_TRIED]
    for through_wall in (False, True):
        for pos in sorted(diggable(cave, through_wall)):
            for room in rooms:
                yield {"type": "excavate", "digs": [{"space": list(pos), "room": room}]}
    spaces = sorted(diggable(cave))
    unseen = unseen_dark_rooms(state)
    if len(spaces) >= 2 and len(unseen) >= 2:
        first, second = spaces[:2]
        yield {
            "type": "excavate",
            "digs": [
                {"space": list(first), "room": unseen[0]},
                {"space": list(second), "room": unseen[1]},
            ],
        }


def _furnish_candidates(state: CavernaState) -> Iterator[dict[str, Any]]:
    cave = state.players[state.active].cave
    targets: list[Any] = [
        list(pos) for pos in cave.positions() if (space := cave.at(pos)) and space.state == EMPTY
    ]
    if cave.extra is not None:
        targets.append(EXTRA)
    assert state.turn is not None
    parts = tile_parts(state.turn.tile, state.config.tile_rules)
    offered = {option.fee for part in parts for option in part if option.kind == "furnish"}
    fees = [fee for fee in FURNISH_FEES if fee in offered]
    for room in furnishable_rooms(state):
        for target in targets:
            for fee in fees:
                yield {"type": "furnish", "room": room, "space": target, "fee": fee}


def _wall_candidates(state: CavernaState) -> Iterator[dict[str, Any]]:
    cave = state.players[state.active].cave
    for first, second in wall_spots(cave):
        yield {"type": "build_wall", "between": [list(first), list(second)]}
    for first, second in sorted(cave.walls):
        yield {"type": "remove_wall", "between": [list(first), list(second)]}
    if cave.extra is not None:
        for side in ("n", "e", "s", "w"):
            yield {"type": "build_wall", "side": side}
            yield {"type": "remove_wall", "side": side}


def _room_candidates(state: CavernaState) -> Iterator[dict[str, Any]]:
    cave = state.players[state.active].cave
    for room in cave.rooms():
        for choice in choices(room):
            action: dict[str, Any] = {"type": "use_room", "room": room}
            if choice:
                action["choice"] = choice
            if room == "junction_room":
                action["give"] = _junction_give(state)
            if room == "digging_cave":
                for dig in _single_digs(state):
                    yield {**action, "dig": dig}
                continue
            yield action


def _junction_give(state: CavernaState) -> dict[str, int]:
    goods = state.players[state.active].goods.as_dict()
    give: dict[str, int] = {}
    remaining = 3
    for good in ("wood", "stone", "emmer", "flax", "food", "gold"):
        take = min(goods[good], remaining)
        if take:
            give[good] = take
            remaining -= take
    return give


def _single_digs(state: CavernaState) -> Iterator[dict[str, Any]]:
    cave = state.players[state.active].cave
    unseen = unseen_dark_rooms(state)
    for pos in sorted(diggable(cave))[:1]:
        for room in unseen[:1]:
            yield {"space": list(pos), "room": room}


def _extra_candidates(state: CavernaState) -> Iterator[dict[str, Any]]:
    extra = state.players[state.active].cave.extra
    if extra is not None and not extra.placed:
        yield {"type": "place_extra_cavern", "walls": ["n", "w"]}
        yield {"type": "place_extra_cavern", "walls": ["n", "e", "w"]}
