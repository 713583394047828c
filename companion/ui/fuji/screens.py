"""Which Fuji screen each registered name builds."""

from __future__ import annotations

from companion.ui.scene import Scene

LIVE_SCREENS: tuple[str, ...] = ("setup", "editor", "play", "dice", "equipment")
"""Screens that work on the open game (or build a new one)."""

PREVIEW_SCREENS: tuple[str, ...] = (
    "planning", "rerolls", "resolve", "wound", "eruption", "gameover",
)
"""The play screen drawn from a demo game in a chosen situation."""

SCREENS: tuple[str, ...] = (*LIVE_SCREENS, *PREVIEW_SCREENS)
"""Every registered Fuji screen name."""


def make_fuji_screen(screen: str) -> Scene:
    """Build the Fuji screen called ``screen``."""
    from companion.ui.fuji.play import FujiPlayScene

    if screen == "play":
        return FujiPlayScene()
    if screen == "dice":
        from companion.ui.fuji.dice import DiceScene

        return DiceScene()
    if screen == "equipment":
        from companion.ui.fuji.equipment import EquipmentScene

        return EquipmentScene()
    if screen in ("setup", "editor"):
        from companion.ui.fuji.setup import FujiSetupScene

        return FujiSetupScene(page="editor" if screen == "editor" else "main")
    return FujiPlayScene(preview=screen)
