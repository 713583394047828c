"""Property tests: random playouts through ``legal_actions`` keep every invariant."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.games.caverna import GAME
from companion.games.caverna.fields import as_entered
from companion.games.caverna.goods import GOODS, LIMITS
from companion.games.caverna.state import FINISHED, WALL_SUPPLY, CavernaState
from tests.fuzzing import examples
from tests.games.caverna.helpers import DUO_SETUP, SOLO_SETUP
from tests.playouts import applied_or_refused

SETUPS = st.sampled_from([DUO_SETUP, SOLO_SETUP, {"players": ["Ada", "Borys"], "start_player": 1}])
PLAYOUT = examples("few")


def check_goods(state: CavernaState) -> None:
    for player in state.players:
        for good in GOODS:
            assert 0 <= player.goods.get(good) <= LIMITS[good]


def check_colours(state: CavernaState) -> None:
    for player in state.players:
        colours = Counter(state.config.room(room).colour for room in player.cave.rooms())
        assert colours["blue"] < colours["orange"]


def check_walls(state: CavernaState) -> None:
    built = 0
    for player in state.players:
        built += len(player.cave.walls)
        if player.cave.extra is not None:
            built += len(player.cave.extra.built_sides)
    assert built + state.wall_supply == WALL_SUPPLY


def check_invariants(state: CavernaState) -> None:
    check_goods(state)
    check_colours(state)
    check_walls(state)
    json.dumps(GAME.state_to_json(state))


def round_trip(action: Mapping[str, Any]) -> Any:
    return json.loads(json.dumps(action))


def pick(data: st.DataObject, state: CavernaState) -> Mapping[str, Any]:
    actions = GAME.legal_actions(state)
    assert actions, f"no legal action in phase {state.phase}"
    index = data.draw(st.integers(0, len(actions) - 1), label="action")
    return actions[index]


def playout(data: st.DataObject, setup: Mapping[str, Any], steps: int = 400) -> CavernaState:
    """Play random legal actions, checking invariants, turn counts and start players."""
    state = GAME.new_state(setup)
    turns: Counter[int] = Counter()
    for _ in range(steps):
        if state.phase == FINISHED:
            break
        action = pick(data, state)
        before_round, before_start, seat = state.round, state.start_player, state.active
        before_taken = state.turns_taken
        after = GAME.apply(state, action)
        assert GAME.apply(state, round_trip(action)) == after
        if after.turns_taken != before_taken or after.round != before_round:
            turns[seat] += 1
        if after.round != before_round or after.phase == FINISHED:
            expected = state.turns_this_round
            assert turns == dict.fromkeys(range(len(state.players)), expected)
            assert after.start_player == (before_start + 1) % len(state.players)
            turns = Counter()
        state = after
        check_invariants(state)
    return state


def partway(data: st.DataObject, most: int = 150) -> CavernaState:
    """A game from one of ``SETUPS`` played up to ``most`` random legal steps in."""
    setup = data.draw(SETUPS, label="setup")
    return playout(data, setup, steps=data.draw(st.integers(0, most), label="steps"))


@PLAYOUT
@given(data=st.data(), setup=SETUPS)
def test_random_playouts_keep_the_invariants(data: st.DataObject, setup: dict[str, Any]) -> None:
    state = playout(data, setup)
    assert state.round <= state.rounds


@examples("few")
@given(seed=st.integers(0, 10_000), setup=SETUPS)
def test_a_playout_always_reaches_the_end(seed: int, setup: dict[str, Any]) -> None:
    import random

    rng = random.Random(seed)
    state = GAME.new_state(setup)
    for _ in range(2_000):
        if GAME.is_finished(state):
            break
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, rng.choice(actions))
    assert GAME.is_finished(state)
    assert GAME.legal_actions(state) == []
    assert set(GAME.state_to_json(state)["scores"]) == set(setup["players"])


ACTION_TYPES = [
    "reveal",
    "take_tile",
    "end_turn",
    "draw_pile",
    "convert",
    "gain",
    "trade",
    "prospect",
    "excavate",
    "furnish",
    "build_wall",
    "remove_wall",
    "use_room",
    "place_extra_cavern",
    "fly",
]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.sampled_from(
        ["wood", "gold", "shelf", "tunnel", "masonry", "renovation", "extra", "n", "both"]
    ),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["space", "room", "good", "count"]), inner, max_size=3)
    ),
    max_leaves=6,
)
RANDOM_ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTION_TYPES)},
    optional={
        key: JSON_VALUES
        for key in (
            "tile",
            "room",
            "good",
            "give",
            "count",
            "player",
            "space",
            "between",
            "side",
            "digs",
            "dig",
            "choice",
            "fee",
            "walls",
        )
    },
)


@PLAYOUT
@given(data=st.data(), junk=st.lists(RANDOM_ACTIONS, min_size=1, max_size=6))
def test_refused_actions_leave_the_state_as_it_was(
    data: st.DataObject, junk: list[dict[str, Any]]
) -> None:
    state = partway(data, most=120)
    for action in junk:
        applied_or_refused(GAME, state, action)


PLAUSIBLE = st.sampled_from(
    [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 1],
        [3, 2],
        [9, 9],
        [[1, 0], [2, 0]],
        [[0, 0], [0, 1]],
        "shelf",
        "dungeon",
        "gold_vein",
        "entrance",
        "extra",
        "wood",
        "gold",
        "food",
        "renovation",
        "breach",
        "masonry",
        "two",
        "both",
        "none",
        "gold",
        0,
        1,
        3,
        7,
    ]
)


@PLAYOUT
@given(data=st.data())
def test_nearly_legal_actions_are_refused_cleanly(data: st.DataObject) -> None:
    state = partway(data)
    legal = GAME.legal_actions(state)
    if not legal:
        return
    for _ in range(5):
        action = dict(data.draw(st.sampled_from(legal), label="legal"))
        fields = [key for key in action if key != "type"] or ["type"]
        key = data.draw(st.sampled_from(fields), label="field")
        action[key] = data.draw(PLAUSIBLE, label="value")
        after = applied_or_refused(GAME, state, action)
        if after is not None:
            check_invariants(after)


@PLAYOUT
@given(data=st.data())
def test_legal_actions_survive_a_json_round_trip(data: st.DataObject) -> None:
    state = partway(data)
    for action in GAME.legal_actions(state):
        assert round_trip(action) == action
        GAME.apply(state, round_trip(action))


def test_same_setup_and_actions_give_equal_states() -> None:
    first = GAME.new_state(DUO_SETUP)
    second = GAME.new_state(json.loads(json.dumps(DUO_SETUP)))
    assert first == second
    action = GAME.legal_actions(first)[0]
    assert GAME.apply(first, action) == GAME.apply(second, action)


@examples("few")
@given(seed=st.integers(0, 10_000), setup=SETUPS)
def test_naming_turned_up_rooms_and_tiles_later_changes_nothing_that_counts(
        seed: int, setup: dict[str, Any]) -> None:
    """A game entered with every dug, drawn and revealed room or tile named at once
    (data version 2) and the same game naming each only when it is furnished or taken
    (version 3) keep the same caves, goods, turns and scores at every step."""
    import random

    rng = random.Random(seed)
    named = GAME.new_state(setup)
    later = named
    for _ in range(2_000):
        if GAME.is_finished(named):
            break
        action = rng.choice(GAME.legal_actions(named))
        named, later = GAME.apply(named, action), GAME.apply(later, as_entered(action))
        assert later.players == named.players and later.phase == named.phase
        assert (later.round, later.active, later.taken_tiles) == \
            (named.round, named.active, named.taken_tiles)
        assert len(later.display) + later.unnamed == len(named.display)
    assert GAME.is_finished(later)
    assert GAME.state_to_json(later)["scores"] == GAME.state_to_json(named)["scores"]
