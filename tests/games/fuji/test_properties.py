"""Invariants over random legal playouts, driven by hypothesis."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.games.fuji import GAME
from companion.games.fuji.state import State, TerrainKind
from tests.fuzzing import examples
from tests.playouts import applied_or_refused

from .helpers import FOUR, three_players

TWO = FOUR[:2]

SETUPS: list[dict[str, Any]] = [
    dict(GAME.example_setup()),
    {"scenario": 1, "players": FOUR, "level": 1},
    {"scenario": 5, "players": TWO, "level": 3, "variant": "two_player_a"},
    {"scenario": 7, "players": [*TWO, FOUR[2]], "level": 4, "variant": "two_player_b"},
    {"scenario": 6, "players": FOUR[1:], "level": 2, "extreme": True},
    three_players(),
]

JUNK: list[dict[str, Any]] = [
    {"type": "advance"},
    {"type": "resolve", "player": 0},
    {"type": "resolve", "player": 5},
    {"type": "set_destination", "player": 0, "cell": [0, 0]},
    {"type": "set_destination", "player": 1, "cell": [99, 99]},
    {"type": "confirm_destination", "player": 2},
    {"type": "release_destination", "player": 0},
    {"type": "rerolls_done", "player": 0, "used": 9},
    {"type": "set_dice", "player": 0, "dice": [["yellow", 0]]},
    {"type": "choose_wound", "player": 0, "slot": "tail"},
    {"type": "draw_equipment", "player": 1, "card": "rope"},
    {"type": "add_equipment", "player": 0, "card": "laser"},
    {"type": "set_movement_values", "values": {"0": {"0": -3}}},
    {"type": "fly"},
]


def lava(state: State) -> set[tuple[int, int]]:
    """Positions showing lava."""
    board = state.board
    return {p for p in board.positions() if (cell := board.cell(p)) and cell.lava}


def villages(state: State) -> set[tuple[int, int]]:
    """Positions of village cards."""
    board = state.board
    return {
        p for p in board.positions() if (cell := board.cell(p)) and cell.kind is TerrainKind.VILLAGE
    }


def check_step(before: State, after: State) -> None:
    """The invariants that hold across one legal action."""
    assert lava(before) <= lava(after)
    assert not lava(after) & villages(after)
    for old, new in zip(before.players, after.players, strict=True):
        assert new.stamina_lost >= old.stamina_lost
        assert new.wounds.count() >= old.wounds.count()
        assert new.wounds.count() <= 4
        for slot in ("leg", "arm", "amnesia", "eye"):
            assert getattr(new.wounds, slot) >= getattr(old.wounds, slot)


@examples("some")
@given(st.sampled_from(range(len(SETUPS))), st.data())
def test_random_legal_playouts_keep_the_invariants(setup_index: int, data: st.DataObject) -> None:
    state = GAME.new_state(SETUPS[setup_index])
    for _ in range(1500):
        if GAME.is_finished(state):
            break
        choices = list(GAME.legal_actions(state))
        assert choices
        action = data.draw(st.sampled_from(choices))
        assert json.loads(json.dumps(action)) == action
        junk = data.draw(st.sampled_from(JUNK))
        snapshot = GAME.state_to_json(state)
        applied_or_refused(GAME, state, junk)
        after = GAME.apply(state, json.loads(json.dumps(action)))
        assert GAME.state_to_json(state) == snapshot
        assert after != state, action
        check_step(state, after)
        state = after
    assert GAME.is_finished(state)


@examples("few")
@given(st.sampled_from(range(len(SETUPS))), st.data())
def test_replaying_the_same_actions_gives_an_equal_state(
    setup_index: int, data: st.DataObject
) -> None:
    state = GAME.new_state(SETUPS[setup_index])
    played = []
    for _ in range(120):
        if GAME.is_finished(state):
            break
        action = data.draw(st.sampled_from(list(GAME.legal_actions(state))))
        played.append(json.loads(json.dumps(action)))
        state = GAME.apply(state, action)
    again = GAME.new_state(SETUPS[setup_index])
    for action in played:
        again = GAME.apply(again, action)
    assert again == state
