"""Reading a set-up (plain JSON data) into the first state of a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.messages import SetupError
from companion.games.caverna.cave import DEFAULT_LAYOUT, HIDDEN, Cave, parse_layout
from companion.games.caverna.goods import Goods
from companion.games.caverna.rooms import apply_overrides, default_catalogue
from companion.games.caverna.state import (
    SOLO_TURNS,
    TWO_PLAYER_TURNS,
    CavernaState,
    Config,
    Player,
)
from companion.games.caverna.tiles import (
    ALL_TILES,
    JUNCTION_READINGS,
    SOLO_EXCLUDED,
    START_TILES,
    TILE_BACKS,
    TileRules,
)

SOLO_DISPLAY_SIZE = 3
"""Light-backed rooms that stay in a solo game (the other three are put away)."""


def back_for_round(round_number: int, rounds: int) -> int:
    """Return the back number of the tile revealed at the start of ``round_number``."""
    if round_number == rounds:
        return 4
    return 2 if round_number <= 3 else 3


def new_game(setup: Mapping[str, Any]) -> CavernaState:
    """Build the first state from ``setup``; raise ``SetupError`` when it cannot be played."""
    names = _names(setup.get("players"))
    solo = len(names) == 1
    rooms = apply_overrides(default_catalogue(), _mapping(setup, "room_overrides"))
    turns = _turns(setup.get("turns_per_round"), solo)
    _check_enough_tiles(turns, len(names))
    tiles = _tiles(setup.get("tiles"), solo, len(turns))
    config = Config(names, rooms, tiles, turns, _tile_rules(_mapping(setup, "tile_rules")))
    cave = parse_layout(_layout(setup.get("cave", DEFAULT_LAYOUT)))
    dark_rooms = sum(not room.light_back for room in rooms)
    pile = _pile(cave, len(names), dark_rooms)
    return CavernaState(
        config=config,
        players=tuple(Player(Goods(), cave) for _ in names),
        start_player=_start_player(setup.get("start_player", 0), len(names)),
        hidden_tiles=tuple(tile for tile in tiles if tile not in START_TILES),
        revealed_tiles=START_TILES,
        display=_display(setup.get("display"), config),
        pile=pile,
    )


def _mapping(setup: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = setup.get(key, {})
    if not isinstance(value, Mapping):
        raise SetupError("caverna.error.bad_setup", field=key)
    return value


def _names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise SetupError("caverna.error.player_count", count=0)
    names = tuple(str(name).strip() for name in value)
    if not 1 <= len(names) <= 2:
        raise SetupError("caverna.error.player_count", count=len(names))
    if len(set(names)) != len(names) or not all(names):
        raise SetupError("caverna.error.bad_setup", field="players")
    return names


def _start_player(value: Any, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise SetupError("caverna.error.bad_setup", field="start_player")
    return value


def _turns(value: Any, solo: bool) -> tuple[int, ...]:
    if value is None:
        return SOLO_TURNS if solo else TWO_PLAYER_TURNS
    expected = len(SOLO_TURNS if solo else TWO_PLAYER_TURNS)
    if (
        not isinstance(value, Sequence)
        or len(value) != expected
        or not all(isinstance(turns, int) and 1 <= turns <= 4 for turns in value)
    ):
        raise SetupError("caverna.error.bad_setup", field="turns_per_round")
    return tuple(int(turns) for turns in value)


def _check_enough_tiles(turns: tuple[int, ...], players: int) -> None:
    """Refuse turn counts that would run out of free action tiles in some round."""
    for number, count in enumerate(turns, start=1):
        free = len(START_TILES) + number
        if number == len(turns) and players > 1:
            free -= 1
        if count * players > free:
            raise SetupError("caverna.error.bad_setup", field="turns_per_round")


def _tiles(value: Any, solo: bool, rounds: int) -> tuple[str, ...]:
    if value is None:
        return tuple(tile for tile in ALL_TILES if not (solo and tile in SOLO_EXCLUDED))
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise SetupError("caverna.error.bad_setup", field="tiles")
    tiles = tuple(str(tile) for tile in value)
    unknown = [tile for tile in tiles if tile not in TILE_BACKS]
    if unknown or len(set(tiles)) != len(tiles):
        raise SetupError("caverna.error.bad_setup", field="tiles")
    if not set(START_TILES) <= set(tiles) or (solo and set(SOLO_EXCLUDED) & set(tiles)):
        raise SetupError("caverna.error.bad_setup", field="tiles")
    wanted = sorted(back_for_round(number, rounds) for number in range(1, rounds + 1))
    found = sorted(TILE_BACKS[tile] for tile in tiles if tile not in START_TILES)
    if wanted != found:
        raise SetupError("caverna.error.tiles_for_rounds", rounds=rounds)
    return tuple(tile for tile in ALL_TILES if tile in tiles)


def _tile_rules(value: Mapping[str, Any]) -> TileRules:
    defaults = TileRules()
    numbers: dict[str, int] = {}
    for key in ("expansion_gold", "expedition_gold"):
        number = value.get(key, getattr(defaults, key))
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= 9:
            raise SetupError("caverna.error.bad_setup", field=f"tile_rules.{key}")
        numbers[key] = number
    junction = value.get("junction_goods", defaults.junction_goods)
    if junction not in JUNCTION_READINGS:
        raise SetupError("caverna.error.bad_setup", field="tile_rules.junction_goods")
    return TileRules(**numbers, junction_goods=str(junction))


def _layout(value: Any) -> tuple[str, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise SetupError("caverna.error.bad_cave", detail="cave must be a list of rows")
    return tuple(str(row) for row in value)


def _pile(cave: Cave, players: int, dark_rooms: int) -> int:
    on_boards = cave.count(HIDDEN) * players
    if on_boards > dark_rooms:
        raise SetupError("caverna.error.bad_cave", detail="more face-down spaces than rooms")
    return dark_rooms - on_boards if players == 1 else 0


def _display(value: Any, config: Config) -> tuple[str, ...]:
    light = tuple(room.room_id for room in config.rooms if room.light_back)
    if value is None and not config.solo:
        return light
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise SetupError("caverna.error.solo_display", count=SOLO_DISPLAY_SIZE)
    chosen = tuple(str(room) for room in value)
    size = SOLO_DISPLAY_SIZE if config.solo else len(light)
    if len(chosen) != size or len(set(chosen)) != size or not set(chosen) <= set(light):
        raise SetupError("caverna.error.bad_display", count=size)
    return tuple(room for room in light if room in chosen)
