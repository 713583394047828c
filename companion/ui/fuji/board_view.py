"""The map widget: terrain, tokens, pawns, markers and the marks laid over them.

:class:`BoardView` is built afresh on every draw from a :class:`BoardPicture` — a
plain description of what to show — so the same widget serves the play screen, the
eruption instructions, the map editor and the small previews of the set-up screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from companion.games.fuji.model import Board, Position
from companion.ui.fuji.colours import PATH_MARK
from companion.ui.fuji.draw import (
    draw_cell,
    draw_flip,
    draw_gap,
    draw_legal,
    draw_marker,
    draw_path,
    draw_pawns,
)
from companion.ui.fuji.geometry import GridGeometry
from companion.ui.intents import Intent
from companion.ui.theme import Theme
from companion.ui.widgets import Widget

CellTap = Callable[[Position], list[Intent]]
"""What tapping the card at a position asks for."""


@dataclass(frozen=True)
class BoardPicture:
    """Everything the map shows, as plain values."""

    board: Board
    """The cards on the table."""
    pawns: Mapping[Position, tuple[str, ...]] = field(default_factory=dict)
    """Character colours of the pawns standing on each card."""
    markers: Mapping[Position, tuple[str, ...]] = field(default_factory=dict)
    """Character colours of the destination markers lying on each card."""
    legal: frozenset[Position] = frozenset()
    """Cards the selected player may choose (outlined)."""
    flips: frozenset[Position] = frozenset()
    """Cards the table must flip to lava now (hatched)."""
    path: tuple[Position, ...] = ()
    """A walk to draw, start first."""
    selected_colour: str | None = None
    """Character colour of the selected player (their pawn is ringed)."""
    show_gaps: bool = False
    """Draw empty spots as dotted squares (the editor)."""


class BoardView(Widget):
    """Draws a :class:`BoardPicture`; a tap on a card returns what ``tap`` asks for."""

    def __init__(
        self, rect: pygame.Rect, picture: BoardPicture, tap: CellTap | None = None,
        key: str = "board",
    ) -> None:
        super().__init__(rect, key)
        self.picture = picture
        """What to show."""
        self.tap = tap
        """What a tap on a position asks for (``None``: the map is only shown)."""
        self.interactive = tap is not None
        self.geometry = GridGeometry.fit(
            (self.rect.x, self.rect.y, self.rect.width, self.rect.height),
            picture.board.rows, picture.board.cols,
        )
        """Where each card is drawn."""

    def cell_rect(self, position: Position) -> pygame.Rect:
        """The rectangle of the card at ``position``."""
        return pygame.Rect(self.geometry.cell_rect(*position))

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the cards, then the marks, then markers and pawns on top."""
        picture = self.picture
        board = picture.board
        for row in range(board.rows):
            for col in range(board.cols):
                rect = self.cell_rect((row, col))
                cell = board.grid[row][col]
                if cell is not None:
                    draw_cell(surface, rect, cell)
                elif picture.show_gaps:
                    draw_gap(surface, rect, theme.palette.border)
        for position in picture.flips:
            draw_flip(surface, self.cell_rect(position))
        for position in picture.legal:
            draw_legal(surface, self.cell_rect(position))
        self._draw_path(surface)
        for position, colours in picture.markers.items():
            for slot, colour in enumerate(colours):
                draw_marker(surface, self.cell_rect(position), colour, slot)
        for position, colours in picture.pawns.items():
            selected = (
                colours.index(picture.selected_colour)
                if picture.selected_colour in colours else None
            )
            draw_pawns(surface, self.cell_rect(position), colours, selected)

    def _draw_path(self, surface: pygame.Surface) -> None:
        if len(self.picture.path) < 2:
            return
        centres = [self.geometry.cell_centre(*position) for position in self.picture.path]
        draw_path(surface, centres, PATH_MARK, max(3, self.geometry.cell // 12))

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on a spot of the grid."""
        return self.interactive and self.geometry.cell_at(pos) is not None

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Return what tapping the spot under ``pos`` asks for."""
        position = self.geometry.cell_at(pos)
        if position is None or self.tap is None:
            return []
        if self.picture.board.cell(position) is None and not self.picture.show_gaps:
            return []
        return self.tap(position)

    def touch_targets(self) -> list[pygame.Rect]:
        """Every tappable spot: the cards (and the gaps, in the editor)."""
        if self.tap is None:
            return []
        board = self.picture.board
        return [
            self.cell_rect((row, col))
            for row in range(board.rows)
            for col in range(board.cols)
            if self.picture.show_gaps or board.grid[row][col] is not None
        ]


def pawn_picture(
    board: Board, positions: Sequence[tuple[Position, str]]
) -> dict[Position, tuple[str, ...]]:
    """Group ``(position, colour)`` pairs by position, keeping seating order."""
    grouped: dict[Position, tuple[str, ...]] = {}
    for position, colour in positions:
        grouped[position] = (*grouped.get(position, ()), colour)
    return grouped
