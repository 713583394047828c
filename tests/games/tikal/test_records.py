"""The example game records replay to their recorded final scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.record import load_record, replay
from companion.core.upgrade import current
from companion.games.tikal import GAME

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "tikal"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
"""Records kept as they were first written (data version 1, one piece per entry)."""


def document(name: str, folder: Path = EXAMPLES) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("name", "folder"), [
    ("basic.json", EXAMPLES), ("auction.json", EXAMPLES),
    ("basic-v1.json", FIXTURES), ("auction-v1.json", FIXTURES)])
def test_record_replays_to_its_final_scores(name: str, folder: Path) -> None:
    record = document(name, folder)
    assert record["format"] == "table-companion-record"
    assert record["game"] == "tikal"
    setup, actions = current(GAME, record["setup"], record["actions"])
    state = GAME.new_state(setup)
    paid = 0
    for action in actions:
        state = GAME.apply(state, action)
        paid += sum(int(str(note.params["steps"])) for note in state.instructions
                    if note.key == "tikal.instruction.cube_back")
    assert GAME.is_finished(state)
    assert GAME.state_to_json(state)["scores"] == record["expect"]["scores"]
    start = 20 if record["setup"]["variant"] == "auction" else 0
    assert sum(p.score for p in state.players) == (
        start * len(state.players) + sum(entry.points for entry in state.history) - paid)
    assert state.scoring_rounds == 4
    assert len(state.history) == 4 * len(state.players)


@pytest.mark.parametrize("name", ["basic.json", "auction.json", "board.json", "lean.json"])
def test_record_replays_through_the_core_without_mismatches(name: str) -> None:
    assert replay(load_record(EXAMPLES / name)).mismatches == []


@pytest.mark.parametrize("name", ["basic", "auction"])
def test_an_old_record_and_its_entry_of_today_reach_the_same_end(name: str) -> None:
    """The first sample games (data version 1, one piece per entry) still replay through
    the upgrade to their recorded end, and the examples enter the same games as today:
    the current data version, several workers in one entry, every hex on the map."""
    old, new = document(f"{name}-v1.json", FIXTURES), document(f"{name}.json")
    assert "data_version" not in old["setup"]
    assert new["setup"]["data_version"] == GAME.data_version
    assert new["expect"] == old["expect"]
    old_end, new_end = replay(load_record(FIXTURES / f"{name}-v1.json")), \
        replay(load_record(EXAMPLES / f"{name}.json"))
    assert old_end.mismatches == new_end.mismatches == []
    assert GAME.state_to_json(old_end.state)["players"] == \
        GAME.state_to_json(new_end.state)["players"]
    grouped = [a for a in new["actions"] if a["type"] in ("bring", "move")
               and a.get("count", 1) > 1]
    assert grouped and len(new["actions"]) < len(old["actions"])
    assert all(hx.at is not None for hx in new_end.state.hexes)


def test_auction_record_used_the_variant_and_paid_bids() -> None:
    record = document("auction.json")
    kinds = {action["type"] for action in record["actions"]}
    assert {"reveal", "bid", "pass", "choose"} <= kinds


def test_the_lean_game_reaches_the_full_games_scores() -> None:
    """The same game entered in lean tracking ends with the same scores as in full."""
    full, lean = document("board.json"), document("lean.json")
    assert lean["setup"]["tracking"] == "lean"
    assert lean["expect"] == full["expect"]
    assert len(lean["actions"]) < len(full["actions"])
    board = replay(load_record(EXAMPLES / "board.json"))
    assert all(hx.at is not None for hx in board.state.hexes if hx.kind != "volcano")
