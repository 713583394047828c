"""Rooms turned face up by a dig or from the solo pile are named when they are furnished,
and the tile a round turns up is named when it is taken."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.core.messages import IllegalActionError
from companion.core.questions import Question
from companion.games.caverna.cave import EMPTY, Space
from companion.games.caverna.questions import ask, furnish_rooms, furnish_spaces
from companion.games.caverna.state import ACT, CHOOSE, DRAW, CavernaState
from tests.games.caverna.helpers import begin, duo, play, solo, with_goods


def dig(*spaces: list[int]) -> dict[str, Any]:
    return {"type": "excavate", "digs": [{"space": space} for space in spaces]}


def furnishing_with_unnamed(unnamed: int, seen: tuple[str, ...] = ()) -> CavernaState:
    state = with_goods(duo(), 0, wood=5, stone=5, gold=5, food=5)
    state = replace(state, unnamed=unnamed, seen_rooms=seen)
    return begin(state, "housework")


def a_fit(state: CavernaState, room: str) -> dict[str, Any]:
    fee = "round_food"
    spaces = [answer.value for answer in furnish_spaces(state, fee, room) if answer.legal]
    assert spaces, f"{room} fits nowhere"
    return {"type": "furnish", "room": room, "space": spaces[0], "fee": fee}


def test_a_dig_needs_no_room_name() -> None:
    """Rulebook: an excavated room is turned face up into the display for both players;
    which room it is matters only once someone furnishes it."""
    state = begin(duo(), "excavation")
    after = play(state, dig([1, 0]))
    assert after.players[0].cave.at((1, 0)) == Space(EMPTY)
    assert after.unnamed == 1 and after.display == state.display
    assert after.seen_rooms == state.seen_rooms


def test_two_digs_add_two_unnamed_rooms_and_the_food_space_still_feeds() -> None:
    state = begin(with_goods(duo(), 0, food=2), "excavation")
    after = play(state, dig([2, 1], [1, 1]))
    assert after.unnamed == 2
    assert after.players[0].goods.food == 1


def test_the_dig_question_asks_no_room() -> None:
    """The excavation is complete once its space is chosen."""
    state = begin(duo(), "excavation")
    step = ask(state, {"type": "excavate", "count": 1, "space": [1, 0]})
    assert not isinstance(step, Question)
    assert step.action == dig([1, 0])


def test_furnishing_names_an_unnamed_room() -> None:
    state = furnishing_with_unnamed(1)
    rooms = {answer.value for answer in furnish_rooms(state, "round_food")}
    assert "warehouse" in rooms and set(state.display) <= rooms
    after = play(state, a_fit(state, "warehouse"))
    assert after.unnamed == 0
    assert "warehouse" in after.seen_rooms and "warehouse" not in after.display
    assert "warehouse" in after.players[0].cave.rooms()


def test_without_unnamed_rooms_only_the_display_is_furnished() -> None:
    state = furnishing_with_unnamed(0)
    assert {answer.value for answer in furnish_rooms(state, "round_food")} == set(state.display)
    action = {"type": "furnish", "room": "warehouse", "space": [2, 0], "fee": "round_food"}
    with pytest.raises(IllegalActionError) as refused:
        play(state, action)
    assert refused.value.key == "caverna.error.room_not_in_display"


def test_a_room_named_before_cannot_be_named_again() -> None:
    state = furnishing_with_unnamed(1, seen=("warehouse",))
    assert "warehouse" not in {answer.value for answer in furnish_rooms(state, "round_food")}
    action = {"type": "furnish", "room": "warehouse", "space": [2, 0], "fee": "round_food"}
    with pytest.raises(IllegalActionError) as refused:
        play(state, action)
    assert refused.value.key == "caverna.error.room_not_in_display"
    assert state.unnamed == 1


def test_a_light_backed_room_is_never_an_unnamed_one() -> None:
    """Solo set-up: three light-backed rooms leave the game; an unnamed room has a dark back."""
    state = begin(replace(with_goods(solo(), 0, wood=5, food=5), unnamed=1), "housework")
    light = next(room.room_id for room in state.config.rooms
                 if room.light_back and room.room_id not in state.display)
    assert light not in {answer.value for answer in furnish_rooms(state, "round_food")}


def test_the_solo_pile_turns_up_an_unnamed_room() -> None:
    """Solo rulebook: after excavating exactly one room, turn the top room of the pile
    face up into the display."""
    state = begin(with_goods(solo(), 0, food=3), "excavation")
    state = play(state, dig([1, 0]), {"type": "end_turn"})
    assert state.phase == DRAW
    step = ask(state, {"type": "draw_pile"})
    assert not isinstance(step, Question)
    after = play(state, step.action)
    assert after.unnamed == 2 and after.pile == state.pile - 1
    assert after.phase in (CHOOSE, ACT) or after.turns_taken == 0


def test_a_named_dig_from_an_older_record_still_names_its_room() -> None:
    state = begin(duo(), "excavation")
    after = play(state, {"type": "excavate", "digs": [{"space": [1, 0], "room": "stall"}]})
    assert after.unnamed == 0 and after.display[-1] == "stall"
    assert after.phase == ACT


def test_the_rounds_tile_is_turned_up_unnamed_and_named_when_taken() -> None:
    """Rulebook: each round one more action tile is turned face up; which one matters
    only to the player who takes it."""
    state = duo()
    assert state.phase == "reveal"
    step = ask(state, {"type": "reveal"})
    assert not isinstance(step, Question) and step.action == {"type": "reveal"}
    state = play(state, step.action)
    assert state.phase == CHOOSE and state.unnamed_tiles == (2,)
    offered = ask(state, {"type": "take_tile"})
    assert isinstance(offered, Question)
    tiles = {answer.value for answer in offered.answers}
    assert {"furnishing", "masonry", "undermining"} <= tiles and "breach" not in tiles
    taken = play(state, {"type": "take_tile", "tile": "masonry"})
    assert taken.unnamed_tiles == () and "masonry" in taken.revealed_tiles
    assert "masonry" not in taken.hidden_tiles and taken.turn is not None


def test_a_tile_of_another_back_is_not_the_unnamed_one() -> None:
    state = play(duo(), {"type": "reveal"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "take_tile", "tile": "expansion"})
    assert refused.value.key == "caverna.error.tile_not_available"
    assert state.unnamed_tiles == (2,)


def test_a_named_reveal_from_an_older_record_still_names_its_tile() -> None:
    state = play(duo(), {"type": "reveal", "tile": "masonry"})
    assert state.unnamed_tiles == () and state.revealed_tiles[-1] == "masonry"
