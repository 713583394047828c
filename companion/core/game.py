"""The one interface every game's rules engine offers to the core and the screens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from companion.core.messages import Msg

Action = Mapping[str, Any]
"""An action is plain JSON data: ``{"type": "...", ...}``.  Tuples are written as lists."""

Setup = Mapping[str, Any]
"""The set-up of a game (players, map, variants) as plain JSON data."""

StateT = TypeVar("StateT")
StateIn = TypeVar("StateIn", contravariant=True)


class Game(Protocol[StateT]):
    """A rules engine: pure functions from plain data to immutable state.

    ``apply`` never mutates its input and raises
    :class:`~companion.core.messages.IllegalActionError` for an illegal action.
    Two states built by the same set-up and actions compare equal.
    """

    name: str
    """Registry name, lower case ASCII, e.g. ``"fuji"``."""
    title_key: str
    """Catalogue key of the game's display name."""
    min_players: int
    """Fewest players a set-up may name."""
    max_players: int
    """Most players a set-up may name."""

    def new_state(self, setup: Setup) -> StateT:
        """Build the starting state; raise ``SetupError`` for an unplayable set-up."""
        ...

    def apply(self, state: StateT, action: Action) -> StateT:
        """Return the state after ``action``; raise ``IllegalActionError`` if it is not allowed."""
        ...

    def state_to_json(self, state: StateT) -> dict[str, Any]:
        """Describe the state as plain JSON data (for ``replay --json`` and bug reports)."""
        ...

    def is_finished(self, state: StateT) -> bool:
        """Tell whether the game has ended (won, lost or scored)."""
        ...

    def action_label(self, before: StateT, action: Action) -> Msg:
        """A short history label for ``action`` applied to ``before``."""
        ...

    def example_setup(self) -> Setup:
        """A small valid set-up, used by tests, screenshots and the quick-start button."""
        ...

    def legal_actions(self, state: StateT) -> Sequence[Action]:
        """A sample of legal actions from ``state`` (complete where cheap), for playout tests."""
        ...


class TableButtons(Protocol[StateIn]):
    """Optional: how a game maps the table's physical buttons to actions.

    The advance button, one button per seat and a status light per seat are the same
    for every game; a game that implements these methods gets them for free.
    """

    def advance_action(self, state: StateIn) -> Action:
        """The action the big "next" button submits in ``state``."""
        ...

    def seat_action(self, state: StateIn, seat: int, long_press: bool) -> Action | None:
        """The action seat ``seat``'s button submits (``None``: the button does nothing now)."""
        ...

    def waiting_for(self, state: StateIn) -> frozenset[int]:
        """Seats the table is waiting for (their lights are on)."""
        ...
