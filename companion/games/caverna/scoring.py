"""Final scoring: room points plus gold, ties broken by the best single room."""

from __future__ import annotations

from companion.core.game import Result
from companion.games.caverna.state import FINISHED, SOLO_GOAL, SOLO_OUTSTANDING, CavernaState


def room_points(state: CavernaState, seat: int) -> tuple[int, ...]:
    """Return the points of each room furnished by ``seat`` (the entrance scores 0)."""
    cave = state.players[seat].cave
    return tuple(state.config.room(room).points for room in cave.rooms())


def score(state: CavernaState, seat: int) -> int:
    """Return ``seat``'s points: every furnished room plus one per gold."""
    return sum(room_points(state, seat)) + state.players[seat].goods.gold


def best_room(state: CavernaState, seat: int) -> int:
    """Return the points of ``seat``'s most valuable room (0 without rooms)."""
    return max(room_points(state, seat), default=0)


def winners(state: CavernaState) -> tuple[int, ...]:
    """Return the winning seats: highest score, then highest single room; more means shared."""
    seats = range(len(state.players))
    ranking = {seat: (score(state, seat), best_room(state, seat)) for seat in seats}
    best = max(ranking.values())
    return tuple(seat for seat in seats if ranking[seat] == best)


def solo_result(points: int) -> str:
    """Return the solo verdict key suffix: ``short``, ``goal`` or ``outstanding``."""
    if points > SOLO_OUTSTANDING:
        return "outstanding"
    return "goal" if points >= SOLO_GOAL else "short"


def result(state: CavernaState) -> Result:
    """The players, their scores and the winners (the best scorers until the end)."""
    names = state.config.names
    scores = tuple(score(state, seat) for seat in range(len(names)))
    if state.phase == FINISHED:
        best = winners(state)
    else:
        top = max(scores, default=0)
        best = tuple(seat for seat, points in enumerate(scores) if points == top)
    return Result(players=tuple(names), scores=scores, winners=tuple(names[s] for s in best))
