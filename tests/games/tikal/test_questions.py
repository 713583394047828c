"""Conformance of the Tikal questions: legal answers lead to accepted actions, greyed ones don't."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.core.messages import msg
from companion.core.questions import Complete, Question, Style, advance, choose, completions
from companion.games.tikal import GAME
from companion.games.tikal.constants import ACTION_POINTS
from companion.games.tikal.state import LEADER_IN_RESERVE, TikalState
from tests.playouts import accepts

from .support import END, bring, jungle, play, setup, start

COMPLETION_LIMIT = 40
"""Completions checked per answer (the walk is depth first, so the first ones are cheap)."""


def accepted(state: TikalState, action: Mapping[str, Any]) -> bool:
    """Whether the rules accept ``action`` in ``state``."""
    return accepts(GAME, state, action)


def random_step(state: TikalState, data: st.DataObject) -> TikalState:
    """One action built by answering the questions at random among the legal answers."""
    partial: dict[str, Any] = {}
    while True:
        step = GAME.ask(state, partial)
        if isinstance(step, Complete):
            return GAME.apply(state, step.action)
        legal = step.legal_answers()
        assert legal, f"no legal answer to {step.field} in {partial}"
        if step.field == "type" and len(legal) > 1 and data.draw(st.booleans()):
            legal = tuple(a for a in legal if a.value == "end_turn") or legal
        partial[step.field] = data.draw(st.sampled_from(legal)).value


def check_question(state: TikalState, partial: dict[str, Any], question: Question) -> None:
    """Every legal answer completes to accepted actions; greyed ones never do."""
    for answer in question.answers:
        after = {**partial, question.field: answer.value}
        if answer.legal:
            found = list(completions(GAME.ask, state, after, limit=COMPLETION_LIMIT))
            assert found, f"legal answer {answer.value!r} to {question.field} leads nowhere"
            for action in found:
                assert accepted(state, action), action
        else:
            step = GAME.ask(state, after) if question.field != "type" else None
            if isinstance(step, Complete):
                assert not accepted(state, step.action), step.action


def walk_and_check(state: TikalState, data: st.DataObject) -> None:
    """Follow one random path of questions, checking every question on it."""
    partial: dict[str, Any] = {}
    for _ in range(20):
        step = GAME.ask(state, partial)
        if isinstance(step, Complete):
            assert accepted(state, step.action)
            return
        check_question(state, partial, step)
        legal = step.legal_answers()
        partial[step.field] = data.draw(st.sampled_from(legal)).value


games = st.tuples(st.integers(min_value=2, max_value=4), st.sampled_from(["basic", "auction"]),
                  st.sampled_from(["full", "lean"]), st.booleans())


@settings(max_examples=20, deadline=None)
@given(game=games, data=st.data())
def test_every_legal_answer_leads_to_an_accepted_action(game: tuple[int, str, str, bool],
                                                        data: st.DataObject) -> None:
    players, variant, tracking, box = game
    extra: dict[str, Any] = {"tracking": tracking}
    if box:
        extra["stages"] = None
    state = GAME.new_state(setup(players, variant, **extra))
    for _ in range(data.draw(st.integers(min_value=0, max_value=60))):
        if GAME.is_finished(state):
            return
        state = random_step(state, data)
    if not GAME.is_finished(state):
        walk_and_check(state, data)


def test_first_question_is_the_type_with_greyed_reasons() -> None:
    """A fresh turn: nothing to move yet, so *move* is greyed with the rules' reason."""
    state = play(start(3), jungle())
    step = GAME.ask(state, {})
    assert isinstance(step, Question) and step.field == "type"
    move = step.answer_for("move")
    assert move is not None and move.reason is not None
    bring = step.answer_for("bring")
    assert bring is not None and bring.legal


def test_bring_several_in_one_answer() -> None:
    """Bring: the base camp is the only entry (taken); one question then offers the leader
    or 1 to 10 workers (as many as the reserve and the points allow)."""
    state = play(start(3), jungle())
    progress = advance(GAME.ask, state, {"type": "bring"})
    assert [taken.question.field for taken in progress.taken] == ["to"]
    pieces = progress.step
    assert isinstance(pieces, Question) and pieces.field == "pieces"
    assert [a.value for a in pieces.legal_answers()] == [
        {"piece": "leader"}, *({"piece": "worker", "count": n} for n in range(1, 11))]
    done = GAME.ask(state, choose(GAME.ask, state, progress.partial,
                                  {"piece": "worker", "count": 5}))
    assert isinstance(done, Complete)
    assert done.action == {"type": "bring", "to": 0, "piece": "worker", "count": 5}
    assert GAME.apply(state, done.action).workers[0][0] == 5


def test_a_move_asks_pieces_and_stones_in_one_table_the_points_pay_for() -> None:
    """The rules: "Za przesunięcie pionka z jednej płytki na drugą płaci się po 1 PA za
    każdy kamień, przez który przechodzi pionek" (leader or worker alike), and any number
    of pieces may move within the 10 points.  With 5 points left, the leader and 4 workers
    on the hex: one question, a row per choice of pieces, a cell per number of stones
    those pieces can pay for; one answer finishes the move."""
    state = play(start(3), jungle(), bring(piece="leader"),
                 {"type": "bring", "to": 0, "piece": "worker", "count": 4})
    route = GAME.ask(state, {"type": "move", "from": 0, "to": 3})
    assert isinstance(route, Question) and route.field == "route"
    cells = [(a.row, a.value) for a in route.legal_answers()]
    assert len(cells) == len(route.answers)
    assert [value for _, value in cells] == [
        *({"stones": s, "piece": "leader"} for s in range(1, 6)),
        *({"stones": s, "piece": "worker", "count": 1} for s in range(1, 6)),
        *({"stones": s, "piece": "worker", "count": 2} for s in (1, 2)),
        {"stones": 1, "piece": "worker", "count": 3}, {"stones": 1, "piece": "worker", "count": 4}]
    assert route.rows() == (msg("tikal.answer.leader"), *(
        msg("tikal.answer.workers", count=n) for n in range(1, 5)))
    assert all(a.label == msg("tikal.answer.number", n=a.value["stones"]) for a in route.answers)
    done = GAME.ask(state, choose(GAME.ask, state, {"type": "move", "from": 0, "to": 3},
                                  {"stones": 2, "piece": "worker", "count": 2}))
    assert isinstance(done, Complete)
    assert done.action == {"type": "move", "from": 0, "to": 3, "stones": 2, "piece": "worker",
                           "count": 2}
    assert GAME.apply(state, done.action).turn.spent == 9


def test_a_move_with_stones_given_asks_only_the_pieces_they_pay_for() -> None:
    """An entry whose stones are already given asks which pieces as before: with 4 stones
    and 5 points the leader or one worker, and with the leader gone one worker is taken."""
    state = play(start(3), jungle(), bring(piece="leader"),
                 {"type": "bring", "to": 0, "piece": "worker", "count": 4})
    pieces = GAME.ask(state, {"type": "move", "from": 0, "to": 3, "stones": 2})
    assert isinstance(pieces, Question) and pieces.field == "pieces"
    assert [a.value for a in pieces.legal_answers()] == [
        {"piece": "leader"}, {"piece": "worker", "count": 1}, {"piece": "worker", "count": 2}]
    moved = play(state, {"type": "move", "piece": "leader", "from": 0, "to": 3, "stones": 1})
    taken = advance(GAME.ask, moved, {"type": "move", "from": 0, "to": 3, "stones": 4})
    assert isinstance(taken.step, Complete)
    assert taken.step.action == {"type": "move", "from": 0, "to": 3, "stones": 4,
                                 "piece": "worker", "count": 1}


def test_a_lone_piece_is_asked_only_its_stones() -> None:
    """The leader alone on its hex: which pieces is settled, so only the stones are asked
    (1 point per stone, up to the 9 points left)."""
    state = play(start(3), jungle(), bring(piece="leader"))
    progress = advance(GAME.ask, state, {"type": "move", "from": 0, "to": 3})
    stones = progress.step
    assert isinstance(stones, Question) and stones.field == "stones"
    assert [a.value for a in stones.legal_answers()] == list(range(1, 10))
    done = advance(GAME.ask, state, choose(GAME.ask, state, progress.partial, 4)).step
    assert isinstance(done, Complete)
    assert done.action == {"type": "move", "from": 0, "to": 3, "stones": 4, "piece": "leader"}


def test_one_point_left_asks_only_the_pieces() -> None:
    """With a single point left every piece can cross only one stone: the stones are taken
    and only which piece is asked."""
    state = play(start(3), jungle(), bring(piece="leader"),
                 {"type": "bring", "to": 0, "piece": "worker", "count": 8})
    progress = advance(GAME.ask, state, {"type": "move", "from": 0, "to": 3})
    assert [t.question.field for t in progress.taken] == ["stones"]
    pieces = progress.step
    assert isinstance(pieces, Question) and pieces.field == "pieces"
    assert [a.value for a in pieces.legal_answers()] == [
        {"piece": "leader"}, {"piece": "worker", "count": 1}]


def _standing(points: int, workers: int, leader: bool) -> TikalState:
    """Ada's turn with ``points`` left, ``workers`` of her workers (and her leader, if
    ``leader``) on the base camp, hex 0."""
    state = play(start(3), jungle())
    seat = state.active
    players = list(state.players)
    players[seat] = replace(players[seat], leader=0 if leader else LEADER_IN_RESERVE,
                            reserve=players[seat].reserve - workers)
    rows = [list(row) for row in state.workers]
    rows[0][seat] = workers
    return replace(state, players=tuple(players), workers=tuple(tuple(r) for r in rows),
                   turn=replace(state.turn, spent=ACTION_POINTS - points))


def _entry(action: Mapping[str, Any]) -> tuple[int, str, int]:
    """A move's stones, piece and count (1 when absent)."""
    return int(action["stones"]), str(action["piece"]), int(action.get("count", 1))


@settings(deadline=None)
@given(points=st.integers(1, ACTION_POINTS), workers=st.integers(0, 7), leader=st.booleans())
def test_a_move_offers_every_accepted_entry_and_nothing_else(points: int, workers: int,
                                                             leader: bool) -> None:
    """Moving costs "1 PA za każdy kamień" per piece, within the 10 points: every entry the
    answers lead to is accepted by the rules, every entry the rules accept is offered,
    and when both the pieces and the stones are open they are one question."""
    assume(workers or leader)
    state = _standing(points, workers, leader)
    partial = {"type": "move", "from": 0, "to": 3}
    offered = [_entry(action) for action in completions(GAME.ask, state, partial)]
    tried = [{**partial, "stones": s, "piece": "leader"} for s in range(1, ACTION_POINTS + 1)]
    tried += [{**partial, "stones": s, "piece": "worker", "count": n}
              for s in range(1, ACTION_POINTS + 1) for n in range(1, ACTION_POINTS + 1)]
    assert sorted(offered) == sorted(_entry(a) for a in tried if accepted(state, a))
    choices = int(leader) + min(workers, points)
    step = GAME.ask(state, partial)
    assert isinstance(step, Question)
    assert (step.field == "route") == (choices > 1 and points > 1)
    if step.field == "route":
        for answer in step.answers:
            after = GAME.ask(state, choose(GAME.ask, state, partial, answer.value))
            assert isinstance(after, Complete) and accepted(state, after.action)


def test_draw_from_the_box_asks_only_what_the_letter_leaves_open() -> None:
    """Letter A holds temples 1 and 2, treasures of 4 masks and a jungle: masks are taken."""
    state = start(3, stages=None)
    tiles = GAME.ask(state, {"type": "draw"})
    assert isinstance(tiles, Question) and tiles.field == "tile"
    assert [a.value for a in tiles.answers] == [  # one fixed order of kinds, numbers
        {"kind": "jungle"}, {"kind": "temple", "value": 1}, {"kind": "temple", "value": 2},
        {"kind": "treasure", "masks": 4}]
    place = GAME.ask(state, {"type": "draw", "tile": {"kind": "treasure", "masks": 4}})
    assert isinstance(place, Question) and place.style == Style.PLACE


def test_guard_piece_asked_only_when_both_stand_there() -> None:
    """The player picks leader or worker when both stand on the temple."""
    state = play(start(2), jungle(), bring(piece="leader"), bring())
    state = play(state, {"type": "move", "piece": "leader", "from": 0, "to": 1, "stones": 1},
                 {"type": "move", "from": 0, "to": 1, "stones": 1}, END, jungle(), END, jungle())
    step = GAME.ask(state, {"type": "place_guard", "hex": 1})
    assert isinstance(step, Question) and step.field == "piece"
    assert {a.value for a in step.legal_answers()} == {"worker", "leader"}


def test_lean_scoring_asks_one_seat_per_open_temple() -> None:
    """Lean game: at a scoring, one answer per unguarded temple, by seat colour."""
    state = GAME.new_state(setup(3, tracking="lean"))
    state = play(state, jungle(), END, {"type": "draw", "kind": "volcano"})
    types = GAME.ask(state, {})
    assert isinstance(types, Question)
    end = types.answer_for("end_turn")
    assert end is not None and not end.legal
    partial: dict[str, Any] = {"type": "score"}
    asked = 0
    while isinstance(step := GAME.ask(state, partial), Question):
        assert step.style == Style.SEAT
        partial[step.field] = state.active
        asked += 1
    assert asked == 2
    assert GAME.apply(state, step.action).players[state.active].score == 2
