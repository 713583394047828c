"""The shared question mechanism: forced answers are taken, greyed answers refuse with a reason."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError, msg
from companion.core.questions import (
    Answer,
    Complete,
    NoLegalAnswerError,
    Partial,
    Question,
    Step,
    advance,
    choose,
    completions,
    refusable_offers,
)


def apply_pay(money: int, action: dict[str, Any]) -> int:
    """A tiny rules engine: pay for one item, then for a second one that differs."""
    if action["type"] != "buy":
        raise IllegalActionError("core.error.bad_action", detail="type")
    first, second = action["first"], action["second"]
    if first == second:
        raise IllegalActionError("core.error.bad_action", detail="same")
    if first + second > money:
        raise IllegalActionError("core.error.bad_action", detail="money")
    remaining: int = money - first - second
    return remaining


def ask_pay(money: int, partial: Partial) -> Step:
    """Questions for :func:`apply_pay`, greying what cannot end in an accepted purchase."""
    prices = (1, 2, 3, 5)
    if "type" not in partial:
        cheapest = prices[0] + prices[1]
        reason = None if money >= cheapest else msg("core.error.bad_action", detail="money")
        return Question("type", msg("core.question.action"),
                        (Answer("buy", msg("core.label.start"), reason),))
    if "first" not in partial:
        answers = tuple(
            Answer(price, msg("core.label.start"),
                   None if any(price + other <= money for other in prices if other != price)
                   else msg("core.error.bad_action", detail="money"))
            for price in prices)
        return Question("first", msg("core.question.action"), answers)
    if "second" not in partial:
        first = partial["first"]
        answers = tuple(
            Answer(price, msg("core.label.start"),
                   None if price != first and first + price <= money
                   else msg("core.error.bad_action", detail="no"))
            for price in prices)
        return Question("second", msg("core.question.action"), answers)
    return Complete(dict(partial))


def test_a_single_legal_answer_is_taken_and_listed() -> None:
    """With 4 to spend, "buy" is the only action: it is taken without asking."""
    progress = advance(ask_pay, 4, {})
    assert progress.partial == {"type": "buy"}
    assert [taken.answer.value for taken in progress.taken] == ["buy"]
    assert isinstance(progress.step, Question) and progress.step.field == "first"


def test_forced_chain_runs_to_the_end() -> None:
    """With exactly 3 to spend, the answers 1 then 2 are forced after choosing 1."""
    progress = advance(ask_pay, 3, {"type": "buy", "first": 1})
    assert isinstance(progress.step, Complete)
    assert progress.step.action == {"type": "buy", "first": 1, "second": 2}


def test_no_legal_answer_raises_the_reason() -> None:
    """With 2 to spend, no purchase is possible and the reason is the first refusal's."""
    with pytest.raises(NoLegalAnswerError) as caught:
        advance(ask_pay, 2, {})
    assert caught.value.params == {"detail": "money"}


def test_choosing_a_greyed_answer_refuses_and_keeps_the_partial() -> None:
    """A greyed answer raises with its reason; the partial action stays as it was."""
    partial = {"type": "buy", "first": 3}
    with pytest.raises(IllegalActionError):
        choose(ask_pay, 4, partial, 3)
    assert partial == {"type": "buy", "first": 3}
    assert choose(ask_pay, 4, partial, 1) == {"type": "buy", "first": 3, "second": 1}


def test_unoffered_value_is_a_value_error() -> None:
    """A value that is not an answer at all is a programming error, not a refusal."""
    with pytest.raises(ValueError, match="not an answer"):
        choose(ask_pay, 10, {"type": "buy"}, 4)


@given(st.integers(min_value=0, max_value=12))
def test_every_path_through_legal_answers_is_accepted(money: int) -> None:
    """Conformance in miniature: every completion reachable through legal answers applies."""
    for action in completions(ask_pay, money, {}):
        assert apply_pay(money, action) >= 0


def test_refusable_offers_finds_a_wrong_greying() -> None:
    """A question that offers an answer the rules refuse is caught by the probe."""
    wrong = Question("second", msg("core.question.action"),
                     tuple(Answer(price, msg("core.label.start")) for price in (1, 2, 3)))

    def accepts(value: Any) -> bool:
        try:
            apply_pay(3, {"type": "buy", "first": 1, "second": value})
        except IllegalActionError:
            return False
        return True

    assert [answer.value for answer in refusable_offers(wrong, accepts)] == [1, 3]
