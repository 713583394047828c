"""Scenario maps: the seven presets, the map token language and a pure map editor.

A map travels in the set-up as ``"map"``: a list of rows, each a list of tokens.  A
token is a base letter and an optional suffix:

* base: ``V`` crater, ``R`` scoria, ``L`` landscape, ``S`` white start, ``S4`` grey
  start, ``v`` village, ``V4`` village used only with four players, ``.`` no card;
* suffix: ``E`` equipment token, ``X`` eruption token, ``X2`` two-volcano token.

A bare ``E`` or ``X`` is a landscape card carrying that token.  The conditions of the
cards travel apart, as ``"cards"``: ``{"r,c": catalogue id or free condition}``.
Editor functions take a set-up and return a new one; they never change their input.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.messages import SetupError
from companion.games.fuji.conditions import (
    CARDS_BY_ID,
    ConditionCard,
    cards_of_kind,
    check_condition,
    condition_from_json,
    condition_to_json,
)
from companion.games.fuji.state import (
    Board,
    Cell,
    DiceCondition,
    Position,
    StartKind,
    TerrainKind,
)

MapGrid = tuple[tuple[str, ...], ...]
"""A map as rows of tokens."""

SCENARIO_NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
"""The numbers of the printed scenario cards."""

TABLE_DEALS = "table"
"""``"deal"`` value: the table shuffles and lays the cards; the app asks about a card only
when a destination marker first lands on it.  Any other value (or none): the app deals."""

GAP = "."
"""The token for a spot with no card."""

_TOKEN = re.compile(r"^(V4|S4|V|R|L|S|v)?(E|X2|X)?$")
_BASES: dict[str, tuple[TerrainKind, StartKind | None, bool]] = {
    "V": (TerrainKind.CRATER, None, False),
    "R": (TerrainKind.SCORIA, None, False),
    "L": (TerrainKind.LANDSCAPE, None, False),
    "S": (TerrainKind.LANDSCAPE, StartKind.WHITE, False),
    "S4": (TerrainKind.LANDSCAPE, StartKind.GREY, False),
    "v": (TerrainKind.VILLAGE, None, False),
    "V4": (TerrainKind.VILLAGE, None, True),
}
_SUFFIXES: dict[str, tuple[bool, int]] = {"": (False, 0), "E": (True, 0), "X": (False, 1)}
_SUFFIXES["X2"] = (False, 2)


@dataclass(frozen=True)
class MapSpot:
    """What a map token says about one spot (the card's condition aside)."""

    kind: TerrainKind
    """The card laid here."""
    start: StartKind | None = None
    """White or grey start card."""
    four_players_only: bool = False
    """A village spot used only with four players."""
    equipment_token: bool = False
    """An equipment token starts here."""
    eruption_token: int = 0
    """Volcanoes on the eruption token starting here (0: none)."""


def parse_token(token: str) -> MapSpot | None:
    """Read one map token; ``None`` for a gap.  Raise ``SetupError`` if unknown."""
    if token == GAP:
        return None
    found = _TOKEN.match(token)
    if not token or found is None:
        raise SetupError("fuji.setup.bad_token", token=token)
    base, suffix = found.group(1) or "L", found.group(2) or ""
    kind, start, four_only = _BASES[base]
    equipment, eruption = _SUFFIXES[suffix]
    spot = MapSpot(kind, start, four_only, equipment, eruption)
    _check_spot(spot, token)
    return spot


def _check_spot(spot: MapSpot, token: str) -> None:
    walkable = spot.kind in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE)
    if not walkable and (spot.equipment_token or spot.eruption_token):
        raise SetupError("fuji.setup.token_on_lava", token=token)


def spot_token(spot: MapSpot | None) -> str:
    """Write a spot back as its canonical token."""
    if spot is None:
        return GAP
    base = _base_letter(spot)
    suffix = "E" if spot.equipment_token else ""
    if spot.eruption_token:
        suffix = "X" if spot.eruption_token == 1 else "X2"
    if base == "L" and suffix:
        return suffix
    return base + suffix


def _base_letter(spot: MapSpot) -> str:
    for letter, (kind, start, four_only) in _BASES.items():
        if (kind, start, four_only) == (spot.kind, spot.start, spot.four_players_only):
            return letter
    raise SetupError("fuji.setup.bad_token", token=str(spot))


@cache
def preset_grids() -> dict[int, MapGrid]:
    """Return the seven preset maps, keyed by scenario number."""
    text = (Path(__file__).parent / "data" / "scenarios.txt").read_text(encoding="utf-8")
    return parse_scenarios(text)


def parse_scenarios(text: str) -> dict[int, MapGrid]:
    """Parse a scenario file: ``scenario N`` headers, each followed by rows of tokens."""
    grids: dict[int, list[tuple[str, ...]]] = {}
    current: list[tuple[str, ...]] | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("scenario"):
            current = grids.setdefault(int(stripped.split()[1]), [])
            continue
        if current is not None:
            current.append(tuple(stripped.split()))
    return {number: tuple(rows) for number, rows in grids.items()}


def map_grid(setup: Mapping[str, Any]) -> MapGrid:
    """Return the set-up's map: its own ``"map"`` or the chosen preset's."""
    if setup.get("map") is not None:
        given = setup["map"]
        if not isinstance(given, list):
            raise SetupError("fuji.setup.bad_field", field="map")
        rows = tuple(_row_tokens(row) for row in given)
        if not rows or not rows[0]:
            raise SetupError("fuji.setup.empty_map")
        if any(len(row) != len(rows[0]) for row in rows):
            raise SetupError("fuji.setup.ragged_map")
        return rows
    scenario = setup.get("scenario", 1)
    if isinstance(scenario, bool) or not isinstance(scenario, int):
        raise SetupError("fuji.setup.unknown_scenario", scenario=str(scenario))
    if scenario not in preset_grids():
        raise SetupError("fuji.setup.unknown_scenario", scenario=str(scenario))
    return preset_grids()[scenario]


def _row_tokens(row: object) -> tuple[str, ...]:
    if isinstance(row, str):
        return tuple(row.split())
    if not isinstance(row, list) or not all(isinstance(token, str) for token in row):
        raise SetupError("fuji.setup.bad_field", field="map")
    return tuple(row)


def grid_spots(grid: MapGrid) -> dict[Position, MapSpot]:
    """Return every card spot of a grid by position (gaps left out)."""
    spots: dict[Position, MapSpot] = {}
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            spot = parse_token(token)
            if spot is not None:
                spots[(r, c)] = spot
    return spots


def validate_map(setup: Mapping[str, Any], player_count: int) -> None:
    """Raise ``SetupError`` with the reason when the set-up's map cannot be played."""
    spots = grid_spots(map_grid(setup))
    kinds = [spot.kind for spot in spots.values()]
    if kinds.count(TerrainKind.CRATER) != 1:
        raise SetupError("fuji.setup.one_crater", found=kinds.count(TerrainKind.CRATER))
    starts = [spot.start for spot in spots.values() if spot.start is not None]
    if starts.count(StartKind.WHITE) != 1:
        raise SetupError("fuji.setup.one_white_start", found=starts.count(StartKind.WHITE))
    if player_count == 4 and starts.count(StartKind.GREY) != 1:
        raise SetupError("fuji.setup.grey_start_needed")
    if starts.count(StartKind.GREY) > 1:
        raise SetupError("fuji.setup.one_grey_start", found=starts.count(StartKind.GREY))
    if not any(spot.kind is TerrainKind.VILLAGE for spot in spots.values()):
        raise SetupError("fuji.setup.no_village")
    card_conditions(setup, spots)


def card_conditions(
    setup: Mapping[str, Any], spots: Mapping[Position, MapSpot]
) -> dict[Position, tuple[DiceCondition, str | None, bool]]:
    """Return ``(condition, card id or None, reroll symbol)`` for every walkable spot.

    Cards named in the set-up win; the other spots get a deterministic deal from the
    catalogue (as if the table had shuffled), so a quick start needs no typing.
    """
    dealt = default_deal(setup, spots)
    for key, entry in _cards(setup).items():
        position = parse_position_key(str(key))
        spot = spots.get(position)
        if spot is None or spot.kind not in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
            raise SetupError("fuji.setup.card_off_map", cell=str(key))
        dealt[position] = _card_entry(entry, spot, str(key))
    return dealt


def _cards(setup: Mapping[str, Any]) -> dict[str, Any]:
    """Return the set-up's ``"cards"`` object (empty when absent); refuse other shapes."""
    cards = setup.get("cards") or {}
    if not isinstance(cards, Mapping):
        raise SetupError("fuji.setup.bad_field", field="cards")
    return dict(cards)


def _card_entry(entry: Any, spot: MapSpot, key: str) -> tuple[DiceCondition, str | None, bool]:
    if isinstance(entry, str):
        card = CARDS_BY_ID.get(entry)
        if card is None:
            raise SetupError("fuji.setup.unknown_card", card=entry, cell=key)
        if card.kind is not spot.kind:
            raise SetupError("fuji.setup.card_kind_mismatch", card=entry, cell=key)
        return card.condition, card.card_id, card.reroll_symbol
    if isinstance(entry, Mapping):
        return condition_from_json(entry), None, bool(entry.get("reroll", False))
    raise SetupError("fuji.setup.unknown_card", card=str(entry), cell=key)


def default_deal(
    setup: Mapping[str, Any], spots: Mapping[Position, MapSpot]
) -> dict[Position, tuple[DiceCondition, str | None, bool]]:
    """Deal catalogue cards to every walkable spot in a fixed shuffled order."""
    seed = deal_seed(setup)
    dealt: dict[Position, tuple[DiceCondition, str | None, bool]] = {}
    for kind in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
        deck = list(cards_of_kind(kind))
        random.Random(seed).shuffle(deck)
        places = sorted(p for p, spot in spots.items() if spot.kind is kind)
        for index, position in enumerate(places):
            card: ConditionCard = deck[index % len(deck)]
            dealt[position] = (card.condition, card.card_id, card.reroll_symbol)
    return dealt


def deal_seed(setup: Mapping[str, Any]) -> int:
    """Return the number the app's deal is shuffled with.

    ``"deal_seed"`` when the set-up names one (a fresh shuffle), else the scenario
    number, else 0 — so set-ups written before the seed existed deal as they did.
    """
    for key in ("deal_seed", "scenario"):
        value = setup.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def frozen_cards(setup: Mapping[str, Any]) -> dict[str, Any]:
    """Return the ``"cards"`` entry naming the card of every spot as the set-up deals it.

    Freezing the deal before a map is edited keeps every card the table did not touch
    where it lies, whatever the edit does to the other spots.
    """
    spots = grid_spots(map_grid(setup))
    given = _cards(setup)
    if setup.get("deal") == TABLE_DEALS:
        return given
    cards: dict[str, Any] = {}
    for position, (condition, card_id, reroll) in card_conditions(setup, spots).items():
        key = position_key(position)
        if key in given:
            cards[key] = given[key]
        elif card_id is not None:
            cards[key] = card_id
        else:
            cards[key] = {**condition_to_json(condition), "reroll": reroll}
    return cards


def parse_position_key(key: str) -> Position:
    """Read a ``"r,c"`` card key; raise ``SetupError`` if malformed."""
    try:
        row, col = (int(part) for part in key.split(","))
    except ValueError as error:
        raise SetupError("fuji.setup.bad_cell_key", cell=key) from error
    return (row, col)


def position_key(position: Position) -> str:
    """Write a position as a ``"r,c"`` card key."""
    return f"{position[0]},{position[1]}"


def build_board(setup: Mapping[str, Any], player_count: int) -> Board:
    """Lay out the cards of the set-up's map for ``player_count`` players."""
    validate_map(setup, player_count)
    grid = map_grid(setup)
    spots = grid_spots(grid)
    conditions = card_conditions(setup, spots)
    if setup.get("deal") == TABLE_DEALS:
        named = {parse_position_key(str(key)) for key in _cards(setup)}
        conditions = {position: found for position, found in conditions.items()
                      if position in named}
    rows = []
    for r, row in enumerate(grid):
        rows.append(
            tuple(
                _lay_card(spots.get((r, c)), conditions.get((r, c)), player_count)
                for c in range(len(row))
            )
        )
    return Board(len(grid), len(grid[0]), tuple(rows))


def _lay_card(
    spot: MapSpot | None,
    condition: tuple[DiceCondition, str | None, bool] | None,
    player_count: int,
) -> Cell | None:
    if spot is None or (spot.four_players_only and player_count < 4):
        return None
    cell = Cell(
        kind=spot.kind,
        lava=spot.kind is TerrainKind.CRATER,
        equipment_token=spot.equipment_token,
        eruption_token=spot.eruption_token,
        start=spot.start,
        four_players_only=spot.four_players_only,
    )
    if condition is not None:
        cell = replace(
            cell, condition=condition[0], card_id=condition[1], reroll_symbol=condition[2]
        )
    elif spot.kind in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
        cell = replace(cell, card_known=False, reroll_known=False)
    return cell


# --- editor -------------------------------------------------------------------------


def _with_grid(setup: Mapping[str, Any], grid: MapGrid) -> dict[str, Any]:
    edited = dict(setup)
    edited["map"] = [list(row) for row in grid]
    return edited


def _edit_spot(
    setup: Mapping[str, Any], position: Position, change: dict[str, Any]
) -> dict[str, Any]:
    grid = map_grid(setup)
    row, col = _inside(grid, position)
    spot = parse_token(grid[row][col])
    if spot is None:
        raise SetupError("fuji.setup.no_card_here", cell=position_key(position))
    new_spot = replace(spot, **change)
    _check_spot(new_spot, spot_token(new_spot))
    return _set_token(setup, grid, position, spot_token(new_spot))


def _set_token(
    setup: Mapping[str, Any], grid: MapGrid, position: Position, token: str
) -> dict[str, Any]:
    row, col = position
    new_row = (*grid[row][:col], token, *grid[row][col + 1 :])
    return _with_grid(setup, (*grid[:row], new_row, *grid[row + 1 :]))


def _inside(grid: MapGrid, position: Position) -> Position:
    row, col = position
    if not (0 <= row < len(grid) and 0 <= col < len(grid[0])):
        raise SetupError("fuji.setup.off_grid", cell=position_key(position))
    return row, col


def set_cell_kind(
    setup: Mapping[str, Any],
    position: Position,
    kind: TerrainKind | None,
    four_players_only: bool = False,
) -> dict[str, Any]:
    """Put a card of ``kind`` at ``position`` (``None``: take the card away)."""
    grid = map_grid(setup)
    _inside(grid, position)
    token = GAP if kind is None else spot_token(MapSpot(kind, None, four_players_only))
    edited = _set_token(setup, grid, position, token)
    return _drop_card(edited, position)


def _drop_card(setup: dict[str, Any], position: Position) -> dict[str, Any]:
    cards = _cards(setup)
    cards.pop(position_key(position), None)
    setup["cards"] = cards
    return setup


def set_start(
    setup: Mapping[str, Any], position: Position, start: StartKind | None
) -> dict[str, Any]:
    """Mark a landscape card as the white or grey start (``None``: no start)."""
    spot = _spot_at(setup, position)
    if start is not None and spot.kind is not TerrainKind.LANDSCAPE:
        raise SetupError("fuji.setup.start_not_landscape", cell=position_key(position))
    return _edit_spot(setup, position, {"start": start})


def _spot_at(setup: Mapping[str, Any], position: Position) -> MapSpot:
    grid = map_grid(setup)
    row, col = _inside(grid, position)
    spot = parse_token(grid[row][col])
    if spot is None:
        raise SetupError("fuji.setup.no_card_here", cell=position_key(position))
    return spot


def set_equipment_token(
    setup: Mapping[str, Any], position: Position, present: bool
) -> dict[str, Any]:
    """Put or remove an equipment token (a card holds it or an eruption token, not both)."""
    change: dict[str, Any] = {"equipment_token": present}
    if present:
        change["eruption_token"] = 0
    return _edit_spot(setup, position, change)


def set_eruption_token(
    setup: Mapping[str, Any], position: Position, volcanoes: int
) -> dict[str, Any]:
    """Put an eruption token with 1 or 2 volcanoes up, or remove it with 0."""
    if volcanoes not in (0, 1, 2):
        raise SetupError("fuji.setup.bad_volcanoes", volcanoes=volcanoes)
    change: dict[str, Any] = {"eruption_token": volcanoes}
    if volcanoes:
        change["equipment_token"] = False
    return _edit_spot(setup, position, change)


def set_condition(
    setup: Mapping[str, Any], position: Position, card: str | DiceCondition
) -> dict[str, Any]:
    """Say which catalogue card (by id) or which free condition lies at ``position``."""
    spot = _spot_at(setup, position)
    if spot.kind not in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
        raise SetupError("fuji.setup.card_off_map", cell=position_key(position))
    entry: str | dict[str, Any]
    if isinstance(card, DiceCondition):
        check_condition(card)
        entry = condition_to_json(card)
    else:
        entry = card
    key = position_key(position)
    _card_entry(entry, spot, key)
    edited = dict(setup)
    edited["cards"] = {**_cards(setup), key: entry}
    return edited


def set_reroll_symbol(
    setup: Mapping[str, Any], position: Position, present: bool
) -> dict[str, Any]:
    """Show or hide the extra-reroll symbol of the card at ``position``.

    The card becomes a free condition with the same dice condition.
    """
    spots = grid_spots(map_grid(setup))
    spot = _spot_at(setup, position)
    if spot.kind not in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
        raise SetupError("fuji.setup.card_off_map", cell=position_key(position))
    condition = card_conditions(setup, spots)[position][0]
    entry = {**condition_to_json(condition), "reroll": present}
    edited = dict(setup)
    edited["cards"] = {**_cards(setup), position_key(position): entry}
    return edited


def resize(setup: Mapping[str, Any], rows: int, cols: int) -> dict[str, Any]:
    """Grow or shrink the map to ``rows`` x ``cols`` (new spots are gaps)."""
    if rows < 1 or cols < 1 or rows > 20 or cols > 20:
        raise SetupError("fuji.setup.bad_size", rows=rows, cols=cols)
    grid = map_grid(setup)
    resized = tuple(tuple(_token_or_gap(grid, r, c) for c in range(cols)) for r in range(rows))
    edited = _with_grid(setup, resized)
    edited["cards"] = {
        key: entry
        for key, entry in _cards(setup).items()
        if _fits(parse_position_key(str(key)), rows, cols)
    }
    return edited


def _token_or_gap(grid: MapGrid, row: int, col: int) -> str:
    if row < len(grid) and col < len(grid[0]):
        return grid[row][col]
    return GAP


def _fits(position: Position, rows: int, cols: int) -> bool:
    return 0 <= position[0] < rows and 0 <= position[1] < cols
