"""Questions as plain data: the short dialogue that builds a multi-step action.

A game that can ask implements :class:`AskingGame`: ``ask(state, partial)`` looks at a
partly built action and returns either the next :class:`Question` or, when nothing is
left to ask, :class:`Complete` with the finished action.  The first question of every
action is its type (the ``"type"`` field); an action that cannot be completed from the
current state is offered greyed, with the reason.

Every answer says whether it can still lead to an accepted action, and if not, why.
The screens render the questions (a grid of buttons, a place on the map, a number pad,
a seat colour); :func:`advance` answers any question that has exactly one legal answer,
so the table is never asked it.  Because all of this is plain data, independent of
pygame, the effort benchmark and the conformance suite walk the same questions the
screens show, and another front end can render them too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from companion.core.messages import IllegalActionError, Msg

Partial = Mapping[str, Any]
"""A partly built action: the fields answered so far (``"type"`` first)."""

StateIn = TypeVar("StateIn", contravariant=True)

class Style(StrEnum):
    """How a question is best put to the table; screens may fall back to ``CHOICE``."""

    CHOICE = "choice"
    """A row or grid of labelled buttons."""
    PLACE = "place"
    """A tap on the place where the piece lies (answers carry ``place``)."""
    SEAT = "seat"
    """A seat, shown in the seat's colour (answers carry ``seat``)."""
    NUMBER = "number"
    """A count or amount, entered on a number pad (answers are integers)."""


@dataclass(frozen=True)
class Answer:
    """One possible answer to a question."""

    value: Any
    """The JSON value the answer puts into the action field."""
    label: Msg
    """What the button says, in the table's own terms (printed name, place, colour)."""
    reason: Msg | None = None
    """Why the answer cannot lead to an accepted action; ``None`` when it can."""
    place: str | None = None
    """For ``Style.PLACE``: the game's key of the place on its map view."""
    seat: int | None = None
    """For ``Style.SEAT``: the seat the answer names."""
    detail: Msg | None = None
    """What choosing it gives or costs, shown under the label (goods in and out, points)."""
    row: Msg | None = None
    """The row of a table the answer sits in (e.g. which pieces), its ``label`` being the
    cell (e.g. how many stones): answers with the same label share a column, so the table
    reads each number in the same place on every row.  ``None``: an answer of its own."""

    @property
    def legal(self) -> bool:
        """Whether the answer can still lead to an accepted action."""
        return self.reason is None


@dataclass(frozen=True)
class Question:
    """The next thing the rules need to know to finish an action."""

    field: str
    """The action field the answer fills."""
    prompt: Msg
    """What is asked."""
    answers: tuple[Answer, ...]
    """Every answer offered: the legal ones and, greyed with a reason, the refused ones."""
    style: Style = Style.CHOICE
    """How the question is best put to the table."""
    seat: int | None = None
    """The seat the question is for (a flat table turns the dialog to face it)."""
    slot_group: str = ""
    """A name shared by questions that are the same question asked again for another
    field (e.g. each of several revealed tiles): their answers keep one order of places
    on screen.  Empty: the question's own field."""

    @property
    def slot_key(self) -> str:
        """The name under which the screens keep the places of the answers."""
        return self.slot_group or self.field

    def legal_answers(self) -> tuple[Answer, ...]:
        """The answers that can lead to an accepted action."""
        return tuple(answer for answer in self.answers if answer.legal)

    def forced(self) -> Answer | None:
        """The answer the rules leave as the only possibility, if there is exactly one."""
        legal = self.legal_answers()
        return legal[0] if len(legal) == 1 else None

    def rows(self) -> tuple[Msg, ...]:
        """The rows of a table question, in the order they first come (empty: no table)."""
        return tuple(dict.fromkeys(a.row for a in self.answers if a.row is not None))

    def answer_for(self, value: Any) -> Answer | None:
        """The offered answer whose value is ``value``, if any."""
        for answer in self.answers:
            if answer.value == value:
                return answer
        return None


@dataclass(frozen=True)
class Complete:
    """Nothing is left to ask: the action is ready to submit."""

    action: dict[str, Any]
    """The finished action."""


Step = Question | Complete
"""What :meth:`AskingGame.ask` returns."""


class AskingGame(Protocol[StateIn]):
    """A rules engine that owns the questions of its multi-step actions."""

    def ask(self, state: StateIn, partial: Partial) -> Step:
        """The next question for ``partial`` in ``state``, or the completed action.

        ``ask(state, {})`` asks for the action type.  Every answer marked legal must lead,
        through further legal answers, to an action that ``apply`` accepts.
        """
        ...


@dataclass(frozen=True)
class Taken:
    """An answer the framework took because it was the only legal one."""

    question: Question
    """The question that was not asked."""
    answer: Answer
    """The answer that was taken (shown to the table)."""


@dataclass(frozen=True)
class Progress:
    """Where a dialogue stands after the forced answers were taken."""

    step: Step
    """The next real question, or the completed action."""
    partial: dict[str, Any]
    """The fields answered so far, forced answers included."""
    taken: tuple[Taken, ...] = field(default=())
    """The forced answers taken on the way, in order."""


Ask = Callable[[Any, Partial], Step]
"""A game's ``ask`` function."""


class NoLegalAnswerError(IllegalActionError):
    """A question came back with no legal answer: the action cannot be completed."""


def advance(ask: Ask, state: Any, partial: Partial, *, max_steps: int = 64) -> Progress:
    """Ask ``ask`` until a question with a real choice, or the completed action.

    Questions with exactly one legal answer are answered on the table's behalf and listed
    in :attr:`Progress.taken`.  A question with no legal answer raises
    :class:`NoLegalAnswerError` carrying the first refusal's reason (or a generic one).
    """
    answered = dict(partial)
    taken: list[Taken] = []
    for _ in range(max_steps):
        step = ask(state, answered)
        if isinstance(step, Complete):
            return Progress(step, answered, tuple(taken))
        legal = step.legal_answers()
        if not legal:
            raise _no_answer(step)
        only = step.forced()
        if only is None:
            return Progress(step, answered, tuple(taken))
        answered[step.field] = only.value
        taken.append(Taken(step, only))
    raise RuntimeError("a question dialogue did not end")


def choose(ask: Ask, state: Any, partial: Partial, value: Any) -> dict[str, Any]:
    """Answer the current question of ``partial`` with ``value``.

    Raises :class:`IllegalActionError` with the answer's reason when it is greyed, and
    ``ValueError`` when ``value`` is not offered at all; ``partial`` is never changed.
    """
    step = ask(state, partial)
    if isinstance(step, Complete):
        raise ValueError("nothing is being asked")
    answer = step.answer_for(value)
    if answer is None:
        raise ValueError(f"{value!r} is not an answer to {step.field!r}")
    if answer.reason is not None:
        raise IllegalActionError(answer.reason.key, **dict(answer.reason.params))
    return {**partial, step.field: value}


def _no_answer(question: Question) -> NoLegalAnswerError:
    """The error for a question that has no legal answer."""
    for answer in question.answers:
        if answer.reason is not None:
            return NoLegalAnswerError(answer.reason.key, **dict(answer.reason.params))
    return NoLegalAnswerError("core.error.nothing_possible")


def completions(ask: Ask, state: Any, partial: Partial, limit: int = 10_000,
                max_questions: int = 100_000, *,
                greyed_too: bool = False) -> Iterator[dict[str, Any]]:
    """Actions reachable from ``partial`` through legal answers.

    At most ``limit`` actions, after asking at most ``max_questions`` questions, whichever
    comes first. Used by the conformance suite and the effort benchmark: each one must be
    accepted.  With ``greyed_too`` the walk also goes through greyed answers, so a test can
    check that everything behind a greyed answer is really refused.
    """
    results = [limit]
    questions = [max_questions]

    def walk(current: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if results[0] <= 0 or questions[0] <= 0:
            return
        questions[0] -= 1
        step = ask(state, current)
        if isinstance(step, Complete):
            results[0] -= 1
            yield step.action
            return
        for answer in step.answers if greyed_too else step.legal_answers():
            yield from walk({**current, step.field: answer.value})

    yield from walk(dict(partial))


def refusable_offers(question: Question, accepts: Callable[[Any], bool]) -> list[Answer]:
    """The answers offered as legal that ``accepts`` (a probe against the rules) refuses."""
    return [answer for answer in question.legal_answers() if not accepts(answer.value)]
