"""A whole recorded Fuji game, three browser phones and the shared screen, ends as recorded.

Rulebook, in our words: each round every player rolls behind a screen, rerolls, plays
cards, and only in phase 5 shows the dice; the game ends when everyone reaches the
villages or someone falls.  Played with phones, the journal must end in the very state
the record ends in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium import webdriver

from companion.core.record import load_record, replay
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.ui.app import App
from tests.phones.browser import browser_available, phone_browser, running
from tests.phones.tables import door
from tests.phones.whole_game import play_whole_game

RECORD = Path(__file__).resolve().parents[2] / "examples" / "fuji" / "scenario-1.json"
"""A three-player game of three rounds, with cards, energy and rerolls."""

pytestmark = pytest.mark.skipif(not browser_available(),
                                reason="needs /usr/bin/chromium and /usr/bin/chromedriver")


@pytest.fixture
def app(table_app: App) -> App:
    """No game open: each test opens its own."""
    return table_app


def test_a_whole_game_with_three_browser_phones(app: App) -> None:
    record = load_record(RECORD)
    session = Session.start(app.journal, "fuji", dict(record.setup))
    app.open_game(session)
    browsers: list[webdriver.Chrome] = []
    try:
        with running(app) as lock:
            for seat in range(3):
                browser = phone_browser()
                browsers.append(browser)
                browser.get(str(door(app).link_for(seat)))
            by_phone = play_whole_game(app, record, browsers, lock)
            with lock:
                final = GAME.state_to_json(session.state)
    finally:
        for browser in browsers:
            browser.quit()
    assert by_phone >= 9
    assert final == GAME.state_to_json(replay(record).state)
