"""Rules answers are kept for the state on screen only: a new state asks again."""

from __future__ import annotations

from companion.core.journal import Journal
from companion.games.fuji import GAME
from companion.games.fuji.queries import legal_destinations, reroll_allowance
from companion.games.fuji.state import State
from companion.ui.asked import QueryAnswers
from companion.ui.fuji.view import asked, legal_for
from tests.ui.fuji.helpers import start, state_of


def test_same_state_is_answered_once_and_a_new_state_afresh(journal: Journal) -> None:
    session = start(journal)
    answers = QueryAnswers()
    calls: list[int] = []

    def players_seen(state: State, offset: int) -> int:
        calls.append(offset)
        return len(state.players) + offset

    first = state_of(session)
    assert answers.ask(players_seen, first, 1) == len(first.players) + 1
    assert answers.ask(players_seen, first, 1) == len(first.players) + 1
    assert answers.ask(players_seen, first, 2) == len(first.players) + 2
    assert calls == [1, 2]
    session.submit(next(iter(GAME.legal_actions(first))))
    assert answers.ask(players_seen, state_of(session), 1) == len(first.players) + 1
    assert calls == [1, 2, 1]


def test_kept_answers_equal_the_rules_through_a_game(journal: Journal) -> None:
    session = start(journal)
    for _ in range(12):
        state = state_of(session)
        for someone in state.players:
            seat = someone.seat
            assert asked(reroll_allowance, state, seat) == reroll_allowance(state, seat)
            shown = legal_for(state, seat)
            assert shown in (frozenset(), frozenset(legal_destinations(state, seat)))
        actions = list(GAME.legal_actions(state))
        if not actions:
            break
        session.submit(actions[0])
