"""Actions for the Fuji equipment cards.

Each handler takes a state and an action and returns the new state; the rules engine
merges :data:`EQUIPMENT_HANDLERS` into its dispatch table.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.game import Action
from companion.games.fuji.model import State

EQUIPMENT_HANDLERS: dict[str, Callable[[State, Action], State]] = {}
"""Action type -> handler for the equipment actions."""
