"""Board taps at the table never drop an option, checked through real taps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, catalogue
from companion.core.journal import Journal
from companion.ui.app import App
from companion.ui.caverna.dialogs import DigDialog
from companion.ui.dialogs import ChoiceDialog
from tests.catalogues import keys_in_sources
from tests.ui.caverna.helpers import state_of, taking
from tests.ui.taps import open_game, tap_widget

CODE = Path(__file__).resolve().parents[3] / "companion" / "ui" / "caverna"
KEY = re.compile(r'"(caverna_table\.[a-z_0-9]+(?:\.[a-z_0-9]+)+)"')


def test_a_face_down_space_asks_one_or_two_digs_when_both_are_open(app: App,
                                                                   journal: Journal) -> None:
    """Rulebook (paraphrased): Excavation offers either one cavern, or two caverns for 2
    food; options split by a slash are either-or.  A tap on a lit face-down space with
    both open must ask which, in that one tap, not dig one silently."""
    session = taking(journal, "excavation")
    session.submit({"type": "convert", "good": "emmer", "count": 1})
    assert state_of(session).players[0].goods.food >= 2
    open_game(app, session)
    before = session.cursor
    key = next(k for k in _keys(app) if k.startswith("caverna:cave:dig:"))
    tap_widget(app, key)
    assert session.cursor == before, "a dig was made without asking"
    dialog = app.dialog
    assert isinstance(dialog, ChoiceDialog)
    assert len(dialog.options) == 2
    tap_widget(app, "choice:1")
    assert isinstance(app.dialog, DigDialog)
    assert len(app.dialog.picker.digs) == 1


def test_a_face_down_space_digs_at_once_when_only_one_dig_is_open(app: App,
                                                                  journal: Journal) -> None:
    """Undermining offers one dig (through a wall) or two rooms: a tap on a lit
    face-down space digs it, there is nothing to ask."""
    session = taking(journal, "undermining", revealed="undermining")
    open_game(app, session)
    before = session.cursor
    key = next(k for k in _keys(app) if k.startswith("caverna:cave:dig:"))
    tap_widget(app, key)
    assert app.dialog is None
    assert session.actions()[before]["type"] == "excavate"


def test_the_two_cavern_dig_short_of_food_asks_for_the_food_then_digs(
        app: App, journal: Journal) -> None:
    """At 1 food the two-cavern dig (2 food) is open through conversions: the question
    offers it, and its answer asks for the food first."""
    session = taking(journal, "excavation")
    assert state_of(session).players[0].goods.food == 1
    open_game(app, session)
    key = next(k for k in _keys(app) if k.startswith("caverna:cave:dig:"))
    tap_widget(app, key)
    assert isinstance(app.dialog, ChoiceDialog)
    tap_widget(app, "choice:1")
    food = app.dialog
    assert isinstance(food, ChoiceDialog)
    assert "food" in str(food.title).lower()


def _keys(app: App) -> list[str]:
    app.draw()
    return [w.key for w in app.scene.widgets if w.key]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_domain_is_translated(lang: str) -> None:
    keys = keys_in_sources(CODE, KEY)
    table = catalogue(lang)
    assert keys and all(table.get(key) for key in keys)
