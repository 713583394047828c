"""Final scores, the tie-break by best room, and the solo verdict."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.caverna import GAME
from companion.games.caverna.queries import result_message
from companion.games.caverna.scoring import score, solo_result, winners
from companion.games.caverna.state import FINISHED, CavernaState
from tests.games.caverna.helpers import duo, solo, with_goods, with_room


def finished(state: CavernaState) -> CavernaState:
    return replace(state, phase=FINISHED)


def test_score_is_room_points_plus_gold() -> None:
    state = with_room(with_room(duo(), 0, (0, 0), "treasury"), 0, (0, 1), "shelf")
    state = with_goods(state, 0, gold=7, wood=9, food=9)
    assert score(state, 0) == 10 + 3 + 7
    assert GAME.state_to_json(state)["scores"] == {"Ada": 20, "Borys": 1}


def test_more_points_win() -> None:
    state = finished(with_goods(duo(), 1, gold=2))
    assert winners(state) == (1,)
    assert GAME.state_to_json(state)["winners"] == ["Borys"]
    assert result_message(state) is not None


def test_a_tie_goes_to_the_best_single_room() -> None:
    state = with_room(duo(), 0, (0, 0), "treasury")
    state = with_room(state, 1, (0, 0), "state_room")
    state = with_goods(with_goods(state, 0, gold=4), 1, gold=2)
    assert score(state, 0) == score(state, 1) == 14
    assert winners(finished(state)) == (1,)


def test_an_unbroken_tie_is_shared() -> None:
    state = with_room(with_room(duo(), 0, (0, 0), "shelf"), 1, (0, 0), "tunnel")
    state = finished(state)
    assert winners(state) == (0, 1)
    message = result_message(state)
    assert message is not None and message.key == "caverna.result.shared"


@pytest.mark.parametrize(
    ("points", "verdict"),
    [(0, "short"), (49, "short"), (50, "goal"), (60, "goal"), (61, "outstanding")],
)
def test_solo_verdict_against_fifty_and_sixty(points: int, verdict: str) -> None:
    assert solo_result(points) == verdict


def test_solo_result_appears_when_the_game_ends() -> None:
    state = with_room(solo(), 0, (0, 0), "state_room")
    state = finished(with_goods(state, 0, gold=19))
    data = GAME.state_to_json(state)
    assert data["scores"] == {"Sola": 31}
    assert data["solo_result"] == "short"
