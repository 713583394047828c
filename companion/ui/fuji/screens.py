"""Which Fuji screen each registered name builds."""

from __future__ import annotations

from companion.ui.scene import Scene

LIVE_SCREENS: tuple[str, ...] = ("setup", "editor", "layout", "play")
"""Screens that work on the open game (or build a new one)."""

PREVIEW_SCREENS: tuple[str, ...] = (
    "planning", "rerolls", "equipment", "dice", "dice-totals", "resolve", "wound", "eruption",
    "gameover",
)
"""Screens drawn from a demo game in a chosen situation (for screenshots and docs).

The play screen opens the dice and equipment screens over itself for the open game,
with the player already chosen; the registered ``dice`` and ``equipment`` names show
them in a demo game.
"""

SCREENS: tuple[str, ...] = (*LIVE_SCREENS, *PREVIEW_SCREENS)
"""Every registered Fuji screen name."""


def make_fuji_screen(screen: str) -> Scene:
    """Build the Fuji screen called ``screen``."""
    from companion.ui.fuji.play import FujiPlayScene

    if screen == "play":
        return FujiPlayScene()
    if screen == "dice":
        from companion.ui.fuji.dice import DiceScene

        return DiceScene(preview="dice")
    if screen == "dice-totals":
        from companion.ui.fuji.dice import DiceScene

        scene = DiceScene(preview="dice-totals")
        scene.quick = True
        return scene
    if screen == "equipment":
        from companion.ui.fuji.equipment import EquipmentScene

        return EquipmentScene(seat=2, preview="equipment")
    if screen in ("setup", "editor", "layout"):
        from companion.ui.fuji.setup import FujiSetupScene

        return FujiSetupScene(page=screen if screen != "setup" else "main")
    return FujiPlayScene(preview=screen)
