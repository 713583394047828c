"""Scoring: the rulebook's example, majorities and ties, guards, treasure sets, the track."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.i18n import translate
from companion.games.tikal import GAME
from companion.games.tikal.books import add_hex, add_workers, with_hex, with_player
from companion.games.tikal.scoring import (
    cube_instruction,
    majority_holder,
    temples_scored_from_books,
    track_position,
    treasure_points,
)
from companion.games.tikal.state import TikalState

from .support import END, VOLCANO, bring, jungle, move, play, start, treasure

BASE = 0


def take(kind: int, hex_id: int) -> dict[str, object]:
    return {"type": "take_treasure", "hex": hex_id, "kind": kind}


def ada_with_two_pairs_and_two_singles() -> TikalState:
    """Ada collects treasures 1, 1, 2, 2, 3, 4 over three turns; then Bo draws a volcano."""
    state = play(start(2), treasure(4), bring(), bring(), move(BASE, 4), move(BASE, 4),
                 take(1, 4), take(1, 4), END)
    state = play(state, treasure(4), END, jungle(), take(2, 4), take(2, 4), END)
    state = play(state, jungle(), END, jungle(), bring(), bring(), move(BASE, 5), move(BASE, 5),
                 take(3, 5), take(4, 5), END)
    return play(state, VOLCANO)


def with_temples(state: TikalState, values: tuple[int, ...]) -> tuple[TikalState, list[int]]:
    """The state with temples of ``values`` laid (as if drawn earlier), and their hex ids."""
    ids = []
    for value in values:
        ids.append(len(state.hexes))
        state = add_hex(state, "temple", value=value)
    return state, ids


def test_treasure_sets_score_one_three_six() -> None:
    assert [treasure_points([n]) for n in range(4)] == [0, 1, 3, 6]


def test_rulebook_example_temples_3_5_5_8_and_two_pairs_two_singles() -> None:
    state = ada_with_two_pairs_and_two_singles()
    assert state.players[0].treasures[:4] == (2, 2, 1, 1)
    state = play(state, END)
    assert state.active == 0 and state.scoring is not None
    state, ids = with_temples(state, (3, 5, 5, 8))
    temples = [{"hex": hex_id, "controller": 0} for hex_id in ids]
    state = play(state, {"type": "score", "temples": temples})
    entry = state.history[-1]
    assert sum(entry.temples) == 21
    assert entry.treasures == 8
    assert state.players[0].score == 29
    note = state.instructions[0]
    assert note.key == "tikal.instruction.cube_forward"
    assert note.params["steps"] == 29
    assert "29" in translate(note, "en") and "Ada" in translate(note, "pl")


def test_entered_strengths_score_only_a_clear_majority() -> None:
    state = play(ada_with_two_pairs_and_two_singles(), END)
    state, ids = with_temples(state, (6, 9, 7, 2))
    temples = [
        {"hex": ids[0], "strengths": [4, 3]},
        {"hex": ids[1], "strengths": [3, 3]},
        {"hex": ids[2], "strengths": [1, 5]},
        {"hex": ids[3], "controller": None},
        {"hex": 1, "controller": None},
        {"hex": 2, "controller": None},
    ]
    state = play(state, {"type": "score", "temples": temples})
    assert state.history[-1].temples == (6,)


def books_with_temples() -> TikalState:
    """Ada leads temples 3, 5, 5, 8; a 9 is tied; Bo has more pieces on Ada's guarded 4."""
    state = play(start(2), jungle())
    first = len(state.hexes)
    values = (3, 5, 5, 8, 9, 4)
    for value in values:
        state = add_hex(state, "temple", value=value)
    ids = range(first, first + len(values))
    ada, bo = dict(zip(ids, (2, 1, 4, 1, 2, 0), strict=True)), dict(
        zip(ids, (1, 0, 3, 0, 2, 5), strict=True))
    for hex_id in ids:
        state = add_workers(add_workers(state, hex_id, 0, ada[hex_id]), hex_id, 1, bo[hex_id])
    state = with_hex(state, ids[5], guard=0)
    return with_player(state, 1, leader=ids[1])


def test_books_give_majorities_ties_and_guards() -> None:
    state = books_with_temples()
    assert sorted(temples_scored_from_books(state, 0)) == [3, 4, 5, 8]
    assert sorted(temples_scored_from_books(state, 1)) == [5]


def test_the_leader_counts_as_three_for_the_majority() -> None:
    state = books_with_temples()
    view = GAME.state_to_json(state)
    assert view["hexes"][6]["strengths"] == [1, 3]
    assert view["hexes"][6]["controller"] == 1


def test_printed_temples_of_value_one_score_from_the_books() -> None:
    state = play(start(2), jungle(), bring(), move(BASE, 1), END, VOLCANO, END)
    assert state.active == 0
    state = play(state, END)
    assert state.history[-1].temples == (1,)
    assert state.players[0].score == 1


@pytest.mark.parametrize("strengths", [[2, 2], [0, 0], [3, 1, 3], []])
def test_a_tie_at_the_top_or_nobody_scores_nothing(strengths: list[int]) -> None:
    assert majority_holder(strengths) is None


def test_track_positions_wrap_past_one_hundred() -> None:
    assert track_position(0) == (0, 0)
    assert track_position(37) == (37, 0)
    assert track_position(100) == (100, 0)
    assert track_position(101) == (1, 1)
    assert track_position(215) == (15, 2)


def test_cube_instructions_name_laps_and_moves_back() -> None:
    lap = cube_instruction("Ada", 95, 107)
    assert lap.key == "tikal.instruction.cube_lap"
    assert lap.params == {"player": "Ada", "steps": 12, "space": 7, "laps": 1}
    back = cube_instruction("Bo", 20, 15)
    assert back.key == "tikal.instruction.cube_back" and back.params["steps"] == 5


def test_state_exposes_each_track_with_its_instruction() -> None:
    state = play(ada_with_two_pairs_and_two_singles(), END)
    state = replace(state, players=tuple(replace(p, score=90) for p in state.players))
    state = play(state, END)
    track = GAME.state_to_json(state)["players"][0]["track"]
    assert track["total"] == 98 and track["space"] == 98 and track["laps"] == 0
    assert track["instruction"]["params"]["steps"] == 8


def test_rulebook_example_scored_from_the_tracked_pieces() -> None:
    state = play(ada_with_two_pairs_and_two_singles(), END)
    for value in (3, 5, 5, 8):
        state = add_hex(state, "temple", value=value)
        state = add_workers(state, len(state.hexes) - 1, 0, 1)
    preview = GAME.state_to_json(state)["scoring"]["preview"]
    assert preview == {"seat": 0, "temples": [3, 5, 5, 8], "treasures": 8}
    state = play(state, END)
    assert sorted(state.history[-1].temples) == [3, 5, 5, 8]
    assert state.history[-1].points == 29
