"""Reach, paths, neighbours and reroll allowances."""

from __future__ import annotations

from dataclasses import replace

from companion.games.fuji import GAME
from companion.games.fuji.eruption import cells_to_flip, erupt, flip
from companion.games.fuji.queries import (
    legal_destinations,
    neighbours,
    path_choice_needed,
    reroll_allowance,
    shortest_paths,
    steps_to_villages,
)
from companion.games.fuji.scenarios import build_board
from companion.games.fuji.state import OPEN_DICE_SEAT, State, Wounds

from .helpers import FOUR, GRID_MAP, card_at, play, three_players, with_seat

NEAR = {(1, 2), (0, 2), (1, 3), (2, 2), (0, 3), (1, 4), (2, 3), (0, 4), (1, 5), (2, 4)}


def planning(
    skills: tuple[str, str, str] = ("tinkerer", "gatherer", "buddy"), **extra: object
) -> State:
    """A game on the grid map in planning, with the given skills."""
    setup = three_players(**{"map": GRID_MAP, "cards": {}, **extra})
    for entry, skill in zip(setup["players"], skills, strict=True):
        entry["skill"] = skill
    return play(GAME.new_state(setup), {"type": "advance"})


def test_reach_is_three_orthogonal_cards_avoiding_scoria_and_gaps() -> None:
    state = planning()
    assert set(legal_destinations(state, 0)) == NEAR


def test_the_scout_reaches_four_cards_unless_amnesia() -> None:
    state = planning(("scout", "gatherer", "buddy"))
    assert set(legal_destinations(state, 0)) == NEAR | {(0, 5), (2, 5)}
    forgetful = with_seat(state, 0, wounds=Wounds(amnesia=True))
    assert set(legal_destinations(forgetful, 0)) == NEAR


def test_pawns_do_not_block_but_lava_does() -> None:
    state = with_seat(planning(), 1, position=(1, 3))
    assert (1, 4) in legal_destinations(state, 0)
    board = flip(state.board, ((1, 3),))
    burnt = replace(state, board=board)
    reachable = legal_destinations(burnt, 0)
    assert (1, 4) not in reachable and (1, 3) not in reachable
    assert (2, 3) in reachable


def test_neighbours_sit_in_a_ring() -> None:
    four = FOUR
    state = GAME.new_state({"scenario": 2, "players": four})
    assert neighbours(state, 0) == (3, 1)
    assert neighbours(state, 2) == (1, 3)
    three = GAME.new_state({"scenario": 2, "players": four[:3]})
    assert neighbours(three, 1) == (0, 2)
    pair = GAME.new_state({"scenario": 2, "players": four[:2], "variant": "two_player_a"})
    assert neighbours(pair, 0) == (1, OPEN_DICE_SEAT)
    shared = GAME.new_state(
        {"scenario": 2, "players": [four[0], four[3], four[1]], "variant": "two_player_b"}
    )
    assert shared.players[2].shared and neighbours(shared, 2) == (0, 1)


def test_neighbours_may_not_share_a_destination_but_others_may_in_four() -> None:
    four = FOUR
    state = play(GAME.new_state({"scenario": 3, "players": four}), {"type": "advance"})
    start = list(state.players[0].position)
    state = play(state, {"type": "set_destination", "player": 0, "cell": start})
    assert tuple(start) not in legal_destinations(state, 1)
    assert tuple(start) not in legal_destinations(state, 3)
    state = play(state, {"type": "set_destination", "player": 2, "cell": start})
    assert state.players[2].destination == tuple(start)


def aim(state: State, seat: int, cell: tuple[int, int]) -> State:
    """Place a destination marker."""
    return play(state, {"type": "set_destination", "player": seat, "cell": list(cell)})


def test_reroll_allowance_by_distance_symbol_and_skills() -> None:
    plain = {"1,2": "L01", "1,3": "L03", "1,4": "L04", "0,4": "L05"}
    state = planning(cards={**plain, "0,3": "L02"})  # L02 shows the reroll symbol
    assert reroll_allowance(aim(state, 0, (1, 2)), 0) == 2
    assert reroll_allowance(aim(state, 0, (1, 3)), 0) == 1
    assert reroll_allowance(aim(state, 0, (1, 4)), 0) == 1
    assert reroll_allowance(aim(state, 0, (0, 4)), 0) == 0
    assert reroll_allowance(aim(state, 0, (0, 3)), 0) == 2


def test_eye_wound_survivalist_and_scout_rerolls() -> None:
    survivor = planning(("survivalist", "gatherer", "buddy"), cards={"1,2": "L01"})
    assert reroll_allowance(aim(survivor, 0, (1, 2)), 0) == 3
    blinded = with_seat(survivor, 0, wounds=Wounds(eye=True))
    assert reroll_allowance(aim(blinded, 0, (1, 2)), 0) == 1
    scout = planning(("scout", "gatherer", "buddy"), cards={"0,5": "V04"})
    assert reroll_allowance(aim(scout, 0, (0, 5)), 0) == 0  # four cards, despite the symbol


def test_shortest_paths_and_when_a_choice_is_needed() -> None:
    state = planning()
    paths = shortest_paths(state, 0, (2, 4))
    assert paths == (
        ((1, 3), (1, 4), (2, 4)),
        ((1, 3), (2, 3), (2, 4)),
        ((2, 2), (2, 3), (2, 4)),
    )
    assert shortest_paths(state, 0, (1, 2)) == ((),)
    assert shortest_paths(state, 0, (0, 0)) == ()
    assert path_choice_needed(aim(state, 0, (2, 4)), 0)
    assert not path_choice_needed(aim(state, 0, (1, 4)), 0)


def test_an_eruption_wave_is_orthogonal_spares_villages_and_stops_at_gaps() -> None:
    board = build_board(
        {
            "map": [
                ["L", "L", "L", "."],
                ["L", "V", "v", "L"],
                [".", "R", "S", "L"],
            ]
        },
        3,
    )
    assert cells_to_flip(board) == ((0, 1), (1, 0), (2, 1))
    once, flipped = erupt(board)
    assert flipped == ((0, 1), (1, 0), (2, 1))
    twice, flipped_again = erupt(once)
    assert flipped_again == ((0, 0), (0, 2), (2, 2))
    assert not card_at(twice, (1, 2)).lava
    thrice, last = erupt(twice)
    assert last == ((2, 3),)
    assert erupt(thrice)[1] == ((1, 3),)


def test_a_player_boxed_in_by_neighbours_markers_may_still_stay() -> None:
    state = GAME.new_state(three_players(map=[["V", "R", "S", "v"]], cards={}))
    state = play(
        state,
        {"type": "advance"},
        {"type": "set_destination", "player": 0, "cell": [0, 2]},
        {"type": "set_destination", "player": 1, "cell": [0, 3]},
    )
    assert legal_destinations(state, 2) == ((0, 2),)
    state = play(state, {"type": "set_destination", "player": 2, "cell": [0, 2]})
    assert play(state, {"type": "advance"}).phase.value == "rerolls"


def test_steps_to_villages_counts_walking_steps_on_the_row_map() -> None:
    """Crater and scoria are not walked on; each landscape is one step nearer the village."""
    state = GAME.new_state(three_players())
    assert steps_to_villages(state.board) == {(0, 6): 0, (0, 5): 1, (0, 4): 2, (0, 3): 3,
                                              (0, 2): 4}
