"""Actions for the Fuji character skills.

Each handler takes a state and an action and returns the new state; the rules engine
merges :data:`SKILL_HANDLERS` into its dispatch table.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.game import Action
from companion.games.fuji.model import State

SKILL_HANDLERS: dict[str, Callable[[State, Action], State]] = {}
"""Action type -> handler for the skill actions."""
