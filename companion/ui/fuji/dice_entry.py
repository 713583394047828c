"""Dice entry for phase 5: a draft of one player's dice, built one tap per die.

The screen shows three colour columns with value buttons 1-6; each tap enters one die
(``enter_die``); the draft is read back from the game, so it is never lost.  Nothing
here draws or touches the session.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

DIE_COLOURS: tuple[str, ...] = ("yellow", "blue", "pink")
"""The three face colours of a Fuji die, in the order of the entry columns."""

DIE_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The values a die face can show."""

Die = tuple[str, int]
"""One die as (colour, value)."""

ENTRY_MODE_KEY = "fuji.dice_entry"
"""The settings key keeping how the table last chose to enter dice (``dice`` or
``totals``), so the next game opens that way."""


@dataclass(frozen=True)
class DiceDraft:
    """The dice entered so far for one player, not yet sent to the session."""

    player: int
    """Seat index of the player whose dice these are."""
    capacity: int
    """How many dice the player rolls this round (the draft is full at this count)."""
    dice: tuple[Die, ...] = ()
    """The dice tapped so far, in tap order."""

    @property
    def full(self) -> bool:
        """Tell whether every die of the player has been entered."""
        return len(self.dice) >= self.capacity

    def add(self, colour: str, value: int) -> DiceDraft:
        """Return the draft with one more die; a full draft is returned unchanged."""
        if colour not in DIE_COLOURS or value not in DIE_VALUES or self.full:
            return self
        return replace(self, dice=(*self.dice, (colour, value)))

    def remove(self, index: int) -> DiceDraft:
        """Return the draft without the die at ``index`` (unchanged if out of range)."""
        if not 0 <= index < len(self.dice):
            return self
        return replace(self, dice=self.dice[:index] + self.dice[index + 1 :])

    def clear(self) -> DiceDraft:
        """Return an empty draft for the same player."""
        return replace(self, dice=())

    def total(self) -> int:
        """Sum of all entered values (shown beside the draft as a quick check)."""
        return sum(value for _, value in self.dice)

    def action(self) -> dict[str, Any]:
        """The ``set_dice`` action that records this draft."""
        return {
            "type": "set_dice",
            "player": self.player,
            "dice": [[colour, value] for colour, value in self.dice],
        }


def enter_die_action(holder: int, colour: str, value: int) -> dict[str, Any]:
    """The ``enter_die`` action adding one die to ``holder``'s entry."""
    return {"type": "enter_die", "player": holder, "die": [colour, value]}


def draft_from_dice(player: int, capacity: int, dice: object) -> DiceDraft:
    """Start a draft from dice already recorded in the state (for editing them)."""
    entries: list[Die] = []
    if isinstance(dice, (list, tuple)):
        for die in dice:
            pair = _as_pair(die)
            if pair is not None:
                entries.append(pair)
    return DiceDraft(player=player, capacity=max(capacity, len(entries)), dice=tuple(entries))


def _as_pair(die: object) -> Die | None:
    """Read a die given as a (colour, value) pair or as an object with those fields."""
    if isinstance(die, (list, tuple)) and len(die) == 2:
        colour, value = die
    else:
        colour, value = getattr(die, "colour", None), getattr(die, "value", None)
    if isinstance(colour, str) and isinstance(value, int):
        return (colour, value)
    return None
