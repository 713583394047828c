"""Conformance of the Fuji questions: legal answers are accepted, greyed ones refused."""

from __future__ import annotations

import random
from copy import deepcopy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError
from companion.core.questions import Complete, Question, advance, completions
from companion.games.fuji import GAME
from companion.games.fuji.questions import FIELDS
from companion.games.fuji.state import State
from tests.games.fuji.helpers import GRID_MAP, play, three_players


def reachable(seed: int, steps: int, **extra: Any) -> State:
    """A state after ``steps`` random legal actions from a three-player game."""
    rng = random.Random(seed)
    state = GAME.new_state(three_players(map=GRID_MAP, cards={}, **extra))
    for _ in range(steps):
        if GAME.is_finished(state):
            break
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


def accepted(state: State, action: dict[str, Any]) -> bool:
    """Whether the rules accept ``action`` (tried on a copy)."""
    try:
        GAME.apply(deepcopy(state), action)
    except IllegalActionError:
        return False
    return True


def check_question(state: State, partial: dict[str, Any], rng: random.Random) -> None:
    """Greyed answers are refused; a random legal path ends in an accepted action."""
    step = GAME.ask(state, partial)
    while isinstance(step, Question):
        for answer in step.answers:
            if not answer.legal:
                greyed = {**partial, step.field: answer.value}
                behind = completions(GAME.ask, state, greyed, limit=400, greyed_too=True)
                assert not any(accepted(state, action) for action in behind)
        legal = step.legal_answers()
        assert legal, step.field
        partial = {**partial, step.field: rng.choice(legal).value}
        step = GAME.ask(state, partial)
    assert isinstance(step, Complete)
    assert accepted(state, step.action), step.action


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 40), st.sampled_from(["app", "table"]))
def test_every_legal_path_ends_in_an_accepted_action(seed: int, steps: int, deal: str) -> None:
    state = reachable(seed, steps, deal=deal)
    if GAME.is_finished(state):
        return
    first = GAME.ask(state, {})
    assert isinstance(first, Question) and first.field == "type"
    rng = random.Random(seed)
    for answer in first.answers:
        if answer.legal:
            check_question(state, {"type": answer.value}, rng)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_every_completion_of_a_legal_type_is_accepted(seed: int, steps: int) -> None:
    state = reachable(seed, steps)
    if GAME.is_finished(state):
        return
    first = GAME.ask(state, {})
    assert isinstance(first, Question)
    for answer in first.legal_answers():
        for action in completions(GAME.ask, state, {"type": answer.value}, limit=200):
            assert accepted(state, action), action


def test_the_first_question_is_the_type_with_reasons_for_greyed_ones() -> None:
    state = GAME.new_state(three_players())
    first = GAME.ask(state, {})
    assert isinstance(first, Question) and first.field == "type"
    assert {answer.value for answer in first.answers} == set(FIELDS)
    by_type = {answer.value: answer for answer in first.answers}
    assert by_type["advance"].legal
    assert not by_type["resolve"].legal and by_type["resolve"].reason is not None


def test_a_lone_answer_is_taken_for_the_table() -> None:
    state = play(GAME.new_state(three_players()), {"type": "advance"})
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 3]})
    progress = advance(GAME.ask, state, {"type": "confirm_destination"})
    assert isinstance(progress.step, Complete)
    assert progress.step.action == {"type": "confirm_destination", "player": 0}
    assert [taken.question.field for taken in progress.taken] == ["player"]
