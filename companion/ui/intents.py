"""Intents: what a tap, key or button asks the app to do.

Scenes never change the game or the app themselves.  They return intents from
``handle``; the app carries them out in one place (submitting to the session,
switching screens, showing a dialog), so refusals are reported the same way
everywhere and every change is redrawn.

Intents are frozen :class:`~companion.core.values.Value` classes rather than
dataclasses: they behave alike, and all of them are defined when the app starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.core.messages import Msg
from companion.core.values import Value

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.ui.scene import Scene


class Submit(Value):
    """Submit a game action to the session (refusals become a toast)."""

    action: Mapping[str, Any]
    """The action, plain JSON data."""


class Undo(Value):
    """Take back the newest step."""


class Redo(Value):
    """Bring back the step undone last."""


class JumpTo(Value):
    """Move the game to just after history step ``step``."""

    step: int
    """0 is the set-up."""


class PressButton(Value):
    """Act as if a table button was used (the on-screen twin of a physical button)."""

    button: str
    """``advance``, ``undo`` or ``seat1``..``seat4``."""
    kind: str = "press"
    """``press``, ``release`` or ``long_press``."""


class Navigate(Value):
    """Open a named screen on top of the current one."""

    screen: str
    """A name from the screen registry, e.g. ``"history"`` or ``"chess.clock"``."""
    replace: bool = False
    """Replace the current screen instead of stacking on it."""


class Back(Value):
    """Close the current screen and return to the one below."""


class GoHome(Value):
    """Return to the home screen (the game stays saved)."""


class StartGame(Value):
    """Start and save a new game, then open its play screen."""

    game: str
    """Registry name of the game."""
    setup: Mapping[str, Any]
    """The set-up, plain JSON data."""
    title: str = ""
    """Optional title for the saved-games list."""


class ResumeGame(Value):
    """Open a saved game where it was left."""

    game_id: int
    """The game's number in the journal."""


class DeleteGame(Value):
    """Delete a saved game for good."""

    game_id: int
    """The game's number in the journal."""


class ArchiveGame(Value):
    """Put a saved game away (kept for statistics, hidden from the list)."""

    game_id: int
    """The game's number in the journal."""


class SetLanguage(Value):
    """Switch the language of the whole app (saved in the settings)."""

    lang: str
    """``en``, ``pl``, ``fr`` or ``es``."""


class SetFullscreen(Value):
    """Switch between full screen and a window (saved in the settings)."""

    fullscreen: bool
    """True for full screen."""


class SetTextScale(Value):
    """Change the text size (saved in the settings)."""

    scale: float
    """1.0 is normal; see :data:`companion.ui.theme.TEXT_SCALES`."""


class SetVolume(Value):
    """Change the loudness of the sound effects (saved in the settings)."""

    volume: float
    """0 is off; see :data:`companion.ui.scene.VOLUME_LEVELS`."""


class SetColourSafe(Value):
    """Switch the colour-blind-safe palette on or off (saved in the settings)."""

    on: bool
    """True for the colour-safe palette with shapes and patterns."""


class SetTableLayout(Value):
    """Choose how the screen sits on the table (saved in the settings)."""

    layout: str
    """``upright`` or ``flat``; see :data:`companion.core.kiosk.TABLE_LAYOUTS`."""


class ShowDialog(Value):
    """Show a modal scene over the current screen."""

    dialog: Scene
    """The dialog; it receives all input until it closes."""


class MadeOnShow(ShowDialog):
    """A :class:`ShowDialog` whose dialog is made the first time it is read.

    For dialogs that cost something to make (or load their screen's module): a screen
    offers them on every redraw, but the table opens few of them.  Two are equal when
    they were given the same maker.
    """

    def __init__(self, make: Callable[[], Scene]) -> None:
        self.__dict__["make"] = make

    def __getattr__(self, name: str) -> Any:
        """Make the dialog when ``dialog`` is first read (later reads find it stored)."""
        if name != "dialog":
            raise AttributeError(name)
        made = self.__dict__["make"]()
        self.__dict__["dialog"] = made
        return made

    def _values(self) -> tuple[Any, ...]:
        return (self.__dict__["make"],)

    def __repr__(self) -> str:
        """``MadeOnShow(make=...)``: showing the intent does not make the dialog."""
        return f"MadeOnShow(make={self.__dict__['make']!r})"


def show_made(make: Callable[[], Scene]) -> ShowDialog:
    """Show the dialog ``make`` returns, made only when the intent is carried out."""
    return MadeOnShow(make)


class CloseDialog(Value):
    """Close the dialog on top."""


class Notify(Value):
    """Show a short notice (a toast)."""

    message: Msg
    """What to say."""
    error: bool = False
    """Shown in the refusal colour when true."""


class Redraw(Value):
    """Only the scene's own view changed (scrolling, a selection): draw again."""


class Quit(Value):
    """Close the app (the game is already saved)."""


Intent = (
    Submit
    | Undo
    | Redo
    | JumpTo
    | PressButton
    | Navigate
    | Back
    | GoHome
    | StartGame
    | ResumeGame
    | DeleteGame
    | ArchiveGame
    | SetLanguage
    | SetFullscreen
    | SetTextScale
    | SetVolume
    | SetColourSafe
    | SetTableLayout
    | ShowDialog
    | CloseDialog
    | Notify
    | Redraw
    | Quit
)
"""Anything a scene may ask for."""
