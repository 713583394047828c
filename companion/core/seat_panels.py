"""What a seat's own phone shows: plain data a game fills in, any front end renders.

A game that supports phones has a module ``companion.ui.<game>.phone`` with a ``PHONE``
object that implements :class:`PhoneGame`.  It says, for one seat, what that seat may
see (:class:`SeatPanel`: its own facts, its own dice, the questions facing it) and
nothing about any other seat.  Questions are the same :class:`~companion.core.questions.Question`
data the touchscreen renders; a *sealed* ask keeps its answers off the journal until the
game reveals them (dice rolled behind a player's screen), an open ask becomes an action
at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.core.messages import Msg
from companion.core.questions import Question

Sealed = tuple[Any, ...]
"""A seat's sealed answers so far (e.g. the dice entered behind its screen), oldest first."""


@dataclass(frozen=True)
class PhoneAsk:
    """One question on a seat's phone."""

    key: str
    """Names the ask among the seat's asks (stable while the question stays the same)."""
    question: Question
    """What is asked and every answer offered (greyed ones with their reason)."""
    partial: Mapping[str, Any] = field(default_factory=dict)
    """For an open ask: the action fields already known (type, player)."""
    sealed: bool = False
    """Whether the answer is kept sealed (off the journal) until the reveal."""
    direct: bool = False
    """Whether each answer's value (a mapping of fields) finishes the action by itself,
    added to :attr:`partial` (for actions the game's own questions do not ask)."""


@dataclass(frozen=True)
class SeatPanel:
    """Everything one seat's phone shows."""

    title: Msg
    """The seat's heading (the player's name, their colour)."""
    facts: tuple[tuple[Msg, Msg], ...] = ()
    """The seat's own figures, label and value (stamina, wounds, cards...)."""
    dice: tuple[tuple[str, int], ...] = ()
    """The seat's own dice, colour and value (sealed ones included: only this seat sees them)."""
    asks: tuple[PhoneAsk, ...] = ()
    """The questions facing the seat now."""
    note: Msg | None = None
    """A line on what happens next (e.g. "your dice stay hidden until the reveal")."""


class PhoneGame(Protocol):
    """A game's phone support: one seat's view, sealed answers and the reveal."""

    def seats(self, state: Any) -> tuple[Msg, ...]:
        """Each seat's name on the join screen, in seat order."""
        ...

    def panel(self, state: Any, seat: int, sealed: Sealed) -> SeatPanel:
        """What ``seat``'s phone shows in ``state`` (its sealed answers so far included)."""
        ...

    def seal(self, state: Any, seat: int, sealed: Sealed, ask: str, value: Any) -> Sealed:
        """``sealed`` with the answer ``value`` to the sealed ask ``ask``; raises
        :class:`~companion.core.messages.IllegalActionError` when it is refused."""
        ...

    def hidden(self, state: Any) -> bool:
        """Whether sealed answers must still stay off the shared screen."""
        ...

    def reveal(self, state: Any, seat: int, sealed: Sealed) -> list[dict[str, Any]]:
        """The actions that put ``seat``'s sealed answers on the journal (none while hidden)."""
        ...

    def complete(self, state: Any, seat: int, sealed: Sealed) -> bool:
        """Whether ``seat`` has entered everything it seals this round."""
        ...
