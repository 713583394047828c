"""Fuji: a cooperative escape from an erupting volcano.

The module-level :data:`GAME` is the rules engine the registry finds; it also answers
the table's physical buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.game import engine_on_demand

if TYPE_CHECKING:
    from companion.games.fuji.game import GAME

__all__ = ["GAME"]

__getattr__ = engine_on_demand("companion.games.fuji.game")
"""``GAME`` is imported when first asked for, so the package's modules load alone."""
