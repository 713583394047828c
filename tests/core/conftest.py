"""Fixtures for the core tests: the counting game registered next to the real games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.core import registry
from tests.core.counting_game import GAME as COUNTING


@pytest.fixture(autouse=True)
def counting_game_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make ``find_game("counting")`` find the test game."""
    games = dict(registry.all_games())
    games[COUNTING.name] = COUNTING
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield
