"""Set-up, the hex stack by letter stage, and recording drawn hexes."""

from __future__ import annotations

import pytest

from companion.core.messages import IllegalActionError, SetupError
from companion.core.registry import find_game
from companion.games.tikal import GAME
from companion.games.tikal.constants import DEFAULT_STAGE_SIZES, FORMER_STAGE_SIZES, STAGES

from .support import END, VOLCANO, jungle, play, setup, start, temple, treasure


def test_registered_under_its_name() -> None:
    assert find_game("Tikal") is GAME


def test_basic_game_starts_at_zero_with_full_reserves() -> None:
    state = start(4)
    view = GAME.state_to_json(state)
    assert [p["score"] for p in view["players"]] == [0, 0, 0, 0]
    assert all(p["reserve"] == 18 and p["leader"] == "reserve" for p in view["players"])
    assert view["phase"] == "draw" and view["active"] == 0
    assert [hx["kind"] for hx in view["hexes"]] == ["base", "temple", "temple", "jungle"]
    assert view["stack"]["left"] == 36 and view["stack"]["stage"] == "A"


def test_auction_game_starts_at_twenty() -> None:
    state = start(2, "auction")
    assert [p.score for p in state.players] == [20, 20]
    assert state.phase == "reveal"


@pytest.mark.parametrize("count", [0, 1, 5])
def test_player_count_is_two_to_four(count: int) -> None:
    colours = ["red", "blue", "yellow", "white", "green"]
    players = [{"name": f"P{i}", "colour": colours[i]} for i in range(count)]
    with pytest.raises(SetupError) as refused:
        GAME.new_state({"players": players})
    assert refused.value.key == "tikal.setup.player_count"


def test_colours_must_differ() -> None:
    players = [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]
    with pytest.raises(SetupError) as refused:
        GAME.new_state({"players": players})
    assert refused.value.key == "tikal.setup.colour_twice"


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_state(setup(2, "speed"))
    assert refused.value.key == "tikal.setup.bad_variant"


def test_default_stack_is_thirty_six_hexes_in_letters_a_to_g() -> None:
    assert sum(DEFAULT_STAGE_SIZES.values()) == 36
    assert tuple(DEFAULT_STAGE_SIZES) == STAGES


def test_draws_empty_stage_a_before_stage_b() -> None:
    state = start(2, stages={**FORMER_STAGE_SIZES})
    state = play(state, jungle(), END, jungle(), END)
    stack = GAME.state_to_json(state)["stack"]
    assert stack["stages_left"]["A"] == 0
    assert stack["stages_left"]["B"] == FORMER_STAGE_SIZES["B"]
    assert stack["stage"] == "B" and stack["left"] == 34
    state = play(state, jungle())
    assert GAME.state_to_json(state)["stack"]["stages_left"]["B"] == FORMER_STAGE_SIZES["B"] - 1


def test_custom_stage_sizes_shorten_the_stack() -> None:
    stages = {letter: 1 for letter in STAGES}
    state = start(2, stages=stages)
    assert GAME.state_to_json(state)["stack"]["left"] == 7


def test_drawn_temple_and_treasure_enter_the_books() -> None:
    state = play(start(2), temple(3), END, treasure(4))
    view = GAME.state_to_json(state)
    assert view["hexes"][4]["kind"] == "temple" and view["hexes"][4]["value"] == 3
    assert view["hexes"][5]["treasures"] == 4
    assert view["tokens_left"] == 20
    assert view["instructions"][0]["key"] == "tikal.instruction.lay_tokens"


def test_a_fourth_volcano_is_refused() -> None:
    state = play(start(2), VOLCANO)
    for _ in range(2):
        while state.phase != "draw":
            state = play(state, END)
        state = play(state, VOLCANO)
    while state.phase != "draw":
        state = play(state, END)
    with pytest.raises(IllegalActionError) as refused:
        play(state, VOLCANO)
    assert refused.value.key == "tikal.error.kind_used_up"


def test_treasure_masks_are_two_to_four() -> None:
    with pytest.raises(IllegalActionError) as refused:
        play(start(2), treasure(5))
    assert refused.value.key == "tikal.error.out_of_range"


def test_the_stack_cannot_give_more_treasure_tokens_than_the_box_holds() -> None:
    state = start(2)
    for _ in range(6):
        state = play(state, treasure(4), END)
    assert state.tokens_left == 0
    with pytest.raises(IllegalActionError) as refused:
        play(state, treasure(2))
    assert refused.value.key == "tikal.error.no_tokens"
