"""The card catalogue and how conditions pick dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import SetupError
from companion.games.fuji.conditions import (
    CATALOGUE,
    EVEN,
    LOW,
    ODD,
    colours_and_values,
    colours_or_values,
    condition_from_json,
    condition_to_json,
    matches,
    movement_value,
    values_only,
)
from companion.games.fuji.state import Combine, DiceCondition, Die, DieColour, TerrainKind

from .helpers import as_dice

Y, B, P = DieColour.YELLOW, DieColour.BLUE, DieColour.PINK

dice_strategy = st.lists(
    st.builds(Die, st.sampled_from(list(DieColour)), st.integers(min_value=1, max_value=6)),
    max_size=8,
)


def test_catalogue_has_24_landscapes_and_6_villages() -> None:
    kinds = [card.kind for card in CATALOGUE]
    assert len(CATALOGUE) == 30
    assert kinds.count(TerrainKind.LANDSCAPE) == 24
    assert kinds.count(TerrainKind.VILLAGE) == 6
    assert len({card.card_id for card in CATALOGUE}) == 30


def test_reroll_symbols_in_the_catalogue() -> None:
    with_symbol = [card.card_id for card in CATALOGUE if card.reroll_symbol]
    assert with_symbol == ["L02", "L07", "L12", "L15", "L20", "V04"]


def test_rulebook_example_one_two_three_any_colour() -> None:
    condition = values_only(LOW)
    rolled = as_dice("Y1", "B2", "P3", "Y4", "B5", "P6")
    assert [matches(condition, die) for die in rolled] == [True, True, True, False, False, False]
    assert movement_value(condition, rolled) == 6


def test_rulebook_example_yellow_and_fours() -> None:
    condition = colours_or_values([Y], [4])
    rolled = as_dice("Y1", "Y6", "B4", "P4", "B3", "P5")
    assert movement_value(condition, rolled) == 1 + 6 + 4 + 4


def test_rulebook_example_odd_pink_and_blue() -> None:
    condition = colours_and_values([P, B], ODD)
    rolled = as_dice("P1", "B3", "Y5", "P4", "B6", "P5")
    assert movement_value(condition, rolled) == 1 + 3 + 5


def test_rulebook_example_even_yellow() -> None:
    condition = colours_and_values([Y], EVEN)
    rolled = as_dice("Y2", "Y3", "Y6", "B2", "P4")
    assert movement_value(condition, rolled) == 8


@given(dice_strategy)
def test_value_is_the_sum_of_matching_dice_and_never_more_than_all(rolled: list[Die]) -> None:
    for card in CATALOGUE:
        value = movement_value(card.condition, rolled)
        assert value == sum(d.value for d in rolled if matches(card.condition, d))
        assert 0 <= value <= sum(d.value for d in rolled)


@given(dice_strategy)
def test_or_condition_counts_at_least_what_and_counts(rolled: list[Die]) -> None:
    broad = DiceCondition(frozenset({P}), frozenset(ODD), Combine.OR)
    narrow = DiceCondition(frozenset({P}), frozenset(ODD), Combine.AND)
    assert movement_value(broad, rolled) >= movement_value(narrow, rolled)


def test_free_conditions_round_trip_through_json() -> None:
    for card in CATALOGUE:
        assert condition_from_json(condition_to_json(card.condition)) == card.condition


@pytest.mark.parametrize(
    ("data", "key"),
    [
        (
            {"colours": ["yellow"], "values": [], "combine": "and"},
            "fuji.setup.condition_needs_both",
        ),
        ({"colours": [], "values": [], "combine": "alone"}, "fuji.setup.condition_alone_needs_one"),
        ({"values": [7], "combine": "alone"}, "fuji.setup.condition_value_range"),
        ({"colours": ["green"], "combine": "alone"}, "fuji.setup.bad_condition"),
    ],
)
def test_broken_free_conditions_are_refused_with_a_reason(
    data: dict[str, object], key: str
) -> None:
    with pytest.raises(SetupError) as refused:
        condition_from_json(data)
    assert refused.value.key == key
