"""Well-played games: every preset can be crossed from the start to the villages."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.fuji import GAME
from companion.games.fuji.queries import (
    equipment_in_play,
    eruption_tokens_on,
    legal_destinations,
    path_choice_needed,
    shortest_paths,
    steps_to_villages,
)
from companion.games.fuji.scenarios import SCENARIO_NUMBERS
from companion.games.fuji.state import EQUIPMENT_CARDS, Outcome, PendingKind, Phase, State

from .helpers import FOUR, everyone_wins, play, totals


def plan(state: State) -> State:
    """Each player in turn aims at the reachable card nearest a village."""
    for someone in state.players:
        distance = steps_to_villages(state.board)
        options = legal_destinations(state, someone.seat)
        best = min(options, key=lambda cell: (distance.get(cell, 99), cell))
        state = play(state, {"type": "set_destination", "player": someone.seat, "cell": list(best)})
    return state


def settle(state: State) -> State:
    """Answer owed choices: first free wound slot, first free equipment card."""
    while state.pending and state.outcome is None:
        owed = state.pending[0]
        if owed.kind is PendingKind.WOUND:
            slot = state.players[owed.seat].wounds.free_slots()[0].value
            state = play(state, {"type": "choose_wound", "player": owed.seat, "slot": slot})
        else:
            free = [c for c in EQUIPMENT_CARDS if c not in equipment_in_play(state)]
            card = free[0] if free else None
            state = play(state, {"type": "draw_equipment", "player": owed.seat, "card": card})
    return state


def resolve_all(state: State) -> State:
    """Resolve everyone, taking the way that avoids eruption tokens when there is a choice."""
    for someone in state.players:
        if state.outcome is not None:
            break
        action: dict[str, Any] = {"type": "resolve", "player": someone.seat}
        if path_choice_needed(state, someone.seat):
            target = someone.destination
            assert target is not None
            paths = shortest_paths(state, someone.seat, target)
            safest = min(paths, key=lambda path: len(eruption_tokens_on(state.board, path)))
            action["path"] = [list(step) for step in safest]
        state = settle(play(state, action))
    return state


def play_well(setup: dict[str, Any]) -> State:
    """Play careful rounds in which every player wins the comparison."""
    state = GAME.new_state(setup)
    seats = len(state.players)
    for _ in range(30):
        state = plan(play(state, {"type": "advance"}))
        state = play(state, {"type": "advance"})
        for seat in range(seats):
            state = play(state, {"type": "rerolls_done", "player": seat})
        state = play(state, {"type": "advance"}, {"type": "advance"})
        assert state.phase is Phase.MOVEMENT
        state = resolve_all(totals(state, everyone_wins(seats)))
        if state.outcome is not None:
            return state
        state = play(state, {"type": "advance"}, {"type": "advance"})
    return state


@pytest.mark.parametrize("number", SCENARIO_NUMBERS)
@pytest.mark.parametrize("count", [3, 4])
def test_every_preset_can_be_won(number: int, count: int) -> None:
    state = play_well({"scenario": number, "players": FOUR[:count], "level": 1})
    assert state.outcome is Outcome.WON, state.outcome_reason
    assert state.score == 4 * count + sum(len(p.equipment) for p in state.players)
    assert state.score_band is not None
