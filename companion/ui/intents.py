"""Intents: what a tap, key or button asks the app to do.

Scenes never change the game or the app themselves.  They return intents from
``handle``; the app carries them out in one place (submitting to the session,
switching screens, showing a dialog), so refusals are reported the same way
everywhere and every change is redrawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.core.messages import Msg

if TYPE_CHECKING:
    from companion.ui.scene import Scene


@dataclass(frozen=True)
class Submit:
    """Submit a game action to the session (refusals become a toast)."""

    action: Mapping[str, Any]
    """The action, plain JSON data."""


@dataclass(frozen=True)
class Undo:
    """Take back the newest step."""


@dataclass(frozen=True)
class Redo:
    """Bring back the step undone last."""


@dataclass(frozen=True)
class JumpTo:
    """Move the game to just after history step ``step``."""

    step: int
    """0 is the set-up."""


@dataclass(frozen=True)
class PressButton:
    """Act as if a table button was used (the on-screen twin of a physical button)."""

    button: str
    """``advance``, ``undo`` or ``seat1``..``seat4``."""
    kind: str = "press"
    """``press``, ``release`` or ``long_press``."""


@dataclass(frozen=True)
class Navigate:
    """Open a named screen on top of the current one."""

    screen: str
    """A name from the screen registry, e.g. ``"history"`` or ``"chess.clock"``."""
    replace: bool = False
    """Replace the current screen instead of stacking on it."""


@dataclass(frozen=True)
class Back:
    """Close the current screen and return to the one below."""


@dataclass(frozen=True)
class GoHome:
    """Return to the home screen (the game stays saved)."""


@dataclass(frozen=True)
class StartGame:
    """Start and save a new game, then open its play screen."""

    game: str
    """Registry name of the game."""
    setup: Mapping[str, Any]
    """The set-up, plain JSON data."""
    title: str = ""
    """Optional title for the saved-games list."""


@dataclass(frozen=True)
class ResumeGame:
    """Open a saved game where it was left."""

    game_id: int
    """The game's number in the journal."""


@dataclass(frozen=True)
class DeleteGame:
    """Delete a saved game for good."""

    game_id: int
    """The game's number in the journal."""


@dataclass(frozen=True)
class ArchiveGame:
    """Put a saved game away (kept for statistics, hidden from the list)."""

    game_id: int
    """The game's number in the journal."""


@dataclass(frozen=True)
class SetLanguage:
    """Switch the language of the whole app (saved in the settings)."""

    lang: str
    """``en``, ``pl``, ``fr`` or ``es``."""


@dataclass(frozen=True)
class SetFullscreen:
    """Switch between full screen and a window (saved in the settings)."""

    fullscreen: bool
    """True for full screen."""


@dataclass(frozen=True)
class SetTextScale:
    """Change the text size (saved in the settings)."""

    scale: float
    """1.0 is normal; see :data:`companion.ui.theme.TEXT_SCALES`."""


@dataclass(frozen=True)
class SetVolume:
    """Change the loudness of the sound effects (saved in the settings)."""

    volume: float
    """0 is off; see :data:`companion.ui.scene.VOLUME_LEVELS`."""


@dataclass(frozen=True)
class SetColourSafe:
    """Switch the colour-blind-safe palette on or off (saved in the settings)."""

    on: bool
    """True for the colour-safe palette with shapes and patterns."""


@dataclass(frozen=True)
class SetTableLayout:
    """Choose how the screen sits on the table (saved in the settings)."""

    layout: str
    """``upright`` or ``flat``; see :data:`companion.core.kiosk.TABLE_LAYOUTS`."""


@dataclass(frozen=True)
class ShowDialog:
    """Show a modal scene over the current screen."""

    dialog: Scene
    """The dialog; it receives all input until it closes."""


@dataclass(frozen=True)
class CloseDialog:
    """Close the dialog on top."""


@dataclass(frozen=True)
class Notify:
    """Show a short notice (a toast)."""

    message: Msg
    """What to say."""
    error: bool = False
    """Shown in the refusal colour when true."""


@dataclass(frozen=True)
class Redraw:
    """Only the scene's own view changed (scrolling, a selection): draw again."""


@dataclass(frozen=True)
class Quit:
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
