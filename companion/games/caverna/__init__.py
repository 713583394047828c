"""Caverna: Cave vs Cave (Era I): rounds, turns, goods and the two caves' books."""

from companion.games.caverna.game import GAME, CavernaGame
from companion.games.caverna.state import CavernaState

__all__ = ["GAME", "CavernaGame", "CavernaState"]
