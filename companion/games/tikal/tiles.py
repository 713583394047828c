"""The published contents of the Tikal box: the 36 stack tiles by letter and the printed fields.

The data lives in ``data/tiles.json`` (see ``data/SOURCE.md``).  A game set up with the
box's own stack knows which tiles each letter still holds, so a drawn tile is named by
what the table sees (kind, printed number) and anything the letter no longer holds is
refused.  Board positions use axial coordinates ``(q, r)`` with the base camp at the
origin; :data:`DIRECTIONS` lists the six neighbours in the order N, NE, SE, S, SW, NW.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.games.tikal.constants import STAGES

Position = tuple[int, int]
"""A field of the board in axial coordinates ``(q, r)``."""

DIRECTIONS: tuple[Position, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""Neighbour offsets in the order N, NE, SE, S, SW, NW."""


@dataclass(frozen=True)
class BoxTile:
    """One hex tile of the published stack."""

    letter: str
    """Letter on its back, A-G."""
    kind: str
    """``temple``, ``jungle``, ``treasure`` or ``volcano``."""
    value: int = 0
    """Printed temple number (temples only)."""
    masks: int = 0
    """Masks printed on a treasure hex (treasure only)."""
    stones: tuple[int, ...] = (0,) * 6
    """Stones on each edge, N, NE, SE, S, SW, NW, as the tile lies unturned."""


@dataclass(frozen=True)
class PrintedField:
    """One of the four fields printed on the board as already explored."""

    at: Position
    """Where it lies (the base camp is the origin)."""
    kind: str
    """``base``, ``temple`` or ``jungle``."""
    stones: tuple[int, ...]
    """Stones on each edge, N, NE, SE, S, SW, NW."""


def _raw() -> dict[str, Any]:
    """The bundled data file."""
    text = (Path(__file__).parent / "data" / "tiles.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def box_tiles() -> tuple[BoxTile, ...]:
    """The 36 stack tiles, letter A first."""
    tiles = [
        BoxTile(
            letter=str(entry["letter"]),
            kind=str(entry["kind"]),
            value=int(entry.get("value", 0)),
            masks=int(entry.get("masks", 0)),
            stones=tuple(int(x) for x in entry.get("stones_n_ne_se_s_sw_nw", (0,) * 6)),
        )
        for entry in _raw()["tiles"]
    ]
    return tuple(sorted(tiles, key=lambda tile: STAGES.index(tile.letter)))


@cache
def printed_fields() -> tuple[PrintedField, ...]:
    """The four printed fields in the order of the game's hex ids 0-3 (base, temples, jungle)."""
    order = {"base_camp": 0, "temple": 1, "jungle": 2}
    fields = sorted(_raw()["printed_fields"], key=lambda entry: order[str(entry["kind"])])
    return tuple(
        PrintedField(
            at=(int(entry["q"]), int(entry["r"])),
            kind="base" if entry["kind"] == "base_camp" else str(entry["kind"]),
            stones=tuple(int(x) for x in entry["stones_n_ne_se_s_sw_nw"]),
        )
        for entry in fields
    )


def letter_sizes() -> dict[str, int]:
    """Tiles per letter in the published stack."""
    sizes = dict.fromkeys(STAGES, 0)
    for tile in box_tiles():
        sizes[tile.letter] += 1
    return sizes


def neighbours(at: Position) -> tuple[Position, ...]:
    """The six fields around ``at``, N first, clockwise."""
    return tuple((at[0] + dq, at[1] + dr) for dq, dr in DIRECTIONS)
