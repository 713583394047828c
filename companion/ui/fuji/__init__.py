"""The Fuji screens: set-up, map editor, play, dice entry and equipment.

Registered with the app as ``fuji.<screen>``.  ``setup`` (and its ``editor`` page)
prepares a new game and ``play`` shows the open one; the play screen opens dice entry,
equipment and pickers over itself.  The other names (``planning``, ``rerolls``,
``equipment``, ``dice``, ``resolve``, ``wound``, ``eruption``, ``gameover``) draw a
demo game, reached by real actions, in a representative situation — for screenshots
and docs.
"""

from __future__ import annotations

from companion.ui.fuji.screens import PREVIEWS, SCREENS, make_fuji_screen
from companion.ui.games import register_game_screens

register_game_screens("fuji", make_fuji_screen, screens=SCREENS, previews=PREVIEWS)
