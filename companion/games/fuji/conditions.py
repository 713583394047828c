"""The dice conditions printed on Fuji terrain cards.

The thirty printed cards are listed as a catalogue (ids are only labels); a map may
also carry a free condition for a card the catalogue does not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.messages import SetupError
from companion.games.fuji.state import Combine, DiceCondition, Die, DieColour, TerrainKind

ODD: frozenset[int] = frozenset({1, 3, 5})
"""The odd die values."""
EVEN: frozenset[int] = frozenset({2, 4, 6})
"""The even die values."""
LOW: frozenset[int] = frozenset({1, 2, 3})
"""The values 1 to 3."""

Y, B, P = DieColour.YELLOW, DieColour.BLUE, DieColour.PINK


@dataclass(frozen=True)
class ConditionCard:
    """One printed terrain card of the catalogue."""

    card_id: str
    """Label of the card, e.g. ``"L07"`` or ``"V03"``."""
    kind: TerrainKind
    """Landscape or village."""
    condition: DiceCondition
    """The dice condition printed on it."""
    reroll_symbol: bool = False
    """The card shows the extra-reroll symbol."""


def colours_or_values(colours: Iterable[DieColour], values: Iterable[int]) -> DiceCondition:
    """Dice of these colours, and also dice showing these values."""
    return DiceCondition(frozenset(colours), frozenset(values), Combine.OR)


def colours_and_values(colours: Iterable[DieColour], values: Iterable[int]) -> DiceCondition:
    """Dice of these colours that also show one of these values."""
    return DiceCondition(frozenset(colours), frozenset(values), Combine.AND)


def colours_only(*colours: DieColour) -> DiceCondition:
    """Dice of these colours, whatever their value."""
    return DiceCondition(frozenset(colours), frozenset(), Combine.ALONE)


def values_only(values: Iterable[int]) -> DiceCondition:
    """Dice showing these values, whatever their colour."""
    return DiceCondition(frozenset(), frozenset(values), Combine.ALONE)


def _landscape(number: int, condition: DiceCondition, reroll: bool = False) -> ConditionCard:
    return ConditionCard(f"L{number:02d}", TerrainKind.LANDSCAPE, condition, reroll)


def _village(number: int, condition: DiceCondition, reroll: bool = False) -> ConditionCard:
    return ConditionCard(f"V{number:02d}", TerrainKind.VILLAGE, condition, reroll)


CATALOGUE: tuple[ConditionCard, ...] = (
    _landscape(1, colours_or_values([Y], [6])),
    _landscape(2, values_only([1, 3]), reroll=True),
    _landscape(3, values_only([2, 4])),
    _landscape(4, colours_and_values([P], ODD)),
    _landscape(5, values_only(EVEN)),
    _landscape(6, colours_and_values([Y], EVEN)),
    _landscape(7, values_only([1, 2]), reroll=True),
    _landscape(8, colours_or_values([Y], [4])),
    _landscape(9, colours_or_values([P], [5])),
    _landscape(10, colours_and_values([B], ODD)),
    _landscape(11, colours_and_values([P, B], ODD)),
    _landscape(12, colours_and_values([B], LOW), reroll=True),
    _landscape(13, colours_only(Y, B, P)),
    _landscape(14, values_only([3, 6])),
    _landscape(15, colours_and_values([Y], LOW), reroll=True),
    _landscape(16, values_only(ODD)),
    _landscape(17, colours_and_values([Y], ODD)),
    _landscape(18, colours_only(P, B)),
    _landscape(19, colours_or_values([B], [6])),
    _landscape(20, colours_and_values([P], LOW), reroll=True),
    _landscape(21, colours_and_values([P, B], EVEN)),
    _landscape(22, colours_only(Y, B)),
    _landscape(23, colours_or_values([P], [4])),
    _landscape(24, values_only([3, 5])),
    _village(1, colours_and_values([P], EVEN)),
    _village(2, colours_or_values([B], [5])),
    _village(3, colours_only(Y, P)),
    _village(4, values_only(LOW), reroll=True),
    _village(5, colours_and_values([B], EVEN)),
    _village(6, values_only([4, 6])),
)
"""The thirty printed terrain cards: 24 landscapes, then 6 villages."""

CARDS_BY_ID: dict[str, ConditionCard] = {card.card_id: card for card in CATALOGUE}
"""Catalogue cards by id."""


def cards_of_kind(kind: TerrainKind) -> tuple[ConditionCard, ...]:
    """Return the catalogue cards of one kind (landscape or village), in id order."""
    return tuple(card for card in CATALOGUE if card.kind is kind)


def matches(condition: DiceCondition, die: Die) -> bool:
    """Tell whether ``die`` counts under ``condition``."""
    colour_ok = die.colour in condition.colours
    value_ok = die.value in condition.values
    if condition.combine is Combine.AND:
        return colour_ok and value_ok
    if condition.combine is Combine.OR:
        return colour_ok or value_ok
    return colour_ok if condition.colours else value_ok


def movement_value(condition: DiceCondition, dice: Iterable[Die]) -> int:
    """Return the total of the dice that count under ``condition``."""
    return sum(die.value for die in dice if matches(condition, die))


def condition_to_json(condition: DiceCondition) -> dict[str, Any]:
    """Write a condition as plain JSON data (sorted lists)."""
    return {
        "colours": sorted(colour.value for colour in condition.colours),
        "values": sorted(condition.values),
        "combine": condition.combine.value,
    }


def condition_from_json(data: Mapping[str, Any]) -> DiceCondition:
    """Read a free condition; raise ``SetupError`` when it is malformed."""
    try:
        colours = frozenset(DieColour(str(name)) for name in data.get("colours", []))
        values = frozenset(int(value) for value in data.get("values", []))
        combine = Combine(str(data.get("combine", Combine.ALONE.value)))
    except (TypeError, ValueError) as error:
        raise SetupError("fuji.setup.bad_condition", detail=str(error)) from error
    condition = DiceCondition(colours, values, combine)
    check_condition(condition)
    return condition


def check_condition(condition: DiceCondition) -> None:
    """Raise ``SetupError`` unless ``condition`` can select dice."""
    if any(value < 1 or value > 6 for value in condition.values):
        raise SetupError("fuji.setup.condition_value_range")
    if condition.combine is Combine.ALONE:
        if bool(condition.colours) == bool(condition.values):
            raise SetupError("fuji.setup.condition_alone_needs_one")
    elif not condition.colours or not condition.values:
        raise SetupError("fuji.setup.condition_needs_both", combine=condition.combine.value)
