"""Pure scoring arithmetic: majorities, temples, treasure sets and the score track."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.game import Result
from companion.core.messages import Msg, msg
from companion.games.tikal.constants import LEADER_STRENGTH, TRACK_SPACES, TREASURE_SET_POINTS
from companion.games.tikal.state import Hex, TikalState


def treasure_points(counts: Sequence[int]) -> int:
    """Points for treasures held: per kind 1 -> 1, 2 -> 3, 3 -> 6."""
    return sum(TREASURE_SET_POINTS[count] for count in counts)


def majority_holder(strengths: Sequence[int]) -> int | None:
    """Seat with strictly the greatest positive strength; ``None`` on a tie or nobody."""
    if not strengths:
        return None
    best = max(strengths)
    if best <= 0 or list(strengths).count(best) > 1:
        return None
    return list(strengths).index(best)


def strength(state: TikalState, hex_id: int, seat: int) -> int:
    """A player's strength on a hex: workers plus 3 for the leader."""
    leader = LEADER_STRENGTH if state.players[seat].leader == hex_id else 0
    return state.workers[hex_id][seat] + leader


def strengths(state: TikalState, hex_id: int) -> tuple[int, ...]:
    """Every player's strength on a hex, by seat."""
    return tuple(strength(state, hex_id, seat) for seat in range(len(state.players)))


def temple_controller(state: TikalState, temple: Hex) -> int | None:
    """Who scores a temple: its guard, else the single strongest player."""
    if temple.guard is not None:
        return temple.guard
    return majority_holder(strengths(state, temple.id))


def temples_scored_from_books(state: TikalState, seat: int) -> tuple[int, ...]:
    """Values of the temples ``seat`` controls according to the pieces the app tracks."""
    return tuple(
        temple.value
        for temple in state.hexes
        if temple.kind == "temple" and temple_controller(state, temple) == seat
    )


CUBE_KEYS = frozenset({
    "tikal.instruction.cube_forward", "tikal.instruction.cube_lap", "tikal.instruction.cube_back",
})
"""Keys of the instructions that move a score cube."""


def track_position(total: int) -> tuple[int, int]:
    """Where a cube stands for a total: (space, laps already completed).

    The track's spaces are numbered 1-100; a total of 0 leaves the cube beside the
    start (space 0).  Past 100 the cube goes round again: 101 is space 1 on lap 1.
    """
    if total <= 0:
        return 0, 0
    return (total - 1) % TRACK_SPACES + 1, (total - 1) // TRACK_SPACES


def cube_instruction(name: str, before: int, after: int) -> Msg:
    """Tell the table how to move a cube from one total to another (laps included)."""
    space, laps = track_position(after)
    steps = abs(after - before)
    if after < before:
        return msg("tikal.instruction.cube_back", player=name, steps=steps, space=space)
    if laps > track_position(before)[1]:
        return msg(
            "tikal.instruction.cube_lap", player=name, steps=steps, space=space, laps=laps
        )
    return msg("tikal.instruction.cube_forward", player=name, steps=steps, space=space)


def result(state: TikalState) -> Result:
    """The players, their scores, and the best scorers as winners."""
    names = tuple(player.name for player in state.players)
    scores = tuple(player.score for player in state.players)
    best = max(scores, default=0)
    winners = tuple(name for name, points in zip(names, scores, strict=True) if points == best)
    return Result(players=names, scores=scores, winners=winners)
