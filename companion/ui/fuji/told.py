"""What the table must do now in a Fuji game: the instructions of every step since the
table moved on, read from the states the session keeps, as the shared list's lines.

The table moves on when the phase changes, except that the eruption follows the
resolutions without a pause (the pawns are moved and the cards flipped together), so
phase 5's instructions stay listed through phase 6 until the next round begins.
"""

from __future__ import annotations

from companion.core.session import Session
from companion.games.fuji.state import Instruction, Phase, State
from companion.ui.instructions import Line

LOOK_BACK = 80
"""Most steps read back to find where the current moment began (a round has fewer)."""


def moves_on(before: State, after: State) -> bool:
    """Whether the step from ``before`` to ``after`` starts a new moment for the table."""
    if before.phase is after.phase:
        return False
    return not (before.phase is Phase.MOVEMENT and after.phase is Phase.ERUPTION)


def step_instructions(before: State, after: State) -> tuple[Instruction, ...]:
    """What one step told the table: the instructions ``after`` adds to ``before``'s
    (all of ``after``'s when the step started the list afresh)."""
    kept = before.instructions
    fresh = after.instructions
    if fresh[:len(kept)] == kept:
        return fresh[len(kept):]
    return fresh


def moment_instructions(session: Session) -> tuple[Instruction, ...]:
    """Every instruction of the steps since the table last moved on, oldest first (the
    step that moved on included)."""
    cursor = session.cursor
    start = cursor
    while start > 0 and cursor - start < LOOK_BACK:
        start -= 1
        if moves_on(session.state_after(start), session.state_after(start + 1)):
            break
    else:
        if start > 0:
            return tuple(session.state.instructions)
    told: list[Instruction] = []
    if start == 0 and not moves_on_at(session, 0):
        first: State = session.state_after(0)
        told += first.instructions
    for at in range(start, cursor):
        told += step_instructions(session.state_after(at), session.state_after(at + 1))
    return tuple(told)


def moves_on_at(session: Session, step: int) -> bool:
    """Whether the step after state ``step`` moved the table on."""
    if step >= session.cursor:
        return False
    return moves_on(session.state_after(step), session.state_after(step + 1))


def instruction_lines(instructions: tuple[Instruction, ...]) -> tuple[Line, ...]:
    """The shared list's lines: each instruction under the player it names."""
    return tuple(Line.of(instruction.message) for instruction in instructions)
