"""Fuji: a cooperative escape from an erupting volcano.

The module-level :data:`GAME` is the rules engine the registry finds; it also answers
the table's physical buttons.
"""

from companion.games.fuji.game import GAME

__all__ = ["GAME"]
