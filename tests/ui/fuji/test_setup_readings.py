"""The set-up screen's *Readings* tab: the points the rulebooks read differently, each
reading named by its book, the language's own book chosen until the table picks another,
and the chosen readings carried into the game the rules play."""

from __future__ import annotations

import pytest

from companion.core.journal import Journal
from companion.games.fuji.state import BuddyReturn
from companion.ui.app import App
from companion.ui.scene import Settings
from companion.ui.widgets import Button
from tests.ui.fuji.helpers import open_setup, start_game, state_of, tap_widget, widget

BOOK_READINGS: dict[str, dict[str, object]] = {
    "pl": {"buddy_die_back": "end_of_round", "rope_onto_village": True,
           "fresh_cards": "next_round", "score_base": "per_character"},
    "fr": {"buddy_die_back": "after_rerolls", "rope_onto_village": False,
           "fresh_cards": "after_own_phase", "score_base": "per_player"},
    "es": {"fresh_cards": "next_round"},
}
"""What each language's rulebook says on the points it covers (the Spanish book has no
skill or equipment cards and no two-player rules: it covers only drawn cards)."""


def _app(journal: Journal, lang: str) -> App:
    return App(journal, Settings(language=lang), (800, 480))


@pytest.mark.parametrize("lang", sorted(BOOK_READINGS))
def test_each_language_starts_with_its_own_books_readings(journal: Journal, lang: str) -> None:
    """Polish book: the Buddy's die comes back at the end of the round and the rope may
    reach any adjacent terrain card, villages included; French book: the die comes back
    after phase 3, the rope reaches landscape only, a drawn card is free once the
    player's phase is over, and variant B counts 4 points per player; Polish and Spanish
    books: a drawn card is used from the next round. Started without touching the tab,
    a game plays its language's book."""
    app = _app(journal, lang)
    open_setup(app)
    tap_widget(app, "setup:tab:readings")
    start_game(app)
    assert app.session is not None
    for field, value in BOOK_READINGS[lang].items():
        assert app.session.setup[field] == value, field


def test_a_reading_the_table_picks_is_the_one_played(journal: Journal) -> None:
    """A Polish table that plays the French reading of the Buddy's die picks it on the
    tab; the button shows it chosen and the rules play it."""
    app = _app(journal, "pl")
    open_setup(app)
    tap_widget(app, "setup:tab:readings")
    chosen = widget(app, "setup:reading:buddy_die_back:1")
    assert isinstance(chosen, Button) and chosen.style == "selected"
    tap_widget(app, "setup:reading:buddy_die_back:0")
    assert widget(app, "setup:reading:buddy_die_back:0").style == "selected"  # type: ignore[attr-defined]
    start_game(app)
    assert app.session is not None
    assert state_of(app.session).settings.buddy_die_back is BuddyReturn.AFTER_REROLLS
    assert state_of(app.session).settings.rope_onto_village is True
