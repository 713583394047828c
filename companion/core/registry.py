"""Find a game's rules engine by name.

Every package under :mod:`companion.games` is a registered game, named after its
package, with its display name under the catalogue key ``<name>.title``; its ``GAME``
is the rules engine.  Adding a game never touches this file.

Listing the games imports none of them: :func:`all_games` hands out stand-ins that know
the name and title at once and import the game's package the first time anything else
is asked of them.  So the home screen names every game without loading a single rules
engine, and resuming a game imports only that game.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import companion.games
from companion.core.game import Game
from companion.core.messages import IllegalActionError


class UnknownGameError(IllegalActionError):
    """No game is registered under the requested name."""


class RegisteredGame:
    """A game found in :mod:`companion.games`: named at once, its engine loaded on first use.

    It stands in for the :class:`~companion.core.game.Game` it names: every attribute
    other than :attr:`name` and :attr:`title_key` is the engine's own.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        """Registry name: the package's name."""
        self.title_key = f"{name}.title"
        """Catalogue key of the game's display name."""
        self._engine: Game[Any] | None = None

    @property
    def engine(self) -> Game[Any]:
        """The rules engine, imported the first time it is needed."""
        if self._engine is None:
            self._engine = _load(self.name)
        return self._engine

    def __getattr__(self, attribute: str) -> Any:
        """Anything but the name and title comes from the engine (and is kept at hand)."""
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        value = getattr(self.engine, attribute)
        setattr(self, attribute, value)
        return value

    def __repr__(self) -> str:
        """``RegisteredGame('<name>')``."""
        return f"RegisteredGame({self.name!r})"


def game_names() -> list[str]:
    """The name of every registered game, alphabetical; nothing is imported."""
    return sorted(info.name for info in pkgutil.iter_modules(companion.games.__path__)
                  if info.ispkg)


def game_folders() -> list[Path]:
    """The folder of every registered game package (a game may carry its own catalogues
    in ``<folder>/locale/<lang>/*.po``); nothing is imported."""
    return [Path(info.module_finder.path) / info.name  # type: ignore[union-attr]
            for info in pkgutil.iter_modules(companion.games.__path__) if info.ispkg]


@cache
def all_games() -> dict[str, Game[Any]]:
    """Return every registered game, keyed by name, in alphabetical order.

    The values are :class:`RegisteredGame` stand-ins: a game's rules are imported when
    something beyond its name and title is first asked of it.
    """
    return {name: cast("Game[Any]", RegisteredGame(name)) for name in game_names()}


def find_game(name: str) -> Game[Any]:
    """Return the rules engine registered as ``name`` (case-insensitive).

    Only that game's package is imported.
    """
    key = name.strip().lower()
    games = all_games()
    if key not in games:
        raise UnknownGameError("core.error.unknown_game", name=name, known=", ".join(games))
    game = games[key]
    return game.engine if isinstance(game, RegisteredGame) else game


def _load(name: str) -> Game[Any]:
    """Import game ``name``'s package and return its ``GAME``; refuse a package without one."""
    game = getattr(importlib.import_module(f"companion.games.{name}"), "GAME", None)
    if game is None or game.name != name:
        raise UnknownGameError("core.error.unknown_game", name=name, known=", ".join(all_games()))
    return cast("Game[Any]", game)


if TYPE_CHECKING:  # checked by mypy, never imported at run time (listing games stays cheap)
    from companion.games.caverna.game import GAME as CAVERNA
    from companion.games.caverna.state import CavernaState
    from companion.games.fuji.game import GAME as FUJI
    from companion.games.fuji.state import State as FujiState
    from companion.games.tikal.game import GAME as TIKAL
    from companion.games.tikal.state import TikalState

    PINNED: tuple[Game[CavernaState], Game[FujiState], Game[TikalState]] = (
        CAVERNA, FUJI, TIKAL)
    """Every shipped game's engine seen as ``Game[its state]`` (a new game adds itself;
    ``tests/test_conformance.py`` checks at run time that none is missing)."""
