"""Test games registered next to the real ones, for one test module or folder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.core import registry


def register(monkeypatch: pytest.MonkeyPatch, *games: Any) -> None:
    """Make ``registry.all_games`` (and so ``find_game``) also list ``games``."""
    table = dict(registry.all_games())
    table.update({game.name: game for game in games})
    monkeypatch.setattr(registry, "all_games", lambda: table)


def registered(*games: Any) -> Callable[..., Iterator[None]]:
    """An autouse fixture that registers ``games`` for every test that sees it.

    Assign it to a module-level name in a test module or a ``conftest.py``.
    """

    @pytest.fixture(autouse=True)
    def games_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
        register(monkeypatch, *games)
        yield

    return games_registered
