"""The paper figure of Caverna: the bookkeeping acts a table does without the app."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.core.record import GameRecord, load_record

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import paper_caverna

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "caverna"


def test_a_gain_moves_one_marker_and_a_turn_is_counted() -> None:
    """Rulebook (paraphrased): a gain moves that good's marker up the track; a round ends
    once both players took its number of turns, which the table counts."""
    record = GameRecord("caverna", {"players": ["Ada", "Borys"]}, [
        {"type": "reveal", "tile": "furnishing"},
        {"type": "take_tile", "tile": "cultivation"},
        {"type": "gain", "good": "emmer"},
        {"type": "end_turn"},
    ])
    acts = paper_caverna.paper_acts(record)
    assert acts == {"round start": 1, "goods marker": 1, "turn count": 1}


def test_a_whole_game_counts_the_final_scoring_and_every_turn() -> None:
    record = load_record(EXAMPLES / "two-players.json")
    acts = paper_caverna.paper_acts(record)
    assert acts["turn count"] == paper_caverna.turns(record) == 44
    assert acts["round start"] == 8
    assert acts["final scoring"] > 2
    assert acts["goods marker"] > acts["turn count"]
