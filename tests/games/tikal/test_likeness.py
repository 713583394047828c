"""Treasure kinds asked in the table's words: by who holds the same picture, never by a number.

The rulebook: "Jest 8 różnych skarbów. Każdy z nich występuje w trzech egzemplarzach" (eight
different treasures, three of each), scored by sets of the same kind. Only which tokens
match matters to the rules, so the questions name a kind by its holders.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES, translate
from companion.core.questions import Question, advance
from companion.games.tikal import GAME
from companion.games.tikal.constants import START_HEXES
from companion.games.tikal.likeness import ALL_KINDS, holding, takeable_kinds
from companion.games.tikal.scoring import treasure_points
from companion.games.tikal.state import TikalState

from .support import END, jungle, play, setup, treasure
from .test_questions import random_step


def _lean(players: int = 3) -> TikalState:
    """A lean game, just after the first hex was named: a treasure hex with four tokens."""
    return play(GAME.new_state(setup(players, tracking="lean")), treasure(4))


TREASURE_HEX = len(START_HEXES)
"""The treasure hex :func:`_lean` names first (a lean treasure names its hex)."""
TAKE = {"type": "take_treasure", "hex": TREASURE_HEX}
"""A treasure taken from it, its kind not yet said."""


def _take(kind: int) -> dict[str, Any]:
    return {**TAKE, "kind": kind}


def _kind_question(state: TikalState) -> Question:
    step = GAME.ask(state, dict(TAKE))
    assert isinstance(step, Question) and step.field == "kind", step
    return step


def _words(question: Question, language: str = "en") -> list[str]:
    return [translate(answer.label, language) for answer in question.answers]


def test_the_first_treasure_of_the_game_is_not_asked() -> None:
    """Nobody holds a treasure yet: every kind is alike, so the take needs no answer."""
    progress = advance(GAME.ask, _lean(), dict(TAKE))
    assert [taken.question.field for taken in progress.taken] == ["kind"]
    assert translate(progress.taken[0].answer.label, "en") == "Nobody has one yet"


def test_a_kind_is_named_by_its_holders_and_a_full_kind_is_not_offered() -> None:
    """Ada holds all three of one kind: it cannot come up again and is not offered."""
    state = play(_lean(), _take(5), _take(5), END, jungle())
    assert _words(_kind_question(state)) == ["Nobody has one yet", "Like Ada ×2"]
    state = play(state, _take(5), END, jungle())
    progress = advance(GAME.ask, state, dict(TAKE))
    assert [(taken.question.field, taken.answer.value) for taken in progress.taken] \
        == [("kind", 1)]


def test_kinds_held_alike_are_one_answer_and_the_words_say_who() -> None:
    """Two kinds each held once by Ada are one answer; Bo's pair is another."""
    state = play(_lean(), _take(2), _take(7), END, jungle(), _take(3), _take(3), END, jungle())
    question = _kind_question(state)
    assert _words(question) == ["Nobody has one yet", "Like Ada", "Like Bo ×2"]
    assert [answer.value for answer in question.answers] == [1, 2, 3]
    assert _words(question, "pl")[1] == "Taki jak u: Ada"


def test_no_number_reaches_the_table_in_any_language() -> None:
    """No kind answer shows a kind's number (only how many a player holds, as "×2")."""
    state = play(_lean(), _take(4), _take(6), END, jungle(), _take(6))
    question = _kind_question(state)
    for language in LANGUAGES:
        for words in _words(question, language):
            assert not re.search(r"\d", re.sub(r"×\d", "", words)), words


def test_an_exchange_offers_singles_by_their_holders_and_never_the_given_kind() -> None:
    """Exchange: only single treasures go, and the one given cannot be the one taken."""
    state = play(_lean(2), _take(1), _take(2), END, jungle(), _take(2), _take(3), END, jungle())
    give = GAME.ask(state, {"type": "exchange", "with": 1})
    assert isinstance(give, Question) and give.field == "give"
    assert _words(give) == ["Like Ada", "Like Ada · Bo"]
    take = GAME.ask(state, {"type": "exchange", "with": 1, "give": 1})
    assert isinstance(take, Question) and take.field == "take"
    assert [answer.value for answer in take.answers] == [2, 3]
    assert _words(take) == ["Like Ada · Bo", "Like Bo"]


def test_history_says_whose_treasure_it_matches() -> None:
    """The label names the holders of its like before the take, and a swap the partner."""
    state = play(_lean(2), _take(1), END, jungle())
    label = GAME.action_label(state, _take(1))
    assert translate(label, "en") == "Bo takes a treasure like those of Ada"
    swap = GAME.action_label(state, {"type": "exchange", "with": 0, "give": 2, "take": 1})
    assert translate(swap, "en") == "Bo swaps a single treasure with Ada"


def _swapped(state: TikalState, one: int, other: int) -> TikalState:
    """``state`` with the numbers of two treasure kinds exchanged."""
    def kinds(held: tuple[int, ...]) -> tuple[int, ...]:
        order = list(held)
        order[one - 1], order[other - 1] = held[other - 1], held[one - 1]
        return tuple(order)
    return replace(state, players=tuple(replace(p, treasures=kinds(p.treasures))
                                        for p in state.players))


@given(players=st.integers(min_value=2, max_value=4), tracking=st.sampled_from(["full", "lean"]),
       steps=st.integers(min_value=0, max_value=80), data=st.data())
def test_kinds_offered_are_all_that_differ(players: int, tracking: str, steps: int,
                                           data: st.DataObject) -> None:
    """Over random play: the kinds offered are held differently from each other (so their
    words differ), every kind not offered is held just like an offered one, and swapping
    two kinds held alike changes no player's treasure points."""
    state = GAME.new_state(setup(players, tracking=tracking))
    for _ in range(steps):
        if GAME.is_finished(state):
            break
        state = random_step(state, data)
    offered = takeable_kinds(state)
    profiles = [holding(state, kind) for kind in offered]
    assert len(set(profiles)) == len(profiles)
    for kind in ALL_KINDS:
        if sum(holding(state, kind)) < 3:
            assert holding(state, kind) in profiles
            alike = next(k for k in offered if holding(state, k) == holding(state, kind))
            swapped = _swapped(state, kind, alike)
            assert [treasure_points(p.treasures) for p in swapped.players] \
                == [treasure_points(p.treasures) for p in state.players]
