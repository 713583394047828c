"""The saved-games list tells each game's players, where it stands and when it was played."""

from __future__ import annotations

import time

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import registry
from companion.core.game import where_it_stands
from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.ui.home import HomeScene, when_played
from companion.ui.screens import make_screen
from companion.ui.theme import TEXT_SCALES
from companion.ui.widgets import ListView
from tests.ui.conftest import context

pytestmark = pytest.mark.usefixtures("display")

REAL_GAMES = ("fuji", "tikal", "caverna")
"""The installed games, each saved once in the journal under test."""


def _play(journal: Journal, name: str, steps: int = 3) -> Session:
    game = registry.all_games()[name]
    session = Session.start(journal, name, game.example_setup())
    for _ in range(steps):
        session.submit(game.legal_actions(session.state)[0])
    return session


def _saved_rows(journal: Journal, lang: str, scale: float = 1.0) -> tuple[HomeScene, ListView]:
    scene = make_screen("home")
    assert isinstance(scene, HomeScene)
    scene.draw(pygame.Surface((800, 480)), context((800, 480), lang, None, journal, scale))
    view = next(w for w in scene.widgets if w.key == "saved")
    assert isinstance(view, ListView)
    return scene, view


@pytest.fixture
def saved(journal: Journal) -> dict[str, Session]:
    """One game of each installed game, a few steps in."""
    return {name: _play(journal, name) for name in REAL_GAMES}


@pytest.mark.parametrize("scale", TEXT_SCALES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_row_fits_at_800x480(lang: str, scale: float, journal: Journal,
                                   saved: dict[str, Session]) -> None:
    scene, view = _saved_rows(journal, lang, scale)
    assert len(view.items) == len(REAL_GAMES)
    assert view.visible_rows() == range(len(REAL_GAMES))
    assert scene.overflowing() == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_row_names_the_players_and_where_the_game_stands(lang: str, journal: Journal,
                                                           saved: dict[str, Session]) -> None:
    _, view = _saved_rows(journal, lang)
    details = {str(item.detail) for item in view.items}
    for name, session in saved.items():
        game = session.game
        players = ", ".join(game.result(session.state, session.setup).players)
        stands = translate(game.summary(session.state, session.setup), lang)  # type: ignore[attr-defined]
        assert any(players in detail and stands in detail for detail in details), name
    for name, session in saved.items():
        when = when_played(journal.summary(session.game_id).updated, time.time())
        title = f"{translate(session.game.title_key, lang)} · {translate(when, lang)}"
        assert title in {str(item.text) for item in view.items}, name


def test_the_row_follows_the_game_after_a_step(journal: Journal,
                                               saved: dict[str, Session]) -> None:
    scene, view = _saved_rows(journal, "en")
    before = {str(item.detail) for item in view.items}
    caverna = saved["caverna"]
    while caverna.state.round == 1:
        caverna.submit(caverna.game.legal_actions(caverna.state)[0])
    scene.draw(pygame.Surface((800, 480)), context((800, 480), "en", None, journal))
    redrawn = next(w for w in scene.widgets if w.key == "saved")
    assert isinstance(redrawn, ListView)
    after = {str(item.detail) for item in redrawn.items}
    assert any("Round 2 of" in detail for detail in after - before)


def test_a_game_without_a_summary_shows_its_players(journal: Journal) -> None:
    Session.start(journal, "tally", {"seats": 2, "target": 9})
    _, view = _saved_rows(journal, "en")
    assert view.items[0].detail == "Seat 1, Seat 2 · in play · 0 steps"


def test_a_game_that_no_longer_replays_is_still_listed(journal: Journal,
                                                       saved: dict[str, Session]) -> None:
    tikal = saved["tikal"]
    journal.append(tikal.game_id, 4, {"type": "no_such_action"}, Msg("tikal.title"), "active")
    _, view = _saved_rows(journal, "en")
    assert len(view.items) == len(REAL_GAMES)
    assert [str(item.detail) for item in view.items].count("in play · 4 steps") == 1


NOON = time.mktime((2026, 3, 10, 12, 0, 0, 0, 0, -1))


@pytest.mark.parametrize(("lang", "then", "text"), [
    ("en", (2026, 3, 10, 9, 5), "today 09:05"),
    ("pl", (2026, 3, 9, 23, 59), "wczoraj 23:59"),
    ("fr", (2026, 2, 28, 8, 0), "28 févr."),
    ("es", (2025, 12, 31, 8, 0), "31 dic 2025"),
])
def test_when_played_speaks_the_tables_language(lang: str, then: tuple[int, int, int, int, int],
                                                text: str) -> None:
    updated = time.mktime((*then, 0, 0, 0, -1))
    assert translate(when_played(updated, NOON), lang) == text


@given(st.floats(min_value=0, max_value=400 * 86400))
def test_when_played_is_today_only_on_the_same_date(ago: float) -> None:
    updated = NOON - ago
    same_day = time.localtime(updated)[:3] == time.localtime(NOON)[:3]
    assert (when_played(updated, NOON).key == "ui.home.when.today") == same_day


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", REAL_GAMES)
def test_every_games_summary_is_written_in_every_language(name: str, lang: str) -> None:
    game = registry.all_games()[name]
    setup = game.example_setup()
    stands = where_it_stands(game, game.new_state(setup), setup)
    assert stands is not None
    text = translate(stands, lang)
    assert text != stands.key and "{" not in text and "@" not in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fuji_variant_is_named(lang: str) -> None:
    game = registry.all_games()["fuji"]
    setup = {**game.example_setup(), "extreme": True}
    stands = where_it_stands(game, game.new_state(setup), setup)
    assert stands is not None
    assert translate("fuji.variant.extreme", lang) in translate(stands, lang)
