"""One conformance suite over every registered game (random legal playouts).

For each game: every action the rules call legal is accepted; states and actions
survive a JSON round-trip; replaying the actions gives the live state; a game
exported from the journal replays to the same state; undo then redo is identity;
every history label and refusal reason has an English text.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.core.game import Game
from companion.core.i18n import catalogue
from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.core.record import record_from_journal, replay
from companion.core.registry import all_games
from companion.core.session import Session

GAMES = sorted(all_games())
MAX_STEPS = 1500


def random_playout(game: Game[Any], seed: int) -> tuple[list[dict[str, Any]], Any]:
    """Play legal actions chosen at random until the end or MAX_STEPS."""
    rng = random.Random(seed)
    state = game.new_state(game.example_setup())
    actions: list[dict[str, Any]] = []
    for _ in range(MAX_STEPS):
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


def playout_count(long_mode: bool) -> int:
    return 1000 if long_mode else 4


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_replay_to_the_live_state(name: str, long_mode: bool) -> None:
    game = all_games()[name]
    english = catalogue("en")
    for seed in range(playout_count(long_mode)):
        actions, live = random_playout(game, seed)
        state = game.new_state(game.example_setup())
        for action in actions:
            assert game.action_label(state, action).key in english
            state = game.apply(state, action)
        assert state == live
        json.dumps(game.state_to_json(live))


@pytest.mark.parametrize("name", GAMES)
def test_playouts_reach_an_end(name: str) -> None:
    game = all_games()[name]
    ends = sum(game.is_finished(random_playout(game, seed)[1]) for seed in range(4))
    assert ends >= 1, "random legal play never finished a game"


@pytest.mark.parametrize("name", GAMES)
def test_journal_export_replays_and_undo_redo_is_identity(name: str, tmp_path: Path) -> None:
    game = all_games()[name]
    actions, live = random_playout(game, seed=7)
    journal = Journal(tmp_path / "j.sqlite3")
    session = Session.start(journal, name, game.example_setup())
    for action in actions:
        session.submit(action)
    assert session.state == live
    assert replay(record_from_journal(journal, session.game_id)).state == live
    steps_back = min(len(actions), 25)
    for _ in range(steps_back):
        session.undo()
    for _ in range(steps_back):
        session.redo()
    assert session.state == live
    assert Session.resume(Journal(tmp_path / "j.sqlite3"), session.game_id).state == live


@pytest.mark.parametrize("name", GAMES)
def test_refused_actions_leave_state_equal(name: str) -> None:
    game = all_games()[name]
    english = catalogue("en")
    actions, _ = random_playout(game, seed=3)
    state = game.new_state(game.example_setup())
    rng = random.Random(3)
    for action in actions[:200]:
        wrong = dict(rng.choice(actions))
        snapshot = json.dumps(game.state_to_json(state), sort_keys=True)
        try:
            game.apply(state, wrong)
        except IllegalActionError as error:
            assert error.key in english, error.key
            assert json.dumps(game.state_to_json(state), sort_keys=True) == snapshot
        state = game.apply(state, action)
