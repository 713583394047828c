"""Fixtures for the UI tests: a headless display, the tally game, an app on a fresh journal."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Context, Settings
from tests.clock import FakeClock
from tests.registering import registered
from tests.ui.tally_game import GAME as TALLY
from tests.wiring import keys

tally_registered = registered(TALLY)


@pytest.fixture
def journal() -> Iterator[Journal]:
    """A fresh in-memory journal."""
    store = Journal(":memory:")
    yield store
    store.close()


@pytest.fixture
def session(journal: Journal) -> Session:
    """A tally game with three steps played and one undone."""
    game = Session.start(journal, "tally", {"seats": 2, "target": 12})
    for amount in (1, 2, 3):
        game.submit({"type": "add", "amount": amount})
    game.undo()
    return game


@pytest.fixture
def clock() -> FakeClock:
    """A hand-driven clock."""
    return FakeClock()


@pytest.fixture
def app(journal: Journal, clock: FakeClock) -> Iterator[App]:
    """The app on a fresh journal, English, 800x480."""
    running = App(journal, Settings(language="en"), (800, 480), clock=clock, **keys())
    yield running
    clear_cache()
    pygame.quit()


def context(size: tuple[int, int], lang: str, session: Session | None = None,
            journal: Journal | None = None, text_scale: float = 1.0) -> Context:
    """A drawing context."""
    return Context(size, Settings(language=lang, text_scale=text_scale), session, journal)
