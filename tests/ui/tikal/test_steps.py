"""The question-by-question action builder produces the engine's own actions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.games.tikal import GAME
from companion.games.tikal.state import TikalState
from companion.ui.tikal.steps import QUESTIONS, action_of, filled, next_step
from tests.fuzzing import some
from tests.ui.tikal.helpers import replayed, start, state_of

DOCUMENTED_FIELDS: dict[str, set[str]] = {
    "bring": {"type", "piece", "to"},
    "camp_move": {"type", "piece", "from", "to"},
    "move": {"type", "piece", "from", "to", "stones"},
    "uncover": {"type", "hex"},
    "take_treasure": {"type", "hex", "kind"},
    "exchange": {"type", "with", "give", "take"},
    "build_camp": {"type", "hex"},
    "place_guard": {"type", "hex"},
}
"""The fields docs/tikal-actions.md lists for each action that spends points."""


def build(state: TikalState, kind: str, picks: list[int]) -> dict[str, Any] | None:
    """Answer every question with the option at ``picks[n]`` (wrapping round).

    ``None`` when a question has no answer to offer (the dialog then says so).
    """
    answers: dict[str, Any] = {}
    number = 0
    while (step := next_step(state, kind, answers)) is not None:
        if not step.options:
            return None
        choice = picks[number % len(picks)] if picks else 0
        answers[step.field] = step.options[choice % len(step.options)].value
        number += 1
    return action_of(kind, filled(state, kind, answers))


@pytest.fixture(scope="module")
def midgame() -> TikalState:
    """Cy's turn in the basic example, with 24 hexes on the board."""
    return state_of(replayed(Journal(":memory:"), "basic", 153))


@pytest.mark.parametrize("kind", sorted(DOCUMENTED_FIELDS))
def test_every_action_gets_exactly_its_documented_fields(midgame: TikalState,
                                                         kind: str) -> None:
    action = build(midgame, kind, [0])
    assert action is not None
    assert set(action) == DOCUMENTED_FIELDS[kind]


@some()
@given(kind=st.sampled_from(sorted(QUESTIONS)),
       picks=st.lists(st.integers(min_value=0, max_value=40), max_size=5),
       steps=st.sampled_from([5, 60, 153, 200]))
def test_built_actions_are_accepted_or_refused_with_a_reason(kind: str, picks: list[int],
                                                             steps: int) -> None:
    session = replayed(Journal(":memory:"), "basic", steps)
    state = state_of(session)
    action = build(state, kind, picks)
    if action is None:
        return
    try:
        after = GAME.apply(state, action)
    except IllegalActionError as refused:
        assert refused.key.startswith("tikal.error.")
        assert refused.key not in ("tikal.error.bad_field", "tikal.error.unknown_action")
    else:
        assert after != state


def test_move_asks_piece_from_to_and_stones() -> None:
    session = start(Journal(":memory:"))
    session.submit({"type": "draw", "kind": "jungle"})
    session.submit({"type": "bring", "piece": "leader", "to": 0})
    state = state_of(session)
    asked = []
    answers: dict[str, Any] = {}
    wanted = {"piece": "leader", "from": 0, "to": 4, "stones": 2}
    while (step := next_step(state, "move", answers)) is not None:
        asked.append(step.field)
        assert wanted[step.field] in [option.value for option in step.options]
        answers[step.field] = wanted[step.field]
    assert asked == ["piece", "from", "to", "stones"]
    action = action_of("move", filled(state, "move", answers))
    assert action == {"type": "move", **wanted}
    assert GAME.apply(state, action).players[0].leader == 4


def test_piece_question_is_skipped_when_the_leader_cannot_be_chosen() -> None:
    session = start(Journal(":memory:"))
    session.submit({"type": "draw", "kind": "jungle"})
    state = state_of(session)
    first = next_step(state, "bring", {})
    assert first is not None and first.field == "piece"
    move = next_step(state, "move", {})
    assert move is not None and move.field == "from"
    assert filled(state, "move", {"from": 0})["piece"] == "worker"


def test_draw_asks_the_number_only_for_temples_and_masks_only_for_treasure() -> None:
    state = state_of(start(Journal(":memory:")))
    first = next_step(state, "draw", {})
    assert first is not None and first.field == "kind"
    temple = next_step(state, "draw", {"kind": "temple"})
    assert temple is not None and temple.field == "value"
    assert [o.value for o in temple.options] == list(range(1, 11))
    treasure = next_step(state, "draw", {"kind": "treasure"})
    assert treasure is not None and [o.value for o in treasure.options] == [2, 3, 4]
    assert next_step(state, "draw", {"kind": "jungle"}) is None
    assert next_step(state, "draw", {"kind": "temple", "value": 4}) is None


def test_exchange_offers_only_the_other_players(midgame: TikalState) -> None:
    step = next_step(midgame, "exchange", {})
    assert step is not None
    assert midgame.active not in [option.value for option in step.options]
    assert len(step.options) == len(midgame.players) - 1
