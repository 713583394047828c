"""The Caverna: Cave vs Cave screens: set-up, play (with its dialogs and tabs) and game over.

Registered with the app as ``caverna.<screen>``.  ``setup`` prepares a new game and
``play`` shows the open one; the other names draw a demo game in a representative
situation, for screenshots and docs.
"""

from __future__ import annotations

from companion.ui.caverna.screens import PREVIEWS, SCREENS, make_caverna_screen
from companion.ui.games import register_game_screens

register_game_screens("caverna", make_caverna_screen, screens=SCREENS,
                      previews=PREVIEWS)
