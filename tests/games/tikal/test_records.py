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


def document(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", ["basic.json", "auction.json"])
def test_record_replays_to_its_final_scores(name: str) -> None:
    record = document(name)
    assert record["format"] == "table-companion-record" and record["version"] == 1
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
