"""The Fuji screens: set-up, map editor, play, dice entry and equipment.

Registered with the app as ``fuji.<screen>``.  ``setup``, ``editor``, ``play``,
``dice`` and ``equipment`` work on the open game; the other names (``planning``,
``rerolls``, ``resolve``, ``wound``, ``eruption``, ``gameover``) draw the play
screen in a representative situation of a demo game, for screenshots and docs.
"""

from __future__ import annotations

from companion.ui.fuji.screens import SCREENS, make_fuji_screen
from companion.ui.games import register_game_screens

register_game_screens("fuji", make_fuji_screen, screens=SCREENS)
