"""Whether the order of phase-5 resolutions still matters.

The table chooses who resolves first (a player who will set off an eruption token
usually goes last).  When every order left ends the same way, the choice is empty and the
screens may resolve the rest around the table after the first tap.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.fuji.queries import (
    movement_values,
    route_choices,
    skill_active,
)
from companion.games.fuji.rules import apply
from companion.games.fuji.state import Phase, Skill, State

MOST_ORDERS = 24
"""Orders tried at most (four players left to resolve)."""


def unresolved(state: State) -> tuple[int, ...]:
    """The seats still to resolve this phase 5, in seat order."""
    return tuple(p.seat for p in state.players if p.seat not in state.resolved)


def plain_resolve(state: State, seat: int) -> bool:
    """Tell whether ``seat`` resolves with one plain step (totals in, no route to pick)."""
    preview = movement_values(state, seat)
    if preview.missing:
        return False
    return len(route_choices(state, seat)) < 2 or not preview.allowed


def order_free(state: State) -> bool:
    """Tell whether every order of the resolutions still owed ends in the same game.

    Only then may the app go on around the table by itself: no choice is waiting, every
    player left resolves with one plain step, nobody could spend a Gatherer's energy in
    between, and trying each order (wound and draw questions noted, not answered) gives the
    same board, stamina, wounds owed and cards owed.
    """
    left = unresolved(state)
    if state.phase is not Phase.MOVEMENT or state.outcome is not None or state.pending:
        return False
    if not left or not all(plain_resolve(state, seat) for seat in left):
        return False
    if any(skill_active(p, Skill.GATHERER) and p.energy for p in state.players):
        return False
    ends = [_end(state, order) for order in list(permutations(left))[:MOST_ORDERS]]
    first = ends[0]
    return first is not None and all(end == first for end in ends[1:])


def next_in_ring(state: State, after: int) -> int | None:
    """The first seat after ``after`` around the table still to resolve."""
    left = unresolved(state)
    count = len(state.players)
    return next((seat for step in range(1, count + 1)
                 if (seat := (after + step) % count) in left), None)


def _end(state: State, order: tuple[int, ...]) -> tuple[State, tuple[Any, ...]] | None:
    """The game after resolving in ``order`` (questions set aside, what the resolutions
    told and in which order left out) and the questions owed, to compare with ``==``
    (frozen states compare field by field, far cheaper than writing them out)."""
    owed: list[tuple[str, int, int]] = []
    try:
        for seat in order:
            state = apply(state, {"type": "resolve", "player": seat})
            owed.extend((p.kind.value, p.seat, p.count) for p in state.pending)
            state = replace(state, pending=())
            if state.outcome is not None:
                break
    except IllegalActionError:
        return None
    return replace(state, resolved=(), results=(), instructions=()), tuple(sorted(owed))
