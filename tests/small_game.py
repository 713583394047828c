"""What the small test-only games share: reading an ``add`` step, choices, cues."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.game import Action, Setup, turn_cues
from companion.core.messages import IllegalActionError, SetupError


def added_amount(action: Action) -> int:
    """The amount (1 to 3) of an ``add`` step; refuses any other step."""
    if action.get("type") != "add":
        raise IllegalActionError("core.error.bad_action", detail=str(action.get("type")))
    amount = action.get("amount")
    if type(amount) is not int or amount not in (1, 2, 3):
        raise IllegalActionError("core.error.bad_action", detail="amount")
    return amount


def int_setting(setup: Setup, key: str, default: int, low: int | None = None,
                high: int | None = None) -> int:
    """The whole number ``setup[key]`` (``default`` when missing) within ``low`` to ``high``
    (``None``: no bound); a set-up error naming ``key`` otherwise."""
    value = setup.get(key, default)
    if type(value) is not int or (low is not None and value < low) or (
            high is not None and value > high):
        raise SetupError("core.error.bad_action", detail=key)
    return value


class SmallGame:
    """Two to four seats; choices are the whole sample, and the last step sounds a win."""

    min_players = 2
    """Fewest seats."""
    max_players = 4
    """Most seats."""

    def legal_actions(self, state: Any) -> Sequence[Action]:
        """Every legal action (each small game lists them all)."""
        raise NotImplementedError

    def is_finished(self, state: Any) -> bool:
        """Whether the game is over."""
        raise NotImplementedError

    def choices(self, state: Any) -> Sequence[Action]:
        """Every legal action (the same as the sample)."""
        return self.legal_actions(state)

    def cues(self, before: Any, after: Any, action: Action) -> tuple[str, ...]:
        """A win at the end."""
        return turn_cues(self.is_finished(after), False)
