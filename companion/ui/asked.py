"""Answers of pure rules queries about the state on screen, computed once per state.

A play screen asks the rules the same questions (which options can be done, which
rooms can be used) on every redraw.  States are immutable, so while the *same* state
object is shown the answers cannot change; a new state, even an equal one, starts
afresh.  Only one state's answers are kept, so the memory stays small.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

Answer = TypeVar("Answer")


class QueryAnswers:
    """The kept answers about one state."""

    def __init__(self) -> None:
        self.state: object | None = None
        """The state the kept answers belong to."""
        self.answers: dict[tuple[Callable[..., Any], tuple[Hashable, ...]], Any] = {}
        """Answers by query and arguments."""

    def ask(self, query: Callable[..., Answer], state: object, *args: Hashable) -> Answer:
        """``query(state, *args)``, computed once per shown state."""
        if state is not self.state:
            self.state = state
            self.answers = {}
        key = (query, args)
        if key not in self.answers:
            self.answers[key] = query(state, *args)
        answer: Answer = self.answers[key]
        return answer


_ANSWERS = QueryAnswers()


def asked(query: Callable[..., Answer], state: object, *args: Hashable) -> Answer:
    """``query(state, *args)`` for the state on screen, computed once per state.

    ``query`` must be pure and its answer must not be changed by the caller.
    """
    return _ANSWERS.ask(query, state, *args)
