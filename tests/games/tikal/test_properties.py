"""Hypothesis properties over random legal play and random malformed actions."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError
from companion.games.tikal import GAME
from companion.games.tikal.books import add_hex
from companion.games.tikal.constants import (
    ACTION_POINTS,
    COPIES_PER_KIND,
    TREASURE_KINDS,
    WORKERS,
)
from companion.games.tikal.rules import HANDLERS
from companion.games.tikal.state import LEADER_OUT, TikalState
from tests.fuzzing import examples

from .support import END, VOLCANO, jungle, play, setup

FIXED_COSTS = {"bring": 1, "camp_move": 1, "uncover": 2, "take_treasure": 3, "exchange": 3,
               "build_camp": 5, "place_guard": 5}
TOTAL_TOKENS = TREASURE_KINDS * COPIES_PER_KIND


def cost_of(action: dict[str, Any]) -> int | None:
    """Action points an action costs by the rulebook's table (None: not an action-point step)."""
    if action["type"] == "move":
        return int(action["stones"])
    return FIXED_COSTS.get(action["type"])


games = st.tuples(st.integers(min_value=2, max_value=4), st.sampled_from(["basic", "auction"]))


def playout(data: st.DataObject, players: int, variant: str, steps: int) -> list[TikalState]:
    """Random legal play chosen by hypothesis; the states visited."""
    state = GAME.new_state(setup(players, variant))
    states = [state]
    for _ in range(steps):
        if GAME.is_finished(state):
            break
        choices = GAME.legal_actions(state)
        state = GAME.apply(state, data.draw(st.sampled_from(list(choices))))
        states.append(state)
    return states


@examples("some")
@given(game=games, data=st.data())
def test_no_turn_spends_more_than_ten_points(game: tuple[int, str], data: st.DataObject) -> None:
    state = GAME.new_state(setup(*game))
    spent = 0
    for _ in range(100):
        if GAME.is_finished(state):
            break
        action = data.draw(st.sampled_from(list(GAME.legal_actions(state))))
        state = GAME.apply(state, action)
        cost = cost_of(dict(action))
        spent = spent + cost if cost is not None else 0
        assert spent <= ACTION_POINTS
        assert state.turn.spent == spent


@examples("some")
@given(game=games, data=st.data())
def test_treasures_stay_within_three_per_kind(game: tuple[int, str], data: st.DataObject) -> None:
    for state in playout(data, *game, steps=100):
        for kind in range(TREASURE_KINDS):
            assert sum(p.treasures[kind] for p in state.players) <= COPIES_PER_KIND
        held = sum(sum(p.treasures) for p in state.players)
        lying = sum(hx.treasures for hx in state.hexes)
        assert held + lying + state.tokens_left == TOTAL_TOKENS


@examples("some")
@given(game=games, data=st.data())
def test_actions_survive_a_json_round_trip(game: tuple[int, str], data: st.DataObject) -> None:
    for state in playout(data, *game, steps=60)[::5]:
        for action in GAME.legal_actions(state)[:40]:
            again = json.loads(json.dumps(action))
            assert again == action
            assert GAME.apply(state, again) == GAME.apply(state, action)


def scoring_turn() -> TikalState:
    """Ada's scoring turn in a three-player game."""
    return play(GAME.new_state(setup(3)), jungle(), END, VOLCANO, END, END)


strength_rows = st.lists(st.integers(min_value=0, max_value=20), min_size=3, max_size=3)


@examples("lots")
@given(row=strength_rows, value=st.integers(min_value=1, max_value=10))
def test_a_tie_at_the_top_never_scores(row: list[int], value: int) -> None:
    top = max(row)
    tied = [top if i < 2 else x for i, x in enumerate(row)]
    state = scoring_turn()
    assert state.active == 0
    state = add_hex(state, "temple", value=value)
    after = play(state, {"type": "score", "temples": [{"hex": len(state.hexes) - 1,
                                                        "strengths": tied}]})
    assert after.history[-1].temples == ()


@examples("lots")
@given(row=strength_rows, value=st.integers(min_value=1, max_value=10))
def test_a_clear_leader_scores_the_temple_value(row: list[int], value: int) -> None:
    clear = [max(row) + 1, *row[1:]]
    state = add_hex(scoring_turn(), "temple", value=value)
    after = play(state, {"type": "score", "temples": [{"hex": len(state.hexes) - 1,
                                                        "strengths": clear}]})
    assert after.history[-1].temples == (value,)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-3, max_value=40) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                               max_size=3),
    max_leaves=8,
)
field_names = st.sampled_from(["piece", "to", "from", "stones", "hex", "kind", "with", "give",
                               "take", "amount", "index", "hexes", "temples", "value", "masks"])
random_actions = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from([*sorted(HANDLERS), "fly"]),
    st.dictionaries(field_names, json_values, max_size=4),
)


@examples("some")
@given(game=games, data=st.data())
def test_refused_actions_leave_the_state_as_it_was(game: tuple[int, str],
                                                   data: st.DataObject) -> None:
    for state in playout(data, *game, steps=40)[::4]:
        for _ in range(5):
            before = copy.deepcopy(state)
            snapshot = GAME.state_to_json(state)
            try:
                GAME.apply(state, data.draw(random_actions))
            except IllegalActionError as error:
                assert error.key.startswith("tikal.")
            assert state == before
            assert GAME.state_to_json(state) == snapshot


@examples("few")
@given(game=games, data=st.data())
def test_every_worker_is_somewhere(game: tuple[int, str], data: st.DataObject) -> None:
    for state in playout(data, *game, steps=100):
        for player in state.players:
            on_board = sum(row[player.seat] for row in state.workers)
            assert (player.reserve + on_board + player.boxed + player.worker_guards
                    == WORKERS)
            assert player.leader >= LEADER_OUT and player.leader < len(state.hexes)
            assert all(row[player.seat] >= 0 for row in state.workers)
