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


def test_a_marker_on_an_unknown_card_asks_nothing_while_planning() -> None:
    """The symbol counts only for phase-3 rerolls, so planning asks nothing."""
    state = play(table_game(), {"type": "advance"})
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 2]})
    assert state.pending == ()


def _planned(*cells: list[int]) -> State:
    """Every seat's marker on its cell, then on to phase 3."""
    state = play(table_game(), {"type": "advance"})
    for seat, cell in enumerate(cells):
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    return play(state, {"type": "advance"})


def test_phase_3_asks_the_symbol_only_of_players_whose_reroll_count_matters() -> None:
    """PL: "Jeśli postawiłeś znacznik celu swojej postaci na takiej karcie, masz prawo
    rzucić 1 dodatkowy raz" — the symbol changes only the reroll allowance, and the app
    needs that only for a Gatherer (energy per skipped reroll) or a Buddy; the Tinkerer's
    card is never asked about."""
    state = _planned([0, 2], [2, 2], [1, 2])
    assert state.phase is Phase.REROLLS
    assert sorted((p.kind, p.seat, p.cell) for p in state.pending) == [
        (PendingKind.CARD, 1, (2, 2)), (PendingKind.CARD, 2, (1, 2))]
    assert not card_at(state.board, (0, 2)).reroll_known
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "rerolls_done", "player": 1, "used": 0})
    state = play(state, {"type": "name_card", "cell": [2, 2], "reroll": True})
    assert reroll_allowance(state, 1) == 2  # one card away: 1, plus the symbol
    state = play(state, {"type": "rerolls_done", "player": 1, "used": 0})
    assert state.players[1].energy == 2  # two skipped rerolls, two bars


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


TABLE_SEEDS = range(6)
"""Random games played with the table dealing the map."""


def _table_playouts() -> list[tuple[list[dict[str, Any]], list[State]]]:
    """Random legal games on the example set-up with the table dealing, with the state
    before each action."""
    from tests.playouts import random_playout

    setup = dict(GAME.example_setup()) | {"deal": "table"}
    setup.pop("cards", None)
    played = []
    for seed in TABLE_SEEDS:
        actions, _ = random_playout(GAME, seed, GAME.new_state(setup), 1500)
        states = [GAME.new_state(setup)]
        for action in actions[:-1]:
            states.append(GAME.apply(states[-1], action))
        played.append((actions, states))
    return played


def test_card_questions_come_only_in_phase_3_and_stay_few() -> None:
    """PL: "Jeśli postawiłeś znacznik celu swojej postaci na takiej karcie, masz prawo
    rzucić 1 dodatkowy raz" — the symbol is read for phase-3 rerolls only, so a random
    game asks about a card only then, and about 10 cards at most on average (24-28
    cards were entered up front before, and about 13 asked per game when every marker
    asked)."""
    counts = []
    for actions, states in _table_playouts():
        asked = [state for action, state in zip(actions, states, strict=True)
                 if action["type"] == "name_card"]
        assert all(state.phase is Phase.REROLLS for state in asked)
        counts.append(len(asked))
    assert sum(counts) / len(counts) <= 10


def test_a_journal_that_named_cards_while_planning_still_replays() -> None:
    """Journals kept while each marker asked at once hold ``name_card`` steps in phase 2;
    they are still accepted, and a card named then is not asked again in phase 3."""
    state = play(table_game(), {"type": "advance"})
    for seat, cell in ((0, [0, 2]), (1, [2, 2]), (2, [1, 2])):
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell},
                     {"type": "name_card", "cell": cell, "reroll": seat == 1})
    state = play(state, {"type": "advance"})
    assert state.phase is Phase.REROLLS and state.pending == ()
    assert reroll_allowance(state, 1) == 2
