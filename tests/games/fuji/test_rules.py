"""Phases, resolutions, wounds, tokens, the end of the game and the per-round modifiers."""

from __future__ import annotations

import json

import pytest

from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.queries import movement_values
from companion.games.fuji.state import (
    Loan,
    Outcome,
    PendingKind,
    Phase,
    RoundModifiers,
    State,
    Wounds,
)

from .helpers import (
    GRID_MAP,
    VILLAGE_ROW,
    as_dice,
    card_at,
    close_planning,
    dice,
    enter_dice,
    everyone_wins,
    lava_cells,
    play,
    refused,
    three_players,
    to_movement,
    totals,
    with_seat,
)


def grid_game(**extra: object) -> State:
    """A three-player game on the grid map."""
    return GAME.new_state(three_players(map=GRID_MAP, cards={}, **extra))


# --- advancing -----------------------------------------------------------------------


def test_phases_follow_in_order_and_wrap_to_a_new_round() -> None:
    state = GAME.new_state(three_players())
    seen = [state.phase]
    state = to_movement(state, {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    assert state.phase is Phase.MOVEMENT
    state = totals(state, everyone_wins(3))
    for seat in range(3):
        state = play(state, {"type": "resolve", "player": seat})
    state = play(state, {"type": "advance"})
    seen.append(state.phase)
    state = play(state, {"type": "advance"})
    seen.append(state.phase)
    assert seen == [Phase.ROLL, Phase.ERUPTION, Phase.ROLL]
    assert state.round == 2
    assert all(p.destination is None and p.dice is None for p in state.players)


def test_advance_says_what_is_missing() -> None:
    state = play(GAME.new_state(three_players()), {"type": "advance"})
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 3]})
    assert refused(state, {"type": "advance"}) == "fuji.error.destinations_missing"
    with pytest.raises(IllegalActionError) as error:
        GAME.apply(state, {"type": "advance"})
    assert error.value.params["names"] == "Jonathan, Stéphane"
    state = play(
        state,
        {"type": "set_destination", "player": 1, "cell": [0, 2]},
        {"type": "set_destination", "player": 2, "cell": [0, 4]},
        {"type": "advance"},
        {"type": "rerolls_done", "player": 1},
    )
    assert refused(state, {"type": "advance"}) == "fuji.error.rerolls_not_done"
    state = play(
        state,
        {"type": "rerolls_done", "player": 0},
        {"type": "rerolls_done", "player": 2},
        {"type": "advance"},
        {"type": "advance"},
    )
    assert refused(state, {"type": "advance"}) == "fuji.error.not_resolved"


def test_actions_out_of_their_phase_are_refused() -> None:
    state = GAME.new_state(three_players())
    assert refused(state, {"type": "rerolls_done", "player": 0}) == "fuji.error.wrong_phase"
    assert refused(state, {"type": "resolve", "player": 0}) == "fuji.error.wrong_phase"
    assert refused(state, {"type": "jump"}) == "fuji.error.unknown_action"
    assert refused(state, {"type": "set_dice", "player": 7, "dice": []}) == "fuji.error.wrong_phase"


# --- planning ------------------------------------------------------------------------


def test_destination_refusals_say_why() -> None:
    state = play(grid_game(), {"type": "advance"})
    assert refused(state, {"type": "set_destination", "player": 0, "cell": [1, 1]}) == (
        "fuji.error.not_walkable"
    )
    assert refused(state, {"type": "set_destination", "player": 0, "cell": [2, 1]}) == (
        "fuji.error.no_card_there"
    )
    assert refused(state, {"type": "set_destination", "player": 0, "cell": [0, 5]}) == (
        "fuji.error.too_far"
    )
    assert refused(state, {"type": "set_destination", "player": 9, "cell": [1, 2]}) == (
        "fuji.error.no_such_player"
    )
    state = play(state, {"type": "set_destination", "player": 0, "cell": [1, 4]})
    assert refused(state, {"type": "set_destination", "player": 1, "cell": [1, 4]}) == (
        "fuji.error.destination_taken"
    )


def test_confirm_and_release() -> None:
    state = play(grid_game(), {"type": "advance"})
    assert refused(state, {"type": "confirm_destination", "player": 0}) == (
        "fuji.error.no_destination"
    )
    state = play(
        state,
        {"type": "set_destination", "player": 0, "cell": [1, 4]},
        {"type": "confirm_destination", "player": 0},
    )
    assert refused(state, {"type": "set_destination", "player": 0, "cell": [1, 3]}) == (
        "fuji.error.destination_confirmed"
    )
    state = play(
        state,
        {"type": "release_destination", "player": 0},
        {"type": "set_destination", "player": 0, "cell": [1, 3]},
    )
    assert state.players[0].destination == (1, 3)


# --- resolution ----------------------------------------------------------------------


def test_a_wound_on_reaching_a_wound_space_and_the_leg_die_goes_after_everyone() -> None:
    state = to_movement(GAME.new_state(three_players()), {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    state = with_seat(state, 1, stamina_lost=1)
    state = totals(state, {0: {0: 5, 1: 1, 2: 1}, 1: {1: 1, 0: 9, 2: 1}, 2: {2: 9, 0: 1, 1: 1}})
    state = play(state, {"type": "resolve", "player": 1})  # beaten: 4 -> reaches 5
    assert state.players[1].stamina_lost == 5
    assert state.pending[0].kind is PendingKind.WOUND
    assert refused(state, {"type": "resolve", "player": 0}) == "fuji.error.choices_pending"
    assert refused(state, {"type": "choose_wound", "player": 0, "slot": "leg"}) == (
        "fuji.error.no_pending_wound"
    )
    state = play(state, {"type": "choose_wound", "player": 1, "slot": "leg"})
    assert state.players[1].wounds == Wounds(leg=True)
    assert state.players[1].dice_count == 6
    state = play(state, {"type": "resolve", "player": 0}, {"type": "resolve", "player": 2})
    state = play(state, {"type": "advance"})
    assert state.players[1].dice_count == 5
    keys = [told.message.key for told in state.instructions]
    assert "fuji.instruction.remove_die" in keys  # after what the last resolution said


def test_a_covered_wound_slot_cannot_take_another_token() -> None:
    state = to_movement(GAME.new_state(three_players()), {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    state = with_seat(state, 0, stamina_lost=8, wounds=Wounds(eye=True))
    state = totals(state, {0: {0: 1, 1: 5, 2: 1}})
    state = play(state, {"type": "resolve", "player": 0})  # 8 + 4 passes 10
    assert refused(state, {"type": "choose_wound", "player": 0, "slot": "eye"}) == (
        "fuji.error.slot_taken"
    )


def test_passing_two_wound_spaces_at_once_owes_two_wounds() -> None:
    track = {"length": 25, "wound_spaces": [2, 4, 15, 20]}
    state = GAME.new_state(three_players(stamina_track=track))
    state = to_movement(state, {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    state = totals(state, {0: {0: 1, 1: 5, 2: 1}})
    state = play(state, {"type": "resolve", "player": 0})
    assert state.pending[0].count == 2
    state = play(
        state,
        {"type": "choose_wound", "player": 0, "slot": "arm"},
        {"type": "choose_wound", "player": 0, "slot": "eye"},
    )
    assert state.pending == ()
    assert state.players[0].wounds.count() == 2


def test_exhaustion_on_the_last_space_loses_at_once() -> None:
    state = to_movement(GAME.new_state(three_players()), {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    state = with_seat(state, 2, stamina_lost=22)
    state = totals(state, {2: {2: 1, 0: 3, 1: 1}})
    state = play(state, {"type": "resolve", "player": 2})
    assert state.outcome is Outcome.LOST
    assert state.outcome_reason is not None
    assert state.outcome_reason.key == "fuji.outcome.exhausted"
    assert GAME.is_finished(state)
    assert refused(state, {"type": "advance"}) == "fuji.error.game_over"


def test_walking_through_an_eruption_token_erupts_at_once() -> None:
    state = to_movement(grid_game(), {0: [1, 4], 1: [1, 2], 2: [2, 2]})
    state = totals(state, everyone_wins(3))
    state = play(state, {"type": "resolve", "player": 0})
    assert state.players[0].position == (1, 4)
    assert card_at(state.board, (1, 3)).eruption_token == 0
    assert lava_cells(state) == [(0, 0), (0, 1)]
    keys = [i.message.key for i in state.instructions]
    assert keys[:3] == [
        "fuji.instruction.move_pawn",
        "fuji.instruction.eruption_token",
        "fuji.instruction.flip_cards",
    ]


def test_a_path_is_needed_when_ways_cross_different_eruption_tokens() -> None:
    state = to_movement(grid_game(), {0: [2, 3], 1: [1, 2], 2: [0, 2]})
    state = totals(state, everyone_wins(3))
    assert refused(state, {"type": "resolve", "player": 0}) == "fuji.error.path_needed"
    assert refused(state, {"type": "resolve", "player": 0, "path": [[2, 3]]}) == (
        "fuji.error.bad_path"
    )
    safe = play(state, {"type": "resolve", "player": 0, "path": [[2, 2], [2, 3]]})
    assert lava_cells(safe) == [(0, 0)]
    risky = play(state, {"type": "resolve", "player": 0, "path": [[1, 3], [2, 3]]})
    assert lava_cells(risky) == [(0, 0), (0, 1)]


def test_ending_on_an_equipment_token_owes_a_draw() -> None:
    state = to_movement(grid_game(), {0: [2, 4], 1: [1, 2], 2: [2, 2]})
    state = totals(state, everyone_wins(3))
    state = play(state, {"type": "resolve", "player": 0, "path": [[2, 2], [2, 3], [2, 4]]})
    assert state.pending[0].kind is PendingKind.DRAW
    assert not card_at(state.board, (2, 4)).equipment_token
    assert refused(state, {"type": "advance"}) == "fuji.error.choices_pending"
    state = play(state, {"type": "draw_equipment", "player": 0, "card": "rope"})
    assert state.players[0].equipment == ("rope",)
    assert state.players[0].fresh_equipment == ("rope",)
    assert refused(state, {"type": "add_equipment", "player": 1, "card": "rope"}) == (
        "fuji.error.card_in_hand"
    )


def test_all_pawns_on_villages_wins_at_once_with_the_score() -> None:
    state = GAME.new_state(
        three_players(
            map=VILLAGE_ROW,
            cards={},
            equipment=[["rope", "map"], [], ["torch"]],
            starting_hands="free",
        )
    )
    state = to_movement(state, {0: [0, 3], 1: [0, 4], 2: [0, 5]})
    state = with_seat(state, 1, wounds=Wounds(arm=True))
    state = totals(state, everyone_wins(3))
    state = play(state, {"type": "resolve", "player": 0}, {"type": "resolve", "player": 1})
    assert state.outcome is None
    state = play(state, {"type": "resolve", "player": 2})
    assert state.outcome is Outcome.WON
    assert state.score == 12 - 1 + 3
    assert state.score_band == "fuji.band.12_plus"


# --- modifiers set by equipment and skills --------------------------------------------


def example_dice_state() -> State:
    """Phase 5 with dice entered; seat 0 aims at yellow-or-4."""
    state = to_movement(GAME.new_state(three_players()), {0: [0, 3], 1: [0, 2], 2: [0, 4]})
    return enter_dice(
        state,
        {
            0: dice("Y6", "Y5", "B4", "P1", "B2"),  # yellow or 4: 15
            1: dice("Y3", "Y3", "P1", "B1", "P3", "B2"),  # 6
            2: dice("Y6", "Y6", "P1", "B1", "B2", "B3"),  # 12
        },
    )


def test_set_aside_dice_do_not_count() -> None:
    state = example_dice_state()
    aside = RoundModifiers(set_aside=as_dice("Y6"))
    assert movement_values(with_seat(state, 0, modifiers=aside), 0).own_value == 9


def test_a_lent_die_counts_for_the_holder() -> None:
    state = example_dice_state()
    lent = RoundModifiers(lent=(Loan(as_dice("Y6")[0], 1),))
    preview = movement_values(with_seat(state, 2, modifiers=lent), 0)
    assert dict(preview.neighbour_values) == {1: 12, 2: 6}


def test_flare_and_energy_count_in_own_resolution_only() -> None:
    state = example_dice_state()
    boosted = with_seat(state, 1, modifiers=RoundModifiers(flare_bonus=3, energy_bonus=2))
    assert dict(movement_values(boosted, 0).neighbour_values) == {1: 6, 2: 12}
    plain = movement_values(state, 1).own_value
    assert plain is not None
    assert movement_values(boosted, 1).own_value == plain + 5
    after = play(boosted, {"type": "resolve", "player": 1})
    assert after.players[1].modifiers.flare_bonus == 0
    assert after.players[1].modifiers.energy_bonus == 0


def test_first_aid_means_no_stamina_loss_even_when_beaten() -> None:
    state = example_dice_state()
    healed = with_seat(state, 1, modifiers=RoundModifiers(first_aid=True))
    after = play(healed, {"type": "resolve", "player": 1})
    assert after.results[-1].moved is False
    assert after.players[1].stamina_lost == 0
    assert after.players[1].position == (0, 2)


def test_quick_mode_totals_win_over_dice_and_dice_cannot_change_once_used() -> None:
    state = example_dice_state()
    state = totals(state, {0: {0: 1}})
    assert movement_values(state, 0).own_value == 1
    state = play(state, {"type": "resolve", "player": 0})
    assert refused(state, {"type": "set_dice", "player": 1, "dice": dice(*["Y1"] * 6)}) == (
        "fuji.error.dice_already_used"
    )
    assert refused(state, {"type": "set_dice", "player": 0, "dice": dice("Y1")}) == (
        "fuji.error.dice_already_used"
    )


def test_dice_entry_checks_count_colour_and_value() -> None:
    state = to_movement(GAME.new_state(three_players()), {0: [0, 3], 1: [0, 2], 2: [0, 4]})
    assert refused(state, {"type": "set_dice", "player": 0, "dice": dice("Y1")}) == (
        "fuji.error.dice_count"
    )
    assert refused(state, {"type": "set_dice", "player": 0, "dice": [["red", 1]] * 5}) == (
        "fuji.error.bad_die_colour"
    )
    assert refused(state, {"type": "set_dice", "player": 0, "dice": [["pink", 7]] * 5}) == (
        "fuji.error.bad_die_value"
    )
    assert refused(state, {"type": "resolve", "player": 0}) == "fuji.error.values_missing"


def test_gatherer_earns_energy_for_skipped_rerolls() -> None:
    state = play(GAME.new_state(three_players()), {"type": "advance"})
    state = close_planning(state, {0: [0, 3], 1: [0, 2], 2: [0, 4]})
    state = play(state, {"type": "rerolls_done", "player": 1, "used": 0})
    assert state.players[1].energy == 2
    assert refused(state, {"type": "rerolls_done", "player": 1}) == (
        "fuji.error.rerolls_already_done"
    )


def test_variant_a_open_dice_are_the_other_neighbour_of_both() -> None:
    two = three_players()["players"][:2]
    state = GAME.new_state(three_players(players=two, variant="two_player_a"))
    state = to_movement(state, {0: [0, 3], 1: [0, 4]})
    state = enter_dice(state, {0: dice("Y6", "Y6", "P1", "P1", "P1"), 1: dice(*["B1"] * 6)})
    assert refused(state, {"type": "resolve", "player": 0}) == "fuji.error.open_dice_missing"
    state = play(state, {"type": "set_dice", "player": -1, "dice": dice(*["Y5"] * 6)})
    preview = movement_values(state, 0)
    assert dict(preview.neighbour_values) == {1: 0, -1: 30}
    assert preview.allowed is False


def test_state_and_actions_are_json() -> None:
    state = example_dice_state()
    data = GAME.state_to_json(state)
    assert json.loads(json.dumps(data)) == data
    assert data["players"][0]["dice"][0] == {"colour": "yellow", "value": 6}


def test_the_winning_move_ends_the_game_before_stamina_is_counted() -> None:
    state = GAME.new_state(three_players(map=VILLAGE_ROW, cards={}))
    state = to_movement(state, {0: [0, 3], 1: [0, 4], 2: [0, 5]})
    state = with_seat(state, 2, stamina_lost=23)
    state = totals(state, {**everyone_wins(3), 2: {2: 10, 0: 9, 1: 0}})
    state = play(state, {"type": "resolve", "player": 0}, {"type": "resolve", "player": 1})
    state = play(state, {"type": "resolve", "player": 2})  # lead 1 would cost 3 of the last 2
    assert state.outcome is Outcome.WON
    assert state.players[2].stamina_lost == 23
    assert state.score == 12


def test_a_card_still_to_draw_at_the_win_counts_as_unused() -> None:
    villages = [["V", "R", "S", "v", "v", "vE"]]
    state = GAME.new_state(three_players(map=villages, cards={}))
    state = to_movement(state, {0: [0, 3], 1: [0, 4], 2: [0, 5]})
    state = totals(state, everyone_wins(3))
    state = play(state, *[{"type": "resolve", "player": seat} for seat in range(3)])
    assert state.outcome is Outcome.WON
    assert state.score == 13
