"""Rules the three rulebooks agree on (or where the app offers both readings).

Each test quotes, briefly, the rulebook passage it follows.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.messages import SetupError
from companion.core.upgrade import current
from companion.games.fuji import GAME
from companion.games.fuji.queries import drawable_cards, starting_draw, walks
from companion.games.fuji.state import Outcome, Phase, StartKind, State
from tests.games.fuji.helpers import (
    FOUR,
    GRID_MAP,
    VILLAGE_ROW,
    card_at,
    close_planning,
    dice,
    everyone_wins,
    play,
    refused,
    three_players,
    through_rerolls,
    tinkerer_takes_amnesia,
    to_movement,
    totals,
)

SCOUT_TABLE = [
    {"name": "Ana", "colour": "blue", "skill": "scout"},
    {"name": "Ben", "colour": "green", "skill": "gatherer"},
    {"name": "Cleo", "colour": "purple", "skill": "buddy"},
]
"""A Scout (4 cards) and two others."""

ONE_CARD_TABLE = [
    {"name": "Ana", "colour": "blue", "skill": "survivalist"},
    {"name": "Ben", "colour": "green", "skill": "gatherer"},
    {"name": "Cleo", "colour": "purple", "skill": "buddy"},
]
"""Three characters that keep one card each and use each card once."""


def one_card_game(grid: list[list[str]], hands: list[list[str]], **options: Any) -> State:
    """The one-card table on the map ``grid`` without conditions, holding ``hands``."""
    return GAME.new_state(three_players(map=grid, cards={}, players=ONE_CARD_TABLE,
                                        equipment=hands, **options))


# --- used equipment is gone ----------------------------------------------------------


def test_a_used_card_cannot_be_drawn_again() -> None:
    """PL: "Wykorzystaną kartę odłóż na bok - nie będzie już dostępna dla żadnego gracza";
    FR: "Elle ne sera plus utilisable, par vous ou par vos coéquipiers"."""
    state = one_card_game(GRID_MAP, [["torch"], ["map"], ["radio"]])
    state = play(state, {"type": "advance"})
    state = play(state, {"type": "use_equipment", "player": 0, "card": "torch"})
    assert state.discarded == ("torch",)
    assert "torch" not in drawable_cards(state)
    state = through_rerolls(state, {0: [2, 4], 1: [2, 2], 2: [0, 2]})
    state = play(state, {"type": "advance"})
    state = totals(state, everyone_wins(3))
    state = play(
        state,
        {"type": "resolve", "player": 1, "path": [[2, 2]]},
        {"type": "resolve", "player": 2},
        {"type": "resolve", "player": 0, "path": [[2, 2], [2, 3], [2, 4]]},
    )
    assert refused(state, {"type": "draw_equipment", "player": 0, "card": "torch"}) == (
        "fuji.error.card_discarded"
    )


def test_tinkerer_cards_lost_to_amnesia_are_out_of_the_game() -> None:
    """PL: "Jeśli Złota rączka utraci swoją zdolność (amnezja), natychmiast usuń z gry
    wszystkie raz użyte karty ekwipunku"."""
    state = GAME.new_state(three_players(equipment=[["rope"], ["map"], ["torch"]]))
    state = tinkerer_takes_amnesia(state)
    assert state.players[0].equipment == ()
    assert state.discarded == ("rope",)
    assert "rope" not in drawable_cards(state)


def test_a_used_card_does_not_score_as_unused() -> None:
    """PL: "+1 PZ za każdą posiadaną, ale niewykorzystaną kartę ekwipunku"."""
    state = one_card_game(VILLAGE_ROW, [["torch"], ["map"], ["radio"]])
    state = play(state, {"type": "advance"})
    state = play(state, {"type": "use_equipment", "player": 0, "card": "torch"})
    state = through_rerolls(state, {0: [0, 3], 1: [0, 4], 2: [0, 5]})
    state = play(state, {"type": "advance"})
    state = totals(state, everyone_wins(3))
    for seat in range(3):
        state = play(state, {"type": "resolve", "player": seat})
    assert state.outcome is Outcome.WON
    assert state.score == 12 + 2  # map and radio; the torch is gone


# --- a drawn card waits ----------------------------------------------------------------


def rope_draw_in_planning(**options: Any) -> State:
    """Ana ropes onto the equipment token in phase 2 and draws the compass."""
    rope_map = [["V", "R", "S", "E", "L", "v"]]
    state = one_card_game(rope_map, [["rope"], ["map"], ["radio"]], **options)
    state = play(
        state,
        {"type": "advance"},
        {"type": "use_equipment", "player": 0, "card": "rope", "cell": [0, 3]},
        {"type": "draw_equipment", "player": 0, "card": "compass"},
    )
    return through_rerolls(state, {0: [0, 3], 1: [0, 2], 2: [0, 4]})


def test_a_card_drawn_this_round_waits_for_the_next_round() -> None:
    """PL: "Możesz jej użyć najwcześniej w kolejnej rundzie"; ES: "Puede usarlo a partir de
    la siguiente ronda"."""
    state = rope_draw_in_planning()
    assert state.phase is Phase.EQUIPMENT
    assert refused(state, {"type": "use_equipment", "player": 0, "card": "compass"}) == (
        "fuji.error.equipment.fresh_card"
    )


def test_the_french_reading_frees_the_card_once_the_phase_is_over() -> None:
    """FR: "Vous pourrez l'utiliser dès que vous aurez terminé vos actions de cette phase"."""
    state = rope_draw_in_planning(fresh_cards="after_own_phase")
    state = play(state, {"type": "use_equipment", "player": 0, "card": "compass"})
    assert "compass" in state.discarded


def test_a_card_drawn_in_phase_five_is_usable_next_round() -> None:
    """PL: "Możesz jej użyć najwcześniej w kolejnej rundzie"."""
    state = GAME.new_state(
        three_players(map=GRID_MAP, cards={}, equipment=[["rope"], ["map"], ["radio"]])
    )
    state = to_movement(state, {0: [2, 4], 1: [2, 2], 2: [0, 2]})
    state = totals(state, everyone_wins(3))
    state = play(state, {"type": "resolve", "player": 1}, {"type": "resolve", "player": 2})
    state = play(state, {"type": "resolve", "player": 0, "path": [[2, 2], [2, 3], [2, 4]]})
    state = play(state, {"type": "draw_equipment", "player": 0, "card": "compass"})
    assert state.players[0].fresh_equipment == ("compass",)
    state = play(state, {"type": "advance"}, {"type": "advance"})
    assert state.round == 2
    assert state.players[0].fresh_equipment == ()


# --- any route within the step limit -----------------------------------------------------


def test_a_scout_may_walk_four_cards_around_an_eruption_token() -> None:
    """PL: "w każdej rundzie pionek postaci może się ruszyć maksymalnie o trzy kroki";
    Scout: "możesz przesunąć swoją postać nawet o 4 pola" — the limit is on steps, not on
    the route."""
    state = GAME.new_state(three_players(map=GRID_MAP, cards={}, players=SCOUT_TABLE))
    state = to_movement(state, {0: [1, 4], 1: [2, 2], 2: [0, 2]})
    state = totals(state, everyone_wins(3))
    state = play(state, {"type": "resolve", "player": 1}, {"type": "resolve", "player": 2})
    around = [[0, 2], [0, 3], [0, 4], [1, 4]]
    state = play(state, {"type": "resolve", "player": 0, "path": around})
    assert state.players[0].position == (1, 4)
    assert card_at(state.board, (1, 3)).eruption_token == 1  # not crossed, not triggered


def test_any_walk_within_three_steps_is_allowed_but_not_a_longer_one() -> None:
    """FR: "Un pion peut se déplacer jusqu'à un maximum de trois cartes de distance"."""
    state = GAME.new_state(three_players(map=GRID_MAP, cards={}))
    state = to_movement(state, {0: [0, 2], 1: [2, 2], 2: [0, 3]})
    assert walks(state, 0, (0, 2)) == (((0, 2),), ((1, 3), (0, 3), (0, 2)))
    state = totals(state, everyone_wins(3))
    state = play(
        state,
        {"type": "resolve", "player": 1},
        {"type": "resolve", "player": 2, "path": [[0, 2], [0, 3]]},
    )
    too_long = [[2, 2], [2, 3], [2, 4], [1, 4], [0, 4], [0, 3], [0, 2]]
    assert refused(state, {"type": "resolve", "player": 0, "path": too_long}) == (
        "fuji.error.bad_path"
    )


def test_a_scout_who_rerolled_walks_at_most_three_cards() -> None:
    """PL Scout: "Jeśli skorzystasz z tej umiejętności, nie możesz ponownie rzucić
    kośćmi w fazie ③"."""
    state = GAME.new_state(three_players(map=GRID_MAP, cards={}, players=SCOUT_TABLE))
    state = close_planning(play(state, {"type": "advance"}), {0: [1, 4], 1: [2, 2], 2: [0, 2]})
    assert max(len(walk) for walk in walks(state, 0, (1, 4))) == 4
    state = play(state, {"type": "rerolls_done", "player": 0, "used": 1})
    assert max(len(walk) for walk in walks(state, 0, (1, 4))) == 2


# --- starting hands ----------------------------------------------------------------------


def test_starting_hands_must_have_the_size_of_the_skill_card() -> None:
    """PL Kwatermistrz: "4 karty ekwipunku: wybierz spośród nich 2 karty"; Skaut: "5 kości
    i 2 karty ekwipunku"; Złota rączka: "3 karty ekwipunku: wybierz spośród nich 1"."""
    with pytest.raises(SetupError) as error:
        GAME.new_state(three_players(equipment=[["rope", "map"], ["torch"], ["radio"]]))
    assert error.value.key == "fuji.setup.hand_size"
    assert error.value.params["count"] == 1


@pytest.mark.parametrize(
    ("skill", "drawn", "kept"),
    [
        ("equipment_manager", 4, 2),
        ("scout", 2, 2),
        ("buddy", 1, 1),
        ("survivalist", 1, 1),
        ("gatherer", 1, 1),
        ("tinkerer", 3, 1),
    ],
)
def test_every_skill_draws_and_keeps_what_its_card_says(skill: str, drawn: int, kept: int) -> None:
    """FR Intendant: "Reçoit 6 dés et 4 cartes d'équipement ... Vous choisissez 2";
    Bricoleur: "Reçoit 5 dés et 3 cartes ... Vous choisissez 1"; the others keep all."""
    assert starting_draw(skill) == (drawn, kept)


def test_old_records_with_other_hand_sizes_still_replay() -> None:
    """Games stored before the check (data version 1) keep their hands."""
    old_setup = three_players(equipment=[["rope", "map"], [], []])
    setup, actions = current(GAME, old_setup, [{"type": "advance"}])
    state = GAME.new_state(setup)
    assert state.players[0].equipment == ("rope", "map")
    assert play(state, *actions).phase is Phase.PLANNING


# --- four players: which pawns start where ----------------------------------------------------


def test_four_players_choose_which_two_pawns_start_on_white() -> None:
    """PL: "postawcie dwa pionki postaci na karcie ... oznaczonej białym symbolem, a
    pozostałe dwa na karcie ... oznaczonej szarym symbolem" — which two is the table's."""
    setup = {"scenario": 3, "players": FOUR, "level": 1, "starts": ["grey", "white", "grey",
                                                                    "white"]}
    state = GAME.new_state(setup)
    kinds = [card_at(state.board, someone.position).start for someone in state.players]
    assert kinds == [StartKind.GREY, StartKind.WHITE, StartKind.GREY, StartKind.WHITE]


def test_four_player_starts_need_two_on_each_card() -> None:
    """Two pawns on the white card and two on the grey one, no other split."""
    with pytest.raises(SetupError) as error:
        GAME.new_state({"scenario": 3, "players": FOUR, "starts": ["white"] * 3 + ["grey"]})
    assert error.value.key == "fuji.setup.starts_two_each"


# --- variant B score ---------------------------------------------------------------------------


def variant_b_win(**options: Any) -> State:
    """Two players and the shared character, all reaching the villages in round 1."""
    players = [
        {"name": "Ana", "colour": "blue", "skill": "scout"},
        {"name": "Ben", "colour": "green", "skill": "survivalist"},
        {"name": "Shared", "colour": "purple", "skill": "buddy"},
    ]
    state = GAME.new_state(
        three_players(map=VILLAGE_ROW, cards={}, players=players, variant="two_player_b",
                      **options)
    )
    state = to_movement(state, {0: [0, 3], 1: [0, 4], 2: [0, 5]})
    state = totals(state, everyone_wins(3))
    for seat in range(3):
        state = play(state, {"type": "resolve", "player": seat})
    return state


def test_variant_b_counts_the_shared_character_as_a_player_by_default() -> None:
    """PL: "4 PZ * liczba graczy" and variant B calls the third character "wirtualny
    gracz" (a virtual player)."""
    state = variant_b_win()
    assert state.outcome is Outcome.WON
    assert state.score == 12


def test_variant_b_may_count_only_the_people_at_the_table() -> None:
    """FR: "4 PV par joueur" read as the people playing: two players, 8 points."""
    assert variant_b_win(score_base="per_player").score == 8


# --- rerolls asked only of those who have some ------------------------------------------------


def test_a_player_without_rerolls_is_not_asked() -> None:
    """FR: "Si vous voulez vous déplacer de 3 cartes, vous ne pouvez pas relancer de dé"."""
    state = GAME.new_state(three_players())
    state = play(
        state,
        {"type": "advance"},
        {"type": "set_destination", "player": 0, "cell": [0, 5]},
        {"type": "set_destination", "player": 1, "cell": [0, 2]},
        {"type": "set_destination", "player": 2, "cell": [0, 3]},
        {"type": "advance"},
    )
    assert state.players[0].rerolls_done
    assert GAME.waiting_for(state) == frozenset({1, 2})
    same = play(state, {"type": "rerolls_done", "player": 0})
    assert same == state


# --- dice entered one at a time ---------------------------------------------------------------


def test_dice_come_in_one_at_a_time_and_the_last_one_comes_out_first() -> None:
    """Each die is an action: undoing the last one takes back one die, not the set."""
    state = to_movement(GAME.new_state(three_players()), {0: [0, 3], 1: [0, 2], 2: [0, 4]})
    for face in dice("Y6", "Y5", "B4"):
        state = play(state, {"type": "enter_die", "player": 0, "die": face})
    assert len(state.players[0].dice_partial) == 3
    state = play(state, {"type": "remove_die", "player": 0})
    assert [die.value for die in state.players[0].dice_partial] == [6, 5]
    for face in dice("B4", "P1", "B2"):
        state = play(state, {"type": "enter_die", "player": 0, "die": face})
    assert state.players[0].dice is not None and len(state.players[0].dice) == 5
    assert state.players[0].dice_partial == ()
    assert refused(state, {"type": "enter_die", "player": 0, "die": ["yellow", 1]}) == (
        "fuji.error.dice_complete"
    )
    state = play(state, {"type": "remove_die", "player": 0, "index": 0})
    assert state.players[0].dice is None
    assert [die.value for die in state.players[0].dice_partial] == [5, 4, 1, 2]
