"""``GAME.ask``: every legal answer leads to an accepted action, every greyed one is refused."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError
from companion.core.questions import Complete, Question, advance, choose, completions
from companion.games.caverna import GAME
from companion.games.caverna.questions import loses_goods
from companion.games.caverna.state import CavernaState
from tests.games.caverna.helpers import (
    DUO_SETUP,
    SOLO_SETUP,
    begin,
    duo,
    play,
    with_goods,
    with_room,
)
from tests.playouts import accepts

SETUPS = st.sampled_from([DUO_SETUP, SOLO_SETUP])
CONFORMANCE = settings(max_examples=12, deadline=None,
                       suppress_health_check=[HealthCheck.too_slow])


def accepted(state: CavernaState, action: Mapping[str, Any]) -> bool:
    """Whether the rules accept ``action`` in ``state``."""
    return accepts(GAME, state, action)


def reachable(setup: Mapping[str, Any], seed: int, steps: int) -> CavernaState:
    """A state after ``steps`` random legal actions (conversions left out)."""
    rng = random.Random(seed)
    state = GAME.new_state(setup)
    for _ in range(steps):
        if GAME.is_finished(state):
            break
        actions = [a for a in GAME.legal_actions(state) if a["type"] != "convert"]
        state = GAME.apply(state, rng.choice(actions))
    return state


def walk_every_answer(state: CavernaState, partial: dict[str, Any], rng: random.Random,
                      depth: int = 0) -> None:
    """Along one random path, check every answer of every question."""
    step = GAME.ask(state, partial)
    if isinstance(step, Complete):
        assert accepted(state, step.action), step.action
        return
    assert isinstance(step, Question)
    for answer in step.answers:
        chosen = {**partial, step.field: answer.value}
        if answer.legal:
            done = next(completions(GAME.ask, state, chosen, limit=1), None)
            assert done is not None and accepted(state, done), (chosen, done)
        else:
            with pytest.raises(IllegalActionError):
                choose(GAME.ask, state, partial, answer.value)
            every = list(completions(GAME.ask, state, chosen, limit=60, greyed_too=True))
            assert every and not any(accepted(state, action) for action in every), chosen
    legal = step.legal_answers()
    if legal and depth < 8:
        walk_every_answer(state, {**partial, step.field: rng.choice(legal).value}, rng,
                          depth + 1)


@CONFORMANCE
@given(SETUPS, st.integers(0, 10_000), st.integers(0, 120))
def test_every_answer_along_random_paths_is_honest(setup: Mapping[str, Any], seed: int,
                                                    steps: int) -> None:
    state = reachable(setup, seed, steps)
    if GAME.is_finished(state):
        return
    walk_every_answer(state, {}, random.Random(seed))


def test_the_first_question_is_the_action_type() -> None:
    step = GAME.ask(duo(), {})
    assert isinstance(step, Question) and step.field == "type"
    assert [answer.value for answer in step.legal_answers()] == ["reveal"]


def test_a_room_that_cannot_be_paid_is_greyed_with_the_reason() -> None:
    """Rulebook: "Zapłać koszt ... w liczbie wskazanej poniżej nazwy izby" — a room whose
    cost the player cannot pay is offered greyed, saying which good is short."""
    state = with_goods(begin(duo(), "housework"), 0, stone=0, food=9, gold=1)
    step = advance(GAME.ask, state, {"type": "furnish", "fee": "round_food"}).step
    assert isinstance(step, Question) and step.field == "room_furnished"
    grindstone = step.answer_for("grindstone")
    assert grindstone is not None and grindstone.reason is not None
    assert grindstone.reason.key == "caverna.error.not_enough"


def test_only_spaces_where_the_room_fits_are_lit() -> None:
    """Rulebook: the room goes on an empty cavern "biorąc pod uwagę ustawienie ścian"."""
    state = with_room(duo(), 0, (1, 0), "grindstone")
    state = with_room(state, 0, (2, 1), "shelf")
    state = GAME.apply(state, {"type": "reveal", "tile": "furnishing"})
    state = with_goods(GAME.apply(state, {"type": "take_tile", "tile": "housework"}), 0,
                       wood=9, stone=9, food=9, gold=9)
    partial = {"type": "furnish", "room_furnished": "tunnel", "fee": "round_food"}
    step = GAME.ask(state, partial)
    assert isinstance(step, Question) and step.field == "space"
    # (2, 0) has rock to the west only: the Tunnel needs two opposite walls.
    assert step.answer_for([2, 0]) is not None
    assert not step.answer_for([2, 0]).legal  # type: ignore[union-attr]


def test_a_single_fit_is_taken_without_asking() -> None:
    state = begin(with_goods(duo(), 0, wood=5, stone=5, food=9), "housework")
    progress = advance(GAME.ask, state, {"type": "furnish", "room_furnished": "shelf",
                                         "fee": "round_food"})
    assert isinstance(progress.step, Complete)
    assert progress.step.action["space"] == [2, 0]
    assert accepted(state, progress.step.action)


def test_tunnel_choices_say_what_they_give() -> None:
    state = play(with_room(begin(duo(), "cultivation"), 0, (2, 0), "tunnel"))
    step = GAME.ask(state, {"type": "use_room", "room_used": "tunnel"})
    assert isinstance(step, Question) and step.field == "choice"
    both = step.answer_for("both")
    assert both is not None and both.detail is not None
    assert both.detail.params["n1"] == "+1" and both.detail.params["n2"] == "+2"


def test_a_gain_over_the_limit_is_announced_before_it_is_taken() -> None:
    """Rulebook: goods over the limit are lost — the answer says so before the tap."""
    state = with_goods(begin(duo(), "furnishing"), 0, food=9)
    step = GAME.ask(state, {"type": "gain"})
    assert isinstance(step, Question)
    food = step.answer_for("food")
    assert food is not None and food.detail is not None
    assert loses_goods(food.detail) and food.detail.params["lost"] == 1


def test_digging_is_complete_once_its_space_is_chosen() -> None:
    """The room a dig turns up is named when it is furnished, so nothing more is asked."""
    state = begin(duo(), "excavation")
    partial = {"type": "excavate", "count": 1, "space": [4, 0]}
    done = GAME.ask(state, partial)
    assert isinstance(done, Complete)
    assert done.action["digs"] == [{"space": [4, 0]}]
    assert accepted(state, done.action)
