"""Where the volcano lies: the table says it once the volcano's scoring round is over."""

from __future__ import annotations

import pytest

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.games.tikal import GAME
from companion.games.tikal.queries import free_spots, unlaid_volcano
from companion.games.tikal.state import TikalState
from companion.ui.tikal.demo import SITUATIONS, preview_session


def _after_round() -> TikalState:
    """The sample board game just after its first volcano's scoring round."""
    source, steps = SITUATIONS["volcano"]
    assert source == "board"
    state: TikalState = preview_session("volcano").state
    assert steps is not None
    return state


def test_the_volcano_waits_for_its_place_after_the_scoring_round() -> None:
    """Rulebook: after the scoring, the player who uncovered the volcano lays it on the
    board and takes a normal turn — so its field is asked then, not when it was drawn."""
    state = _after_round()
    volcano = unlaid_volcano(state)
    assert volcano is not None and volcano.kind == "volcano" and volcano.at is None
    spot = free_spots(state)[0]
    after = GAME.apply(state, {"type": "lay_volcano", "at": list(spot)})
    assert after.hexes[volcano.id].at == spot
    assert unlaid_volcano(after) is None
    assert [p.score for p in after.players] == [p.score for p in state.players]
    assert after.turn == state.turn and after.active == state.active
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(after, {"type": "lay_volcano", "at": list(free_spots(after)[0])})
    assert refused.value.key == "tikal.error.no_volcano_to_lay"


def test_the_volcano_must_touch_the_board_on_a_free_field() -> None:
    """Like every hex, the volcano is laid beside the explored board, on an empty field."""
    state = _after_round()
    taken = next(hx.at for hx in state.hexes if hx.at is not None)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "lay_volcano", "at": list(taken)})
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "lay_volcano", "at": [40, 40]})
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "lay_volcano"})


def test_no_volcano_waits_before_any_was_drawn() -> None:
    from tests.ui.tikal.helpers import start

    session = start(Journal(":memory:"), box=True)
    session.submit({"type": "draw", "kind": "jungle", "at": [-1, 0]})
    state: TikalState = session.state
    assert unlaid_volcano(state) is None
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(state, {"type": "lay_volcano", "at": list(free_spots(state)[0])})
    assert refused.value.key == "tikal.error.no_volcano_to_lay"
