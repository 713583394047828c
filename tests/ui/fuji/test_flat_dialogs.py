"""On a flat table, a player's own question turns to face that player."""

from __future__ import annotations

import pytest

from companion.ui.app import App
from companion.ui.dialogs import ChoiceDialog
from companion.ui.flat import TurnedPanel
from companion.ui.fuji import demo
from companion.ui.fuji.play import wound_dialog
from companion.ui.intents import SetTableLayout
from tests.ui.fuji.helpers import state_of


@pytest.mark.parametrize(("seat", "angle"), [(1, 270), (2, 180)])
def test_the_wound_question_faces_the_wounded_player(app: App, seat: int, angle: int) -> None:
    """A side or far seat's wound question is turned to that seat, not to the bottom one."""
    app.perform(SetTableLayout("flat"))
    session = demo.to_wound()
    app.open_game(session)
    state = state_of(session)
    app.perform(wound_dialog(state.players[seat], state))
    app.draw()
    dialog = app.dialog
    assert isinstance(dialog, ChoiceDialog) and dialog.seat == seat
    turned = [w for w in dialog.widgets if isinstance(w, TurnedPanel)]
    assert turned and turned[0].angle == angle
