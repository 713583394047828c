"""Caverna: Cave vs Cave (Era I): rounds, turns, goods and the two caves' books."""

from companion.games.caverna.game import GAME

__all__ = ["GAME"]
