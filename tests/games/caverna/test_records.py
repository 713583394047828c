"""The example game records replay to their recorded final scores."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.core.record import RECORD_VERSION, load_record, replay
from companion.core.upgrade import current
from companion.games.caverna import GAME
from companion.games.caverna.cave import DEFAULT_LAYOUT, LEGACY_LAYOUT, parse_layout
from companion.games.caverna.rooms import default_catalogue
from companion.games.caverna.state import CavernaState

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "caverna"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
RECORDS = ["two-players.json", "solo.json"]
OLD_RECORDS = ["v1-two-players.json", "v1-solo.json"]
"""The examples as written before the printed board became the default (data version 1)."""
V2_RECORDS = ["v2-two-players.json", "v2-solo.json"]
"""The examples as written while a dig and the solo pile named the room turned up
(data version 2)."""


def load(name: str, folder: Path = EXAMPLES) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((folder / name).read_text(encoding="utf-8"))
    return document


def replayed(document: dict[str, Any]) -> CavernaState:
    setup, actions = current(GAME, document["setup"], document["actions"])
    state = GAME.new_state(setup)
    for action in actions:
        state = GAME.apply(state, action)
    return state


@pytest.mark.parametrize("name", RECORDS)
def test_record_replays_to_its_scores(name: str) -> None:
    document = load(name)
    assert document["format"] == "table-companion-record"
    assert document["version"] == RECORD_VERSION and document["game"] == "caverna"
    assert document["setup"]["data_version"] == GAME.data_version
    state = replayed(document)
    assert GAME.is_finished(state)
    assert GAME.state_to_json(state)["scores"] == document["expect"]["scores"]


def test_new_records_are_played_on_the_printed_board() -> None:
    state = replayed({"setup": load("two-players.json")["setup"], "actions": []})
    assert state.players[0].cave == parse_layout(DEFAULT_LAYOUT)


@pytest.mark.parametrize("name", OLD_RECORDS)
def test_old_format_records_replay_to_the_same_end_on_their_own_board(name: str) -> None:
    """Version 1 records were played on the stand-in board with any three goods for the
    Junction room; the upgrade pins both, so they end with the scores they recorded."""
    document = load(name, FIXTURES)
    assert document["version"] == 1 and "data_version" not in document["setup"]
    state = replayed(document)
    assert GAME.is_finished(state)
    assert GAME.state_to_json(state)["scores"] == document["expect"]["scores"]
    assert state.config.tile_rules.junction_goods == "any"
    fresh = parse_layout(LEGACY_LAYOUT)
    assert [[space is None for space in row] for row in state.players[0].cave.spaces] == [
        [space is None for space in row] for row in fresh.spaces
    ]
    assert replay(load_record(FIXTURES / name)).mismatches == []


def test_the_upgrade_keeps_a_board_and_reading_the_old_set_up_named() -> None:
    setup = {"players": ["A", "B"], "cave": ["E.", "D#"], "tile_rules": {"junction_goods":
                                                                        "different"}}
    upgraded, _ = current(GAME, setup, [])
    assert upgraded["cave"] == ["E.", "D#"]
    assert upgraded["tile_rules"]["junction_goods"] == "different"


def test_a_current_set_up_is_left_as_it_is() -> None:
    setup = {"players": ["A", "B"], "data_version": GAME.data_version}
    upgraded, _ = current(GAME, setup, [])
    assert upgraded == {"players": ["A", "B"]}


@pytest.mark.parametrize("name", RECORDS)
def test_record_scores_add_up_from_rooms_and_gold(name: str) -> None:
    document = load(name)
    state = replayed(document)
    points = {room.room_id: room.points for room in default_catalogue()} | {"entrance": 0}
    for player in GAME.state_to_json(state)["players"]:
        expected = sum(points[room] for room in player["rooms"]) + player["goods"]["gold"]
        assert document["expect"]["scores"][player["name"]] == expected


@pytest.mark.parametrize("name", RECORDS)
def test_record_replays_through_the_core(name: str) -> None:
    result = replay(load_record(EXAMPLES / name))
    assert result.mismatches == []


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_records", EXAMPLES / "make_records.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_reproduces_the_committed_records() -> None:
    """The records are current: rerun ``examples/caverna/make_records.py`` after rule changes."""
    make = generator()
    assert make.record(make.TWO_PLAYERS, 2024) == load("two-players.json")
    assert make.record(make.SOLO, 3) == load("solo.json")


@pytest.mark.parametrize("name", V2_RECORDS)
def test_version_2_records_replay_to_the_same_end_as_the_examples(name: str) -> None:
    """Version 2 records name the room each dig turns up; version 3 names it only when it
    is furnished.  The same game entered either way ends with the same caves, goods and
    scores; only the rooms never furnished stay unnamed in version 3."""
    document = load(name, FIXTURES)
    assert document["setup"]["data_version"] == 2
    old = replayed(document)
    new = replayed(load(name.removeprefix("v2-")))
    assert GAME.state_to_json(old)["scores"] == document["expect"]["scores"]
    assert old.players == new.players
    assert old.unnamed == 0 and new.unnamed > 0
    assert len(old.display) == len(new.display) + new.unnamed
    assert set(new.display) <= set(old.display)
    assert replay(load_record(FIXTURES / name)).mismatches == []


@pytest.mark.parametrize("name", RECORDS)
def test_the_examples_never_name_a_room_before_it_is_furnished(name: str) -> None:
    """The screens do not ask which room a dig or the pile turned up."""
    for action in load(name)["actions"]:
        assert "room" not in action or action["type"] in ("furnish", "use_room")
        assert all(set(dig) == {"space"} for dig in action.get("digs", []))
