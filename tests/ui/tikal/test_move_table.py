"""A Tikal move's pieces and stones in one table, answered with one tap on the screen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.constants import ACTION_POINTS
from companion.ui.app import App
from companion.ui.questions import AnswerButton, QuestionDialog, answer_key, answer_targets
from companion.ui.scene import Context, LayeredScene, Settings
from companion.ui.theme import MIN_TOUCH, TEXT_SCALES
from companion.ui.tikal.dialogs import preview_dialog
from companion.ui.tikal.play import TikalPlayScene
from companion.ui.widgets import Label
from tests.playouts import accepts
from tests.ui.tikal.helpers import open_game, replayed, state_of, tap, tap_widget, widget

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
    for drawn in app.dialog.widgets:
        inner = getattr(drawn, "content", [drawn])
        found.extend(w for w in inner if isinstance(w, Label) and w.key.startswith("row:route:"))
    return found


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_the_table_offers_exactly_the_accepted_pieces_and_stones(journal: Journal,
                                                                  layout: str) -> None:
    """A move costs "po 1 PA za każdy kamień, przez który przechodzi pionek", leader and
    worker alike.  Leader and two workers, 6 points: rows Leader, 1 worker, 2 workers;
    1-6 stones for one piece, 1-3 for two (exactly what the rules accept); each number of
    stones in one column on every row, every cell big enough to touch (also turned to
    Bo's side of a flat table)."""
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


def _many_workers(journal: Journal) -> tuple[App, Session]:
    """The board example where 14 workers stand on the base camp with 10 points left: a
    move to hex 23 offers 1 to 10 workers, ten rows."""
    app = App(journal, Settings(language="en"), (800, 480))
    session = replayed(journal, "board", 105)
    state = state_of(session)
    assert state.workers[0][state.active] >= ACTION_POINTS
    assert ACTION_POINTS - state.turn.spent == ACTION_POINTS
    open_game(app, session)
    tap_widget(app, "tikal:act:move")
    for field, value in (("from", 0), ("to", 23)):
        assert isinstance(app.dialog, QuestionDialog)
        question = app.dialog.dialogue.question(state)
        if question is not None and question.field == field:
            _tap_place(app, field, value)
    return app, session


def test_a_tall_table_pages_its_rows_beside_back_and_cancel(journal: Journal) -> None:
    """Ten rows do not fit at 800x480: the first rows (the fewest pieces, the usual move)
    come first, the page buttons sit between back and cancel, and a row on the next page
    is one tap further."""
    app, session = _many_workers(journal)
    first = {cell.answer.value.get("count") for cell, _ in _cells(app)}
    assert first == set(range(1, 7))
    assert widget(app, "answers:next").rect.y == widget(app, "question:back").rect.y
    assert all(min(rect.size) >= MIN_TOUCH for _, rect in _cells(app))
    tap_widget(app, "answers:next")
    assert {cell.answer.value.get("count") for cell, _ in _cells(app)} == set(range(7, 11))
    wanted = {"stones": 1, "piece": "worker", "count": 9}
    tap(app, next(rect for cell, rect in _cells(app) if cell.answer.value == wanted).center)
    assert session.actions()[-1] == {"type": "move", "from": 0, "to": 23, **wanted}


@pytest.mark.parametrize("layout", ["upright", "flat"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_fits_with_the_largest_text(journal: Journal, lang: str, layout: str) -> None:
    """The ten-row table and the leader-and-workers table fit in every language with the
    largest text, upright and turned to the seat on a flat table."""
    for record, steps, partial in (("board", 105, {"type": "move", "from": 0, "to": 23}),
                                   ("basic", 33, {"type": "move", "from": 0, "to": TARGET})):
        session = replayed(journal, record, steps)
        dialog = preview_dialog(session, partial)
        ctx = Context((800, 480), Settings(language=lang, text_scale=max(TEXT_SCALES),
                                           table_layout=layout), session)
        LayeredScene(TikalPlayScene(), dialog).draw(pygame.Surface(ctx.size), ctx)
        cells = [t for t, _ in answer_targets(dialog.widgets)
                 if isinstance(t, AnswerButton) and t.field == "route"]
        assert cells, (record, lang)
        assert [w.key for w in dialog.overflowing()] == []
        assert [r for r in dialog.touch_targets() if min(r.size) < MIN_TOUCH] == []
