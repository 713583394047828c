"""A whole round played with taps only: set-up, markers, rerolls, dice, resolution, eruption."""

from __future__ import annotations

from companion.games.fuji.queries import legal_destinations
from companion.games.fuji.state import Phase
from companion.ui.app import App
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.dice import DiceScene
from companion.ui.intents import Navigate
from tests.ui.fuji.helpers import state_of, tap, tap_widget, widget


def _tap_cell(app: App, position: tuple[int, int]) -> None:
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    tap(app, board.geometry.cell_centre(*position))


def test_a_round_from_set_up_to_eruption(app: App) -> None:
    app.perform(Navigate("fuji.setup"))
    app.draw()
    tap_widget(app, "setup:start")
    session = app.session
    assert session is not None
    tap_widget(app, "fuji:advance")
    assert state_of(session).phase is Phase.PLANNING
    for seat in range(3):
        tap_widget(app, f"fuji:card:{seat}")
        target = legal_destinations(state_of(session), seat)[0]
        _tap_cell(app, target)
        tap_widget(app, f"fuji:act:{seat}")
    assert all(p.destination_confirmed for p in state_of(session).players)
    tap_widget(app, "fuji:advance")
    assert state_of(session).phase is Phase.REROLLS
    for seat in range(3):
        tap_widget(app, f"fuji:act:{seat}")
        tap_widget(app, "choice:0")
    tap_widget(app, "fuji:advance")
    tap_widget(app, "fuji:advance")
    assert state_of(session).phase is Phase.MOVEMENT
    tap_widget(app, "fuji:dice")
    assert isinstance(app.dialog, DiceScene)
    faces = [("yellow", 6), ("blue", 1), ("pink", 2)]
    for someone in state_of(session).players:
        for index in range(someone.dice_count):
            colour, value = faces[(index + someone.seat) % len(faces)]
            tap_widget(app, f"die:{colour}:{value}")
    assert all(p.dice is not None for p in state_of(session).players)
    tap_widget(app, "dice:done")
    for seat in range(3):
        tap_widget(app, f"fuji:act:{seat}")
        if state_of(session).pending:
            tap_widget(app, f"fuji:act:{seat}")
            tap_widget(app, "choice:0")
    assert len(state_of(session).resolved) == 3
    tap_widget(app, "fuji:advance")
    state = state_of(session)
    assert state.phase is Phase.ERUPTION
    assert any(i.message.key == "fuji.instruction.flip_cards" for i in state.instructions)
    tap_widget(app, "fuji:advance")
    assert state_of(session).round == 2
    assert session.history()[-1].label.key == "fuji.label.advance"
