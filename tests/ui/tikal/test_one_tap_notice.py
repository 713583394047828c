"""A tap that records at once says what it recorded, with Undo at hand: a lean game's
treasure taken from the only treasure hex, and a temple's next level, both tapped on the map."""

from __future__ import annotations

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.constants import FORMER_STAGE_SIZES, START_HEXES
from companion.ui.app import App
from tests.ui.tikal.helpers import has_widget, open_game, state_of, tap_widget

PLAYERS = [{"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"}]
HEX = len(START_HEXES)
"""The first hex drawn."""


def _lean(journal: Journal) -> Session:
    """A lean game whose first hex is a treasure hex with three tokens, placed on the map."""
    session = Session.start(journal, "tikal", {"variant": "basic", "tracking": "lean",
                                                "players": PLAYERS,
                                                "stages": dict(FORMER_STAGE_SIZES)})
    session.submit({"type": "draw", "kind": "treasure", "masks": 3, "at": [1, -2]})
    return session


def test_a_treasure_tapped_on_the_map_is_recorded_and_said(app: App, journal: Journal) -> None:
    """Nobody holds a treasure and one treasure hex lies: one tap on it records the take.
    The screen says what was recorded, in the history's words, and Undo takes it back."""
    session = _lean(journal)
    open_game(app, session)
    before = state_of(session)
    tap_widget(app, f"tikal:treasure:{HEX}")
    taken = {"type": "take_treasure", "hex": HEX, "kind": 1}
    assert app.dialog is None and session.actions()[-1] == taken
    assert state_of(session).hexes[HEX].treasures == 2  # the map shows the token gone
    assert app.toast is not None and not app.toast.error
    assert translate(app.toast.message, "en") \
        == translate(GAME.action_label(before, taken), "en")
    assert has_widget(app, "bar:Undo")
    tap_widget(app, "bar:Undo")
    assert session.actions()[-1]["type"] == "draw"


def test_a_level_tapped_on_the_map_is_said(app: App, journal: Journal) -> None:
    """A temple's next level, one tap on the temple: the notice names it."""
    session = _lean(journal)
    open_game(app, session)
    before = state_of(session)
    level = next(hx.id for hx in before.hexes if hx.kind == "temple")
    tap_widget(app, f"tikal:level:{level}")
    uncovered = {"type": "uncover", "hex": level}
    assert session.actions()[-1] == uncovered
    assert app.toast is not None
    assert translate(app.toast.message, "en") \
        == translate(GAME.action_label(before, uncovered), "en")
