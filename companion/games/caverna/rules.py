"""Applying actions: rounds, turns, action tiles and their options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError, msg
from companion.games.caverna.cave import Edge
from companion.games.caverna.cavework import (
    build_wall,
    dig,
    furnish,
    parse_target,
    place_extra_cavern,
    remove_wall,
    turn_up,
)
from companion.games.caverna.common import gain, has_room, player, require, seat_name, spend
from companion.games.caverna.fields import border, field, optional_text, text, whole
from companion.games.caverna.goods import FOOD_SOURCES, check_good
from companion.games.caverna.rooms import SIDES
from companion.games.caverna.roomuse import use_room
from companion.games.caverna.setup import back_for_round
from companion.games.caverna.state import (
    ACT,
    CHOOSE,
    DRAW,
    FINISHED,
    REVEAL,
    CavernaState,
    Turn,
)
from companion.games.caverna.tiles import (
    BREACH_GAIN,
    FIVE_FOOD,
    PROSPECT_COST,
    RENOVATION,
    TILE_BACKS,
    TRADE_PRICE,
    Option,
    tile_parts,
)

Handler = Callable[[CavernaState, Mapping[str, Any]], CavernaState]
"""A function applying one type of action."""

PROSPECTING_SITE = "prospecting_site"
"""Blue room that unlocks the prospect option of Undergrowth."""
EQUIPMENT_ROOM = "equipment_room"
"""Blue room: room options for 2 or 3 rooms allow one more."""
WOOD_STOREROOM = "wood_storeroom"
"""Blue room: a room option for 1 room also gives 1 wood."""


def apply_action(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Return the state after ``action``; refuse an illegal one, leaving ``state`` as it was."""
    if not isinstance(action, Mapping):
        raise IllegalActionError("caverna.error.unknown_action", type="?")
    kind = action.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise IllegalActionError("caverna.error.unknown_action", type=str(kind))
    require(state.phase != FINISHED, "caverna.error.game_over")
    return handler(replace(state, notices=()), action)


def _expect_phase(state: CavernaState, phase: str) -> None:
    require(state.phase == phase, f"caverna.error.phase_{state.phase}")


def _current_turn(state: CavernaState) -> Turn:
    _expect_phase(state, ACT)
    assert state.turn is not None
    return state.turn


def reveal(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """The table turned up the round's new action tile (named when it is taken, unless
    ``tile`` names it now)."""
    _expect_phase(state, REVEAL)
    if action.get("tile") is None:
        back = back_for_round(state.round, state.rounds)
        require(back in unrevealed_backs(state), "caverna.error.no_tile_left", back=back)
        return replace(state, unnamed_tiles=(*state.unnamed_tiles, back), phase=CHOOSE)
    tile = text(action, "tile")
    require(
        tile in state.hidden_tiles, "caverna.error.tile_not_hidden", tile=f"@caverna.tile.{tile}"
    )
    back = back_for_round(state.round, state.rounds)
    require(
        TILE_BACKS[tile] == back,
        "caverna.error.wrong_back",
        tile=f"@caverna.tile.{tile}",
        back=back,
    )
    return replace(
        state,
        hidden_tiles=tuple(hidden for hidden in state.hidden_tiles if hidden != tile),
        revealed_tiles=(*state.revealed_tiles, tile),
        phase=CHOOSE,
    )


def unrevealed_backs(state: CavernaState) -> list[int]:
    """The backs of the face-down tiles that have not been turned up unnamed."""
    backs = [TILE_BACKS[tile] for tile in state.hidden_tiles]
    for back in state.unnamed_tiles:
        backs.remove(back)
    return backs


def unnamed_candidates(state: CavernaState) -> tuple[str, ...]:
    """The face-down tiles that may be one turned up but not named yet."""
    return tuple(tile for tile in state.hidden_tiles if TILE_BACKS[tile] in state.unnamed_tiles)


def known_face_up(state: CavernaState) -> tuple[str, ...]:
    """The unnamed face-up tiles the table can name without looking: a back turned up
    as often as tiles of that back were still face down (so every one of them lies face
    up now, e.g. the last back-2 tile, or in solo all three back-3 tiles)."""
    return tuple(tile for tile in unnamed_candidates(state)
                 if _candidates_of(state, TILE_BACKS[tile]) == state.unnamed_tiles.count(
                     TILE_BACKS[tile]))


def open_candidates(state: CavernaState) -> tuple[str, ...]:
    """The tiles an unnamed face-up tile may be, where some of that back still lie face
    down: exactly the tiles not known to be face up."""
    known = set(known_face_up(state))
    return tuple(tile for tile in unnamed_candidates(state) if tile not in known)


def _candidates_of(state: CavernaState, back: int) -> int:
    return sum(TILE_BACKS[tile] == back for tile in unnamed_candidates(state))


def _name_tile(state: CavernaState, tile: str) -> CavernaState:
    """Name the unnamed face-up tile with ``tile``'s back as ``tile``."""
    backs = list(state.unnamed_tiles)
    backs.remove(TILE_BACKS[tile])
    return replace(
        state,
        hidden_tiles=tuple(hidden for hidden in state.hidden_tiles if hidden != tile),
        revealed_tiles=(*state.revealed_tiles, tile),
        unnamed_tiles=tuple(backs),
    )


def renovation_allowed(state: CavernaState, seat: int) -> bool:
    """Tell whether ``seat`` may take Renovation (two players: strictly more gold)."""
    if state.config.solo:
        return True
    mine = player(state, seat).goods.gold
    return all(
        mine > other.goods.gold for index, other in enumerate(state.players) if index != seat
    )


def take_tile(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """The active player takes a face-up action tile for this turn."""
    _expect_phase(state, CHOOSE)
    tile = text(action, "tile")
    label = f"@caverna.tile.{tile}"
    if tile in unnamed_candidates(state):
        state = _name_tile(state, tile)
    require(tile in state.revealed_tiles, "caverna.error.tile_not_available", tile=label)
    require(tile not in state.taken_tiles, "caverna.error.tile_taken", tile=label)
    if tile == RENOVATION:
        require(renovation_allowed(state, state.active), "caverna.error.renovation_gold")
    return replace(state, phase=ACT, turn=Turn(tile), taken_tiles=(*state.taken_tiles, tile))


def end_turn(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """The active player is done with the tile; solo digs of exactly one turn up a pile room."""
    turn = _current_turn(state)
    if state.config.solo and turn.digs == 1 and state.pile > 0:
        return replace(state, phase=DRAW)
    return _finish_turn(state)


def draw_pile(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Solo: the table turned up the top room of the pile; it joins the display (named
    when it is furnished, unless ``room`` names it now)."""
    _expect_phase(state, DRAW)
    state = turn_up(state, action.get("room"))
    return _finish_turn(replace(state, pile=state.pile - 1))


def _finish_turn(state: CavernaState) -> CavernaState:
    state = replace(state, turn=None, turns_taken=state.turns_taken + 1, phase=CHOOSE)
    if state.turns_taken < state.turns_this_round * len(state.players):
        return state
    return _end_round(state)


def _end_round(state: CavernaState) -> CavernaState:
    next_start = (state.start_player + 1) % len(state.players)
    state = replace(state, turns_taken=0, taken_tiles=(), start_player=next_start)
    if state.round >= state.rounds:
        return replace(
            state, phase=FINISHED, notices=(*state.notices, msg("caverna.notice.game_over"))
        )
    new_round = state.round + 1
    notice = msg("caverna.notice.new_round", round=new_round, player=seat_name(state, next_start))
    return replace(state, round=new_round, phase=REVEAL, notices=(*state.notices, notice))


def convert(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Turn emmer, flax or gold into food, one for one (any time)."""
    seat = whole(action, "player", state.active)
    require(0 <= seat < len(state.players), "caverna.error.bad_field", field="player")
    good = text(action, "good")
    check_good(good)
    require(good in FOOD_SOURCES, "caverna.error.not_convertible", good=f"@caverna.good.{good}")
    count = whole(action, "count", 1)
    require(count >= 1, "caverna.error.bad_field", field="count")
    return gain(spend(state, seat, {good: count}), seat, {"food": count})


def claim(
    state: CavernaState, kind: str, accepts: Callable[[Option], bool]
) -> tuple[CavernaState, Option]:
    """Mark the tile part offering a matching option as used and return that option."""
    turn = _current_turn(state)
    parts = tile_parts(turn.tile, state.config.tile_rules)
    tile = f"@caverna.tile.{turn.tile}"
    found_used = False
    for index, part in enumerate(parts):
        for option in part:
            if option.kind != kind or not accepts(option):
                continue
            if index in turn.used_parts:
                found_used = True
                continue
            new_turn = replace(turn, used_parts=(*turn.used_parts, index))
            return replace(state, turn=new_turn), option
    require(not found_used, "caverna.error.part_used", tile=tile)
    raise IllegalActionError("caverna.error.tile_lacks", tile=tile, what=f"@caverna.kind.{kind}")


def gain_action(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Take the goods a tile shows (``good`` picks among them)."""
    good = text(action, "good")
    state, option = claim(state, "gain", lambda option: option.good == good)
    return gain(state, state.active, {good: option.amount})


def trade(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Expedition: give 5 wood or 5 stone for gold."""
    good = text(action, "give")
    state, option = claim(state, "trade", lambda option: option.good == good)
    paid = spend(state, state.active, {good: TRADE_PRICE})
    return gain(paid, state.active, {"gold": option.amount})


def prospect(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Undergrowth with the Prospecting site: 1 food for 1 gold."""
    require(
        has_room(state, state.active, PROSPECTING_SITE),
        "caverna.error.needs_room",
        room=f"@caverna.room.{PROSPECTING_SITE}",
    )
    state, _ = claim(state, "prospect", lambda option: True)
    return gain(spend(state, state.active, PROSPECT_COST), state.active, {"gold": 1})


def excavate(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Dig one or two caverns, each naming the space and the room found there."""
    digs = field(action, "digs")
    require(isinstance(digs, list) and len(digs) in (1, 2), "caverna.error.bad_field", field="digs")
    state, option = claim(state, "excavate", lambda option: option.amount == len(digs))
    state = spend(state, state.active, {"food": option.food_cost})
    for one in digs:
        state = dig(state, state.active, one, option.through_wall)
    return state


def furnish_action(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Furnish a room from the display, paying the tile's extra fee and the room's cost."""
    fee = optional_text(action, "fee") or _only_fee(state)
    state, option = claim(state, "furnish", lambda option: option.fee == fee)
    costs = {
        "round_food": {"food": state.turns_this_round},
        "five_food": {"food": FIVE_FOOD},
        "gold": {"gold": option.amount},
        "none": {},
    }[fee]
    target = parse_target(field(action, "space"))
    return furnish(state, state.active, text(action, "room"), target, costs)


def _only_fee(state: CavernaState) -> str:
    turn = _current_turn(state)
    parts = tile_parts(turn.tile, state.config.tile_rules)
    fees = {
        option.fee
        for index, part in enumerate(parts)
        if index not in turn.used_parts
        for option in part
        if option.kind == "furnish"
    }
    require(len(fees) <= 1, "caverna.error.choose_fee", fees=", ".join(sorted(fees)))
    return fees.pop() if fees else "none"


def _wall_place(action: Mapping[str, Any]) -> Edge | str:
    if "side" in action:
        side = text(action, "side")
        require(side in SIDES, "caverna.error.bad_field", field="side")
        return side
    return border(field(action, "between"))


def build_wall_action(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Build a wall from the supply between two spaces (or on the extra cavern)."""
    state, _ = claim(state, "wall", lambda option: True)
    return build_wall(state, state.active, _wall_place(action))


def remove_wall_action(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Breach: take back a wall you built and collect the tile's goods."""
    state, _ = claim(state, "breach", lambda option: True)
    state = remove_wall(state, state.active, _wall_place(action))
    return gain(state, state.active, BREACH_GAIN)


def use_room_action(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Use one of your orange rooms through the tile's room option."""
    turn = _current_turn(state)
    seat = state.active
    room = text(action, "room")
    label = f"@caverna.room.{room}"
    require(has_room(state, seat, room), "caverna.error.room_not_yours", room=label)
    require(state.config.room(room).colour == "orange", "caverna.error.room_is_blue", room=label)
    require(room not in turn.rooms_used, "caverna.error.room_used", room=label)
    if turn.room_uses_left == 0:
        state = _open_room_option(state)
        turn = _current_turn(state)
    turn = replace(
        turn, room_uses_left=turn.room_uses_left - 1, rooms_used=(*turn.rooms_used, room)
    )
    return use_room(replace(state, turn=turn), seat, room, action)


def _open_room_option(state: CavernaState) -> CavernaState:
    seat = state.active
    state, option = claim(state, "rooms", lambda option: True)
    uses = option.amount
    if option.amount in (2, 3) and has_room(state, seat, EQUIPMENT_ROOM):
        uses += 1
        state = _notice(state, "caverna.notice.equipment_room", seat)
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, room_uses_left=uses))
    if option.amount == 1 and has_room(state, seat, WOOD_STOREROOM):
        state = _notice(state, "caverna.notice.wood_storeroom", seat)
        state = gain(state, seat, {"wood": 1})
    return state


def _notice(state: CavernaState, key: str, seat: int) -> CavernaState:
    return replace(state, notices=(*state.notices, msg(key, player=seat_name(state, seat))))


def place_extra(state: CavernaState, action: Mapping[str, Any]) -> CavernaState:
    """Lay the earned extra cavern down, naming its naturally walled sides."""
    seat = whole(action, "player", state.active)
    require(seat == state.extra_cavern_owner, "caverna.error.no_extra_cavern")
    sides = field(action, "walls")
    require(
        isinstance(sides, list)
        and all(isinstance(side, str) for side in sides)
        and len(set(sides)) == len(sides),
        "caverna.error.extra_sides",
    )
    return place_extra_cavern(state, seat, frozenset(sides))


HANDLERS: Mapping[str, Handler] = {
    "reveal": reveal,
    "take_tile": take_tile,
    "end_turn": end_turn,
    "draw_pile": draw_pile,
    "convert": convert,
    "gain": gain_action,
    "trade": trade,
    "prospect": prospect,
    "excavate": excavate,
    "furnish": furnish_action,
    "build_wall": build_wall_action,
    "remove_wall": remove_wall_action,
    "use_room": use_room_action,
    "place_extra_cavern": place_extra,
}
"""Every action type and the function applying it."""
