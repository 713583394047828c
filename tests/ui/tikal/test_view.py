"""What the Tikal screens read from a state agrees with the rules engine."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.record import load_record
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.scoring import treasure_points
from companion.games.tikal.state import HexTile, Phase, TikalState
from companion.ui.tikal.demo import EXAMPLES
from companion.ui.tikal.scoring import points_for, score_action, temple_outcomes
from companion.ui.tikal.view import (
    auction_wins,
    kinds_drawn,
    next_opener,
    scoring_order,
    stages,
    temple_rows,
    tile_label,
)
from tests.fuzzing import examples
from tests.ui.tikal.helpers import replayed, state_of


def _states(record: str) -> list[tuple[TikalState, dict[str, Any]]]:
    """Every state of an example record with the action applied to it next."""
    loaded = load_record(EXAMPLES / f"{record}.json")
    setup, actions = current(GAME, loaded.setup, loaded.actions)
    state = GAME.new_state(setup)
    pairs = []
    for action in actions:
        pairs.append((state, dict(action)))
        state = GAME.apply(state, action)
    return pairs


def test_next_opener_is_who_the_engine_asks_next() -> None:
    checked = 0
    for state, action in _states("auction"):
        if state.phase != Phase.ACTIONS or action["type"] != "end_turn":
            continue
        predicted = next_opener(state)
        after = GAME.apply(state, action)
        if predicted is None:
            continue
        assert after.active == predicted
        checked += 1
    assert checked >= 10


def test_next_opener_during_choose_names_the_next_bidder() -> None:
    pairs = _states("auction")
    checked = 0
    for index, (state, _action) in enumerate(pairs):
        if state.phase != Phase.CHOOSE or state.scoring is not None:
            continue
        predicted = next_opener(state)
        later = next(s for s, a in pairs[index + 1:] if a["type"] == "end_turn")
        after = GAME.apply(later, {"type": "end_turn"})
        if predicted is not None and after.scoring is None and later.scoring is None:
            assert after.active == predicted
            checked += 1
    assert checked >= 5


def test_auction_wins_follow_the_placed_players(journal: Journal) -> None:
    session = replayed(journal, "auction", 53)
    state = state_of(session)
    labels = [entry.label for entry in session.history()[1:session.cursor + 1]]
    wins = auction_wins(session.actions(), labels)
    assert [w.player for w in wins] == [state.players[s].name for s in state.placed_this_round]
    reveal = next(a for a in reversed(session.actions()) if a["type"] == "reveal")
    taken_kinds = sorted(w.tile.kind for w in wins)
    left_kinds = sorted(t.kind for t in state.revealed)
    assert sorted(taken_kinds + left_kinds) == sorted(h["kind"] for h in reveal["hexes"])


def test_auction_wins_record_the_price(journal: Journal) -> None:
    session = replayed(journal, "auction", 12)
    labels = [entry.label for entry in session.history()[1:session.cursor + 1]]
    wins = auction_wins(session.actions(), labels)
    scores = {p.name: p.score for p in state_of(session).players}
    paid = {w.player: w.paid for w in wins}
    assert all(scores[name] == 20 - amount for name, amount in paid.items())
    assert sum(paid.values()) > 0


def test_stack_counts_add_up(journal: Journal) -> None:
    state = state_of(replayed(journal, "basic", 139))
    assert sum(drawn for _, drawn, _ in kinds_drawn(state)) == state.drawn
    assert sum(left for _, left, _, _ in stages(state)) == sum(state.stage_sizes) - state.drawn
    assert sum(1 for *_, top in stages(state) if top) == 1


def test_temple_rows_match_the_engine_json(journal: Journal) -> None:
    state = state_of(replayed(journal, "basic", 181))
    json_temples = [h for h in GAME.state_to_json(state)["hexes"] if h["kind"] == "temple"]
    rows = temple_rows(state)
    assert [r.hex.id for r in rows] == [h["id"] for h in json_temples]
    assert [r.controller for r in rows] == [h["controller"] for h in json_temples]
    assert [list(r.strengths) for r in rows] == [h["strengths"] for h in json_temples]


def test_scoring_order_shows_points_given(journal: Journal) -> None:
    state = state_of(replayed(journal, "basic", 248))
    order = scoring_order(state)
    done = [entry for entry in order if entry.status == "done"]
    assert [entry.seat for entry in order] == list(state.scoring.order)  # type: ignore[union-attr]
    assert done and all(entry.points == 25 for entry in done[:1])
    assert sum(1 for entry in order if entry.status == "now") == 1


def test_tile_labels_name_the_number_or_masks() -> None:
    """A drawn or revealed hex reads the same on a button as in the drawn-hex question."""
    assert tile_label(HexTile("temple", 7)) == Msg("tikal.name.temple", {"value": 7})
    assert tile_label(HexTile("treasure", masks=3)) == Msg("tikal.answer.masks",
                                                           {"count": 3})
    assert tile_label(HexTile("volcano")) == Msg("tikal.name.volcano")


@pytest.fixture(scope="module")
def final_round() -> TikalState:
    """Bo's scoring turn in the final round of the basic example."""
    return state_of(replayed(Journal(":memory:"), "basic", 248))


def test_untouched_temples_end_the_turn_as_tracked(final_round: TikalState) -> None:
    assert score_action(final_round, {}) == {"type": "end_turn"}
    outcomes = temple_outcomes(final_round, {})
    json_temples = [h for h in GAME.state_to_json(final_round)["hexes"] if h["kind"] == "temple"]
    assert [o.controller for o in outcomes] == [h["controller"] for h in json_temples]


@examples("some")
@given(data=st.data())
def test_entered_control_scores_what_the_screen_promised(final_round: TikalState,
                                                         data: st.DataObject) -> None:
    seats = len(final_round.players)
    open_temples = [h.id for h in final_round.hexes if h.kind == "temple" and h.guard is None]
    chosen = data.draw(st.lists(st.sampled_from(open_temples), unique=True, max_size=5))
    entries: dict[int, tuple[str, Any]] = {}
    for hex_id in chosen:
        if data.draw(st.booleans()):
            strengths = data.draw(st.lists(st.integers(0, 6), min_size=seats, max_size=seats))
            entries[hex_id] = ("strengths", tuple(strengths))
        else:
            entries[hex_id] = ("controller", data.draw(st.one_of(
                st.none(), st.integers(0, seats - 1))))
    seat = final_round.active
    promised = sum(points_for(final_round, seat, entries)) + treasure_points(
        final_round.players[seat].treasures)
    after = GAME.apply(final_round, score_action(final_round, entries))
    assert after.players[seat].score - final_round.players[seat].score == promised


def test_a_tie_entered_at_the_table_scores_nothing(final_round: TikalState) -> None:
    temple = next(h for h in final_round.hexes
                  if h.kind == "temple" and h.guard is None)
    tie = tuple(3 if s < 2 else 0 for s in range(len(final_round.players)))
    outcome = next(o for o in temple_outcomes(final_round, {temple.id: ("strengths", tie)})
                   if o.hex.id == temple.id)
    assert outcome.tie and outcome.controller is None


def test_guarded_temples_ignore_entries(final_round: TikalState) -> None:
    guarded = next(h for h in final_round.hexes if h.kind == "temple" and h.guard is not None)
    other = (guarded.guard + 1) % len(final_round.players)  # type: ignore[operator]
    outcome = next(o for o in temple_outcomes(final_round, {guarded.id: ("controller", other)})
                   if o.hex.id == guarded.id)
    assert outcome.controller == guarded.guard
    assert score_action(final_round, {guarded.id: ("controller", other)}) == {"type": "end_turn"}
