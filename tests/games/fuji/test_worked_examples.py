"""The worked examples of the rulebooks, played through the engine with real dice."""

from __future__ import annotations

import pytest

from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.queries import movement_values, reroll_allowance
from companion.games.fuji.state import Phase, State

from .helpers import dice, enter_dice, lava_cells, play, three_players, to_movement

CLAIRE, JONATHAN, STEPHANE = 0, 1, 2

# Phase-5 example: Claire stays on the yellow-or-6 start card, Stéphane aims two cards
# away at pink-or-4, Jonathan three cards away at odd pink and blue dice.
EXAMPLE_DICE = {
    CLAIRE: dice("P2", "Y5", "Y5", "B1", "B3"),
    JONATHAN: dice("Y3", "P6", "B5", "B3", "B3", "B2"),
    STEPHANE: dice("P5", "P5", "P4", "B1", "B1", "B2"),
}
EXAMPLE_DESTINATIONS = {CLAIRE: [0, 2], STEPHANE: [0, 4], JONATHAN: [0, 5]}


def moved_and_rolled(state: State, destinations: dict[int, list[int]],
                     rolls: dict[int, tuple[str, ...]]) -> State:
    """Play planning with ``destinations``, then enter each player's dice, written as in
    :func:`dice`."""
    state = to_movement(state, destinations)
    return enter_dice(state, {seat: dice(*faces) for seat, faces in rolls.items()})


def example_resolved() -> State:
    """The rulebook's phase-5 example after the three resolutions, in the book's order."""
    return play(
        example_in_movement(),
        {"type": "resolve", "player": STEPHANE},
        {"type": "resolve", "player": CLAIRE},
        {"type": "resolve", "player": JONATHAN},
    )


def example_in_movement() -> State:
    """The rulebook's phase-5 example, dice entered, nobody resolved yet."""
    state = GAME.new_state(three_players())
    state = to_movement(state, EXAMPLE_DESTINATIONS)
    return enter_dice(state, EXAMPLE_DICE)


def test_claire_16_against_10_and_18_does_not_move() -> None:
    state = moved_and_rolled(
        GAME.new_state(three_players()),
        {CLAIRE: [0, 3], JONATHAN: [0, 2], STEPHANE: [0, 4]},
        {
            CLAIRE: ("Y6", "Y6", "B4", "P1", "B2"),
            JONATHAN: ("Y5", "Y5", "P1", "B1", "P3", "B2"),
            STEPHANE: ("Y6", "Y6", "Y6", "P1", "B1", "B2"),
        },
    )
    preview = movement_values(state, CLAIRE)
    assert preview.own_value == 16
    assert dict(preview.neighbour_values) == {JONATHAN: 10, STEPHANE: 18}
    assert preview.allowed is False
    after = play(state, {"type": "resolve", "player": CLAIRE})
    assert after.players[CLAIRE].position == (0, 2)
    assert after.players[CLAIRE].stamina_lost == 4


def test_phase_five_comparisons_of_the_rulebook() -> None:
    state = example_in_movement()
    stephane = movement_values(state, STEPHANE)
    assert (stephane.own_value, dict(stephane.neighbour_values)) == (14, {JONATHAN: 6, CLAIRE: 2})
    assert stephane.allowed
    claire = movement_values(state, CLAIRE)
    assert (claire.own_value, dict(claire.neighbour_values)) == (10, {JONATHAN: 9, STEPHANE: 0})
    assert claire.allowed
    jonathan = movement_values(state, JONATHAN)
    assert jonathan.own_value == 11
    assert dict(jonathan.neighbour_values)[STEPHANE] == 12
    assert jonathan.allowed is False


def test_stamina_at_level_two_and_who_moves() -> None:
    state = example_resolved()
    stephane, claire, jonathan = (state.players[s] for s in (STEPHANE, CLAIRE, JONATHAN))
    assert stephane.position == (0, 4) and stephane.stamina_lost == 0  # lead 8
    assert claire.position == (0, 2) and claire.stamina_lost == 3  # lead 1, stays by choice
    assert jonathan.position == (0, 2) and jonathan.stamina_lost == 4  # beaten
    leads = {result.seat: (result.lead, result.moved) for result in state.results}
    assert leads == {STEPHANE: (8, True), CLAIRE: (1, True), JONATHAN: (-1, False)}


def test_resolution_order_is_the_tables_choice() -> None:
    first = example_in_movement()
    one_way = play(
        first,
        {"type": "resolve", "player": JONATHAN},
        {"type": "resolve", "player": CLAIRE},
        {"type": "resolve", "player": STEPHANE},
    )
    other_way = play(
        first,
        {"type": "resolve", "player": STEPHANE},
        {"type": "resolve", "player": CLAIRE},
        {"type": "resolve", "player": JONATHAN},
    )
    assert one_way.players == other_way.players


def test_reroll_allowances_of_the_rulebook_example() -> None:
    state = GAME.new_state(three_players())
    state = play(state, {"type": "advance"})
    for seat, cell in EXAMPLE_DESTINATIONS.items():
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    state = play(state, {"type": "advance"})
    assert state.phase is Phase.REROLLS
    assert reroll_allowance(state, CLAIRE) == 2  # stays
    assert reroll_allowance(state, STEPHANE) == 1  # two cards
    assert reroll_allowance(state, JONATHAN) == 0  # three cards
    assert state.players[JONATHAN].rerolls_done  # nothing to ask of him
    # Claire (Tinkerer) and Stéphane (Buddy): only the Buddy's set-aside needs phase 3.
    assert state.players[CLAIRE].rerolls_done
    assert not state.players[STEPHANE].rerolls_done
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "rerolls_done", "player": JONATHAN, "used": 1})
    assert refused.value.key == "fuji.error.rerolls_already_done"


def test_first_eruption_flips_only_the_first_scoria_card() -> None:
    state = play(
        example_resolved(),
        {"type": "advance"},
    )
    assert state.phase is Phase.ERUPTION
    assert lava_cells(state) == [(0, 0), (0, 1)]
    assert state.instructions[-1].cells == ((0, 1),)
    assert state.outcome is None


def test_second_eruption_swallows_the_pawns_on_the_start_card() -> None:
    state = play(
        example_resolved(),
        {"type": "advance"},
        {"type": "advance"},
    )
    assert state.round == 2
    state = moved_and_rolled(
        state,
        {CLAIRE: [0, 2], JONATHAN: [0, 3], STEPHANE: [0, 5]},
        {CLAIRE: ("P1",) * 5, JONATHAN: ("Y6",) * 6, STEPHANE: ("B1",) * 6},
    )
    state = play(
        state,
        {"type": "resolve", "player": JONATHAN},
        {"type": "resolve", "player": STEPHANE},
        {"type": "resolve", "player": CLAIRE},
        {"type": "choose_wound", "player": CLAIRE, "slot": "arm"},
        {"type": "advance"},
    )
    assert (0, 2) in lava_cells(state)
    assert state.outcome is not None and state.outcome.value == "lost"
    assert state.outcome_reason is not None
    assert state.outcome_reason.key == "fuji.outcome.swallowed"
    assert state.outcome_reason.params["name"] == "Claire"
