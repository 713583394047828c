"""Playing a game in tests: whether the rules accept a step, and random playouts."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from companion.core.game import Game
from companion.core.messages import IllegalActionError

MAX_STEPS = 1500
"""A playout stops here even when the game is not over."""


def accepts(game: Game[Any], state: Any, action: Mapping[str, Any]) -> bool:
    """Whether the rules accept ``action`` in ``state``."""
    try:
        game.apply(state, action)
    except IllegalActionError:
        return False
    return True


def applied_or_refused(game: Game[Any], state: Any, action: Mapping[str, Any]) -> Any | None:
    """The state after ``action``, or ``None`` when the rules refuse it with a reason of
    the game's own (``<game>.error.``); either way ``state`` is left as it was, its JSON
    form too."""
    before = copy.deepcopy(state)
    described = game.state_to_json(state)
    try:
        after = game.apply(state, action)
    except IllegalActionError as error:
        assert error.key.startswith(f"{game.name}.error.")
        after = None
    assert state == before
    assert game.state_to_json(state) == described
    return after


def random_playout(game: Game[Any], seed: int, state: Any = None,
                   max_steps: int = MAX_STEPS) -> tuple[list[dict[str, Any]], Any]:
    """Play legal actions chosen at random from ``state`` (the example set-up's start when
    ``None``) until the end or ``max_steps``; fail on a refused or missing offer.

    Every action goes through JSON first, as a stored one would.
    """
    rng = random.Random(seed)
    if state is None:
        state = game.new_state(game.example_setup())
    actions: list[dict[str, Any]] = []
    for _ in range(max_steps):
        if game.is_finished(state):
            break
        choices = list(game.legal_actions(state))
        assert choices, f"no legal action offered in an unfinished state (seed {seed})"
        action = json.loads(json.dumps(rng.choice(choices)))
        try:
            state = game.apply(state, action)
        except IllegalActionError as error:
            pytest.fail(f"legal_actions offered a refused action {action}: {error.key}")
        actions.append(action)
    return actions, state
