"""The registry of named screens: ``"home"``, ``"settings"``, ``"history"``, ``"chess.clock"``...

Screens are registered by name with a factory that builds a fresh scene.  The
game-independent screens register themselves when :mod:`companion.ui.home` and its
siblings are imported (see :func:`load_all`); game packages register theirs through
:func:`companion.ui.games.register_game_screens`.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING

import companion.ui
from companion.core.logs import logger
from companion.core.values import Value
from companion.ui.scene import Scene

if TYPE_CHECKING:
    from companion.core.session import Session

SceneFactory = Callable[[], Scene]
"""Builds a fresh scene."""

DemoFactory = Callable[[], "Session"]
"""Builds (or finds) the demo game a preview screen shows."""


class ScreenEntry(Value):
    """A registered screen."""

    name: str
    """Its name, e.g. ``"history"`` or ``"chess.clock"``."""
    factory: SceneFactory
    """Builds the scene."""
    game: str | None = None
    """The game it belongs to (``None`` for game-independent screens)."""
    demo: DemoFactory | None = None
    """For a preview (a chosen situation drawn for screenshots and documents): the demo
    game to open for it; the scene itself only ever draws ``ctx.session``."""


_SCREENS: dict[str, ScreenEntry] = {}
_loaded = False
_log = logger(__name__)

CORE_SCREEN_MODULES: tuple[str, ...] = (
    "companion.ui.home",
    "companion.ui.settings",
    "companion.ui.history",
    "companion.ui.play",
    "companion.ui.speech",
)
"""Modules that register the game-independent screens."""

OPTIONAL_SCREEN_MODULES: tuple[str, ...] = ("companion.ui.diagnostics",
                                           "companion.ui.phones_setting")
"""Modules that register screens if they are installed."""


class UnknownScreenError(KeyError):
    """No screen is registered under the requested name."""


def register_screen(name: str, factory: SceneFactory, game: str | None = None,
                    demo: DemoFactory | None = None) -> None:
    """Register (or replace) the screen ``name`` (``demo``: the game a preview shows)."""
    _SCREENS[name] = ScreenEntry(name, factory, game, demo)


def load_all() -> None:
    """Import the core screens, optional ones and every UI package, so all are registered."""
    for module in CORE_SCREEN_MODULES:
        importlib.import_module(module)
    for module in OPTIONAL_SCREEN_MODULES:
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
    load_game_uis()


def screen_names() -> list[str]:
    """Every registered screen name, sorted."""
    load_all()
    return sorted(_SCREENS)


def load_owner(name: str) -> None:
    """Import only the module that registers screen ``name`` (start-up stays quick).

    ``"chess.play"`` imports :mod:`companion.ui.chess`, ``"kiosk.start"`` the kiosk
    package, a plain name such as ``"home"`` its own module (else every core screen).
    """
    prefix, dot, _ = name.partition(".")
    if dot:
        load_game_ui(prefix)
        return
    own = f"companion.ui.{name}"
    if name.isidentifier() and own in (*CORE_SCREEN_MODULES, *OPTIONAL_SCREEN_MODULES):
        importlib.import_module(own)
        if name in _SCREENS:
            return
    for module in CORE_SCREEN_MODULES:
        importlib.import_module(module)
    if name not in _SCREENS:
        for module in OPTIONAL_SCREEN_MODULES:
            if importlib.util.find_spec(module) is not None:
                importlib.import_module(module)


def screen_entry(name: str) -> ScreenEntry:
    """The registration of screen ``name``."""
    if name not in _SCREENS:
        load_owner(name)
    if name not in _SCREENS:
        load_all()
    if name not in _SCREENS:
        raise UnknownScreenError(name)
    return _SCREENS[name]


def make_screen(name: str) -> Scene:
    """Build a fresh scene for screen ``name``."""
    return screen_entry(name).factory()


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
    """Import one UI subpackage (``chess``, ``kiosk``...) if it exists; failures are logged."""
    name = f"companion.ui.{package}"
    if not package.isidentifier() or importlib.util.find_spec(name) is None:
        return
    try:
        importlib.import_module(name)
    except Exception:
        _log.exception("could not load the screens of %s", name)
