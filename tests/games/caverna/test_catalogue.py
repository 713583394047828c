"""The room catalogue data file, its checks and set-up corrections; goods and their limits."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from companion.core.messages import IllegalActionError, SetupError
from companion.games.caverna.goods import Goods, pay, receive
from companion.games.caverna.rooms import (
    apply_overrides,
    default_catalogue,
    parse_room,
    validate_catalogue,
)


def raw_rooms() -> list[dict[str, Any]]:
    text = resources.files("companion.games.caverna").joinpath("data/rooms.json").read_text("utf-8")
    rooms: list[dict[str, Any]] = json.loads(text)["rooms"]
    return rooms


def test_the_catalogue_has_the_24_rooms() -> None:
    rooms = default_catalogue()
    assert len(rooms) == 24
    assert Counter(room.colour for room in rooms) == {"orange": 19, "blue": 5}
    light = [room for room in rooms if room.light_back]
    assert len(light) == 6 and all(room.colour == "orange" for room in light)


def test_points_of_the_unique_big_rooms() -> None:
    points = {room.room_id: room.points for room in default_catalogue()}
    big = sorted(room for room, value in points.items() if value >= 9)
    assert big == ["dungeon", "gold_vein", "state_room", "treasury"]
    assert len({points[room] for room in big}) == len(big)


def test_conflicting_sources_are_noted() -> None:
    noted = {room.room_id for room in default_catalogue() if room.conflict}
    assert {"retting_room", "junction_room"} <= noted


def test_a_catalogue_must_have_24_distinct_rooms() -> None:
    rooms = default_catalogue()
    with pytest.raises(SetupError):
        validate_catalogue(rooms[:-1])
    with pytest.raises(SetupError):
        validate_catalogue((*rooms[:-1], rooms[0]))


@pytest.mark.parametrize(
    "change",
    [
        {"color": "green"},
        {"cost": {"silver": 1}},
        {"cost": {"wood": 10}},
        {"cost": []},
        {"points": "six"},
        {"walls": {"min": 3, "max": 2}},
        {"walls": {"min": 1, "max": 2, "pair": "crossed"}},
        {"walls": "2 adj"},
    ],
)
def test_broken_room_data_is_refused(change: dict[str, Any]) -> None:
    entry = {**raw_rooms()[0], **change}
    with pytest.raises(SetupError) as refused:
        parse_room(entry)
    assert refused.value.key == "caverna.error.bad_room_data"


def test_overrides_replace_only_the_named_fields() -> None:
    rooms = apply_overrides(default_catalogue(), {"stall": {"points": 7, "cost": {"wood": 2}}})
    stall = next(room for room in rooms if room.room_id == "stall")
    assert (stall.points, dict(stall.cost), stall.colour) == (7, {"wood": 2}, "orange")
    with pytest.raises(SetupError) as refused:
        apply_overrides(default_catalogue(), {"ballroom": {"points": 1}})
    assert refused.value.key == "caverna.error.unknown_room"


def test_receive_caps_each_good_and_reports_the_loss() -> None:
    receipt = receive(Goods(wood=8, gold=18), {"wood": 3, "gold": 3, "flax": 2})
    assert (receipt.goods.wood, receipt.goods.gold, receipt.goods.flax) == (9, 19, 3)
    assert receipt.lost == {"wood": 2, "gold": 2}


def test_pay_refuses_to_go_below_zero() -> None:
    assert pay(Goods(), {"wood": 1}).wood == 0
    with pytest.raises(IllegalActionError) as refused:
        pay(Goods(), {"wood": 1, "stone": 2})
    assert refused.value.params == {"good": "@caverna.good.stone", "needed": 2, "have": 1}
