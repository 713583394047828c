"""Lava spreading: one eruption wave and the loss it may cause."""

from __future__ import annotations

from dataclasses import replace

from companion.core.messages import msg
from companion.games.fuji.queries import orthogonal
from companion.games.fuji.scoring import lose
from companion.games.fuji.state import Board, Instruction, Position, State, TerrainKind

FLAMMABLE: frozenset[TerrainKind] = frozenset({TerrainKind.LANDSCAPE, TerrainKind.SCORIA})
"""Card kinds that have a lava side (villages never burn)."""


def cells_to_flip(board: Board) -> tuple[Position, ...]:
    """Return the landscape and scoria cards next to lava, row by row."""
    flips = []
    for position in board.positions():
        cell = board.cell(position)
        if cell is None or cell.lava or cell.kind not in FLAMMABLE:
            continue
        if any(_is_lava(board, nearby) for nearby in orthogonal(position)):
            flips.append(position)
    return tuple(flips)


def _is_lava(board: Board, position: Position) -> bool:
    cell = board.cell(position)
    return cell is not None and cell.lava


def flip(board: Board, positions: tuple[Position, ...]) -> Board:
    """Turn ``positions`` to their lava side; tokens lying there are lost."""
    for position in positions:
        cell = board.cell(position)
        if cell is not None:
            lava_side = replace(cell, lava=True, equipment_token=False, eruption_token=0)
            board = board.replace(position, lava_side)
    return board


def erupt(board: Board) -> tuple[Board, tuple[Position, ...]]:
    """Run one wave; return the new board and the cards flipped."""
    flipped = cells_to_flip(board)
    return flip(board, flipped), flipped


def pawns_on(state: State, positions: tuple[Position, ...]) -> tuple[int, ...]:
    """Return the seats whose pawn stands on one of ``positions``."""
    burnt = set(positions)
    return tuple(someone.seat for someone in state.players if someone.position in burnt)


def trigger_eruption_token(state: State, position: Position) -> State:
    """Set off the eruption token at ``position``, if any: it is removed, then its waves run.

    Used wherever a pawn arrives on a card, by walking in phase 5 or by the rope.  The
    game is lost as soon as a wave flips a card with a pawn on it.
    """
    cell = state.board.cell(position)
    if cell is None or not cell.eruption_token:
        return state
    waves = cell.eruption_token
    board = state.board.replace(position, replace(cell, eruption_token=0))
    told = Instruction(msg("fuji.instruction.eruption_token", waves=waves), (position,))
    state = replace(state, board=board, instructions=(*state.instructions, told))
    for _ in range(waves):
        state = _token_wave(state)
        if state.outcome is not None:
            break
    return state


def _token_wave(state: State) -> State:
    """One wave set off by a token: flip, tell the table, lose if a pawn was there."""
    board, flipped = erupt(state.board)
    told = Instruction(msg("fuji.instruction.flip_cards", count=len(flipped)), flipped)
    state = replace(state, board=board, instructions=(*state.instructions, told))
    burnt = pawns_on(state, flipped)
    if not burnt:
        return state
    name = state.players[burnt[0]].name
    return lose(state, msg("fuji.outcome.swallowed", name=name), flipped)
