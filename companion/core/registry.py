"""Find a game's rules engine by name.

Every package under :mod:`companion.games` that defines ``GAME`` is a registered game,
so adding a game never touches this file.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from typing import Any

import companion.games
from companion.core.game import Game
from companion.core.messages import IllegalActionError


class UnknownGameError(IllegalActionError):
    """No game is registered under the requested name."""


@cache
def all_games() -> dict[str, Game[Any]]:
    """Return every registered game, keyed by name, in alphabetical order."""
    found: dict[str, Game[Any]] = {}
    for info in sorted(pkgutil.iter_modules(companion.games.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"companion.games.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            found[game.name] = game
    return found


def find_game(name: str) -> Game[Any]:
    """Return the game registered as ``name`` (case-insensitive).

    The game's own package is tried first, so resuming a game imports only that game.
    """
    key = name.strip().lower()
    if key.isidentifier() and importlib.util.find_spec(f"companion.games.{key}") is not None:
        game = getattr(importlib.import_module(f"companion.games.{key}"), "GAME", None)
        if game is not None and game.name == key:
            return game  # type: ignore[no-any-return]
    games = all_games()
    if key not in games:
        raise UnknownGameError("core.error.unknown_game", name=name, known=", ".join(games))
    return games[key]
