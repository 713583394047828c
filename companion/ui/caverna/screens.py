"""Which Caverna screen each registered name builds."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from companion.core.session import Session
from companion.ui.scene import LayeredScene, Scene

if TYPE_CHECKING:
    from companion.games.caverna.queries import Option
    from companion.games.caverna.state import CavernaState

LIVE_SCREENS: tuple[str, ...] = ("setup", "board", "play")
"""Screens that work on the open game (or prepare a new one)."""

PREVIEW_SCREENS: tuple[str, ...] = (
    "act", "limit", "tiles", "display", "reveal", "rooms", "furnish", "dig", "wall", "pile",
    "gameover", "solo", "grid", "solo_grid",
)
"""Screens drawn from a demo game in a chosen situation (for screenshots and docs).

During a game the play screen shows all of these itself: its tabs, the phase's own
controls and the dialogs it opens.
"""

SCREENS: tuple[str, ...] = (*LIVE_SCREENS, *PREVIEW_SCREENS)
"""Every registered Caverna screen name."""

TAB_PREVIEWS: dict[str, str] = {"tiles": "tiles", "display": "display", "grid": "tiles",
                                 "solo_grid": "tiles"}
"""Preview name -> right-column tab shown."""

DIALOG_PREVIEWS: tuple[str, ...] = ("rooms", "limit", "furnish", "dig", "wall")
"""Previews that show a dialog open over the play screen."""




def make_caverna_screen(screen: str) -> Scene:
    """Build the Caverna screen called ``screen``."""
    from companion.ui.caverna.play import CavernaPlayScene

    if screen in ("setup", "board"):
        from companion.ui.caverna.setup import CavernaSetupScene

        return CavernaSetupScene(page="board" if screen == "board" else "main")
    if screen == "play":
        return CavernaPlayScene()
    if screen in TAB_PREVIEWS:
        return CavernaPlayScene(tab=TAB_PREVIEWS[screen])
    if screen in DIALOG_PREVIEWS:
        return _dialog_preview(screen)
    return CavernaPlayScene()


def demo_of(screen: str) -> Session:
    """The demo game the preview ``screen`` shows."""
    from companion.ui.caverna.demo import preview_session

    return preview_session(screen)


PREVIEWS = {screen: partial(demo_of, screen) for screen in PREVIEW_SCREENS}
"""The demo game of each preview, for the screenshot tool."""


def _first_option(state: CavernaState, kind: str) -> Option:
    """The tile's first option of ``kind`` the rules accept now, else its first of that
    kind (the demo situations are chosen to have one)."""
    from companion.games.caverna.queries import tile_parts
    from companion.games.caverna.questions import option_refusal

    assert state.turn is not None
    parts = tile_parts(state.turn.tile, state.config.tile_rules)
    options = [option for part in parts for option in part if option.kind == kind]
    return next((o for o in options if option_refusal(state, o) is None), options[0])


def _dialog_preview(screen: str) -> Scene:
    """The play screen of a demo game with one of its dialogs open."""
    from companion.ui.caverna import dialogs
    from companion.ui.caverna.demo import preview_session
    from companion.ui.caverna.play import CavernaPlayScene

    session: Session = preview_session(screen)
    state: CavernaState = session.state
    builders: dict[str, Callable[[], Scene]] = {
        "rooms": dialogs.RoomUseDialog,
        "limit": dialogs.RoomUseDialog,
        "furnish": lambda: dialogs.FurnishDialog(_first_option(state, "furnish")),
        "dig": lambda: dialogs.DigDialog(_first_option(state, "excavate")),
        "wall": lambda: dialogs.WallDialog(False),
    }
    return LayeredScene(CavernaPlayScene(), builders[screen]())
