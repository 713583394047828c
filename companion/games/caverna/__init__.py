"""Caverna: Cave vs Cave (Era I): rounds, turns, goods and the two caves' books."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.game import engine_on_demand

if TYPE_CHECKING:
    from companion.games.caverna.game import GAME

__all__ = ["GAME"]

__getattr__ = engine_on_demand("companion.games.caverna.game")
"""``GAME`` is imported when first asked for, so the package's modules load alone."""
