"""Controls never move under the finger: a lean game's action buttons keep one place from
turn to turn and while a message shows, and the next hex's answers keep their order from
one turn to the next."""

from __future__ import annotations

import pytest

from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.games.tikal.questions import TILE_FIELD
from companion.games.tikal.state import Phase
from companion.ui.app import App
from companion.ui.intents import JumpTo
from companion.ui.questions import AnswerButton, answer_key
from companion.ui.scene import Settings
from companion.ui.tikal.play import TikalPlayScene
from tests.ui.taps import open_game
from tests.ui.tikal.helpers import replayed

LEAN_SCORING = 119
"""Steps of ``lean-placed`` after which the final scoring asks who holds each temple."""

Rects = dict[str, tuple[int, int, int, int]]


def _controls(app: App) -> Rects:
    """Every action button and every answer on the play screen, by what it does."""
    found: Rects = {}
    for widget in app.scene.widgets:
        if widget.key.startswith("tikal:act:"):
            found[widget.key] = tuple(widget.rect)  # type: ignore[assignment]
        if isinstance(widget, AnswerButton):
            name = f"answer:{widget.field}:{answer_key(widget.answer.value)}"
            found[name] = tuple(widget.rect)  # type: ignore[assignment]
    return found


def _lean_game(journal: Journal, layout: str) -> tuple[App, Session, list[int]]:
    """The lean sample game open on one play screen, and the steps at which a lean turn
    (not a scoring) is under way."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = replayed(journal, "lean-placed", None)
    open_game(app, session)
    steps = [step for step in range(1, LEAN_SCORING)
             if (state := session.state_after(step)).phase == Phase.ACTIONS
             and state.scoring is None]
    return app, session, steps


def _show(app: App, session: Session, step: int) -> None:
    """Move the open game to ``step`` (as undo and redo do) and draw the screen."""
    app.perform(JumpTo(step))
    app.draw()


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_lean_action_buttons_never_move_between_turns(journal: Journal, layout: str) -> None:
    """Whether the next hex's question below them is tall or short, the lean action
    buttons stay where they were in every turn of the sample game."""
    app, session, steps = _lean_game(journal, layout)
    seen: dict[str, set[tuple[int, int, int, int]]] = {}
    for step in steps:
        _show(app, session, step)
        for key, rect in _controls(app).items():
            if key.startswith("tikal:act:"):
                seen.setdefault(key, set()).add(rect)
    assert len(seen) == 4
    assert {key: rects for key, rects in seen.items() if len(rects) > 1} == {}


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_no_control_moves_when_a_message_shows(journal: Journal, layout: str) -> None:
    """Two frames of one question, before and after a refused answer's reason shows
    under it: no action button and no answer moves."""
    app, session, steps = _lean_game(journal, layout)
    checked = 0
    for step in steps[::3]:
        _show(app, session, step)
        scene = app.scene
        assert isinstance(scene, TikalPlayScene)
        before = _controls(app)
        scene.inline.note = Msg("tikal.error.two_treasures")
        app.draw()
        after = _controls(app)
        scene.inline.note = None
        moved = {key: (rect, after.get(key)) for key, rect in before.items()
                 if key in after and after[key] != rect}
        assert moved == {}, step
        checked += 1
    assert checked > 5


def _reading_order(app: App) -> list[str]:
    """The next hex's answers as the eye reads them, top left first."""
    answers = [w for w in app.scene.widgets if isinstance(w, AnswerButton)
               and w.field == TILE_FIELD]
    answers.sort(key=lambda w: (w.rect.y, w.rect.x))
    return [answer_key(w.answer.value) for w in answers]


def test_the_next_hex_answers_keep_their_order_from_turn_to_turn(journal: Journal) -> None:
    """One play screen through the sample game: an answer offered in two turns in a row
    comes in the same order relative to the others (a finger going for the temple never
    lands on the volcano)."""
    app, session, steps = _lean_game(journal, "upright")
    last: list[str] = []
    compared = 0
    for step in steps:
        _show(app, session, step)
        order = _reading_order(app)
        common = [key for key in order if key in last]
        if len(common) > 1:
            assert common == [key for key in last if key in order], step
            compared += 1
        last = order or last
    assert compared > 3
