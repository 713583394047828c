"""What each orange room does when a room action uses it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.caverna.cavework import dig
from companion.games.caverna.common import gain, player, require, spend
from companion.games.caverna.fields import goods_map, optional_text
from companion.games.caverna.goods import GOODS, top_up
from companion.games.caverna.state import CavernaState

Exchange = tuple[Mapping[str, int], Mapping[str, int]]
"""Goods given and goods received."""

BASIC_GOODS: tuple[str, ...] = ("wood", "stone", "emmer", "flax")
"""Goods the entrance and the Shelf deal in."""

EXCHANGES: Mapping[str, Mapping[str, Exchange]] = {
    "entrance": {good: ({}, {good: 1}) for good in BASIC_GOODS},
    "spinning_wheel": {"one": ({"flax": 1}, {"gold": 1}), "three": ({"flax": 3}, {"gold": 2})},
    "grindstone": {"one": ({"emmer": 1}, {"food": 3}), "four": ({"emmer": 4}, {"food": 7})},
    "warehouse": {"": ({"food": 2}, {"wood": 1, "stone": 1, "emmer": 1, "flax": 1})},
    "stall": {"emmer": ({"emmer": 5}, {"gold": 4}), "flax": ({"flax": 5}, {"gold": 4})},
    "sacrificial_altar": {"": ({"wood": 1, "emmer": 1, "flax": 1, "food": 1}, {"gold": 3})},
    "storeroom": {"": ({}, {"emmer": 1, "flax": 1, "food": 1})},
    "weaving_room": {"": ({"flax": 2}, {"food": 2, "gold": 2})},
    "furniture_workshop": {"": ({"wood": 2, "flax": 1}, {"gold": 3})},
    "gold_vein": {"": ({}, {"stone": 1, "gold": 1})},
    "bakehouse": {
        "two": ({"emmer": 2}, {"food": 4, "gold": 1}),
        "three": ({"emmer": 3}, {"food": 4, "gold": 2}),
    },
    "state_room": {"": ({}, {"flax": 1, "gold": 1})},
    "secret_chamber": {"flax": ({}, {"flax": 3}), "gold": ({}, {"gold": 1})},
}
"""Rooms whose use is a plain exchange, per choice (``""`` when there is nothing to choose)."""

SPECIAL_CHOICES: Mapping[str, tuple[str, ...]] = {
    "shelf": BASIC_GOODS,
    "food_corner": ("",),
    "parlor": ("",),
    "tunnel": ("food", "stone", "both"),
    "treasury": ("",),
    "junction_room": ("",),
    "digging_cave": ("",),
}
"""Rooms with their own logic, and the choices each accepts."""

SHELF_LEVEL = 2
"""The Shelf raises one basic good to this level."""
FOOD_CORNER_LEVEL = 3
"""The Food corner raises food to this level."""
TUNNEL_FOOD = 2
"""Food the Tunnel gives."""
TUNNEL_STONE_BELOW = 3
"""The Tunnel gives stone only while the player holds fewer than this."""
TREASURY_GOLD = 3
"""Gold a player must already hold for the Treasury to pay."""
JUNCTION_GIVE = 3
"""Goods given to the Junction room."""
JUNCTION_GOLD = 2
"""Gold the Junction room gives."""
DIGGING_CAVE_COST: Mapping[str, int] = {"gold": 1}
"""What the Digging cave asks for one dig."""


def choices(room: str) -> tuple[str, ...]:
    """Return the choices a room offers (``("",)`` when there is nothing to choose)."""
    if room in EXCHANGES:
        return tuple(EXCHANGES[room])
    return SPECIAL_CHOICES.get(room, ())


def use_room(state: CavernaState, seat: int, room: str, action: Mapping[str, Any]) -> CavernaState:
    """Apply the effect of ``room`` for ``seat`` with the choices in ``action``."""
    options = choices(room)
    require(bool(options), "caverna.error.room_not_usable", room=f"@caverna.room.{room}")
    choice = optional_text(action, "choice")
    if not choice and len(options) == 1:
        choice = options[0]
    require(choice in options, "caverna.error.choose_option", options=", ".join(options))
    if room in EXCHANGES:
        given, received = EXCHANGES[room][choice]
        return gain(spend(state, seat, given), seat, received)
    return _special(state, seat, room, choice, action)


def _special(
    state: CavernaState, seat: int, room: str, choice: str, action: Mapping[str, Any]
) -> CavernaState:
    effect = SPECIAL_EFFECTS.get(room)
    if effect is None:
        raise IllegalActionError("caverna.error.room_not_usable", room=f"@caverna.room.{room}")
    return effect(state, seat, choice, action)


def _shelf(state: CavernaState, seat: int, choice: str, action: Mapping[str, Any]) -> CavernaState:
    goods = player(state, seat).goods
    return gain(state, seat, {choice: top_up(goods, choice, SHELF_LEVEL)})


def _food_corner(
    state: CavernaState, seat: int, choice: str, action: Mapping[str, Any]
) -> CavernaState:
    goods = player(state, seat).goods
    return gain(state, seat, {"food": top_up(goods, "food", FOOD_CORNER_LEVEL)})


def _parlor(state: CavernaState, seat: int, choice: str, action: Mapping[str, Any]) -> CavernaState:
    goods = player(state, seat).goods
    return gain(state, seat, {good: 1 for good in GOODS if goods.get(good) == 0})


def _treasury(
    state: CavernaState, seat: int, choice: str, action: Mapping[str, Any]
) -> CavernaState:
    gold = player(state, seat).goods.gold
    require(gold >= TREASURY_GOLD, "caverna.error.treasury_gold", gold=TREASURY_GOLD)
    return gain(state, seat, {"food": 1, "gold": 1})


def _junction(
    state: CavernaState, seat: int, choice: str, action: Mapping[str, Any]
) -> CavernaState:
    given = goods_map(action.get("give"), "give")
    require(
        sum(given.values()) == JUNCTION_GIVE, "caverna.error.junction_give", count=JUNCTION_GIVE
    )
    return gain(spend(state, seat, given), seat, {"gold": JUNCTION_GOLD})


def _digging_cave(
    state: CavernaState, seat: int, choice: str, action: Mapping[str, Any]
) -> CavernaState:
    return dig(spend(state, seat, DIGGING_CAVE_COST), seat, action.get("dig"), False)


def _tunnel(state: CavernaState, seat: int, choice: str, action: Mapping[str, Any]) -> CavernaState:
    stone_ok = player(state, seat).goods.stone < TUNNEL_STONE_BELOW
    if choice == "stone":
        require(stone_ok, "caverna.error.tunnel_stone", limit=TUNNEL_STONE_BELOW)
    gains = {"food": TUNNEL_FOOD if choice in ("food", "both") else 0}
    gains["stone"] = 1 if choice in ("stone", "both") and stone_ok else 0
    return gain(state, seat, gains)


SpecialEffect = Callable[[CavernaState, int, str, Mapping[str, Any]], CavernaState]
"""A room effect with its own logic: state, seat, choice and the whole action."""

SPECIAL_EFFECTS: Mapping[str, SpecialEffect] = {
    "shelf": _shelf,
    "food_corner": _food_corner,
    "parlor": _parlor,
    "tunnel": _tunnel,
    "treasury": _treasury,
    "junction_room": _junction,
    "digging_cave": _digging_cave,
}
"""The rooms of :data:`SPECIAL_CHOICES` and their effects."""
