"""Tikal: the companion keeps the books of the hex stack, temples, pieces, treasures and scores.

``GAME`` is the rules engine registered under the name ``tikal``.
"""

from companion.games.tikal.game import GAME

__all__ = ["GAME"]
