"""A table button pressed under an open question dialog (issue 27, fault 7).

It used to close the screen with "This screen ran into a problem" (Caverna and Tikal,
7 of 95 presses). The cause: the button changed the game under the dialog (undo took
a step back, advance ended the turn), and the dialog, still asking the question of
the old step, was built against a state in which that question no longer exists. Now
a table button under a dialog does what the dialog's own button would (undo is the
dialog's Back) or nothing, and the table is told to answer on the screen first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.questions import QuestionDialog, answer_key
from companion.ui.scene import Settings
from tests.clock import FakeClock
from tests.ui.taps import has_widget, open_game, tap_widget
from tests.ui.tikal.helpers import start as tikal_start

BUTTONS = ("advance", "undo", "seat1", "seat2", "seat3", "seat4")
KINDS = ("press", "long_press", "release")


@pytest.fixture
def app(tmp_path: Path, clock: FakeClock) -> Iterator[App]:
    """The app on a real journal file."""
    journal = Journal(tmp_path / "journal.sqlite3")
    running = App(journal, Settings(language="en"), (800, 480), clock=clock)
    yield running
    journal.close()
    clear_cache()
    pygame.quit()


def caverna_room_question(app: App) -> Session:
    """Caverna, round one: Ada takes Cultivation and uses the entrance, whose choice
    (wood or stone) is asked in the shared question dialog."""
    session = Session.start(app.journal, "caverna", {"players": ["Ada", "Borys"]})
    session.submit({"type": "reveal", "tile": "furnishing"})
    open_game(app, session)
    tap_widget(app, "caverna:tile:cultivation")
    tap_widget(app, "caverna:option:0:rooms:1")
    assert isinstance(app.dialog, QuestionDialog)
    return session


def pressed_under_the_dialog(app: App, session: Session, button: str, kind: str) -> None:
    """Press ``button`` while the dialog is open; the screen must survive the next draws."""
    cursor = session.cursor
    app.press_table_button(button, kind)
    app.dirty = True
    app.draw()
    app.dirty = True
    app.draw()
    shown = "" if app.toast is None else translate(app.toast.message, "en")
    assert "ran into a problem" not in shown
    assert session.cursor == cursor  # the game never moves under an open question


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("button", BUTTONS)
def test_caverna_button_under_the_question_dialog(app: App, button: str, kind: str) -> None:
    session = caverna_room_question(app)
    pressed_under_the_dialog(app, session, button, kind)
    if button == "undo" and kind == "press":
        assert app.dialog is None  # what the dialog's own Back does with nothing answered
    else:
        assert isinstance(app.dialog, QuestionDialog)



def tikal_move_question(app: App) -> Session:
    """Tikal: the leader brought in at hex 0, *Move* tapped and hex 4 answered for where
    to; the dialog asks how many stones."""
    session = tikal_start(app.journal)
    session.submit({"type": "draw", "kind": "jungle"})
    session.submit({"type": "bring", "piece": "leader", "to": 0})
    open_game(app, session)
    tap_widget(app, "tikal:act:move")
    tap_widget(app, f"place:to:{answer_key(4)}" if has_widget(app, f"place:to:{answer_key(4)}")
               else f"answer:to:{answer_key(4)}")
    assert isinstance(app.dialog, QuestionDialog)
    assert app.dialog.dialogue.partial.get("to") == 4
    return session


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("button", BUTTONS)
def test_tikal_button_under_the_question_dialog(app: App, button: str, kind: str) -> None:
    session = tikal_move_question(app)
    pressed_under_the_dialog(app, session, button, kind)
    dialog = app.dialog
    assert isinstance(dialog, QuestionDialog)
    if button == "undo" and kind == "press":  # the dialog's own Back: the last answer goes
        assert dialog.dialogue.partial == {"type": "move"}
    else:
        assert dialog.dialogue.partial.get("to") == 4
