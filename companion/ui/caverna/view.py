"""What the Caverna screens show, read from a state: plain values and messages, no drawing.

Keeping these questions apart from the widgets keeps the screens short and lets tests
check what a screen offers without drawing it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.messages import Msg, counted, msg
from companion.games.caverna.queries import (
    BREACH_GAIN,
    ENTRANCE,
    FIVE_FOOD,
    GOODS,
    HIDDEN,
    RENOVATION,
    TILE_BACKS,
    TRADE_PRICE,
    Cave,
    Option,
    Pos,
    RoomSpec,
    best_room,
    choices,
    diggable,
    known_face_up,
    renovation_allowed,
    room_points,
    score,
    tile_parts,
)
from companion.games.caverna.state import ACT, CavernaState


def name_of(state: CavernaState, seat: int) -> str:
    """The name of the player in ``seat``."""
    return state.config.names[seat]


def turn_number(state: CavernaState) -> int:
    """Which of their turns this round the active player is taking (from 1)."""
    return state.turns_taken // len(state.players) + 1


def double_turn(state: CavernaState) -> bool:
    """Two players: the start player also took the last turn of the round before."""
    return not state.config.solo and state.round > 1 and state.turns_taken == 0


def round_line(state: CavernaState) -> Msg:
    """"Round 3 of 8 · turn 2 of 3" for the header."""
    return msg("ui_caverna.turn.round", round=state.round, rounds=state.rounds,
               turn=min(turn_number(state), state.turns_this_round),
               turns=state.turns_this_round)


def whose_turn(state: CavernaState) -> Msg:
    """The active player's name, with the start-player mark and the double turn."""
    name = name_of(state, state.active)
    if double_turn(state):
        return msg("ui_caverna.turn.double", player=name)
    if state.active == state.start_player and not state.config.solo:
        return msg("ui_caverna.turn.start_player", player=name)
    return msg("ui_caverna.turn.player", player=name)


def room_colours(state: CavernaState) -> dict[str, str]:
    """Room id -> colour, the entrance included."""
    colours = {room.room_id: room.colour for room in state.config.rooms}
    colours[ENTRANCE] = "orange"
    return colours


def room_point_table(state: CavernaState) -> dict[str, int]:
    """Room id -> points of the catalogue in use."""
    return {room.room_id: room.points for room in state.config.rooms}


@dataclass(frozen=True)
class TileChip:
    """One action tile as the tiles overview shows it."""

    tile: str
    """The tile id."""
    status: str
    """``free``, ``taken``, ``new`` (face up, not named yet) or ``hidden``."""
    back: int
    """The number on its back (1: the dwarf back of the start tiles)."""


def tile_chips(state: CavernaState) -> tuple[TileChip, ...]:
    """Every tile in play as it lies on the table: face-up ones first (in the order they
    came up, those turned up unnamed but known by elimination named too), then one
    ``new`` chip per tile turned up and not named yet (its back said), then one
    ``hidden`` chip per tile still face down."""
    chips = [TileChip(tile, "taken" if tile in state.taken_tiles else "free", TILE_BACKS[tile])
             for tile in state.revealed_tiles]
    known = known_face_up(state)
    chips += [TileChip(tile, "free", TILE_BACKS[tile]) for tile in known]
    unknown = list(state.unnamed_tiles)
    for tile in known:
        unknown.remove(TILE_BACKS[tile])
    chips += [TileChip("", "new", back) for back in unknown]
    down = [tile for tile in state.hidden_tiles if tile not in known]
    for back in unknown:
        down.remove(next(tile for tile in down if TILE_BACKS[tile] == back))
    chips += [TileChip(tile, "hidden", TILE_BACKS[tile]) for tile in down]
    return tuple(chips)


def tile_button_text(state: CavernaState, tile: str) -> Msg:
    """A face-up tile on the choosing grid: marked when taken or out of reach."""
    name = f"@caverna.tile.{tile}"
    if tile in state.taken_tiles:
        return msg("ui_caverna.tiles.taken", tile=name)
    if tile == RENOVATION and not renovation_allowed(state, state.active):
        return msg("ui_caverna.tiles.needs_gold", tile=name)
    return Msg(f"caverna.tile.{tile}")


@dataclass(frozen=True)
class OptionSpec:
    """One option of the tile in use, as a button."""

    part: int
    """Index of the tile part it belongs to."""
    option: Option
    """The engine's option."""
    available: bool
    """False once its part has been used this turn."""


def turn_parts(state: CavernaState) -> tuple[tuple[OptionSpec, ...], ...]:
    """The tile in use, part by part (a part's options are alternatives)."""
    if state.phase != ACT or state.turn is None:
        return ()
    turn = state.turn
    parts = tile_parts(turn.tile, state.config.tile_rules)
    result = []
    for index, part in enumerate(parts):
        used = index in turn.used_parts
        specs = []
        for option in part:
            continuing = option.kind == "rooms" and turn.room_uses_left > 0 and used
            specs.append(OptionSpec(index, option, not used or continuing))
        result.append(tuple(specs))
    return tuple(result)


def option_label(state: CavernaState, option: Option) -> Msg:
    """The text of an option's button."""
    kind = option.kind
    if kind == "gain":
        return msg("ui_caverna.option.gain", count=option.amount,
                   good=f"@caverna.good.{option.good}",
                   amount=counted(f"caverna.count.{option.good}", option.amount))
    if kind == "trade":
        return msg("ui_caverna.option.trade", count=TRADE_PRICE,
                   good=f"@caverna.good.{option.good}", gold=option.amount,
                   amount=counted(f"caverna.count.{option.good}", TRADE_PRICE),
                   gold_amount=counted("caverna.count.gold", option.amount))
    if kind == "rooms":
        left = state.turn.room_uses_left if state.turn is not None else 0
        if left:
            return msg("ui_caverna.option.rooms_left", left=left)
        return msg("ui_caverna.option.rooms", count=option.amount)
    if kind == "excavate":
        if option.through_wall:
            return Msg("ui_caverna.option.dig_wall")
        if option.food_cost:
            return msg("ui_caverna.option.dig_two", food=option.food_cost)
        return Msg("ui_caverna.option.dig_one")
    if kind == "furnish":
        return furnish_label(state, option)
    if kind == "breach":
        return msg("ui_caverna.option.breach", gain_stone=BREACH_GAIN["stone"],
                   gain_food=BREACH_GAIN["food"], gain_gold=BREACH_GAIN["gold"])
    return Msg(f"ui_caverna.option.{kind}")


def furnish_fee(state: CavernaState, option: Option) -> dict[str, int]:
    """What a furnishing option asks for on top of the room's cost."""
    if option.fee == "round_food":
        return {"food": state.turns_this_round}
    if option.fee == "five_food":
        return {"food": FIVE_FOOD}
    if option.fee == "gold":
        return {"gold": option.amount}
    return {}


def furnish_label(state: CavernaState, option: Option) -> Msg:
    """"Furnish (+3 food)" and its kin."""
    fee = furnish_fee(state, option)
    if not fee:
        return Msg("ui_caverna.option.furnish_free")
    good, amount = next(iter(fee.items()))
    return msg("ui_caverna.option.furnish", count=amount, good=f"@caverna.good.{good}",
               amount=counted(f"caverna.count.{good}", amount))


def cost_message(goods: Mapping[str, int]) -> Msg:
    """A cost as a message: up to three goods joined with "+", or "free"."""
    items = [(good, amount) for good, amount in _in_track_order(goods) if amount]
    if not items:
        return Msg("ui_caverna.cost.free")
    params: dict[str, str | int] = {}
    for number, (good, amount) in enumerate(items[:3], start=1):
        params[f"n{number}"] = amount
        params[f"g{number}"] = counted(f"caverna.count.{good}", amount)
    return Msg(f"ui_caverna.cost.items{min(3, len(items))}", params)


def _in_track_order(goods: Mapping[str, int]) -> list[tuple[str, int]]:
    return [(good, goods.get(good, 0)) for good in GOODS]


def total_cost(spec: RoomSpec, fee: Mapping[str, int]) -> dict[str, int]:
    """The room's cost plus the tile's fee."""
    total = dict(spec.cost)
    for good, amount in fee.items():
        total[good] = total.get(good, 0) + amount
    return total


def walls_message(spec: RoomSpec) -> Msg:
    """A room's wall pattern: "walls 2 (adjacent)", "walls 1–3"."""
    pattern = spec.walls
    count = (str(pattern.min_walls) if pattern.min_walls == pattern.max_walls
             else f"{pattern.min_walls}–{pattern.max_walls}")
    if pattern.pair == "any" or not pattern.min_walls <= 2 <= pattern.max_walls:
        return msg("ui_caverna.room.walls", count=count)
    return msg(f"ui_caverna.room.walls_{pattern.pair}", count=count)


def colour_balance(state: CavernaState, seat: int) -> tuple[int, int]:
    """Orange and blue rooms in ``seat``'s cave (the entrance counts as orange)."""
    colours = room_colours(state)
    rooms = state.players[seat].cave.rooms()
    orange = sum(colours.get(room) == "orange" for room in rooms)
    return orange, len(rooms) - orange


def face_down_spaces(cave: Cave) -> tuple[Pos, ...]:
    """Spaces still covered by a face-down room."""
    return tuple(pos for pos in cave.positions()
                 if (space := cave.at(pos)) is not None and space.state == HIDDEN)


def reachable_digs(cave: Cave, through_wall: bool) -> frozenset[Pos]:
    """Face-down spaces that can be dug now."""
    return diggable(cave, through_wall)


def usable_rooms(state: CavernaState) -> tuple[str, ...]:
    """The active player's orange rooms that a room option can still use this turn."""
    if state.turn is None:
        return ()
    colours = room_colours(state)
    rooms = state.players[state.active].cave.rooms()
    return tuple(room for room in rooms
                 if colours.get(room) == "orange" and choices(room)
                 and room not in state.turn.rooms_used)


def room_action(room: str, choice: str) -> dict[str, Any]:
    """The ``use_room`` action for a room with a plain choice."""
    action: dict[str, Any] = {"type": "use_room", "room": room}
    if choice:
        action["choice"] = choice
    return action


@dataclass(frozen=True)
class ScoreLine:
    """One player's final count."""

    seat: int
    """Who."""
    name: str
    """Their name."""
    rooms: int
    """Points of the furnished rooms."""
    gold: int
    """Gold, one point each."""
    total: int
    """Rooms plus gold."""
    best_room: int
    """Points of the best single room (the tiebreak)."""


def score_lines(state: CavernaState) -> tuple[ScoreLine, ...]:
    """Every player's points, best first (seat order among equals)."""
    lines = [ScoreLine(seat, name_of(state, seat), sum(room_points(state, seat)),
                       state.players[seat].goods.gold, score(state, seat),
                       best_room(state, seat))
             for seat in range(len(state.players))]
    return tuple(sorted(lines, key=lambda line: (-line.total, -line.best_room, line.seat)))


def tie_on_points(state: CavernaState) -> bool:
    """Two players ended level on points (the best room then decides)."""
    lines = score_lines(state)
    return len(lines) > 1 and lines[0].total == lines[1].total


def closing_note(state: CavernaState) -> Msg:
    """The line under the final scores: the solo goal, the tiebreak, or how points count."""
    if state.config.solo:
        return Msg("ui_caverna.over.solo_goal")
    if tie_on_points(state):
        first, second = score_lines(state)[:2]
        return msg("ui_caverna.over.tiebreak", first=first.name, first_best=first.best_room,
                   second=second.name, second_best=second.best_room)
    return Msg("ui_caverna.over.counted")
