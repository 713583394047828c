"""Turning a JSON set-up into the starting state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.messages import SetupError, require_distinct
from companion.games.tikal.constants import (
    AUCTION_START_SCORE,
    COLOURS,
    DEFAULT_STAGE_SIZES,
    HEX_KIND_COUNTS,
    HEX_KINDS,
    LEVEL_SUPPLY,
    STAGES,
    START_HEXES,
    TRACKING,
    TREASURE_KINDS,
    WORKERS,
)
from companion.games.tikal.state import Hex, Phase, Player, TikalState
from companion.games.tikal.tiles import box_tiles, printed_fields

MIN_PLAYERS = 2
"""Fewest players."""
MAX_PLAYERS = 4
"""Most players."""
VARIANTS: tuple[str, ...] = ("basic", "auction")
"""Ways to play: drawing hexes, or auctioning revealed hexes."""
TOTAL_TOKENS = TREASURE_KINDS * 3
"""Treasure tokens in the box."""


def new_state(setup: Mapping[str, Any]) -> TikalState:
    """Build the starting state for a set-up, or raise ``SetupError`` saying what is wrong."""
    variant = _variant(setup)
    players = _players(setup.get("players"), AUCTION_START_SCORE if variant == "auction" else 0)
    stages = _stage_sizes(setup.get("stages"))
    tracking = setup.get("tracking", "full")
    if tracking not in TRACKING:
        raise SetupError("tikal.setup.bad_tracking", tracking=str(tracking))
    places = [field.at for field in printed_fields()]
    hexes = tuple(
        Hex(id=index, kind=kind, value=value, at=places[index])
        for index, (kind, value) in enumerate(START_HEXES)
    )
    return TikalState(
        variant=variant,
        players=players,
        hexes=hexes,
        workers=tuple((0,) * len(players) for _ in hexes),
        stage_sizes=stages,
        drawn=0,
        kinds_left=tuple(HEX_KIND_COUNTS[kind] for kind in HEX_KINDS),
        tokens_left=TOTAL_TOKENS,
        levels=tuple(LEVEL_SUPPLY[value] for value in sorted(LEVEL_SUPPLY)),
        phase=Phase.REVEAL if variant == "auction" else Phase.DRAW,
        active=0,
        tracking=str(tracking),
        box=box_tiles() if setup.get("stages") is None else None,
        legacy_checks=setup.get("legacy_checks") is True,
        legacy_lean=setup.get("legacy_lean") is True,
    )


def _variant(setup: Mapping[str, Any]) -> str:
    """The variant named by the set-up (``basic`` when absent)."""
    variant = setup.get("variant", "basic")
    if variant not in VARIANTS:
        raise SetupError("tikal.setup.bad_variant", variant=str(variant))
    return str(variant)


def _players(raw: object, start_score: int) -> tuple[Player, ...]:
    """The players, each with a distinct name and colour."""
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise SetupError("tikal.setup.no_players")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise SetupError("tikal.setup.player_count", count=len(raw), low=MIN_PLAYERS,
                         high=MAX_PLAYERS)
    players = tuple(_player(seat, entry, start_score) for seat, entry in enumerate(raw))
    colours = [player.colour for player in players]
    require_distinct(colours, "tikal.setup.colour_twice")
    names = [player.name for player in players]
    require_distinct(names, "tikal.setup.name_twice")
    return players


def _player(seat: int, entry: object, start_score: int) -> Player:
    """One player entry of the set-up."""
    if not isinstance(entry, Mapping):
        raise SetupError("tikal.setup.bad_player", seat=seat + 1)
    name = entry.get("name")
    colour = entry.get("colour")
    if not isinstance(name, str) or not name.strip():
        raise SetupError("tikal.setup.bad_player", seat=seat + 1)
    if colour not in COLOURS:
        raise SetupError("tikal.setup.bad_colour", colour=str(colour), options=", ".join(COLOURS))
    return Player(seat=seat, name=name.strip(), colour=str(colour), score=start_score,
                  reserve=WORKERS)


def _stage_sizes(raw: object) -> tuple[int, ...]:
    """Hexes per letter A-G, the default split when absent."""
    if raw is None:
        return tuple(DEFAULT_STAGE_SIZES[letter] for letter in STAGES)
    if not isinstance(raw, Mapping) or set(raw) != set(STAGES):
        raise SetupError("tikal.setup.bad_stages")
    sizes = tuple(raw[letter] for letter in STAGES)
    if any(isinstance(size, bool) or not isinstance(size, int) or size < 0 for size in sizes):
        raise SetupError("tikal.setup.bad_stages")
    total = sum(sizes)
    if not 1 <= total <= sum(HEX_KIND_COUNTS.values()):
        raise SetupError("tikal.setup.stack_size", total=total,
                         high=sum(HEX_KIND_COUNTS.values()))
    return sizes
