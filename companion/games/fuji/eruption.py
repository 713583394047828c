"""Lava spreading: one eruption wave and the loss it may cause."""

from __future__ import annotations

from dataclasses import replace

from companion.games.fuji.model import Board, Position, State, TerrainKind
from companion.games.fuji.queries import orthogonal

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
