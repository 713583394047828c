"""The twelve action tiles: which options each offers and when it comes into play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from companion.core.messages import IllegalActionError

START_TILES: tuple[str, ...] = ("cultivation", "housework", "excavation", "undergrowth")
"""The four tiles with a dwarf on the back, face up from the start."""

TILE_BACKS: Mapping[str, int] = {
    "cultivation": 1,
    "housework": 1,
    "excavation": 1,
    "undergrowth": 1,
    "furnishing": 2,
    "masonry": 2,
    "undermining": 2,
    "expansion": 3,
    "breach": 3,
    "drift_mining": 3,
    "expedition": 3,
    "renovation": 4,
}
"""The number on each tile's back (1 stands for the dwarf back)."""

ALL_TILES: tuple[str, ...] = tuple(TILE_BACKS)
"""Every action tile id."""

SOLO_EXCLUDED: tuple[str, ...] = ("breach",)
"""Tiles removed from the solo game."""

RENOVATION = "renovation"
"""The last tile; in a two-player game only the player with more gold may take it."""

FURNISH_FEES: tuple[str, ...] = ("round_food", "five_food", "gold", "none")
"""Extra payments before furnishing: food equal to the round's turns, 5 food, gold, nothing."""


@dataclass(frozen=True)
class Option:
    """One thing a tile lets the player do."""

    kind: str
    """``gain``, ``trade``, ``rooms``, ``excavate``, ``furnish``, ``wall``, ``breach``,
    ``prospect``."""
    good: str = ""
    """The good gained (``gain``) or given (``trade``)."""
    amount: int = 0
    """Goods gained, rooms used (``rooms``) or caverns dug (``excavate``)."""
    fee: str = ""
    """For ``furnish``: which extra payment (one of :data:`FURNISH_FEES`)."""
    food_cost: int = 0
    """Food paid before the option (digging two caverns)."""
    through_wall: bool = False
    """For ``excavate``: the cavern may lie behind one wall."""


Part = tuple[Option, ...]
"""Options separated by a slash: at most one of them per turn."""


@dataclass(frozen=True)
class TileRules:
    """Numbers that differ between printings, settled in the set-up."""

    expansion_gold: int = 2
    """Gold paid instead of 5 food to furnish with Expansion."""
    expedition_gold: int = 4
    """Gold gained for 5 wood or 5 stone with Expedition."""
    junction_goods: str = "different"
    """Junction room: ``different`` (three goods of different kinds, as the tile prints
    it with "≠") or ``any`` (any three goods)."""


JUNCTION_READINGS: tuple[str, ...] = ("different", "any")
"""The two readings of what the Junction room accepts; the first is the printed tile's."""


@cache
def tile_parts(tile: str, rules: TileRules) -> tuple[Part, ...]:
    """Return the parts of ``tile``; each part may be used once per turn, in any order."""
    gain = _gain
    table: dict[str, tuple[Part, ...]] = {
        "cultivation": ((Option("rooms", amount=1),), (gain("emmer", 2),), (gain("flax", 1),)),
        "housework": (
            (Option("furnish", fee="round_food"),),
            (Option("furnish", fee="five_food"), Option("furnish", fee="gold", amount=1)),
        ),
        "excavation": (
            (Option("excavate", amount=1), Option("excavate", amount=2, food_cost=2)),
            (gain("stone", 1),),
        ),
        "undergrowth": (
            (Option("rooms", amount=1),),
            (gain("wood", 2),),
            (Option("prospect"),),
        ),
        "furnishing": ((gain("food", 1),), (Option("furnish", fee="round_food"),)),
        "masonry": (
            (Option("rooms", amount=1),),
            (gain("wood", 1), gain("stone", 1)),
            (Option("wall"),),
        ),
        "undermining": (
            (Option("rooms", amount=2), Option("excavate", amount=1, through_wall=True)),
        ),
        "expansion": (
            (Option("excavate", amount=1),),
            (
                Option("furnish", fee="five_food"),
                Option("furnish", fee="gold", amount=rules.expansion_gold),
            ),
        ),
        "breach": ((Option("breach"),),),
        "drift_mining": ((Option("rooms", amount=1),), (Option("excavate", amount=1),)),
        "expedition": (
            (
                Option("trade", good="wood", amount=rules.expedition_gold),
                Option("trade", good="stone", amount=rules.expedition_gold),
                Option("rooms", amount=3),
            ),
        ),
        "renovation": ((Option("wall"),), (Option("furnish", fee="none"),)),
    }
    if tile not in table:
        raise IllegalActionError("caverna.error.unknown_tile", tile=tile)
    return table[tile]


def _gain(good: str, amount: int) -> Option:
    return Option("gain", good=good, amount=amount)


TRADE_PRICE = 5
"""Goods given in an Expedition trade."""

BREACH_GAIN: Mapping[str, int] = {"stone": 2, "food": 3, "gold": 1}
"""Goods received for removing a wall with Breach."""

FIVE_FOOD = 5
"""Food paid with the five-food furnishing option."""

PROSPECT_COST: Mapping[str, int] = {"food": 1}
"""What the Prospecting site asks for its one gold."""
