"""The preview, the map editor and the game show the same cards on every spot."""

from __future__ import annotations

import pytest

from companion.games.fuji.scenarios import SCENARIO_NUMBERS, set_condition
from companion.games.fuji.state import Board
from companion.ui.app import App
from companion.ui.fuji.board_view import BoardView
from tests.ui.fuji.helpers import open_setup, start_game, state_of, tap_widget, widget


def card_ids(board: Board, spots: set[tuple[int, int]] | None = None) -> dict[tuple[int, int], str]:
    """The catalogue card lying on every spot that has one."""
    found: dict[tuple[int, int], str] = {}
    for position in board.positions():
        cell = board.cell(position)
        if cell is not None and cell.card_id is not None and (spots is None or position in spots):
            found[position] = cell.card_id
    return found


def shown_board(app: App, key: str) -> Board:
    """The board drawn by the board widget ``key``."""
    view = widget(app, key)
    assert isinstance(view, BoardView)
    return view.picture.board


@pytest.mark.parametrize("scenario", SCENARIO_NUMBERS)
def test_preview_editor_and_game_agree(app: App, scenario: int) -> None:
    scene = open_setup(app)
    tap_widget(app, f"setup:scenario:{scenario}")
    preview = card_ids(shown_board(app, "setup:preview"))
    assert preview
    tap_widget(app, "setup:edit")
    assert card_ids(shown_board(app, "editor:grid")) == preview
    tap_widget(app, "editor:done")
    assert scene.setup.get("scenario") == scenario  # nothing touched: still the preset
    assert "map" not in scene.setup
    start_game(app)
    assert app.session is not None
    game = card_ids(state_of(app.session).board)
    assert game == {spot: card for spot, card in preview.items() if spot in game}
    assert len(game) >= len(preview) - 1  # only the four-player village may be left out


def test_fixing_one_card_changes_only_that_card(app: App) -> None:
    scene = open_setup(app)
    tap_widget(app, "setup:scenario:1")
    before = card_ids(shown_board(app, "setup:preview"))
    spot = next(position for position, card in before.items() if card.startswith("L"))
    other = next(card for card in ("L01", "L02") if card != before[spot])
    tap_widget(app, "setup:edit")
    editor = scene.editor
    for intent in editor.edit(lambda setup: set_condition(setup, spot, other)):
        app.perform(intent)
    app.draw()
    after = card_ids(shown_board(app, "editor:grid"))
    assert after[spot] == other
    assert {p: c for p, c in after.items() if p != spot} == {
        p: c for p, c in before.items() if p != spot
    }
    assert scene.setup["scenario"] == "custom"
