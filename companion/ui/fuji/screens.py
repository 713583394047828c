"""Which Fuji screen each registered name builds."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from companion.ui.scene import Scene

if TYPE_CHECKING:
    from companion.core.session import Session

LIVE_SCREENS: tuple[str, ...] = ("setup", "editor", "layout", "readings", "play")
"""Screens that work on the open game (or build a new one)."""

PREVIEW_SCREENS: tuple[str, ...] = (
    "planning", "rerolls", "equipment", "dice", "dice-totals", "resolve", "wound", "eruption",
    "gameover", "dice-totals-four", "told",
)
"""Screens drawn from a demo game in a chosen situation (for screenshots and docs).

The play screen opens the dice and equipment screens over itself for the open game,
with the player already chosen; the registered ``dice`` and ``equipment`` names show
them in a demo game.
"""

SCREENS: tuple[str, ...] = (*LIVE_SCREENS, *PREVIEW_SCREENS)
"""Every registered Fuji screen name."""


def demo_of(screen: str) -> Session:
    """The demo game the preview ``screen`` shows."""
    from companion.ui.fuji.demo import preview_session

    return preview_session(screen)


PREVIEWS = {screen: partial(demo_of, screen) for screen in PREVIEW_SCREENS}
"""The demo game of each preview, for the screenshot tool."""


def make_fuji_screen(screen: str) -> Scene:
    """Build the Fuji screen called ``screen``."""
    from companion.ui.fuji.play import FujiPlayScene

    if screen == "play":
        return FujiPlayScene()
    if screen == "dice":
        from companion.ui.fuji.dice import DiceScene

        scene = DiceScene()
        scene.quick = False  # die by die, the set-up's other way
        return scene
    if screen in ("dice-totals", "dice-totals-four"):
        from companion.ui.fuji.dice import DiceScene

        scene = DiceScene()
        scene.quick = True
        return scene
    if screen == "equipment":
        from companion.ui.fuji.equipment import EquipmentScene

        return EquipmentScene(seat=2)
    if screen in ("setup", "editor", "layout", "readings"):
        from companion.ui.fuji.setup import FujiSetupScene

        return FujiSetupScene(page=screen if screen != "setup" else "main")
    return FujiPlayScene()
