"""When the order of the phase-5 resolutions cannot change the game."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import permutations
from pathlib import Path
from typing import Any

from companion.games.fuji import GAME
from companion.games.fuji.order import next_in_ring, order_free, unresolved
from companion.games.fuji.state import State

RECORD = Path(__file__).resolve().parents[3] / "examples" / "fuji" / "scenario-3-totals.json"


def _before_each_resolve() -> list[tuple[dict[str, Any], State]]:
    """Every resolve of the example record with the state it was entered in."""
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    state = GAME.new_state(record["setup"])
    found: list[tuple[dict[str, Any], State]] = []
    for action in record["actions"]:
        if action["type"] == "resolve":
            found.append((action, state))
        state = GAME.apply(state, action)
    return found


def _ends(state: State) -> set[str]:
    """The games reached by resolving the players left in every order (questions set
    aside), as comparable text."""
    ends: set[str] = set()
    for order in permutations(unresolved(state)):
        here = state
        for seat in order:
            here = replace(GAME.apply(here, {"type": "resolve", "player": seat}), pending=())
            if here.outcome is not None:
                break
        ends.add(json.dumps(GAME.state_to_json(replace(here, resolved=(), results=(),
                                                       instructions=())), sort_keys=True))
    return ends


def test_a_round_where_nobody_affects_anybody_has_a_free_order() -> None:
    """Rulebook, phase 5: "Players resolve one at a time, in an order the table chooses".
    In the record's first round nobody wins, dies or sets off a token, so every order
    ends alike and the order is free; the next player around the table follows."""
    action, state = _before_each_resolve()[0]
    assert state.round == 1 and order_free(state)
    assert len(_ends(state)) == 1
    assert next_in_ring(state, action["player"]) == 1


def test_the_order_is_not_free_when_it_changes_how_the_game_ends() -> None:
    """Rulebook: "the game is lost at once" when a pawn's card flips or a stamina marker
    reaches the last space; players after that never resolve. In the record's third round
    the orders end differently, so the table must keep choosing."""
    third = [(action, state) for action, state in _before_each_resolve() if state.round == 3]
    _, state = third[0]
    assert not order_free(state)
    assert len(_ends(state)) > 1


def test_every_free_order_in_the_record_really_ends_alike() -> None:
    """Wherever the app calls the order free, trying each order gives one game."""
    for _, state in _before_each_resolve():
        if order_free(state):
            assert len(_ends(state)) == 1


def test_no_order_is_free_while_a_question_waits() -> None:
    """A wound still to place stops the resolutions ("choices pending"): the app never
    goes on around the table past an open question."""
    _, state = _before_each_resolve()[0]
    assert order_free(state)
    left = unresolved(state)
    hurt = GAME.apply(state, {"type": "resolve", "player": left[0]})
    assert not hurt.pending
    from companion.games.fuji.state import Pending, PendingKind

    waiting = replace(hurt, pending=(Pending(PendingKind.WOUND, left[0]),))
    assert order_free(hurt) and not order_free(waiting)


def test_the_ring_wraps_around_the_table() -> None:
    """After the last seat comes the first seat still to resolve."""
    _, state = _before_each_resolve()[0]
    assert next_in_ring(state, 2) == 0
    done = replace(state, resolved=(0, 1, 2))
    assert next_in_ring(done, 0) is None
