"""Small pure updates of the state's books (players, hexes, pieces, stack)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.tikal.constants import ACTION_POINTS
from companion.games.tikal.scoring import cube_instruction
from companion.games.tikal.state import Hex, TikalState


def with_player(state: TikalState, seat: int, **changes: Any) -> TikalState:
    """Return the state with one player's fields changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def with_hex(state: TikalState, hex_id: int, **changes: Any) -> TikalState:
    """Return the state with one hex's fields changed."""
    hexes = list(state.hexes)
    hexes[hex_id] = replace(hexes[hex_id], **changes)
    return replace(state, hexes=tuple(hexes))


def add_workers(state: TikalState, hex_id: int, seat: int, delta: int) -> TikalState:
    """Return the state with ``delta`` workers of ``seat`` added to (or taken from) a hex."""
    rows = list(state.workers)
    row = list(rows[hex_id])
    row[seat] += delta
    rows[hex_id] = tuple(row)
    return replace(state, workers=tuple(rows))


def add_hex(state: TikalState, kind: str, value: int = 0, treasures: int = 0,
            at: tuple[int, int] | None = None) -> TikalState:
    """Return the state with a newly placed hex (it gets the next id)."""
    new = Hex(id=len(state.hexes), kind=kind, value=value, treasures=treasures, at=at)
    empty_row = (0,) * len(state.players)
    return replace(state, hexes=(*state.hexes, new), workers=(*state.workers, empty_row))


def spend(state: TikalState, cost: int) -> TikalState:
    """Return the state with ``cost`` action points spent, refusing to go past 10.

    A lean game does not count action points (the moves they pay for are not recorded).
    """
    if state.tracking == "lean":
        return state
    left = ACTION_POINTS - state.turn.spent
    if cost > left:
        raise IllegalActionError("tikal.error.not_enough_points", cost=cost, left=left)
    return replace(state, turn=replace(state.turn, spent=state.turn.spent + cost))


def count_for(pairs: tuple[tuple[int, int], ...], hex_id: int) -> int:
    """Look up the per-turn counter stored for a hex."""
    return dict(pairs).get(hex_id, 0)


def bump(pairs: tuple[tuple[int, int], ...], hex_id: int) -> tuple[tuple[int, int], ...]:
    """Return the per-turn counters with the one for ``hex_id`` raised by one."""
    table = dict(pairs)
    table[hex_id] = table.get(hex_id, 0) + 1
    return tuple(sorted(table.items()))


def change_score(state: TikalState, seat: int, delta: int) -> TikalState:
    """Return the state with a score changed and the cube move added to the instructions.

    Rulebook, scoring: the player marks the points gained "przesuwajac kostke punktacji o
    odpowiednia liczbe pol"; a score that does not change moves no cube, so nothing is
    said about it."""
    player = state.players[seat]
    after = player.score + delta
    moved = with_player(state, seat, score=after)
    if after == player.score:
        return moved
    note = cube_instruction(player.name, player.score, after)
    return replace(moved, instructions=(*moved.instructions, note))


def next_seat(state: TikalState, seat: int) -> int:
    """The seat to the left (clockwise) of ``seat``."""
    return (seat + 1) % len(state.players)


def clockwise_from(state: TikalState, first: int) -> tuple[int, ...]:
    """All seats clockwise, starting with ``first``."""
    count = len(state.players)
    return tuple((first + step) % count for step in range(count))
