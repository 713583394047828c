"""Read-only views of a Tikal state for the screens and the rules: the hex stack."""

from __future__ import annotations

from companion.games.tikal.constants import STAGES
from companion.games.tikal.state import TikalState


def stack_size(state: TikalState) -> int:
    """Hexes in the stack at the start of the game."""
    return sum(state.stage_sizes)


def hexes_left(state: TikalState) -> int:
    """Hexes still in the stack."""
    return stack_size(state) - state.drawn


def stage_left(state: TikalState) -> tuple[tuple[str, int], ...]:
    """Hexes left per letter stage, A first (A is drawn before B, and so on)."""
    taken = state.drawn
    result: list[tuple[str, int]] = []
    for letter, size in zip(STAGES, state.stage_sizes, strict=True):
        used = min(size, taken)
        taken -= used
        result.append((letter, size - used))
    return tuple(result)


def current_stage(state: TikalState) -> str | None:
    """Letter on the top hex of the stack, ``None`` once it is empty."""
    for letter, left in stage_left(state):
        if left > 0:
            return letter
    return None
