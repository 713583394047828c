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
from companion.games.caverna.game import GAME as CAVERNA
from companion.games.caverna.state import CavernaState
from companion.games.fuji.game import GAME as FUJI
from companion.games.fuji.state import State as FujiState
from companion.games.tikal.game import GAME as TIKAL
from companion.games.tikal.state import TikalState
from tests.playouts import accepts, random_playout

GAMES = sorted(all_games())
PINNED: tuple[Game[CavernaState], Game[FujiState], Game[TikalState]] = (CAVERNA, FUJI, TIKAL)
"""Every game's engine seen as ``Game[its state]``: mypy checks each against the protocol."""
MAX_STEPS = 1500


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


# ---------------------------------------------------------------- legal-first questions
QUESTION_WALK = 400
"""Most questions asked per state when checking a game's questions (a wide dialogue is
sampled along its first branches; each game's own conformance test samples at random)."""


def question_problems(game: Any, state: Any, limit: int = QUESTION_WALK) -> list[str]:
    """What is wrong with ``game.ask`` in ``state``: an answer offered as legal that only
    leads to refusals, or a path through legal answers ending in a refused action."""
    from companion.core.questions import Complete, completions

    problems: list[str] = []
    budget = [limit]

    def accepted(action: dict[str, Any]) -> bool:
        return accepts(game, state, action)

    def walk(partial: dict[str, Any], depth: int) -> None:
        if budget[0] <= 0 or depth > 12:
            return
        budget[0] -= 1
        step = game.ask(state, partial)
        if isinstance(step, Complete):
            if not accepted(step.action):
                problems.append(f"the questions end in a refused action {step.action}")
            return
        for answer in step.legal_answers():
            chosen = {**partial, step.field: answer.value}
            reachable = list(completions(game.ask, state, chosen, limit=50, max_questions=200))
            if reachable and not any(accepted(action) for action in reachable):
                problems.append(f"{step.field}={answer.value!r} is offered but every "
                                f"action through it is refused")
            walk(chosen, depth + 1)

    walk({}, 0)
    return problems


def asking_games() -> list[str]:
    """The registered games whose rules put their multi-step actions as questions."""
    return [name for name in GAMES if callable(getattr(all_games()[name], "ask", None))]


def test_every_offered_answer_leads_to_an_accepted_action(long_mode: bool) -> None:
    """Over random states of every asking game: no offered answer ends only in refusals and
    no path through the questions ends in a refusal."""
    for name in asking_games():
        game = all_games()[name]
        for seed in range(2 if not long_mode else 50):
            rng = random.Random(seed)
            state = game.new_state(game.example_setup())
            for step in range(MAX_STEPS):
                if game.is_finished(state):
                    break
                if step % 7 == 0:
                    assert question_problems(game, state) == [], (name, seed, step)
                choices = list(game.legal_actions(state))
                state = game.apply(state, json.loads(json.dumps(rng.choice(choices))))


def test_the_question_check_catches_a_wrong_offer() -> None:
    """The check itself: a question offering an answer the rules refuse is reported."""
    from companion.core.messages import msg
    from companion.core.questions import Answer, Complete, Partial, Question, Step

    class Careless:
        """Offers amounts 1-3 as legal, but the rules take only 1 and 2."""

        def apply(self, state: int, action: dict[str, Any]) -> int:
            if action.get("amount") not in (1, 2):
                raise IllegalActionError("core.error.bad_action", detail="amount")
            return state + int(action["amount"])

        def ask(self, state: int, partial: Partial) -> Step:
            if "amount" not in partial:
                return Question("amount", msg("core.question.action"), tuple(
                    Answer(amount, msg("core.label.start")) for amount in (1, 2, 3)))
            return Complete({"type": "add", **partial})

    problems = question_problems(Careless(), 0)
    assert any("amount=3" in problem for problem in problems)
    assert any("refused action" in problem for problem in problems)


# ---------------------------------------------------------------- result() at every end
def result_problems(game: Any, state: Any, setup: Any) -> list[str]:
    """What is wrong with ``game.result`` for ``state`` (shared screens, statistics and the
    fleet read it): the players, scores per player, winners among the players, an outcome
    for a finished cooperative game, and no legal action once the game is finished."""
    result = game.result(state, setup)
    finished = game.is_finished(state)
    problems: list[str] = []
    players = result.players
    if not game.min_players <= len(players) <= game.max_players:
        problems.append(f"{len(players)} players, outside {game.min_players}-{game.max_players}")
    if result.scores and len(result.scores) != len(players):
        problems.append(f"{len(result.scores)} scores for {len(players)} players")
    if not all(isinstance(score, int) for score in result.scores):
        problems.append(f"scores that are not whole numbers: {result.scores}")
    if not set(result.winners) <= set(players):
        problems.append(f"winners {result.winners} not among the players {players}")
    cooperative = game.info.cooperative
    if cooperative and result.winners:
        problems.append("a cooperative game names winners")
    if finished and cooperative and result.outcome not in ("won", "lost"):
        problems.append(f"a finished cooperative game without an outcome ({result.outcome!r})")
    if finished and not cooperative and not result.winners:
        problems.append("a finished game names no winner")
    if not finished and result.outcome:
        problems.append("a game still going names its outcome")
    if finished and result.scores and result.winners:
        best = max(result.scores)
        beaten = [name for name, score in zip(players, result.scores, strict=False)
                  if name in result.winners and score < best]
        if beaten:
            problems.append(f"winners {beaten} scored less than the best score {best}")
    if finished and list(game.legal_actions(state)):
        problems.append("legal actions remain once the game is finished")
    return problems


@pytest.mark.parametrize("name", GAMES)
def test_result_holds_at_the_end_of_every_playout(name: str, long_mode: bool) -> None:
    """Like the game-simulation tests of game frameworks: after every random playout (and
    along the way), the result names the players, their scores, winners among them, or a
    cooperative outcome; a finished game offers no legal action."""
    game = all_games()[name]
    setup = game.example_setup()
    for seed in range(playout_count(long_mode)):
        actions, live = random_playout(game, seed)
        assert result_problems(game, live, setup) == [], (name, seed)
        state = game.new_state(setup)
        for step, action in enumerate(actions):
            if step % 25 == 0:
                assert result_problems(game, state, setup) == [], (name, seed, step)
            state = game.apply(state, action)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_playout_is_seen_by_result(name: str) -> None:
    """Some playout reaches the end, and its result then says who won or how it went."""
    game = all_games()[name]
    setup = game.example_setup()
    ended = [live for live in (random_playout(game, seed)[1] for seed in range(4))
             if game.is_finished(live)]
    assert ended
    result = game.result(ended[0], setup)
    assert result.winners or result.outcome in ("won", "lost")


def test_every_registered_game_is_pinned_to_the_game_protocol() -> None:
    """Each game's engine is checked by mypy as ``Game[its state]`` (see ``PINNED``)."""
    assert {game.name for game in PINNED} == set(GAMES)
