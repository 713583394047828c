"""The example game records replay to their recorded final scores."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.core.record import load_record, replay
from companion.games.caverna import GAME
from companion.games.caverna.rooms import default_catalogue

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "caverna"
RECORDS = ["two-players.json", "solo.json"]


def load(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return document


@pytest.mark.parametrize("name", RECORDS)
def test_record_replays_to_its_scores(name: str) -> None:
    document = load(name)
    assert document["format"] == "table-companion-record"
    assert document["version"] == 1 and document["game"] == "caverna"
    state = GAME.new_state(document["setup"])
    for action in document["actions"]:
        state = GAME.apply(state, action)
    assert GAME.is_finished(state)
    assert GAME.state_to_json(state)["scores"] == document["expect"]["scores"]


@pytest.mark.parametrize("name", RECORDS)
def test_record_scores_add_up_from_rooms_and_gold(name: str) -> None:
    document = load(name)
    state = GAME.new_state(document["setup"])
    for action in document["actions"]:
        state = GAME.apply(state, action)
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
