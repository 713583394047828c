"""Every field of every action type, filled with arbitrary JSON, is refused with a reason.

The states come from a game whose players hold all fifteen equipment cards and the
three skills that have actions, taken in every phase; the actions start from a
well-formed example of each type (one per card for ``use_equipment``) and have one
or two fields, or one element deep inside a field, replaced by any JSON value.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES, translate
from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.rules import HANDLERS
from companion.games.fuji.state import EQUIPMENT_CARDS, Phase, State
from tests.fuzzing import heavy

from .helpers import GRID_MAP, dice, play, with_seat

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.integers()
    | st.floats(allow_nan=False)
    | st.sampled_from(["yellow", "pink", "blue", "rope", "leg", "0", "1", "-1", ""])
    | st.text(max_size=6)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner).map(list)
        | st.lists(st.tuples(inner, inner).map(list), max_size=3)
        | st.dictionaries(st.text(max_size=5) | st.sampled_from(["0", "1", "2"]), inner, max_size=3)
    ),
    max_leaves=12,
)
"""Any JSON value, leaning towards the shapes actions use (pairs, lists of pairs)."""

HANDS = [
    ["binoculars", "torch", "radio", "rope", "pocket_knife"],
    ["lighter", "map", "carabiner", "duct_tape", "compass"],
    ["machete", "shovel", "first_aid_kit", "flare_gun", "water_bottle"],
]
"""All fifteen cards, dealt five to each player."""


def card_template(card: str) -> dict[str, Any]:
    """A well-formed ``use_equipment`` action for ``card`` played by seat 0."""
    fields: dict[str, dict[str, Any]] = {
        "binoculars": {"cells": [[0, 2], [0, 3]]},
        "rope": {"cell": [1, 3]},
        "pocket_knife": {"copy": "torch"},
        "lighter": {"from": 1, "die": ["yellow", 2]},
        "map": {"to": 1, "die": ["yellow", 2]},
        "duct_tape": {"dice": [0]},
        "compass": {"dice": [0]},
        "machete": {"dice": [["yellow", 2]]},
        "shovel": {"die": 0, "face": ["pink", 4]},
        "water_bottle": {"rerolls": 1, "to": 1},
    }
    return {"type": "use_equipment", "player": 0, "card": card, **fields.get(card, {})}


CORE_TEMPLATES: list[dict[str, Any]] = [
    {"type": "advance"},
    {"type": "set_destination", "player": 0, "cell": [1, 3]},
    {"type": "confirm_destination", "player": 0},
    {"type": "release_destination", "player": 0},
    {"type": "rerolls_done", "player": 0, "used": 1},
    {"type": "set_dice", "player": 0, "dice": dice("Y2", "P4", "B6", "Y5", "P3", "B1")},
    {"type": "set_movement_values", "values": {"0": {"0": 12, "1": 2}}},
    {"type": "resolve", "player": 0, "path": [[1, 3]]},
    {"type": "choose_wound", "player": 0, "slot": "leg"},
    {"type": "draw_equipment", "player": 0, "card": "rope"},
    {"type": "add_equipment", "player": 0, "card": "rope"},
    {"type": "give_equipment", "player": 0, "to": 1, "card": "torch"},
    {"type": "set_die_aside", "player": 1, "die": ["pink", 3]},
    {"type": "spend_energy", "player": 2, "target": 0, "bars": 1},
]
"""A well-formed example of every action type but ``use_equipment``."""

TEMPLATES: list[dict[str, Any]] = CORE_TEMPLATES + [card_template(card) for card in EQUIPMENT_CARDS]
"""Well-formed starting points: every action type, every equipment card."""

FIELDS = sorted({key for template in TEMPLATES for key in template} | {"used", "copy"})
"""Every field name any action reads."""


def game_with_every_card() -> State:
    """Three players holding all the cards: Equipment Manager, Buddy, Gatherer with energy."""
    players = [
        {"name": "Ana", "colour": "blue", "skill": "equipment_manager", "equipment": HANDS[0]},
        {"name": "Ben", "colour": "green", "skill": "buddy", "equipment": HANDS[1]},
        {"name": "Cleo", "colour": "purple", "skill": "gatherer", "equipment": HANDS[2]},
    ]
    setup = {"scenario": "custom", "map": GRID_MAP, "cards": {}, "players": players, "level": 2}
    return with_seat(GAME.new_state(setup), 2, energy=3)


def states_in_every_phase() -> list[State]:
    """The same game taken through one round, with and without dice entered."""
    state = game_with_every_card()
    seen = [state]
    state = play(state, {"type": "advance"})
    seen.append(state)
    for seat, cell in enumerate([[1, 3], [2, 2], [1, 2]]):
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    seen.append(state)
    state = play(state, {"type": "advance"})
    seen.append(state)
    for seat in range(3):
        state = play(state, {"type": "rerolls_done", "player": seat})
    state = play(state, {"type": "advance"})
    seen.append(state)
    state = play(state, {"type": "advance"})
    seen.append(state)
    for seat in range(3):
        state = play(state, {"type": "set_dice", "player": seat, "dice": dice(*["Y2"] * 6)})
    seen.append(state)
    return seen


STATES = states_in_every_phase()


def test_the_states_cover_every_phase_before_eruption() -> None:
    """The fuzzed states reach roll, planning, rerolls, equipment and movement."""
    assert {state.phase for state in STATES} == set(Phase) - {Phase.ERUPTION}


def test_the_templates_cover_every_action_type() -> None:
    """No action type is left out of the fuzzing."""
    assert {template["type"] for template in TEMPLATES} == set(HANDLERS)


def replace_deep(value: Any, path: list[int], new: Any) -> Any:
    """Return a copy of ``value`` with the element found by following ``path`` set to ``new``."""
    if not path or not isinstance(value, list | dict) or not value:
        return new
    if isinstance(value, dict):
        keys = sorted(value)
        key = keys[path[0] % len(keys)]
        return {**value, key: replace_deep(value[key], path[1:], new)}
    index = path[0] % len(value)
    return [*value[:index], replace_deep(value[index], path[1:], new), *value[index + 1 :]]


def check_refused_or_applied(state: State, action: dict[str, Any]) -> None:
    """``apply`` either refuses with a translated reason or returns a describable state."""
    before = GAME.state_to_json(state)
    try:
        after = GAME.apply(state, action)
    except IllegalActionError as error:
        assert error.key.startswith("fuji.")
        for language in LANGUAGES:
            assert translate(error.message, language) != error.key
    else:
        json.dumps(GAME.state_to_json(after))
    GAME.action_label(state, action)
    assert GAME.state_to_json(state) == before


@heavy()
@given(
    st.sampled_from(range(len(STATES))),
    st.sampled_from(range(len(TEMPLATES))),
    st.lists(st.tuples(st.sampled_from(FIELDS), json_values), min_size=1, max_size=2),
)
def test_any_value_in_any_field_is_refused_with_a_reason(
    index: int, template: int, changes: list[tuple[str, Any]]
) -> None:
    """Whole fields replaced by arbitrary JSON."""
    action = dict(TEMPLATES[template])
    for field, value in changes:
        action[field] = value
    check_refused_or_applied(STATES[index], action)


@heavy()
@given(
    st.sampled_from(range(len(STATES))),
    st.sampled_from(range(len(TEMPLATES))),
    st.data(),
    st.lists(st.integers(0, 5), min_size=1, max_size=3),
    json_values,
)
def test_any_value_deep_inside_a_field_is_refused_with_a_reason(
    index: int, template: int, data: st.DataObject, path: list[int], value: Any
) -> None:
    """One element inside a list or object field replaced by arbitrary JSON."""
    action = dict(TEMPLATES[template])
    field = data.draw(st.sampled_from(sorted(action)))
    action[field] = replace_deep(action[field], path, value)
    check_refused_or_applied(STATES[index], action)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("dice", [[["a"], 1]]),
        ("dice", [[{"yellow": 1}, 1]]),
        ("dice", [["yellow", [1]]]),
        ("dice", [["yellow", 2.0]]),
    ],
)
def test_dice_with_a_colour_or_value_of_the_wrong_kind_are_refused(field: str, value: Any) -> None:
    """A list or object where a die's colour or value belongs is a bad entry, not a crash."""
    state = STATES[-2]
    assert state.phase is Phase.MOVEMENT
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, {"type": "set_dice", "player": 0, field: value})
    assert caught.value.key in {"fuji.error.bad_die_colour", "fuji.error.bad_die_value"}
