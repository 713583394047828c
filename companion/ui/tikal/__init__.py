"""The Tikal screens: set-up, play (with its dialogs and tabs) and the scoring round.

Registered with the app as ``tikal.<screen>``.  ``setup`` prepares a new game and
``play`` shows the open one; the other names draw a demo game in a representative
situation, for screenshots and docs.
"""

from __future__ import annotations

from companion.ui.games import register_game_screens
from companion.ui.tikal.screens import PREVIEWS, SCREENS, make_tikal_screen

register_game_screens("tikal", make_tikal_screen, screens=SCREENS, previews=PREVIEWS)
