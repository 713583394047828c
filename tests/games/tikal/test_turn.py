"""The action-point turn: costs, per-turn limits and refusals with reasons."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.messages import IllegalActionError
from companion.games.tikal import GAME
from companion.games.tikal.state import TikalState

from .support import END, bring, jungle, move, play, start, temple, treasure

BASE, TEMPLE_A, TEMPLE_B, JUNGLE = 0, 1, 2, 3


def ada_to_act(players: int = 2) -> TikalState:
    """Ada has drawn a jungle hex (id 4) and may spend her 10 points."""
    return play(start(players), jungle())


def refused(state: TikalState, *actions: dict[str, Any]) -> str:
    """Apply ``actions``; the last must be refused; return its reason and check nothing moved."""
    before = play(state, *actions[:-1])
    snapshot = GAME.state_to_json(before)
    with pytest.raises(IllegalActionError) as error:
        GAME.apply(before, actions[-1])
    assert GAME.state_to_json(before) == snapshot
    return error.value.key


def points_left(state: TikalState) -> int:
    return int(GAME.state_to_json(state)["action_points_left"])


def test_bringing_a_worker_costs_one_point() -> None:
    state = play(ada_to_act(), bring())
    assert points_left(state) == 9
    assert state.players[0].reserve == 17
    assert state.workers[BASE][0] == 1


def test_a_turn_never_spends_more_than_ten_points() -> None:
    state = play(ada_to_act(), *[bring()] * 10)
    assert points_left(state) == 0
    assert refused(state, bring()) == "tikal.error.not_enough_points"


def test_pieces_enter_only_at_the_base_camp_or_an_own_camp() -> None:
    assert refused(ada_to_act(), bring(JUNGLE)) == "tikal.error.not_entry_point"


def test_the_leader_enters_once() -> None:
    state = play(ada_to_act(), bring(piece="leader"))
    assert state.players[0].leader == BASE
    assert refused(state, bring(piece="leader")) == "tikal.error.leader_not_in_reserve"


def test_the_reserve_runs_out_after_eighteen_workers() -> None:
    state = ada_to_act()
    state = play(state, *[bring()] * 10, END, jungle(), END, jungle(), *[bring()] * 8, END)
    state = play(state, jungle())
    assert state.players[1].reserve == 18 and state.players[0].reserve == 0
    state = play(state, END, jungle())
    assert refused(state, bring()) == "tikal.error.reserve_empty"


def test_moving_costs_one_point_per_stone() -> None:
    state = play(ada_to_act(), bring(), move(BASE, JUNGLE, stones=3))
    assert points_left(state) == 6
    assert state.workers[JUNGLE][0] == 1 and state.workers[BASE][0] == 0


def test_moving_needs_a_piece_on_the_starting_hex() -> None:
    assert refused(ada_to_act(), move(BASE, JUNGLE)) == "tikal.error.no_worker_there"


def test_nobody_enters_a_volcano() -> None:
    state = play(start(2), {"type": "draw", "kind": "volcano"}, END, END)
    assert state.hexes[4].kind == "volcano" and state.phase == "actions"
    assert refused(state, bring(), move(BASE, 4)) == "tikal.error.volcano_closed"


def test_uncovering_takes_the_next_number_for_two_points() -> None:
    state = play(ada_to_act(), bring(), move(BASE, TEMPLE_A), {"type": "uncover", "hex": TEMPLE_A})
    assert state.hexes[TEMPLE_A].value == 2
    assert state.levels[0] == 2
    assert points_left(state) == 10 - 1 - 1 - 2


def test_a_second_level_in_one_turn_needs_two_own_pieces() -> None:
    uncover = {"type": "uncover", "hex": TEMPLE_A}
    one = play(ada_to_act(), bring(), move(BASE, TEMPLE_A), uncover)
    assert refused(one, uncover) == "tikal.error.second_level_needs_two"
    two = play(one, bring(), move(BASE, TEMPLE_A), uncover)
    assert two.hexes[TEMPLE_A].value == 3


def test_at_most_two_levels_per_temple_per_turn() -> None:
    uncover = {"type": "uncover", "hex": TEMPLE_A}
    state = play(ada_to_act(), bring(), bring(), move(BASE, TEMPLE_A), move(BASE, TEMPLE_A),
                 uncover, uncover)
    assert state.hexes[TEMPLE_A].value == 3
    assert refused(state, uncover) == "tikal.error.two_levels"


def test_uncovering_stops_when_the_next_number_has_run_out() -> None:
    uncover = {"type": "uncover", "hex": 4}
    state = play(start(2), temple(9), bring(), move(BASE, 4), uncover)
    assert state.hexes[4].value == 10
    state = play(state, END, temple(9), bring(), move(BASE, 5))
    assert refused(state, {"type": "uncover", "hex": 5}) == "tikal.error.no_level_tile"


def test_uncovering_needs_an_own_piece_on_the_temple() -> None:
    state = ada_to_act()
    assert refused(state, {"type": "uncover", "hex": TEMPLE_A}) == "tikal.error.no_piece_there"


def treasure_turn(masks: int = 4) -> TikalState:
    """Ada drew a treasure hex (id 4) and stands on it with two workers (4 points left)."""
    return play(start(2), treasure(masks), bring(), bring(), move(BASE, 4), move(BASE, 4))


def take(kind: int, hex_id: int = 4) -> dict[str, Any]:
    return {"type": "take_treasure", "hex": hex_id, "kind": kind}


def test_taking_a_treasure_costs_three_points() -> None:
    state = play(treasure_turn(), take(5))
    assert state.players[0].treasures[4] == 1
    assert state.hexes[4].treasures == 3
    assert points_left(state) == 3


def test_a_second_treasure_from_one_hex_needs_two_pieces() -> None:
    state = play(start(2), treasure(3), bring(), move(BASE, 4), take(1))
    assert refused(state, take(2)) == "tikal.error.second_treasure_needs_two"


def test_at_most_two_treasures_per_hex_per_turn() -> None:
    state = play(start(2), treasure(4), bring(), bring(), bring(),
                 move(BASE, 4), move(BASE, 4), move(BASE, 4), END, jungle(), END)
    state = play(state, jungle(), take(1), take(2))
    assert refused(state, take(3)) == "tikal.error.two_treasures"


def test_never_more_than_three_of_a_kind_in_all() -> None:
    state = play(start(2), treasure(4), bring(), bring(), move(BASE, 4), move(BASE, 4),
                 END, treasure(4), bring(), bring(), move(BASE, 5), move(BASE, 5))
    state = play(state, take(7, 5), END, jungle(), take(7), take(7), END)
    assert sum(p.treasures[6] for p in state.players) == 3
    state = play(state, jungle(), bring(), move(BASE, 5))
    assert refused(state, take(7, 5)) == "tikal.error.kind_exhausted"


def exchange(with_seat: int, give: int, take_kind: int) -> dict[str, Any]:
    return {"type": "exchange", "with": with_seat, "give": give, "take": take_kind}


def holdings() -> TikalState:
    """Ada holds a pair of 1 and a single 2; Bo holds single 3 and 4; Ada is to act."""
    state = play(start(2), treasure(4), bring(), bring(), move(BASE, 4), move(BASE, 4),
                 take(1), END)
    state = play(state, treasure(4), bring(), bring(), move(BASE, 5), move(BASE, 5),
                 take(3, 5), END)
    state = play(state, jungle(), take(1), take(2), END)
    return play(state, jungle(), take(4, 5), END, jungle())


def test_exchange_swaps_single_treasures_for_three_points() -> None:
    state = play(holdings(), exchange(1, 2, 3))
    assert state.players[0].treasures[:4] == (2, 0, 1, 0)
    assert state.players[1].treasures[:4] == (0, 1, 0, 1)
    assert points_left(state) == 7


def test_an_exchange_tells_both_players_to_swap_their_tokens() -> None:
    """The app records the swap; the real tokens change hands at the table, so both
    players are told to swap them. The rulebook ("Wymiana skarbów"): the player "wybiera
    jeden skarb z zasobów innego gracza i kładzie wśród swoich skarbów, a oddaje zamiast
    niego jeden ze swoich"."""
    state = play(holdings(), exchange(1, 2, 3))
    notes = [note for note in state.instructions if note.key == "tikal.instruction.swap_tokens"]
    assert len(notes) == 1
    assert notes[0].params["player"] == state.players[0].name
    assert notes[0].params["other"] == state.players[1].name


def test_exchange_never_splits_a_pair() -> None:
    assert refused(holdings(), exchange(1, 1, 3)) == "tikal.error.give_not_single"


def test_exchange_takes_only_a_single() -> None:
    state = play(holdings(), END, jungle(), exchange(0, 3, 2))
    assert state.players[1].treasures[:4] == (0, 1, 0, 1)
    assert refused(holdings(), END, jungle(), exchange(0, 4, 1)) == "tikal.error.take_not_single"


def test_camps_stand_on_jungle_and_cost_five() -> None:
    state = play(ada_to_act(), {"type": "build_camp", "hex": JUNGLE})
    assert state.hexes[JUNGLE].camp == 0 and points_left(state) == 5
    state = play(state, bring(JUNGLE), {"type": "camp_move", "from": JUNGLE, "to": BASE})
    assert state.workers[BASE][0] == 1 and points_left(state) == 3


def test_camps_need_jungle_or_an_emptied_treasure_hex() -> None:
    assert refused(ada_to_act(), {"type": "build_camp", "hex": TEMPLE_A}) == (
        "tikal.error.camp_ground")
    assert refused(play(start(2), treasure(2)), {"type": "build_camp", "hex": 4}) == (
        "tikal.error.camp_ground")


def test_one_camp_per_hex_and_two_per_player() -> None:
    state = play(ada_to_act(), {"type": "build_camp", "hex": JUNGLE}, END)
    assert refused(state, jungle(), {"type": "build_camp", "hex": JUNGLE}) == (
        "tikal.error.camp_taken")
    state = play(state, jungle(), END, jungle(), {"type": "build_camp", "hex": 4}, END, jungle(),
                 END, jungle())
    assert refused(state, {"type": "build_camp", "hex": 6}) == "tikal.error.no_camps_left"


def test_other_players_cannot_enter_from_reserve_into_a_foreign_camp() -> None:
    state = play(ada_to_act(), {"type": "build_camp", "hex": JUNGLE}, END, jungle())
    assert refused(state, bring(JUNGLE)) == "tikal.error.not_entry_point"


def guard(hex_id: int) -> dict[str, Any]:
    return {"type": "place_guard", "hex": hex_id}


def test_a_guard_needs_the_majority_with_the_leader_counting_three() -> None:
    state = play(start(2), jungle(), bring(), bring(), bring(), move(BASE, TEMPLE_A),
                 move(BASE, TEMPLE_A), move(BASE, TEMPLE_A), END)
    state = play(state, jungle(), bring(piece="leader"), move(BASE, TEMPLE_A, piece="leader"))
    assert refused(state, guard(TEMPLE_A)) == "tikal.error.no_majority"
    state = play(state, bring(), move(BASE, TEMPLE_A), guard(TEMPLE_A))
    assert state.hexes[TEMPLE_A].guard == 1


def test_guarding_boxes_the_other_own_pieces_and_freezes_the_temple() -> None:
    state = play(start(2), jungle(), bring(), bring(), move(BASE, TEMPLE_A),
                 move(BASE, TEMPLE_A), END, jungle(), END, jungle())
    state = play(state, bring(piece="leader"), move(BASE, TEMPLE_A, piece="leader"),
                 guard(TEMPLE_A))
    assert state.hexes[TEMPLE_A].guard == 0
    assert state.workers[TEMPLE_A][0] == 0
    assert GAME.state_to_json(state)["players"][0]["leader"] == "out"
    assert state.players[0].boxed == 1
    assert state.instructions[0].params["boxed"] == 2
    state = play(state, END, jungle(), bring(), move(BASE, TEMPLE_A))
    assert refused(state, {"type": "uncover", "hex": TEMPLE_A}) == "tikal.error.temple_guarded"


def test_a_lone_guard_is_told_to_box_nothing() -> None:
    """A guard whose piece stood alone on the temple leaves nothing to box: the table is
    told only where the guard stands, never to box "0 other pieces". The rulebook
    ("Strażnik Świątyni"): "Strażnika stawia na środku płytki, a wszystkie inne swoje
    pionki odkłada do pudełka" — with no other pieces, there is nothing to box."""
    state = play(start(2), jungle(), bring(), move(BASE, TEMPLE_A))
    state = play(state, guard(TEMPLE_A))
    assert state.hexes[TEMPLE_A].guard == 0
    keys = [note.key for note in state.instructions]
    assert "tikal.instruction.guard_alone" in keys
    assert "tikal.instruction.guard" not in keys


def test_two_guards_per_player_per_game() -> None:
    state = play(start(2), temple(2), bring(), move(BASE, TEMPLE_A), guard(TEMPLE_A), END,
                 jungle(), END)
    state = play(state, temple(3), bring(), move(BASE, TEMPLE_B), guard(TEMPLE_B), END,
                 jungle(), END)
    state = play(state, jungle(), bring(), move(BASE, 4))
    assert refused(state, guard(4)) == "tikal.error.no_guards_left"


def test_actions_outside_their_phase_are_refused_with_the_phase() -> None:
    key = refused(start(2), bring())
    assert key == "tikal.error.wrong_phase"
