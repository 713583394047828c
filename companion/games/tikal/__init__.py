"""Tikal: the companion keeps the books of the hex stack, temples, pieces, treasures and scores.

``GAME`` is the rules engine registered under the name ``tikal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.game import engine_on_demand

if TYPE_CHECKING:
    from companion.games.tikal.game import GAME

__all__ = ["GAME"]

__getattr__ = engine_on_demand("companion.games.tikal.game")
"""``GAME`` is imported when first asked for, so the package's modules load alone."""
