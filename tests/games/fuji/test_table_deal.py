"""The table deals the map: the app asks about a card only when a marker first lands on it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.queries import reroll_allowance
from companion.games.fuji.state import PendingKind, Phase, State
from tests.games.fuji.helpers import GRID_MAP, card_at, play, three_players


def table_game(**extra: Any) -> State:
    """Three players on the grid map; the table laid the cards, the app knows none."""
    return GAME.new_state(three_players(map=GRID_MAP, cards={}, deal="table", **extra))


def test_no_card_is_known_and_nothing_is_asked_up_front() -> None:
    state = table_game()
    assert not card_at(state.board, (0, 2)).reroll_known
    assert card_at(state.board, (0, 2)).condition is None
    assert state.pending == ()


def test_a_marker_on_an_unknown_card_asks_once() -> None:
    """PL: "Jeśli postawiłeś znacznik celu swojej postaci na takiej karcie, masz prawo
    rzucić 1 dodatkowy raz" — the symbol matters only for a card under a marker."""
    state = play(table_game(), {"type": "advance"})
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 2]})
    assert [(p.kind, p.cell) for p in state.pending] == [(PendingKind.CARD, (0, 2))]
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "advance"})
    state = play(state, {"type": "name_card", "cell": [0, 2], "reroll": True})
    assert state.pending == ()
    assert reroll_allowance(state, 0) == 2  # one card away: 1, plus the symbol
    state = play(state, {"type": "set_destination", "player": 0, "cell": [1, 2]})
    state = play(state, {"type": "set_destination", "player": 1, "cell": [0, 2]})
    assert [p.cell for p in state.pending] == [(1, 2)]  # (0, 2) is known now


def test_a_question_about_a_card_left_behind_is_dropped() -> None:
    state = play(table_game(), {"type": "advance"})
    state = play(
        state,
        {"type": "set_destination", "player": 0, "cell": [0, 2]},
        {"type": "set_destination", "player": 0, "cell": [2, 2]},
    )
    assert [p.cell for p in state.pending] == [(2, 2)]


def test_a_whole_round_in_totals_mode_asks_one_question_per_new_card() -> None:
    state = play(table_game(), {"type": "advance"})
    asked = 0
    for seat, cell in ((0, [0, 2]), (1, [2, 2]), (2, [1, 2])):
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
        for owed in state.pending:
            assert owed.cell is not None
            state = play(state, {"type": "name_card", "cell": list(owed.cell), "reroll": False})
            asked += 1
    assert asked == 3
    state = play(state, {"type": "advance"})
    assert state.phase is Phase.REROLLS


def test_naming_the_printed_card_gives_its_condition() -> None:
    state = play(table_game(), {"type": "advance"})
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 2]})
    state = play(state, {"type": "name_card", "cell": [0, 2], "card": "L02"})
    cell = card_at(state.board, (0, 2))
    assert cell.card_id == "L02" and cell.condition is not None and cell.reroll_symbol
    with pytest.raises(IllegalActionError) as error:
        GAME.apply(state, {"type": "name_card", "cell": [2, 2], "card": "L02"})
    assert error.value.key == "fuji.error.card_laid_twice"


def test_the_app_deals_by_default_and_asks_nothing() -> None:
    state = play(GAME.new_state(three_players(map=GRID_MAP, cards={})), {"type": "advance"})
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 2]})
    assert state.pending == ()
    assert card_at(state.board, (0, 2)).card_id is not None
