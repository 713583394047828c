"""How each game's UI package plugs its screens into the app.

A game's UI lives in a subpackage of :mod:`companion.ui` (``companion/ui/fuji/``,
``companion/ui/tikal/``...).  Its ``__init__`` calls::

    register_game_screens("fuji", make_fuji_screen, screens=("setup", "play", "map"))

where ``make_fuji_screen(screen: str) -> Scene`` builds the named screen.  Two names
have a meaning for the app:

* ``"setup"`` — opened by the home screen's *New game* button; it returns a
  :class:`~companion.ui.intents.StartGame` intent when the table is ready.  Without
  it, *New game* starts the game's example set-up.
* ``"play"`` — opened when a game starts or resumes.  Without it, the generic play
  screen (:mod:`companion.ui.play`) is used.

Every screen is also registered as ``"<game>.<screen>"`` (e.g. ``"fuji.map"``) for
:class:`~companion.ui.intents.Navigate` and for screenshots.  The packages are
imported lazily, the first time screens are looked up, so the app never has to
name them.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
from collections.abc import Callable, Sequence
from functools import partial

import companion.ui
from companion.ui.scene import Scene
from companion.ui.screens import register_screen, screen_entry

GameScreenFactory = Callable[[str], Scene]
"""Builds one of a game's screens from its short name (``"setup"``, ``"play"``...)."""

_GAME_SCREENS: dict[str, tuple[str, ...]] = {}
_loaded = False
_log = logging.getLogger(__name__)


def register_game_screens(
    game_name: str, factory: GameScreenFactory, screens: Sequence[str] = ("setup", "play")
) -> None:
    """Register ``factory`` for each of ``game_name``'s ``screens``."""
    _GAME_SCREENS[game_name] = tuple(screens)
    for screen in screens:
        register_screen(f"{game_name}.{screen}", partial(factory, screen), game=game_name)


def load_game_uis() -> None:
    """Import every UI subpackage of :mod:`companion.ui` once (they register themselves).

    A package that fails to import is logged and skipped: one broken game UI must
    not stop the others.
    """
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in sorted(pkgutil.iter_modules(companion.ui.__path__), key=lambda i: i.name):
        if info.ispkg:
            try:
                importlib.import_module(f"companion.ui.{info.name}")
            except Exception:
                _log.exception("could not load the screens of companion.ui.%s", info.name)


def load_game_ui(package: str) -> None:
    """Import one UI subpackage (``fuji``, ``kiosk``...) if it exists; failures are logged."""
    name = f"companion.ui.{package}"
    if not package.isidentifier() or importlib.util.find_spec(name) is None:
        return
    try:
        importlib.import_module(name)
    except Exception:
        _log.exception("could not load the screens of %s", name)


def game_screens(game_name: str) -> tuple[str, ...]:
    """Short names of the screens ``game_name`` registered (empty if none)."""
    if game_name not in _GAME_SCREENS:
        load_game_ui(game_name)
    return _GAME_SCREENS.get(game_name, ())


def has_screen(game_name: str, screen: str) -> bool:
    """Whether ``game_name`` registered ``screen``."""
    return screen in game_screens(game_name)


def play_screen_name(game_name: str) -> str:
    """The screen to open when ``game_name`` starts or resumes."""
    return f"{game_name}.play" if has_screen(game_name, "play") else "play"


def setup_screen_name(game_name: str) -> str | None:
    """The game's set-up screen, if it has one."""
    return f"{game_name}.setup" if has_screen(game_name, "setup") else None


def make_game_screen(game_name: str, screen: str) -> Scene:
    """Build ``game_name``'s screen ``screen``."""
    load_game_uis()
    return screen_entry(f"{game_name}.{screen}").factory()
