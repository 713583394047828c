"""Treasures on the Tikal screens: taken by tapping who holds the same picture, shown in
columns that match across players, never by a number the table cannot see."""

from __future__ import annotations

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.tikal.constants import FORMER_STAGE_SIZES, START_HEXES
from companion.ui.app import App
from companion.ui.questions import QuestionDialog
from companion.ui.widgets import Label
from tests.ui.tikal.helpers import has_widget, open_game, state_of, tap_widget

HEX = len(START_HEXES)
"""The first hex drawn: the treasure hex a lean take names."""
PLAYERS = [{"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"},
           {"name": "Cy", "colour": "yellow"}]


def _lean(journal: Journal) -> Session:
    """A lean game whose first hex is a treasure hex with four tokens (a treasure can
    only be taken once one lies on the board)."""
    session = Session.start(journal, "tikal", {"variant": "basic", "tracking": "lean",
                                                "players": PLAYERS,
                                                "stages": dict(FORMER_STAGE_SIZES)})
    session.submit({"type": "draw", "kind": "treasure", "masks": 4})
    return session


def _dialog_words(app: App) -> list[str]:
    dialog = app.dialog
    assert isinstance(dialog, QuestionDialog)
    return [translate(w.text, "en") for w in dialog.widgets
            if w.key.startswith("answer:kind:") and hasattr(w, "text")]


def test_the_first_treasure_is_one_tap(app: App, journal: Journal) -> None:
    """Nobody holds a treasure and one treasure hex lies: the Treasure button alone
    records it, from that hex."""
    session = _lean(journal)
    open_game(app, session)
    tap_widget(app, "tikal:act:take_treasure")
    assert app.dialog is None
    assert session.actions()[-1] == {"type": "take_treasure", "hex": HEX, "kind": 1}


def test_a_later_treasure_is_tapped_by_its_holders(app: App, journal: Journal) -> None:
    """Ada holds a pair: Bo's token is either like Ada's or a new kind; a tap on "Like
    Ada ×2" gives Bo one of Ada's kind."""
    session = _lean(journal)
    for action in ({"type": "take_treasure", "hex": HEX, "kind": 3},
                   {"type": "take_treasure", "hex": HEX, "kind": 3},
                   {"type": "end_turn"}, {"type": "draw", "kind": "jungle"}):
        session.submit(action)
    open_game(app, session)
    tap_widget(app, "tikal:act:take_treasure")
    assert _dialog_words(app) == ["Nobody has one yet", "Like Ada ×2"]
    tap_widget(app, "answer:kind:3")
    assert state_of(session).players[1].treasures[2] == 1
    assert not has_widget(app, "answer:kind:3")


def test_the_treasures_tab_shows_no_kind_numbers(app: App, journal: Journal) -> None:
    """The treasures panel: one column per kind held, no number above it."""
    session = _lean(journal)
    for action in ({"type": "take_treasure", "hex": HEX, "kind": 6},
                   {"type": "take_treasure", "hex": HEX, "kind": 8}):
        session.submit(action)
    open_game(app, session)
    tap_widget(app, "tikal:tab:treasures")
    texts = [translate(w.text, "en") for w in app.scene.widgets
             if isinstance(w, Label) and w.rect.x > 400]
    assert "6" not in texts and "8" not in texts
    assert texts.count("1") == 2  # Ada's two singles, one column each
    assert "2" in texts  # her points: two singles


def test_no_treasure_before_a_treasure_hex_lies(app: App, journal: Journal) -> None:
    """Lean game, only a jungle laid: no treasure can be taken yet, so the Treasure button
    is greyed and a tap says why, recording nothing."""
    session = Session.start(journal, "tikal", {"variant": "basic", "tracking": "lean",
                                                "players": PLAYERS,
                                                "stages": dict(FORMER_STAGE_SIZES)})
    session.submit({"type": "draw", "kind": "jungle"})
    open_game(app, session)
    steps = session.actions()
    app.toast = None
    tap_widget(app, "tikal:act:take_treasure")
    assert app.dialog is None and session.actions() == steps
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == "tikal.error.no_treasure_hex"
