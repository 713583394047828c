"""The totals a player can type reach as far as the dice in front of them: a die lent to
them counts for them, one lent away or set aside does not."""

from __future__ import annotations

from companion.ui.fuji.seat_pad import most_total
from companion.ui.fuji.view import counting_dice
from tests.games.fuji.helpers import play
from tests.games.fuji.test_equipment import equipment_phase, new_game, use


def test_a_borrowed_die_raises_the_highest_total_and_a_lent_one_lowers_it() -> None:
    """The lighter: Ana takes one of Bo's dice for the round and it counts for her, so her
    pad offers totals up to six times one die more (with 7 dice, 42 was once out of reach)."""
    state = equipment_phase(new_game(hands=(["lighter"], [], [])))
    own = [someone.dice_count for someone in state.players]
    state = play(state, use(0, "lighter", **{"from": 1, "die": ["yellow", 6]}))
    assert counting_dice(state, 0) == own[0] + 1
    assert counting_dice(state, 1) == own[1] - 1
    assert counting_dice(state, 2) == own[2]
    assert most_total(state, 0) == 6 * (own[0] + 1)


def test_dice_set_aside_by_the_machete_are_not_counted() -> None:
    """The machete sets two of Ana's dice aside: they do not count in phase 5."""
    state = equipment_phase(new_game(hands=(["machete"], [], [])))
    own = state.players[0].dice_count
    state = play(state, use(0, "machete", dice=[["yellow", 6], ["yellow", 6]]))
    assert counting_dice(state, 0) == own - 2
