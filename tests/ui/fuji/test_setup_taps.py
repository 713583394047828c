"""The set-up screen builds a real set-up; the editor edits the map through the rules."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.core.i18n import translate
from companion.core.messages import SetupError
from companion.games.fuji import GAME
from companion.games.fuji.scenarios import map_grid
from companion.ui.app import App
from companion.ui.fuji import setup_draft as draft
from companion.ui.fuji.editor import apply_tool, map_problem
from companion.ui.fuji.setup import FujiSetupScene
from companion.ui.keyboard import NameDialog, add_letter
from tests.ui.fuji.helpers import (
    open_setup,
    open_setup_page,
    start_game,
    state_of,
    tap,
    tap_widget,
    widget,
)
from tests.ui.taps import tap_widgets


def test_start_begins_a_saved_game_with_colour_names(app: App) -> None:
    open_setup(app)
    tap_widget(app, "setup:scenario:3")
    tap_widget(app, "setup:tab:level")
    tap_widget(app, "setup:level:3")
    start_game(app)
    assert app.session is not None
    assert app.session.setup["scenario"] == 3
    state = state_of(app.session)
    assert state.settings.level == 3
    names = [someone.name for someone in state.players]
    assert names == [translate(f"fuji.colour.{p.colour}", "en") for p in state.players]


def test_start_with_a_broken_map_shows_the_reason(app: App) -> None:
    scene = open_setup(app)
    scene.setup = {**draft.choose_custom(scene.setup), "map": [["L", "S", "v"]]}
    start_game(app)
    assert app.session is None
    assert app.toast is not None and app.toast.error
    with pytest.raises(SetupError) as refused:
        GAME.new_state(draft.finished(scene.setup, ["A", "B", "C"]))
    assert app.toast.message == refused.value.message


def test_players_page_edits_seating(app: App) -> None:
    scene = open_setup_page(app, "players")
    tap_widget(app, "setup:add")
    assert len(draft.players(scene.setup)) == 4
    tap_widget(app, "setup:colour:0")
    colours = [p["colour"] for p in draft.players(scene.setup)]
    assert len(set(colours)) == 4
    first = draft.players(scene.setup)[1]
    tap_widget(app, "setup:up:1")
    assert draft.players(scene.setup)[0] == first
    tap_widget(app, "setup:remove:3")
    assert len(draft.players(scene.setup)) == 3


def test_name_keyboard_types_a_name(app: App) -> None:
    scene = open_setup_page(app, "players")
    tap_widget(app, "setup:name:0")
    assert isinstance(app.dialog, NameDialog)
    tap_widgets(app, "kb:0:3", "kb:0:4", "kb:3:0", "kb:ok")
    assert app.dialog is None
    assert draft.players(scene.setup)[0]["name"] == "Rtą"


def test_level_table_and_track_edits_reach_the_game(app: App) -> None:
    scene = open_setup_page(app, "level")
    tap_widgets(app, "setup:loss:0:plus", "setup:tab:options", "setup:length:minus",
                "setup:wound:0:plus", "setup:extreme")
    start_game(app)
    assert app.session is not None
    settings = state_of(app.session).settings
    assert settings.level_table.failed == 4
    assert settings.stamina_track.length == 24
    assert settings.stamina_track.wound_spaces[0] == 6
    assert settings.extreme
    assert scene.setup["extreme"] is True


def _dice_screen_of_the_new_game(app: App) -> set[str]:
    """Play the game just started to phase 5, open its dice screen from the first
    player's card and close it again: the keys it showed."""
    from companion.ui.fuji import demo
    from companion.ui.fuji.dice import DiceScene

    session = app.session
    assert session is not None
    demo.advance(session)
    demo.plan(session, {seat: 1 for seat in range(len(state_of(session).players))})
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session, 2)
    app.dirty = True
    app.draw()
    tap_widget(app, "fuji:act:0")
    assert isinstance(app.dialog, DiceScene)
    shown = {w.key for w in app.dialog.widgets}
    tap_widget(app, "dice:done")
    assert app.dialog is None
    return shown


def _totals_text(app: App) -> str:
    button = widget(app, "setup:totals")
    assert button is not None
    text = getattr(button, "text", None)
    assert text is not None
    return str(text.key)


def test_typed_totals_is_the_entry_unless_the_table_keeps_die_by_die(app: App) -> None:
    """With nothing kept the set-up shows typed totals and the game's dice screen opens on
    them; switching the set-up to die by die is kept with the table's settings (not with
    the game's set-up) and opens the next game's dice screen one tap per die."""
    from companion.ui.fuji.dice_entry import ENTRY_MODE_KEY

    open_setup_page(app, "options")
    assert _totals_text(app) == "ui_fuji.setup.totals_on"
    start_game(app)
    assert app.journal.get_setting(ENTRY_MODE_KEY) is None
    shown = _dice_screen_of_the_new_game(app)
    assert "num:0" in shown and "die:yellow:1" not in shown

    open_setup_page(app, "options")
    tap_widget(app, "setup:totals")  # die by die: the app adds up each card's total
    assert _totals_text(app) == "ui_fuji.setup.totals_off"
    start_game(app)
    assert app.session is not None
    assert "dice_entry" not in json.dumps(app.session.setup)
    assert app.journal.get_setting(ENTRY_MODE_KEY) == "dice"
    shown = _dice_screen_of_the_new_game(app)
    assert "die:yellow:1" in shown and "num:0" not in shown

    again = open_setup_page(app, "options")
    assert again.totals is None and _totals_text(app) == "ui_fuji.setup.totals_off"
    tap_widget(app, "setup:totals")  # back to typed totals
    start_game(app)
    assert app.journal.get_setting(ENTRY_MODE_KEY) == "totals"
    assert "num:0" in _dice_screen_of_the_new_game(app)


def test_the_dice_screen_switch_leaves_the_table_setting_alone(app: App) -> None:
    """Switching mode on the dice screen changes this game only; the set-up's choice
    stays what the table set."""
    from companion.ui.fuji import demo
    from companion.ui.fuji.dice import DiceScene
    from companion.ui.fuji.dice_entry import ENTRY_MODE_KEY

    session = demo.to_equipment()
    demo.advance(session)
    scene = DiceScene(seat=0, as_dialog=True)
    scene.settle_mode(session, app.journal)
    scene.toggle_mode()
    assert app.journal.get_setting(ENTRY_MODE_KEY) is None


def test_two_player_variants_start(app: App) -> None:
    scene = open_setup_page(app, "options")
    tap_widget(app, "setup:variant:two_player_a")
    assert len(draft.players(scene.setup)) == 2
    start_game(app)
    assert app.session is not None
    assert state_of(app.session).open_dice is not None


def test_variant_b_gives_the_shared_character_six_dice() -> None:
    setup = draft.choose_variant(draft.default_setup(), "two_player_b")
    state = GAME.new_state(draft.finished(setup, ["A", "B", "C"]))
    assert state.players[-1].shared and state.players[-1].dice_count == 6


def open_editor(app: App, tool: str) -> FujiSetupScene:
    """Open the map editor with ``tool`` chosen, drawn."""
    scene = open_setup(app, "fuji.editor")
    tap_widget(app, f"editor:tool:{tool}")
    return scene


def tap_cell(app: App, cell: tuple[int, int]) -> None:
    """Tap the editor's map on ``cell`` (row, column)."""
    grid = widget(app, "editor:grid")
    tap(app, grid.geometry.cell_centre(*cell))  # type: ignore[attr-defined]


def test_editor_tools_change_the_map(app: App) -> None:
    scene = open_editor(app, "crater")
    tap_cell(app, (2, 1))
    assert map_grid(scene.setup)[2][1] == "V"
    problem = map_problem(scene.setup)
    assert problem is not None and problem.key == "fuji.setup.one_crater"
    tap_widget(app, "editor:tool:landscape")
    tap_cell(app, (2, 1))
    assert map_problem(scene.setup) is None


def test_editor_card_picker_lays_a_catalogue_card(app: App) -> None:
    scene = open_editor(app, "card")
    tap_cell(app, (2, 1))
    tap_widget(app, "editor:card:L07")
    assert scene.setup["cards"]["2,1"] == "L07"


def test_editor_free_condition(app: App) -> None:
    scene = open_editor(app, "card")
    tap_cell(app, (2, 1))
    tap_widgets(app, "editor:free", "editor:colour:blue", "editor:value:2", "editor:value:4",
                "editor:combine:and", "editor:apply")
    entry: Any = scene.setup["cards"]["2,1"]
    assert entry == {"colours": ["blue"], "values": [2, 4], "combine": "and"}


def test_editor_refusal_is_shown(app: App) -> None:
    scene = open_editor(app, "equipment")
    crater = next((r, c) for r, row in enumerate(map_grid(scene.setup))
                  for c, token in enumerate(row) if token == "V")
    before = dict(scene.setup)
    tap_cell(app, crater)
    assert scene.setup == before
    assert app.toast is not None and app.toast.error


def test_white_start_moves_rather_than_doubles() -> None:
    setup = draft.choose_custom(draft.default_setup())
    moved = apply_tool(setup, "white", (4, 1))
    tokens = [token for row in map_grid(moved) for token in row]
    assert sum(token.startswith("S") and not token.startswith("S4") for token in tokens) == 1
    assert map_grid(moved)[4][1] == "S"


def test_capital_after_space() -> None:
    assert add_letter("", "ż") == "Ż"
    assert add_letter("Ana ", "m") == "Ana M"
    assert add_letter("A" * 16, "b") == "A" * 16


def test_with_four_characters_a_colour_tap_swaps_with_its_holder() -> None:
    """Four characters hold all four colours: a tap still changes the colour, by swapping
    with whoever holds the next one (before, the tap did nothing and two seats could
    never trade colours)."""
    from companion.ui.fuji.setup_draft import add_player, cycle_colour, players

    setup: dict[str, object] = {"players": [
        {"name": "", "colour": colour, "skill": skill}
        for colour, skill in (("blue", "scout"), ("purple", "buddy"), ("green", "gatherer"))]}
    setup = dict(add_player(setup))
    before = [entry["colour"] for entry in players(setup)]
    assert sorted(before) == sorted({"blue", "green", "purple", "black"})
    after = [entry["colour"] for entry in players(cycle_colour(setup, 1))]
    assert after[1] != before[1]
    assert sorted(after) == sorted(before)
    assert after[before.index(after[1])] == before[1]
