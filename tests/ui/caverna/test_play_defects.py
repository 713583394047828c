"""Defects found playing whole games at the table, each checked through taps."""

from __future__ import annotations

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.caverna.parts import RefusedButton
from companion.ui.widgets import Button
from tests.ui.caverna.helpers import open_game, round_one, state_of, tap_widget, widget


def _ada_fills_her_only_cavern(session: Session) -> None:
    """Ada furnishes the Shelf in her one empty cavern; Borys takes Cultivation: on
    Ada's second turn no furnishing has a place to go."""
    for action in ({"type": "take_tile", "tile": "furnishing"},
                   {"type": "gain", "good": "food"},
                   {"type": "furnish", "room": "shelf", "space": [2, 0], "fee": "round_food"},
                   {"type": "end_turn"},
                   {"type": "take_tile", "tile": "cultivation"},
                   {"type": "end_turn"}):
        session.submit(action)


def test_a_tile_with_nothing_usable_says_so_and_its_tap_ends_the_turn(app: App,
                                                                       journal: Journal) -> None:
    """Rulebook: "Możesz też wybrać żeton i nie wykonać żadnej akcji" — taking a tile and
    doing nothing with it is allowed (it keeps the tile from the opponent), so Housework
    stays offered; but with no empty cavern its button says plainly that nothing can be
    done with it, and the one tap takes it and ends the turn (undo brings it back)."""
    session = round_one(journal, app)
    _ada_fills_her_only_cavern(session)
    open_game(app, session)
    housework = widget(app, "caverna:tile:housework")
    assert isinstance(housework, Button) and not isinstance(housework, RefusedButton)
    assert housework.style == "quiet"
    assert "nothing" in translate(housework.text, "en")
    excavation = widget(app, "caverna:tile:excavation")
    assert isinstance(excavation, Button) and excavation.style == "normal"
    steps = session.cursor
    tap_widget(app, "caverna:tile:housework")
    assert session.actions()[steps:] == [{"type": "take_tile", "tile": "housework"},
                                         {"type": "end_turn"}]
    assert state_of(session).active == 1
