"""Order of play: volcano scoring rounds, placing the volcano, the final round, the end."""

from __future__ import annotations

import pytest

from companion.core.messages import IllegalActionError
from companion.games.tikal import GAME
from companion.games.tikal.constants import HEX_KIND_COUNTS, HEX_KINDS, STAGES

from .support import END, VOLCANO, jungle, play, start, temple


def test_volcano_round_runs_drawer_first_then_clockwise_then_drawer_places_it() -> None:
    state = play(start(3), jungle(), END, VOLCANO)
    assert state.scoring is not None and state.scoring.order == (1, 2, 0)
    assert state.volcano_aside and state.active == 1 and state.phase == "actions"
    hexes_before = len(state.hexes)
    seen = []
    for _ in range(3):
        seen.append(state.active)
        state = play(state, END)
    assert seen == [1, 2, 0]
    assert [entry.seat for entry in state.history] == [1, 2, 0]
    assert state.scoring is None and not state.volcano_aside
    assert state.active == 1 and state.phase == "actions"
    assert len(state.hexes) == hexes_before + 1 and state.hexes[-1].kind == "volcano"
    assert state.instructions[-1].key == "tikal.instruction.place_volcano"
    state = play(state, END)
    assert state.phase == "draw" and state.active == 2


def test_scoring_happens_only_in_scoring_rounds() -> None:
    state = play(start(2), jungle())
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "score", "temples": []})
    assert refused.value.key == "tikal.error.not_scoring"


def short_stack(total: int) -> dict[str, int]:
    """Stage sizes giving a stack of ``total`` hexes, all in letter A."""
    return {letter: (total if letter == "A" else 0) for letter in STAGES}


def test_final_round_follows_the_last_hex_and_ends_the_game() -> None:
    state = play(start(3, stages=short_stack(2)), jungle(), END, temple(2))
    assert state.scoring is None and state.active == 1
    state = play(state, END)
    assert state.scoring is not None and state.scoring.kind == "final"
    assert state.scoring.order == (2, 0, 1)
    for _ in range(3):
        assert not GAME.is_finished(state)
        state = play(state, END)
    assert GAME.is_finished(state)
    assert [e.seat for e in state.history] == [2, 0, 1]
    with pytest.raises(IllegalActionError) as refused:
        play(state, END)
    assert refused.value.key == "tikal.error.game_over"


def test_a_volcano_as_last_hex_scores_twice() -> None:
    state = play(start(2, stages=short_stack(1)), VOLCANO, END, END)
    assert state.scoring is None and state.phase == "actions" and state.active == 0
    state = play(state, END)
    assert state.scoring is not None and state.scoring.kind == "final"
    state = play(state, END, END)
    assert GAME.is_finished(state) and state.scoring_rounds == 2


def test_a_whole_stack_gives_four_scoring_rounds() -> None:
    state = start(4)
    plan = [kind for kind in HEX_KINDS for _ in range(HEX_KIND_COUNTS[kind])]
    for kind in plan:
        draw: dict[str, str | int] = {"type": "draw", "kind": kind}
        if kind == "temple":
            draw["value"] = 2
        if kind == "treasure":
            draw["masks"] = 3
        state = play(state, draw)
        while state.phase == "actions" and not GAME.is_finished(state):
            state = play(state, END)
            if state.phase == "draw":
                break
    while not GAME.is_finished(state):
        state = play(state, END)
    assert state.scoring_rounds == 4
    assert len(state.history) == 16
    assert GAME.state_to_json(state)["stack"]["left"] == 0
