"""The Caverna set-up: edits as pure functions, and taps on the screen that start a game."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.caverna import GAME
from companion.games.caverna.cave import DEFAULT_LAYOUT
from companion.ui.app import App
from companion.ui.caverna.play import CavernaPlayScene
from companion.ui.caverna.setup import (
    CELL_CYCLE,
    CavernaSetupScene,
    cycle_cell,
    default_setup,
    finished,
    light_rooms,
    remembered,
    set_solo,
    toggle_display,
)
from companion.ui.intents import StartGame
from tests.ui.caverna.helpers import state_of
from tests.ui.taps import open_screen, tap_widget

ROOMS = light_rooms()
CELLS = [(row, col) for row in range(len(DEFAULT_LAYOUT)) for col in range(3)]


def test_the_default_setup_is_accepted_by_the_rules() -> None:
    state = GAME.new_state(finished(default_setup(), ["A", "B"]))
    assert state.display == ROOMS
    assert len(state.players) == 2


@given(st.lists(st.sampled_from(ROOMS), max_size=12))
def test_solo_keeps_at_most_three_light_rooms(taps: list[str]) -> None:
    setup = set_solo(default_setup(), True)
    for room in taps:
        setup = toggle_display(setup, room)
        assert len(setup["display"]) <= 3
        assert set(setup["display"]) <= set(ROOMS)


@given(st.lists(st.sampled_from(ROOMS), max_size=6))
def test_two_players_always_use_all_six(taps: list[str]) -> None:
    setup = default_setup()
    for room in taps:
        setup = toggle_display(setup, room)
    assert tuple(setup["display"]) == ROOMS


@given(st.sampled_from(CELLS))
def test_a_full_cycle_of_taps_restores_a_cell(cell: tuple[int, int]) -> None:
    setup = default_setup()
    edited = setup
    for _ in CELL_CYCLE:
        edited = cycle_cell(edited, *cell)
    assert edited["cave"] == setup["cave"]


def test_the_entrance_never_changes() -> None:
    setup = default_setup()
    assert cycle_cell(setup, 3, 0) == setup


def _setup_screen(app: App) -> CavernaSetupScene:
    return open_screen(app, "caverna.setup", CavernaSetupScene)


def test_a_two_player_game_starts_from_the_screen(app: App) -> None:
    _setup_screen(app)
    tap_widget(app, "setup:start_player:1")
    tap_widget(app, "setup:start")
    assert isinstance(app.scene, CavernaPlayScene)
    assert app.session is not None
    state = state_of(app.session)
    assert state.start_player == 1
    assert state.config.names == ("Player 1", "Player 2")


def test_solo_with_the_wrong_display_is_refused_then_fixed(app: App) -> None:
    scene = _setup_screen(app)
    tap_widget(app, "setup:mode:solo")
    kept = list(scene.setup["display"])
    tap_widget(app, f"setup:display:{kept[0]}")
    tap_widget(app, "setup:start")
    assert app.session is None
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == "caverna.error.bad_display"
    other = next(room for room in ROOMS if room not in kept)
    tap_widget(app, f"setup:display:{other}")
    tap_widget(app, "setup:start")
    assert app.session is not None
    state = state_of(app.session)
    assert state.config.solo
    assert set(state.display) == {*kept[1:], other}
    assert "breach" not in state.config.tiles


def test_board_corrections_reach_the_rules(app: App) -> None:
    _setup_screen(app)
    tap_widget(app, "setup:page:board")
    tap_widget(app, "setup:cell:0:0")
    tap_widget(app, "setup:print:0:1")
    tap_widget(app, "setup:page:main")
    tap_widget(app, "setup:start")
    assert app.session is not None
    setup: dict[str, Any] = dict(app.session.setup)
    assert setup["cave"][0] == "dD#"
    state = state_of(app.session)
    assert state.players[0].cave.at((0, 0)).food_bonus  # type: ignore[union-attr]
    assert state.config.tile_rules.junction_goods == "any"


def test_the_printed_readings_are_the_defaults() -> None:
    """The printed tiles settle Expansion (2 gold), Expedition (4 gold), the Retting
    room (1-3 walls) and the Junction room (three different goods)."""
    state = GAME.new_state(finished(default_setup(), ["A", "B"]))
    rules = state.config.tile_rules
    assert (rules.expansion_gold, rules.expedition_gold) == (2, 4)
    assert rules.junction_goods == "different"
    walls = state.config.room("retting_room").walls
    assert (walls.min_walls, walls.max_walls) == (1, 3)
    assert tuple(default_setup()["cave"]) == DEFAULT_LAYOUT


def test_the_board_and_readings_are_remembered_for_the_next_game(app: App) -> None:
    _setup_screen(app)
    tap_widget(app, "setup:page:board")
    tap_widget(app, "setup:cell:0:1")
    tap_widget(app, "setup:print:0:1")
    tap_widget(app, "setup:page:main")
    tap_widget(app, "setup:start")
    assert app.session is not None
    first = dict(app.session.setup)
    _setup_screen(app)
    tap_widget(app, "setup:start")
    assert app.session is not None
    again = dict(app.session.setup)
    assert again["cave"] == first["cave"] and again["cave"][0] == "Dd#"
    assert again["tile_rules"]["junction_goods"] == "any"


def test_a_damaged_remembered_board_is_ignored() -> None:
    setup = default_setup()
    assert remembered(setup, {"cave": ["XX"]}) == setup
    assert remembered(setup, "nonsense") == setup
    assert remembered(setup, {"cave": ["E.", "D#"]})["cave"] == ["E.", "D#"]


@pytest.mark.parametrize("lang", ["pl", "fr"])
def test_unnamed_players_get_names_in_the_language(lang: str) -> None:
    scene = CavernaSetupScene()
    intents = scene.start(lang)
    started = intents[0]
    assert isinstance(started, StartGame)
    names = started.setup["players"]
    assert names[0] != "Player 1" and names[0] != names[1]


def test_a_name_typed_on_the_keyboard_reaches_the_game(app: App) -> None:
    scene = _setup_screen(app)
    tap_widget(app, "setup:name:1")
    assert app.dialog is not None
    app.process(pygame.event.Event(pygame.TEXTINPUT, text="zoë"))
    app.draw()
    tap_widget(app, "kb:ok")
    assert scene.setup["players"][1] == "Zoë"
    tap_widget(app, "setup:start")
    assert app.session is not None
    assert state_of(app.session).config.names[1] == "Zoë"
