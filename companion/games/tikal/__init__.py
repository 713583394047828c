"""Tikal: the companion keeps the books of the hex stack, temples, pieces, treasures and scores.

``GAME`` is the rules engine registered under the name ``tikal``.
"""

from companion.games.tikal.game import TikalGame
from companion.games.tikal.state import TikalState

GAME = TikalGame()
"""The registered Tikal rules engine."""

__all__ = ["GAME", "TikalGame", "TikalState"]
