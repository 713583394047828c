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


def test_the_food_a_furnishing_lacks_is_made_in_one_tap() -> None:
    """Rulebook (paraphrased): emmer, flax and gold turn into food at any time, 1 for 1.
    Housework's furnishing costs the round's 2 food beyond the room; at 0 food with one
    emmer and one flax the food dialog's first answer makes both in one tap and carries
    on with the furnishing."""
    from companion.games.caverna.game import GAME
    from companion.games.caverna.questions import refusal
    from companion.ui.caverna.food import food_for
    from companion.ui.intents import Submit
    from tests.games.caverna.helpers import begin, duo, with_goods

    state = with_goods(begin(duo(), "housework"), 0, food=0, emmer=1, flax=1, gold=0)
    furnish = {"type": "furnish", "room": "shelf", "space": [2, 0], "fee": "round_food"}
    shown = food_for(state, 0, lambda now: refusal(now, furnish),
                     lambda after: [Submit(furnish)])
    dialog = shown.dialog
    assert isinstance(dialog, ChoiceDialog)
    first = dialog.options[0]
    submitted = [i.action for i in first.intents if isinstance(i, Submit)]
    assert submitted[-1] == furnish
    after = state
    for action in submitted:
        after = GAME.apply(after, action)
    assert after.players[0].cave.rooms().count("shelf") == 1


def test_a_good_turns_into_food_whole_in_one_tap(app: App, journal: Journal) -> None:
    """The goods page's food dialog also offers all of a good at once (up to the limit)."""
    session = taking(journal, "cultivation")
    session.submit({"type": "gain", "good": "emmer"})
    open_game(app, session)
    from companion.ui.caverna.food import convert_dialog

    shown = convert_dialog(state_of(session), 0)
    dialog = shown.dialog
    assert isinstance(dialog, ChoiceDialog)
    texts = [str(option.text) for option in dialog.options]
    assert any("caverna_table.convert.many" in text for text in texts)
