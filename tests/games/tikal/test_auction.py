"""The auction variant: the rulebook's example, bidding rules and the final-round order."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.messages import IllegalActionError
from companion.games.tikal import GAME
from companion.games.tikal.constants import STAGES
from companion.games.tikal.state import TikalState

from .support import END, play, start

A, B, C, D = 0, 1, 2, 3
PASS: dict[str, Any] = {"type": "pass"}
FOUR_HEXES: dict[str, Any] = {"type": "reveal", "hexes": [
    {"kind": "jungle"}, {"kind": "temple", "value": 2}, {"kind": "treasure", "masks": 3},
    {"kind": "jungle"},
]}


def bid(amount: int) -> dict[str, Any]:
    return {"type": "bid", "amount": amount}


def choose(index: int = 0) -> dict[str, Any]:
    return {"type": "choose", "index": index}


def stack_of(total: int) -> dict[str, int]:
    return {letter: (total if letter == "A" else 0) for letter in STAGES}


def first_auction(state: TikalState) -> TikalState:
    """A opens; B bids highest with 5; everyone else passes."""
    assert state.active == A
    return play(state, bid(2), bid(5), PASS, PASS, PASS)


def rulebook_round(**extra: Any) -> list[TikalState]:
    """The rulebook's example round; the states after each step that matters."""
    state = play(start(4, "auction", **extra), FOUR_HEXES)
    steps = [state]
    state = first_auction(state)
    steps.append(state)
    state = play(state, choose(), END)
    steps.append(state)
    state = play(state, bid(1), PASS, bid(4), PASS)
    steps.append(state)
    state = play(state, choose(), END)
    steps.append(state)
    state = play(state, PASS, PASS)
    steps.append(state)
    state = play(state, choose(), END)
    steps.append(state)
    state = play(state, choose(), END)
    steps.append(state)
    return steps


def test_rulebook_auction_example() -> None:
    revealed, b_won, second_open, a_won, third_open, c_free, d_last, next_round = (
        rulebook_round())
    assert len(revealed.revealed) == 4 and revealed.auction is not None
    assert b_won.phase == "choose" and b_won.active == B
    assert b_won.players[B].score == 15
    assert b_won.instructions[0].key == "tikal.instruction.cube_back"
    assert second_open.auction is not None
    assert second_open.auction.bidders == (C, D, A)
    assert a_won.active == A and a_won.players[A].score == 16
    assert third_open.auction is not None and third_open.auction.bidders == (C, D)
    assert c_free.phase == "choose" and c_free.active == C
    assert c_free.players[C].score == 20
    assert d_last.phase == "choose" and d_last.active == D and d_last.auction is None
    assert d_last.players[D].score == 20
    assert next_round.phase == "reveal" and next_round.active == A
    assert next_round.placed_this_round == ()
    assert next_round.instructions[-1].key == "tikal.instruction.new_round"
    assert next_round.instructions[-1].params == {"count": 4, "player": "Ada"}
    flipped = play(b_won, choose())
    assert flipped.instructions[-1].key == "tikal.instruction.flip_marker"
    assert flipped.instructions[-1].params == {"player": "Bo"}
    state = play(next_round, FOUR_HEXES)
    assert state.auction is not None and state.auction.current == A


def test_bids_must_rise_and_never_exceed_the_score() -> None:
    state = play(start(3, "auction"), {"type": "reveal", "hexes": FOUR_HEXES["hexes"][:3]},
                 bid(3))
    for too_low in (3, 2):
        with pytest.raises(IllegalActionError) as refused:
            play(state, bid(too_low))
        assert refused.value.key == "tikal.error.out_of_range"
    with pytest.raises(IllegalActionError) as refused:
        play(state, bid(21))
    assert refused.value.key == "tikal.error.out_of_range"


def test_passing_is_final() -> None:
    state = play(start(3, "auction"), {"type": "reveal", "hexes": FOUR_HEXES["hexes"][:3]},
                 PASS, bid(1), bid(2))
    assert state.auction is not None and state.auction.current == B
    state = play(state, bid(3))
    assert state.auction is not None and state.auction.current == C
    state = play(state, PASS)
    assert state.phase == "choose" and state.active == B and state.players[B].score == 17


def test_reveal_count_is_the_number_of_players() -> None:
    with pytest.raises(IllegalActionError) as refused:
        play(start(3, "auction"), FOUR_HEXES)
    assert refused.value.key == "tikal.error.reveal_count"


def test_a_volcano_won_at_auction_starts_scoring_with_the_winner() -> None:
    reveal = {"type": "reveal", "hexes": [{"kind": "volcano"}, {"kind": "jungle"}]}
    state = play(start(2, "auction"), reveal, bid(1), PASS, choose(0))
    assert state.scoring is not None and state.scoring.order == (A, B)
    assert state.active == A and state.volcano_aside
    state = play(state, END, END)
    assert state.active == A and state.hexes[-1].kind == "volcano" and state.scoring is None
    state = play(state, END)
    assert state.phase == "choose" and state.active == B


def test_final_round_goes_lowest_score_first_ties_by_seat_after_last_placer() -> None:
    state = rulebook_round(stages=stack_of(4))[-1]
    assert state.scoring is not None and state.scoring.kind == "final"
    assert [p.score for p in state.players] == [16, 15, 20, 20]
    assert state.last_placer == D
    assert state.scoring.order == (B, A, C, D)
    state = play(state, END, END, END, END)
    assert GAME.is_finished(state)


def test_the_bidder_button_raises_by_one_and_a_long_press_passes() -> None:
    state = play(start(2, "auction"), {"type": "reveal", "hexes": FOUR_HEXES["hexes"][:2]})
    assert GAME.waiting_for(state) == frozenset({A})
    assert GAME.seat_action(state, B, False) is None
    raise_bid = GAME.seat_action(state, A, False)
    assert raise_bid == bid(1)
    state = play(state, raise_bid or {})
    assert GAME.seat_action(state, B, True) == PASS
    assert GAME.advance_action(state) == END
