"""Rounds and turns: reveals, turn counts, alternation, start-player hand-over, Renovation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.messages import IllegalActionError, SetupError
from companion.games.caverna import GAME
from companion.games.caverna.state import ACT, CHOOSE, DRAW, FINISHED, REVEAL, CavernaState
from companion.games.caverna.tiles import START_TILES
from tests.games.caverna.helpers import at_round, duo, play, solo, with_goods


def first_free_tile(state: CavernaState) -> str:
    """The first face-up tile nobody has taken this round (never Renovation)."""
    return next(
        tile
        for tile in state.revealed_tiles
        if tile not in state.taken_tiles and tile != "renovation"
    )


def play_round(state: CavernaState) -> tuple[CavernaState, list[int]]:
    """Reveal the round's tile, then let every turn take a tile and end; return who played."""
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    seats = []
    number = state.round
    while state.round == number and state.phase != FINISHED:
        seats.append(state.active)
        state = play(state, {"type": "take_tile", "tile": first_free_tile(state)})
        state = play(state, {"type": "end_turn"})
    return state, seats


def test_a_fresh_game_waits_for_the_first_tile() -> None:
    state = duo()
    assert state.phase == REVEAL
    assert state.revealed_tiles == START_TILES
    assert [action["type"] for action in GAME.legal_actions(state)] == ["reveal"] * 3


def test_first_round_offers_five_tiles() -> None:
    state = play(duo(), {"type": "reveal", "tile": "masonry"})
    assert state.phase == CHOOSE
    assert len(GAME.legal_actions(state)) == 5


def test_a_tile_with_the_wrong_back_cannot_come_up() -> None:
    with pytest.raises(IllegalActionError) as refused:
        play(duo(), {"type": "reveal", "tile": "renovation"})
    assert refused.value.key == "caverna.error.wrong_back"


def test_two_player_turns_per_round_and_alternation() -> None:
    state = duo()
    played = []
    while state.phase != FINISHED:
        start = state.start_player
        state, seats = play_round(state)
        played.append(len(seats))
        assert seats == [(start + turn) % 2 for turn in range(len(seats))]
    assert played == [4, 4, 4, 6, 6, 6, 6, 8]


def test_new_start_player_plays_two_turns_in_a_row() -> None:
    state, seats_one = play_round(duo())
    assert state.start_player == 1
    state, seats_two = play_round(state)
    assert seats_one[-1] == seats_two[0] == 1
    assert state.start_player == 0


def test_solo_has_seven_rounds_without_breach() -> None:
    state = solo()
    assert "breach" not in state.hidden_tiles
    played = []
    while state.phase != FINISHED:
        state, seats = play_round(state)
        played.append(len(seats))
        assert set(seats) == {0}
    assert played == [2, 2, 2, 3, 3, 3, 4]


def test_solo_may_not_play_with_breach() -> None:
    with pytest.raises(SetupError):
        GAME.new_state(
            {
                "players": ["Sola"],
                "display": ["shelf", "tunnel", "parlor"],
                "tiles": [
                    *START_TILES,
                    "furnishing",
                    "masonry",
                    "undermining",
                    "breach",
                    "drift_mining",
                    "expedition",
                    "renovation",
                ],
            }
        )


def test_a_tile_is_taken_once_per_round() -> None:
    state = play(
        duo(),
        {"type": "reveal", "tile": "masonry"},
        {"type": "take_tile", "tile": "masonry"},
        {"type": "end_turn"},
    )
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "take_tile", "tile": "masonry"})
    assert refused.value.key == "caverna.error.tile_taken"


def test_a_face_down_tile_cannot_be_taken() -> None:
    state = play(duo(), {"type": "reveal", "tile": "masonry"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "take_tile", "tile": "undermining"})
    assert refused.value.key == "caverna.error.tile_not_available"


def test_turn_must_take_a_tile_before_ending() -> None:
    state = play(duo(), {"type": "reveal", "tile": "masonry"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "end_turn"})
    assert refused.value.key == "caverna.error.phase_choose"


def test_tiles_come_back_at_the_end_of_the_round() -> None:
    state, _ = play_round(duo())
    assert state.taken_tiles == ()
    assert state.phase == REVEAL and state.round == 2


def last_round(gold_ada: int, gold_borys: int) -> CavernaState:
    state = at_round(duo(), 8)
    return with_goods(with_goods(state, 0, gold=gold_ada), 1, gold=gold_borys)


def test_renovation_needs_more_gold_than_the_opponent() -> None:
    with pytest.raises(IllegalActionError) as refused:
        play(last_round(3, 3), {"type": "take_tile", "tile": "renovation"})
    assert refused.value.key == "caverna.error.renovation_gold"
    with pytest.raises(IllegalActionError):
        play(last_round(2, 3), {"type": "take_tile", "tile": "renovation"})
    assert play(last_round(4, 3), {"type": "take_tile", "tile": "renovation"}).phase == ACT


def test_renovation_opens_once_a_player_pulls_ahead_in_gold() -> None:
    state = play(last_round(3, 3), {"type": "convert", "player": 1, "good": "gold"})
    assert play(state, {"type": "take_tile", "tile": "renovation"}).phase == ACT


def test_solo_ignores_the_renovation_gold_condition() -> None:
    state = at_round(solo(), 7)
    assert "renovation" in state.revealed_tiles
    assert play(state, {"type": "take_tile", "tile": "renovation"}).phase == ACT


def test_solo_single_dig_turns_up_a_pile_room() -> None:
    state = play(
        solo(),
        {"type": "reveal", "tile": "masonry"},
        {"type": "take_tile", "tile": "excavation"},
        {"type": "excavate", "digs": [{"space": [1, 0], "room": "dungeon"}]},
        {"type": "end_turn"},
    )
    assert state.phase == DRAW
    assert GAME.waiting_for(state) == frozenset({0})
    after = play(state, {"type": "draw_pile", "room": "treasury"})
    assert after.pile == state.pile - 1 == 8
    assert after.display[-2:] == ("dungeon", "treasury")
    assert after.phase == CHOOSE


def test_solo_double_dig_does_not_turn_up_a_pile_room() -> None:
    state = play(
        with_goods(solo(), 0, food=2),
        {"type": "reveal", "tile": "masonry"},
        {"type": "take_tile", "tile": "excavation"},
    )
    state = play(
        state,
        {
            "type": "excavate",
            "digs": [{"space": [1, 0], "room": "dungeon"}, {"space": [0, 0], "room": "stall"}],
        },
        {"type": "end_turn"},
    )
    assert state.phase == CHOOSE
    assert state.pile == 9


def test_the_game_ends_after_the_last_round() -> None:
    state = duo()
    while state.phase != FINISHED:
        state, _ = play_round(state)
    assert GAME.is_finished(state)
    assert state.notices[-1].key == "caverna.notice.game_over"
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "convert", "good": "gold"})
    assert refused.value.key == "caverna.error.game_over"


def test_table_buttons() -> None:
    state = play(duo(), {"type": "reveal", "tile": "masonry"})
    assert GAME.waiting_for(state) == frozenset({0})
    state = play(state, {"type": "take_tile", "tile": "masonry"})
    after = GAME.apply(state, GAME.advance_action(state))
    assert after.phase == CHOOSE and GAME.waiting_for(after) == frozenset({1})
    assert GAME.seat_action(after, 1, long_press=False) is None


def test_advance_turns_up_the_only_possible_tile() -> None:
    state = replace(at_round(duo(), 7), phase=REVEAL, round=8)
    assert GAME.advance_action(state) == {"type": "reveal", "tile": "renovation"}


@pytest.mark.parametrize(
    "setup",
    [
        {"players": []},
        {"players": ["A", "B", "C"]},
        {"players": ["A", "A"]},
        {"players": ["A", "B"], "start_player": 2},
        {"players": ["Sola"]},
        {"players": ["A", "B"], "display": ["shelf"]},
        {"players": ["A", "B"], "tiles": ["cultivation"]},
        {"players": ["A", "B"], "cave": ["DDD", "DD#"]},
        {"players": ["A", "B"], "turns_per_round": [1, 2]},
        {"players": ["A", "B"], "turns_per_round": [3, 2, 2, 3, 3, 3, 3, 4]},
        {"players": ["A", "B"], "room_overrides": {"shelf": {"points": -1}}},
        {"players": ["A", "B"], "tile_rules": {"expansion_gold": "two"}},
    ],
)
def test_unplayable_setups_are_refused(setup: dict[str, object]) -> None:
    with pytest.raises(SetupError):
        GAME.new_state(setup)


def test_setup_may_change_the_turns_per_round() -> None:
    state = GAME.new_state(
        {
            "players": ["Sola"],
            "display": ["shelf", "tunnel", "parlor"],
            "turns_per_round": [1, 1, 1, 1, 1, 1, 1],
        }
    )
    state, seats = play_round(state)
    assert seats == [0]


def test_setup_may_correct_a_room_and_the_tile_numbers() -> None:
    state = GAME.new_state(
        {
            "players": ["A", "B"],
            "room_overrides": {"retting_room": {"walls": {"min": 2, "max": 3, "pair": "adjacent"}}},
            "tile_rules": {"expansion_gold": 1, "expedition_gold": 5},
        }
    )
    assert state.config.room("retting_room").walls.min_walls == 2
    assert state.config.tile_rules.expedition_gold == 5
    state = with_goods(
        play(at_round(state, 8), {"type": "take_tile", "tile": "expedition"}), 0, stone=5, gold=0
    )
    assert play(state, {"type": "trade", "give": "stone"}).players[0].goods.gold == 5
