"""Malformed set-ups and actions are refused with a reason, never a crash."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError, SetupError
from companion.games.fuji import GAME
from companion.games.fuji.rules import CORE_HANDLERS
from companion.games.fuji.state import State
from tests.fuzzing import fuzz

from .helpers import GRID_MAP, three_players

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=10,
)

SETUP_FIELDS = [
    "scenario",
    "map",
    "cards",
    "players",
    "level",
    "level_table",
    "stamina_track",
    "variant",
    "extreme",
    "equipment",
    "buddy_die_back",
    "rope_onto_village",
]


def states_along_a_playout() -> list[State]:
    """States from every phase of one game on the grid map."""
    rng = random.Random(5)
    state = GAME.new_state(three_players(map=GRID_MAP, cards={}))
    seen = [state]
    while not GAME.is_finished(state) and len(seen) < 60:
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
        seen.append(state)
    return seen


STATES = states_along_a_playout()


@fuzz()
@given(st.sampled_from(SETUP_FIELDS), json_values, st.booleans())
def test_mutated_setups_are_refused_with_a_setup_error(
    field: str, value: Any, inside_a_player: bool
) -> None:
    setup: dict[str, Any] = json.loads(json.dumps(three_players()))
    if inside_a_player:
        setup["players"][1][field] = value
    else:
        setup[field] = value
    try:
        state = GAME.new_state(setup)
    except SetupError as error:
        assert error.key.startswith("fuji.setup.")
        return
    assert len(state.players) == 3


@fuzz()
@given(
    st.sampled_from(range(len(STATES))),
    st.sampled_from(sorted(CORE_HANDLERS)),
    st.sampled_from(["player", "cell", "dice", "values", "path", "slot", "card", "used"]),
    json_values,
)
def test_mutated_actions_are_refused_with_an_illegal_action_error(
    index: int, kind: str, field: str, value: Any
) -> None:
    state = STATES[index]
    action = {"type": kind, "player": 0, field: value}
    before = GAME.state_to_json(state)
    try:
        GAME.apply(state, action)
    except IllegalActionError as error:
        assert error.key.startswith("fuji.")
    GAME.action_label(state, action)
    assert GAME.state_to_json(state) == before
