"""Fixtures for the UI tests: a headless display, the tally game, an app on a fresh journal."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core import registry
from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Context, Settings
from tests.ui.tally_game import GAME as TALLY


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds


@pytest.fixture(autouse=True)
def tally_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the tally game next to the real games."""
    games = dict(registry.all_games())
    games[TALLY.name] = TALLY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


@pytest.fixture
def display() -> Iterator[None]:
    """An initialised pygame with the dummy video driver."""
    pygame.init()
    yield
    clear_cache()
    pygame.quit()


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
    running = App(journal, Settings(language="en"), (800, 480), clock=clock)
    yield running
    clear_cache()
    pygame.quit()


def context(size: tuple[int, int], lang: str, session: Session | None = None,
            journal: Journal | None = None, text_scale: float = 1.0) -> Context:
    """A drawing context."""
    return Context(size, Settings(language=lang, text_scale=text_scale), session, journal)
