"""Building Fuji states for the tests by playing real actions."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.state import Board, Cell, Die, DieColour, State

ROW_MAP = [["V", "R", "S", "L", "L", "L", "v"]]
"""One row: crater, scoria, start, three landscapes, a village."""


def three_players(**extra: Any) -> dict[str, Any]:
    """A three-player set-up on the one-row map with known conditions, level 2."""
    setup: dict[str, Any] = {
        "scenario": "custom",
        "map": ROW_MAP,
        "cards": {
            "0,2": "L01",  # yellow or 6
            "0,3": "L08",  # yellow or 4
            "0,4": "L23",  # pink or 4
            "0,5": "L11",  # pink or blue, odd
            "0,6": "V01",
        },
        "players": [
            {"name": "Claire", "colour": "blue", "skill": "tinkerer"},
            {"name": "Jonathan", "colour": "green", "skill": "gatherer"},
            {"name": "Stéphane", "colour": "purple", "skill": "buddy"},
        ],
        "level": 2,
    }
    setup.update(extra)
    return setup


def dice(*faces: str) -> list[list[Any]]:
    """``dice("Y5", "P4")`` -> ``[["yellow", 5], ["pink", 4]]``."""
    colours = {"Y": "yellow", "B": "blue", "P": "pink"}
    return [[colours[face[0]], int(face[1:])] for face in faces]


def as_dice(*faces: str) -> tuple[Die, ...]:
    """The model dice for ``faces`` written as in :func:`dice`."""
    return tuple(Die(DieColour(colour), value) for colour, value in dice(*faces))


def refused(state: State, action: dict[str, Any]) -> str:
    """The key of the reason ``action`` is refused; fails if it is accepted or if the
    refusal changed ``state``."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as error:
        GAME.apply(state, action)
    assert state == before
    return error.value.key


def refused_with(state: State, action: dict[str, Any], key: str) -> None:
    """Check ``action`` is refused with ``key`` and leaves ``state`` as it was."""
    assert refused(state, action) == key


def hands_game(grid: list[list[str]], cards: dict[str, str], skills: tuple[str, str, str],
               hands: tuple[list[str], list[str], list[str]], **options: Any) -> State:
    """Ana, Ben and Cleo (blue, green, purple) with ``skills`` and any starting ``hands``
    on the map ``grid`` with ``cards``, level 2, phase 1 of round 1 (``options``: more
    set-up fields)."""
    players = [
        {"name": name, "colour": colour, "skill": skill, "equipment": hand}
        for name, colour, skill, hand in zip(
            ("Ana", "Ben", "Cleo"), ("blue", "green", "purple"), skills, hands, strict=True
        )
    ]
    setup = {"scenario": "custom", "map": grid, "cards": cards, "players": players,
             "level": 2, "starting_hands": "free"}
    return GAME.new_state({**setup, **options})


def play(state: State, *actions: dict[str, Any]) -> State:
    """Apply ``actions`` one after another."""
    for action in actions:
        state = GAME.apply(state, action)
    return state


def close_planning(state: State, destinations: dict[int, list[int]]) -> State:
    """From an open planning phase: set ``destinations`` and close it (stop in phase 3)."""
    for seat, cell in destinations.items():
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    return play(state, {"type": "advance"})


def through_rerolls(state: State, destinations: dict[int, list[int]]) -> State:
    """From an open planning phase: set ``destinations``, skip every reroll, stop in phase 4."""
    state = close_planning(state, destinations)
    for seat in range(len(state.players)):
        state = play(state, {"type": "rerolls_done", "player": seat})
    return play(state, {"type": "advance"})


def to_movement(state: State, destinations: dict[int, list[int]]) -> State:
    """Play planning with ``destinations``, skip rerolls and equipment, stop in phase 5."""
    state = through_rerolls(play(state, {"type": "advance"}), destinations)
    return play(state, {"type": "advance"})


def tinkerer_takes_amnesia(state: State) -> State:
    """Claire (the Tinkerer, seat 0) with the rope once used and three stamina lost moves,
    loses her comparison and takes the amnesia wound."""
    state = to_movement(state, {0: [0, 2], 1: [0, 3], 2: [0, 4]})
    state = with_seat(state, 0, stamina_lost=3, equipment_turned=("rope",))
    state = totals(state, {0: {0: 0, 1: 5, 2: 0}})
    return play(
        state,
        {"type": "resolve", "player": 0},
        {"type": "choose_wound", "player": 0, "slot": "amnesia"},
    )


def enter_dice(state: State, rolls: dict[int, list[list[Any]]]) -> State:
    """Enter each player's dice."""
    for seat, faces in rolls.items():
        state = play(state, {"type": "set_dice", "player": seat, "dice": faces})
    return state


def lava_cells(state: State) -> list[tuple[int, int]]:
    """Positions showing lava, row by row."""
    board = state.board
    return [p for p in board.positions() if (cell := board.cell(p)) is not None and cell.lava]


GRID_MAP = [
    ["V", "R", "L", "L", "L", "v"],
    [".", "R", "S", "X", "L", "v"],
    [".", ".", "L", "L", "E", "v"],
]
"""Start at (1, 2); an eruption token at (1, 3); an equipment token at (2, 4)."""

VILLAGE_ROW = [["V", "R", "S", "v", "v", "v"]]
"""Three villages one, two and three cards from the start."""


def totals(state: State, by_condition: dict[int, dict[int, int]]) -> State:
    """Quick mode: ``{condition seat: {holder seat: total}}``."""
    values: dict[str, dict[str, int]] = {}
    for condition_seat, row in by_condition.items():
        for holder, total in row.items():
            values.setdefault(str(holder), {})[str(condition_seat)] = total
    return play(state, {"type": "set_movement_values", "values": values})


def everyone_wins(seats: int) -> dict[int, dict[int, int]]:
    """Totals where each active player beats all others by 20."""
    return {
        active: {holder: (21 if holder == active else 1) for holder in _compared(active, seats)}
        for active in range(seats)
    }


def _compared(active: int, seats: int) -> set[int]:
    """The active seat and its ring neighbours."""
    if seats <= 3:
        return set(range(seats))
    return {active, (active - 1) % seats, (active + 1) % seats}


FOUR = [
    {"name": "Ana", "colour": "blue", "skill": "scout"},
    {"name": "Bo", "colour": "green", "skill": "buddy"},
    {"name": "Cy", "colour": "black", "skill": "gatherer"},
    {"name": "Di", "colour": "purple", "skill": "tinkerer"},
]
"""Four characters with distinct colours and skills."""


def with_seat(state: State, seat: int, **changes: Any) -> State:
    """The state with one player's fields changed (to stage a situation quickly)."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def card_at(board: Board, position: tuple[int, int]) -> Cell:
    """The card at ``position``; fails the test when there is none."""
    cell = board.cell(position)
    assert cell is not None, position
    return cell
