"""Scenario presets, the map token language, the map editor and set-up checks."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.messages import SetupError
from companion.games.fuji import GAME
from companion.games.fuji.conditions import EVEN, colours_and_values, values_only
from companion.games.fuji.scenarios import (
    SCENARIO_NUMBERS,
    build_board,
    map_grid,
    parse_token,
    preset_grids,
    resize,
    set_cell_kind,
    set_condition,
    set_equipment_token,
    set_eruption_token,
    set_reroll_symbol,
    set_start,
    spot_token,
    validate_map,
)
from companion.games.fuji.state import DieColour, StartKind, TerrainKind

from .helpers import FOUR, ROW_MAP, card_at, three_players


def kinds(board: Any) -> list[TerrainKind]:
    """The kind of every card on the board, row by row."""
    return [card_at(board, p).kind for p in board.positions()]


@pytest.mark.parametrize("number", SCENARIO_NUMBERS)
def test_every_preset_loads_for_three_and_four_players(number: int) -> None:
    three = GAME.new_state(three_players(scenario=number, map=None, cards=None))
    four = GAME.new_state({"scenario": number, "players": FOUR, "level": 1})
    assert kinds(three.board).count(TerrainKind.CRATER) == 1
    assert kinds(three.board).count(TerrainKind.SCORIA) == 2
    villages_three = kinds(three.board).count(TerrainKind.VILLAGE)
    villages_four = kinds(four.board).count(TerrainKind.VILLAGE)
    assert villages_four == villages_three + 1 == 6
    white = [p for p in four.board.positions() if card_at(four.board, p).start is StartKind.WHITE]
    grey = [p for p in four.board.positions() if card_at(four.board, p).start is StartKind.GREY]
    assert [pl.position for pl in four.players] == [white[0], white[0], grey[0], grey[0]]
    assert {pl.position for pl in three.players} == {white[0]}
    for position in three.board.positions():
        cell = three.board.cell(position)
        assert cell is not None
        walkable = cell.kind in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE)
        assert (cell.condition is not None) == walkable


def test_there_are_seven_presets_with_two_eruption_and_seven_equipment_tokens() -> None:
    grids = preset_grids()
    assert sorted(grids) == list(SCENARIO_NUMBERS)
    for grid in grids.values():
        spots = [parse_token(token) for row in grid for token in row]
        placed = [spot for spot in spots if spot is not None]
        assert sum(1 for spot in placed if spot.eruption_token) == 2
        assert sum(1 for spot in placed if spot.equipment_token) == 7


def test_default_deal_gives_distinct_catalogue_cards() -> None:
    state = GAME.new_state({"scenario": 1, "players": FOUR, "level": 1})
    ids = [card_at(state.board, p).card_id for p in state.board.positions()]
    dealt = [card for card in ids if card is not None]
    assert len(dealt) == len(set(dealt))
    again = GAME.new_state({"scenario": 1, "players": FOUR, "level": 1})
    assert again.board == state.board


@pytest.mark.parametrize("token", ["V", "R", "L", "E", "X", "X2", "S", "S4", "v", "vE", "vX", "V4"])
def test_tokens_read_and_write_back_the_same(token: str) -> None:
    assert spot_token(parse_token(token)) == token


@pytest.mark.parametrize("token", ["Q", "RE", "VX", "LL", ""])
def test_unknown_or_impossible_tokens_are_refused(token: str) -> None:
    with pytest.raises(SetupError):
        parse_token(token)


def test_cards_in_the_setup_override_the_deal() -> None:
    state = GAME.new_state(three_players())
    assert card_at(state.board, (0, 4)).card_id == "L23"
    free = {"colours": ["yellow"], "values": [2, 4, 6], "combine": "and", "reroll": True}
    edited = GAME.new_state(three_players(cards={"0,4": free}))
    cell = card_at(edited.board, (0, 4))
    assert cell.card_id is None and cell.reroll_symbol
    assert cell.condition == colours_and_values([DieColour.YELLOW], [2, 4, 6])


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"cards": {"0,6": "L01"}}, "fuji.setup.card_kind_mismatch"),
        ({"cards": {"0,0": "L01"}}, "fuji.setup.card_off_map"),
        ({"cards": {"0,3": "L99"}}, "fuji.setup.unknown_card"),
        ({"map": [["R", "S", "L", "v"]]}, "fuji.setup.one_crater"),
        ({"map": [["V", "L", "L", "v"]]}, "fuji.setup.one_white_start"),
        ({"map": [["V", "S", "L", "L"]], "cards": {}}, "fuji.setup.no_village"),
        ({"map": [["V", "S"], ["v"]]}, "fuji.setup.ragged_map"),
        ({"level": 5}, "fuji.setup.bad_level"),
        ({"variant": "solo"}, "fuji.setup.bad_variant"),
        ({"scenario": 9, "map": None}, "fuji.setup.unknown_scenario"),
        ({"equipment": [["rope"], ["rope"]]}, "fuji.setup.equipment_twice"),
        ({"stamina_track": {"length": 10, "wound_spaces": [12]}}, "fuji.setup.wound_space_outside"),
    ],
)
def test_broken_setups_are_refused_with_a_reason(change: dict[str, Any], key: str) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_state(three_players(**change))
    assert refused.value.key == key


def test_player_list_checks() -> None:
    base = three_players()
    cases = [
        (base["players"][:1], None, "fuji.setup.player_count"),
        (base["players"][:2], None, "fuji.setup.two_players_need_variant"),
        (base["players"], "two_player_a", "fuji.setup.variant_a_two_players"),
        ([*base["players"][:2], dict(base["players"][0])], None, "fuji.setup.colour_twice"),
    ]
    for players, variant, key in cases:
        with pytest.raises(SetupError) as refused:
            GAME.new_state(three_players(players=players, variant=variant))
        assert refused.value.key == key


def test_four_players_need_a_grey_start() -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_state(three_players(players=FOUR))
    assert refused.value.key == "fuji.setup.grey_start_needed"


def test_editor_builds_a_playable_map_from_an_empty_one() -> None:
    setup: dict[str, Any] = dict(three_players(map=[["."]], cards={}))
    setup = resize(setup, 2, 4)
    setup = set_cell_kind(setup, (0, 0), TerrainKind.CRATER)
    setup = set_cell_kind(setup, (0, 1), TerrainKind.SCORIA)
    setup = set_cell_kind(setup, (1, 1), TerrainKind.LANDSCAPE)
    setup = set_start(setup, (1, 1), StartKind.WHITE)
    setup = set_cell_kind(setup, (1, 2), TerrainKind.LANDSCAPE)
    setup = set_eruption_token(setup, (1, 2), 2)
    setup = set_cell_kind(setup, (1, 3), TerrainKind.VILLAGE)
    setup = set_equipment_token(setup, (1, 3), True)
    setup = set_condition(setup, (1, 2), "L05")
    setup = set_reroll_symbol(setup, (1, 2), True)
    assert map_grid(setup) == (("V", "R", ".", "."), (".", "S", "X2", "vE"))
    board = build_board(setup, 3)
    cell = card_at(board, (1, 2))
    assert cell is not None and cell.reroll_symbol and cell.eruption_token == 2
    assert cell.condition == values_only(EVEN)
    state = GAME.new_state(setup)
    assert state.players[0].position == (1, 1)


def test_editor_never_changes_its_input() -> None:
    setup = three_players()
    snapshot = repr(setup)
    set_cell_kind(setup, (0, 3), None)
    set_equipment_token(setup, (0, 3), True)
    resize(setup, 1, 3)
    assert repr(setup) == snapshot


def test_editor_refuses_with_reasons() -> None:
    setup = three_players()
    with pytest.raises(SetupError) as refused:
        set_equipment_token(setup, (0, 0), True)
    assert refused.value.key == "fuji.setup.token_on_lava"
    with pytest.raises(SetupError) as refused:
        set_start(setup, (0, 6), StartKind.GREY)
    assert refused.value.key == "fuji.setup.start_not_landscape"
    with pytest.raises(SetupError) as refused:
        set_condition(setup, (0, 9), "L01")
    assert refused.value.key == "fuji.setup.off_grid"
    with pytest.raises(SetupError) as refused:
        resize(setup, 0, 3)
    assert refused.value.key == "fuji.setup.bad_size"


def test_resizing_drops_cards_outside_and_keeps_the_rest() -> None:
    smaller = resize(three_players(), 1, 5)
    assert set(smaller["cards"]) == {"0,2", "0,3", "0,4"}
    with pytest.raises(SetupError) as refused:
        validate_map(smaller, 3)
    assert refused.value.key == "fuji.setup.no_village"


def test_extreme_thrill_turns_the_token_nearest_the_villages() -> None:
    plain = GAME.new_state({"scenario": 1, "players": FOUR, "level": 1})
    extreme = GAME.new_state({"scenario": 1, "players": FOUR, "level": 1, "extreme": True})
    tokens = {p: card_at(plain.board, p).eruption_token for p in plain.board.positions()}
    turned = {p: card_at(extreme.board, p).eruption_token for p in extreme.board.positions()}
    assert sorted(v for v in tokens.values() if v) == [1, 1]
    assert sorted(v for v in turned.values() if v) == [1, 2]
    assert turned[(2, 5)] == 2  # one step from the village at (2, 4)


def test_row_map_is_a_valid_custom_map_and_each_missing_piece_is_refused() -> None:
    """A custom map needs one crater, one white start and a village; four need a grey start."""
    validate_map({"map": ROW_MAP}, 3)
    row = ROW_MAP[0]
    broken = {
        "fuji.setup.one_crater": [["L", *row[1:]]],
        "fuji.setup.one_white_start": [[*row[:2], "L", *row[3:]]],
        "fuji.setup.no_village": [[*row[:-1], "L"]],
    }
    for key, grid in broken.items():
        with pytest.raises(SetupError) as refused:
            validate_map({"map": grid}, 3)
        assert refused.value.message.key == key
    with pytest.raises(SetupError) as refused:
        validate_map({"map": ROW_MAP}, 4)
    assert refused.value.message.key == "fuji.setup.grey_start_needed"
