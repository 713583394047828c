"""Level cards, the stamina board and the rarer rules around them."""

from __future__ import annotations

import pytest

from companion.core.messages import IllegalActionError, SetupError
from companion.games.fuji import GAME
from companion.games.fuji.levels import (
    DEFAULT_STAMINA_TRACK,
    LEVEL_TABLES,
    level_table_from_json,
    level_table_to_json,
    stamina_track_from_json,
    stamina_track_to_json,
)
from companion.games.fuji.state import Outcome, Wounds

from .helpers import (
    GRID_MAP,
    card_at,
    everyone_wins,
    lava_cells,
    play,
    three_players,
    through_rerolls,
    tinkerer_takes_amnesia,
    to_movement,
    totals,
    with_seat,
)

# Loss by lead for leads 0..12, level by level, as on the printed level cards.
EXPECTED_LOSSES = {
    1: [3, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    2: [4, 3, 3, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0],
    3: [5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, 0, 0],
    4: [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0],
}


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_level_cards(level: int) -> None:
    table = LEVEL_TABLES[level]
    assert [table.loss_for(lead) for lead in range(13)] == EXPECTED_LOSSES[level]
    assert table.loss_for(-5) == table.failed == level + 2


def test_the_stamina_board_has_wounds_every_five_steps() -> None:
    track = DEFAULT_STAMINA_TRACK
    assert track.length == 25 and track.wound_spaces == (5, 10, 15, 20)
    assert track.wounds_crossed(3, 5) == 1
    assert track.wounds_crossed(5, 9) == 0
    assert track.wounds_crossed(4, 16) == 3


def test_edited_tables_round_trip_and_are_used() -> None:
    edited = {"failed": 9, "bands": [[1, 5], [10, 0]]}
    table = level_table_from_json(edited)
    assert level_table_to_json(table) == edited
    track = stamina_track_from_json({"length": 30, "wound_spaces": [6, 12]})
    assert stamina_track_to_json(track) == {"length": 30, "wound_spaces": [6, 12]}
    state = GAME.new_state(three_players(level_table=edited))
    state = to_movement(state, {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    state = totals(state, {0: {0: 1, 1: 2, 2: 0}, 1: {1: 12, 0: 1, 2: 1}})
    state = play(
        state,
        {"type": "resolve", "player": 0},
        {"type": "choose_wound", "player": 0, "slot": "eye"},
        {"type": "resolve", "player": 1},
    )
    assert state.players[0].stamina_lost == 9
    assert state.players[1].stamina_lost == 0


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"failed": -1, "bands": []}, "fuji.setup.negative_loss"),
        ({"failed": 3, "bands": [[3, 1], [1, 2]]}, "fuji.setup.level_leads_order"),
        ({"bands": []}, "fuji.setup.bad_level_table"),
    ],
)
def test_broken_level_tables_are_refused(data: dict[str, object], key: str) -> None:
    with pytest.raises(SetupError) as refused:
        level_table_from_json(data)
    assert refused.value.key == key


def test_tinkerer_losing_the_skill_discards_once_used_cards() -> None:
    state = GAME.new_state(
        three_players(equipment=[["rope", "map"], [], []], starting_hands="free")
    )
    state = tinkerer_takes_amnesia(state)
    assert state.players[0].equipment == ("map",)
    assert state.players[0].equipment_turned == ()


def test_an_empty_deck_is_recorded_as_no_card() -> None:
    state = to_movement(
        GAME.new_state(three_players(map=GRID_MAP, cards={})), {0: [2, 4], 1: [1, 2], 2: [2, 2]}
    )
    state = totals(state, everyone_wins(3))
    state = play(state, {"type": "resolve", "player": 0, "path": [[2, 2], [2, 3], [2, 4]]})
    state = play(state, {"type": "draw_equipment", "player": 0, "card": None})
    assert state.pending == () and state.players[0].equipment == ()


def test_a_two_volcano_token_erupts_twice() -> None:
    grid = [row[:] for row in GRID_MAP]
    grid[1][3] = "X2"
    state = GAME.new_state(three_players(map=grid, cards={}))
    state = to_movement(state, {0: [1, 4], 1: [1, 2], 2: [2, 2]})
    state = play(totals(state, everyone_wins(3)), {"type": "resolve", "player": 0})
    assert lava_cells(state) == [(0, 0), (0, 1), (0, 2), (1, 1)]
    assert card_at(state.board, (1, 3)).eruption_token == 0


def test_the_lava_of_a_token_can_end_the_game_at_once() -> None:
    grid = [row[:] for row in GRID_MAP]
    grid[1][3] = "X2"
    state = GAME.new_state(three_players(map=grid, cards={}))
    state = play(state, {"type": "advance"})
    state = with_seat(state, 1, position=(0, 2))
    state = through_rerolls(state, {0: [1, 4], 1: [0, 2], 2: [2, 2]})
    state = play(state, {"type": "advance"})
    state = play(totals(state, everyone_wins(3)), {"type": "resolve", "player": 0})
    assert state.outcome is Outcome.LOST
    assert state.outcome_reason is not None
    assert state.outcome_reason.params["name"] == "Jonathan"
    assert GAME.seat_action(state, 0, False) is None
    assert GAME.waiting_for(state) == frozenset()
    assert GAME.legal_actions(state) == []


def test_a_fourth_wound_fills_the_card_and_no_fifth_is_owed() -> None:
    state = to_movement(GAME.new_state(three_players()), {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    full = Wounds(leg=True, arm=True, amnesia=True, eye=True)
    state = with_seat(state, 0, stamina_lost=19, wounds=full)
    state = play(totals(state, {0: {0: 0, 1: 1, 2: 0}}), {"type": "resolve", "player": 0})
    assert state.players[0].stamina_lost == 23
    assert state.pending == ()
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "choose_wound", "player": 0, "slot": "leg"})


def test_a_token_burnt_by_an_earlier_token_on_the_same_walk_does_not_erupt() -> None:
    grid = [["V", ".", "."], ["X", "X", "S"], ["v", ".", "."]]
    state = GAME.new_state(three_players(map=grid, cards={}))
    state = to_movement(state, {0: [2, 0], 1: [1, 2], 2: [1, 1]})
    state = play(totals(state, everyone_wins(3)), {"type": "resolve", "player": 0})
    keys = [step.message.key for step in state.instructions]
    assert keys.count("fuji.instruction.eruption_token") == 1
    assert lava_cells(state) == [(0, 0), (1, 0)]
    assert card_at(state.board, (1, 0)).eruption_token == 0
    assert state.players[0].position == (2, 0) and state.outcome is None
