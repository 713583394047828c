"""How each game's UI package plugs its screens into the app.

A game's UI lives in a subpackage of :mod:`companion.ui` (``companion/ui/chess/``,
``companion/ui/go/``...).  Its ``__init__`` calls::

    register_game_screens("chess", make_chess_screen, screens=("setup", "play", "clock"))

where ``make_chess_screen(screen: str) -> Scene`` builds the named screen.  Two names
have a meaning for the app:

* ``"setup"`` — opened by the home screen's *New game* button; it returns a
  :class:`~companion.ui.intents.StartGame` intent when the table is ready.  Without
  it, *New game* starts the game's example set-up.
* ``"play"`` — opened when a game starts or resumes.  Without it, the generic play
  screen (:mod:`companion.ui.play`) is used.

Every screen is also registered as ``"<game>.<screen>"`` (e.g. ``"chess.clock"``) for
:class:`~companion.ui.intents.Navigate` and for screenshots.  The packages are
imported lazily, the first time screens are looked up, so the app never has to
name them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from companion.core.game import Game, Setup
from companion.core.messages import SetupError
from companion.ui.intents import Intent, Notify, StartGame
from companion.ui.scene import Scene
from companion.ui.screens import DemoFactory, load_game_ui, register_screen

GameScreenFactory = Callable[[str], Scene]
"""Builds one of a game's screens from its short name (``"setup"``, ``"play"``...)."""

_GAME_SCREENS: dict[str, tuple[str, ...]] = {}


def register_game_screens(
    game_name: str, factory: GameScreenFactory, screens: Sequence[str] = ("setup", "play"),
    previews: Mapping[str, DemoFactory] | None = None,
) -> None:
    """Register ``factory`` for each of ``game_name``'s ``screens``.

    ``previews`` names the screens that show a chosen situation rather than the open
    game, with the demo game each one shows (the screenshot tool opens it).
    """
    _GAME_SCREENS[game_name] = tuple(screens)
    demos = previews or {}
    for screen in screens:
        register_screen(f"{game_name}.{screen}", partial(factory, screen), game=game_name,
                        demo=demos.get(screen))


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


def start_checked(game: Game[Any], setup: Setup) -> list[Intent]:
    """What a set-up screen's *Start* asks for: the new game when the rules accept
    ``setup``, else a notice saying what is wrong (the set-up stays on screen)."""
    try:
        game.new_state(setup)
    except SetupError as error:
        return [Notify(error.message, error=True)]
    return [StartGame(game.name, setup)]
