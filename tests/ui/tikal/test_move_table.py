"""A Tikal move's pieces and stones in one table, answered with one tap on the screen."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.constants import ACTION_POINTS
from companion.ui.app import App
from companion.ui.questions import AnswerButton, QuestionDialog, answer_key, answer_targets
from companion.ui.scene import Settings
from companion.ui.theme import MIN_TOUCH
from companion.ui.widgets import Label
from tests.playouts import accepts
from tests.ui.tikal.helpers import open_game, replayed, state_of, tap, tap_widget

TARGET = 3
"""The jungle hex the pieces go to."""


def _cells(app: App) -> list[tuple[AnswerButton, Any]]:
    """The cells of the open table question with their rectangles on the screen."""
    assert isinstance(app.dialog, QuestionDialog)
    return [(target, rect) for target, rect in answer_targets(app.dialog.widgets)
            if isinstance(target, AnswerButton) and target.field == "route"]


def _tap_place(app: App, field: str, value: int) -> None:
    """Tap the place answering ``field`` with ``value`` (on the map, wherever it faces)."""
    assert isinstance(app.dialog, QuestionDialog)
    keys = {f"place:{field}:{answer_key(value)}", f"answer:{field}:{answer_key(value)}"}
    found = [rect for target, rect in answer_targets(app.dialog.widgets) if target.key in keys]
    assert found, (field, value)
    tap(app, found[0].center)


def _moving(journal: Journal, layout: str) -> tuple[App, Session]:
    """Bo's turn in the basic example: his leader and two workers on the base camp, 6 points
    left; *Move* tapped, the base camp and the jungle hex answered for where from and to."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = replayed(journal, "basic", 33)
    state = state_of(session)
    seat = state.active
    assert (state.players[seat].leader, state.workers[0][seat]) == (0, 2)
    assert ACTION_POINTS - state.turn.spent == 6
    open_game(app, session)
    tap_widget(app, "tikal:act:move")
    for field, value in (("from", 0), ("to", TARGET)):
        question = app.dialog.dialogue.question(state) if isinstance(app.dialog,
                                                                     QuestionDialog) else None
        if question is not None and question.field == field:
            _tap_place(app, field, value)
    return app, session


def _accepted(session: Session) -> set[tuple[int, str, int]]:
    """Every (stones, piece, count) the rules accept for the move from the base camp."""
    state = state_of(session)
    base = {"type": "move", "from": 0, "to": TARGET}
    found = {(s, "leader", 1) for s in range(1, ACTION_POINTS + 1)
             if accepts(GAME, state, {**base, "stones": s, "piece": "leader"})}
    return found | {(s, "worker", n) for s in range(1, ACTION_POINTS + 1)
                    for n in range(1, ACTION_POINTS + 1)
                    if accepts(GAME, state, {**base, "stones": s, "piece": "worker", "count": n})}


def _entry(value: dict[str, Any]) -> tuple[int, str, int]:
    return int(value["stones"]), str(value["piece"]), int(value.get("count", 1))


def _row_labels(app: App) -> list[Label]:
    """The row labels drawn with the table (inside a turned panel too)."""
    assert isinstance(app.dialog, QuestionDialog)
    found: list[Label] = []
    for widget in app.dialog.widgets:
        inner = getattr(widget, "content", [widget])
        found.extend(w for w in inner if isinstance(w, Label) and w.key.startswith("row:route:"))
    return found


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_the_table_offers_exactly_the_accepted_pieces_and_stones(journal: Journal,
                                                                  layout: str) -> None:
    """Leader and two workers, 6 points: rows Leader, 1 worker, 2 workers; 1-6 stones for
    one piece, 1-3 for two; each number of stones in one column on every row, every cell
    big enough to touch (also turned to Bo's side of a flat table)."""
    app, session = _moving(journal, layout)
    cells = _cells(app)
    assert {_entry(cell.answer.value) for cell, _ in cells} == _accepted(session)
    assert len(cells) == 6 + 6 + 3
    assert all(cell.answer.legal for cell, _ in cells)
    assert [label.text for label in _row_labels(app)] == [
        cell.answer.row for cell, _ in cells if cell.answer.value["stones"] == 1]
    for stones in range(1, 7):
        column = {cell.rect.x for cell, _ in cells if cell.answer.value["stones"] == stones}
        assert len(column) == 1, stones
    assert all(min(rect.size) >= MIN_TOUCH for _, rect in cells)
    assert isinstance(app.dialog, QuestionDialog) and not app.dialog.overflowing()


@pytest.mark.parametrize("layout", ["upright", "flat"])
@pytest.mark.parametrize("value", [
    {"stones": 3, "piece": "worker", "count": 2},
    {"stones": 6, "piece": "leader"},
    {"stones": 1, "piece": "worker", "count": 1},
])
def test_one_tap_on_a_cell_records_the_move(journal: Journal, layout: str,
                                            value: dict[str, Any]) -> None:
    """One tap on a cell finishes the move: its pieces and stones are recorded in the
    journal's usual fields, the points are spent and the dialog closes."""
    app, session = _moving(journal, layout)
    steps = session.cursor
    rect = next(rect for cell, rect in _cells(app) if cell.answer.value == value)
    tap(app, rect.center)
    assert app.dialog is None
    assert session.cursor == steps + 1
    assert session.actions()[-1] == {"type": "move", "from": 0, "to": TARGET, **value}
    stones, _, count = _entry(value)
    assert state_of(session).turn.spent == ACTION_POINTS - 6 + stones * count
