"""Phase 5 asks only for the totals that can still change a comparison."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.games.fuji import GAME
from companion.games.fuji.queries import (
    legal_destinations,
    movement_values,
    owed_totals,
    quick_value,
)
from companion.games.fuji.state import RoundModifiers, State

from .helpers import FOUR, play, refused, three_players, to_movement, totals, with_seat


def movement_state() -> State:
    """Phase 5 of a three-player game, nothing entered yet."""
    return to_movement(GAME.new_state(three_players()), {0: [0, 3], 1: [0, 2], 2: [0, 4]})


def test_a_neighbour_who_ties_settles_the_comparison() -> None:
    """PL: "Jeśli twoja wartość ruchu jest taka sama lub niższa od choćby jednego
    sąsiada, twoja postać męczy się całkowicie."  ES: "Si no se le permitió moverse, no
    calcula la diferencia."  The other neighbour's total is not needed."""
    state = totals(movement_state(), {1: {1: 9, 0: 9}})
    preview = movement_values(state, 1)
    assert preview.missing == ()
    assert preview.allowed is False
    assert preview.stamina_loss == state.settings.level_table.failed
    after = play(state, {"type": "resolve", "player": 1})
    result = after.results[-1]
    assert (result.moved, result.stamina_loss) == (False, state.settings.level_table.failed)
    assert dict(result.neighbour_values) == {0: 9}


def test_an_own_total_of_zero_needs_no_neighbour() -> None:
    """FR: the player moves only if "votre valeur de mouvement est supérieure à celle
    de vos deux voisins"; a total of 0 can never be, so nobody else is asked."""
    state = totals(movement_state(), {2: {2: 0}})
    assert movement_values(state, 2).missing == ()
    after = play(state, {"type": "resolve", "player": 2})
    assert after.results[-1].moved is False
    assert after.results[-1].neighbour_values == ()


def test_a_winner_still_needs_every_neighbour() -> None:
    """PL: the stamina lost follows "różnicę pomiędzy swoją wartością ruchu a tą, którą
    miał twój sąsiad z najwyższą wartością" — every neighbour's total counts."""
    state = totals(movement_state(), {0: {0: 12, 1: 5}})
    assert movement_values(state, 0).missing == (2,)
    assert refused(state, {"type": "resolve", "player": 0}) == "fuji.error.values_missing"
    state = totals(state, {0: {2: 11}})
    preview = movement_values(state, 0)
    assert (preview.allowed, preview.lead) == (True, 1)


def test_a_bonus_reopens_a_settled_comparison() -> None:
    """PL (Gatherer): "Każdy zużyty batonik zwiększa wartość ruchu o 1."  Once bars lift
    the total above the known neighbour, the other neighbour's total is needed again."""
    state = totals(movement_state(), {1: {1: 6, 0: 7}})
    assert movement_values(state, 1).missing == ()
    flared = with_seat(state, 1, modifiers=RoundModifiers(energy_bonus=3))
    assert movement_values(flared, 1).missing == (2,)
    assert (2, 1) in owed_totals(flared)


def test_own_totals_are_asked_first_then_the_needed_ones() -> None:
    """Every own total first (each may settle its card alone), then card by card."""
    state = movement_state()
    assert owed_totals(state)[:3] == ((0, 0), (1, 1), (2, 2))
    state = totals(state, {0: {0: 12}, 1: {1: 4}, 2: {2: 0}})
    assert owed_totals(state) == ((1, 0), (2, 0), (0, 1), (2, 1))
    state = totals(state, {0: {1: 3, 2: 2}, 1: {2: 0}})
    assert owed_totals(state) == ((0, 1),)
    state = totals(state, {1: {0: 4}})
    assert owed_totals(state) == ()


@given(st.lists(st.integers(0, 30), min_size=9, max_size=9))
def test_skipped_totals_never_change_a_result(values: list[int]) -> None:
    """Entering only the owed totals resolves every player exactly as entering all nine."""
    start = movement_state()
    table = {(holder, card): values[holder * 3 + card] for holder in range(3)
             for card in range(3)}
    full = totals(start, {card: {holder: table[holder, card] for holder in range(3)}
                          for card in range(3)})
    lean = start
    for _ in range(9):
        owed = owed_totals(lean)
        if not owed:
            break
        holder, card = owed[0]
        lean = totals(lean, {card: {holder: table[holder, card]}})
    assert owed_totals(lean) == ()
    for seat in range(3):
        whole, asked = movement_values(full, seat), movement_values(lean, seat)
        assert (whole.allowed, whole.stamina_loss) == (asked.allowed, asked.stamina_loss)
        if whole.allowed:
            assert whole.lead == asked.lead


def test_a_total_under_the_same_condition_is_not_asked_twice() -> None:
    """EN digest, phase 5: the active player and both neighbours "total the dice that match
    the active player's destination condition".  Two players heading for the same card
    (four players: seats across the table may) share its condition, so a neighbour's
    total typed for one is the other's too."""
    state = GAME.new_state({"scenario": 3, "players": FOUR})
    shared = sorted(set(legal_destinations(state, 0)) & set(legal_destinations(state, 2)))[0]
    others = [p for p in legal_destinations(state, 1) if p != shared]
    fourth = [p for p in legal_destinations(state, 3) if p not in (shared, others[0])]
    state = to_movement(state, {0: list(shared), 1: list(others[0]), 2: list(shared),
                                3: list(fourth[0])})
    state = totals(state, {0: {0: 9}, 1: {1: 7}, 2: {2: 8}, 3: {3: 5}})
    assert (1, 0) in owed_totals(state) and (1, 2) in owed_totals(state)
    state = totals(state, {0: {1: 4}})
    assert quick_value(state, 1, 2) == 4  # seat 2 heads for seat 0's card
    assert (1, 2) not in owed_totals(state)
    assert quick_value(state, 1, 3) is None  # another card keeps its own total
    typed = totals(state, {2: {1: 6}})
    assert quick_value(typed, 1, 2) == 6 and quick_value(typed, 1, 0) == 4  # typed wins


def test_an_unknown_card_borrows_no_total() -> None:
    """A total typed under one card says nothing about a card with another condition."""
    state = to_movement(GAME.new_state(three_players()), {0: [0, 3], 1: [0, 4], 2: [0, 2]})
    state = totals(state, {0: {1: 4}})
    assert quick_value(state, 1, 2) is None
