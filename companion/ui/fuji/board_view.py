"""The map widget: terrain, tokens, pawns, markers and the marks laid over them.

:class:`BoardView` is built afresh on every draw from a :class:`BoardPicture` — a
plain description of what to show — so the same widget serves the play screen, the
eruption instructions, the map editor and the small previews of the set-up screen.

The cards change only when the game changes, while the screen is redrawn for every
tap, so the cards are kept as a ready-made picture: :func:`board_layer` draws a whole
board once per board value and cell size, out of single cards drawn once each by
:func:`card_image`.  Both are keyed by value (the frozen board and cell objects), so a
flipped card or a moved token is a new key and can never show an old picture.  The
marks (legal cards, flips, path, markers, pawns) are drawn on top on every draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from companion.games.fuji.state import Board, Cell, Position
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
from companion.ui.theme import Colour, Theme
from companion.ui.widgets import Widget, draw_kept

CellTap = Callable[[Position], list[Intent]]
"""What tapping the card at a position asks for."""

TRANSPARENT_KEY: Colour = (255, 0, 255)
"""The colour key of cached pictures: where no card is drawn (no card uses pure magenta)."""

CARD_IMAGES = 160
"""Most single-card pictures kept (a play map holds about 60 cards; 160 cards of 100 px
take about 6 MB)."""

BOARD_LAYERS = 12
"""Most small whole-board pictures kept (the set-up page alone shows a preview and
seven small maps)."""

LARGE_LAYERS = 2
"""Most large whole-board pictures kept (a play map at 1280x800 takes about 2 MB)."""

LARGE_LAYER_AREA = 160_000
"""Pixels from which a whole-board picture counts as large."""


def _blank(width: int, height: int) -> pygame.Surface:
    """A surface filled with the colour key, to draw a picture on."""
    layer = pygame.Surface((max(1, width), max(1, height)))
    layer.fill(TRANSPARENT_KEY)
    return layer


def _finished(layer: pygame.Surface) -> pygame.Surface:
    """Make the untouched parts of a drawn picture see-through (and quick to blit)."""
    layer.set_colorkey(TRANSPARENT_KEY, pygame.RLEACCEL)
    return layer


@lru_cache(maxsize=CARD_IMAGES)
def card_image(cell: Cell, side: int, safe: bool = False) -> pygame.Surface:
    """One card drawn in a ``side`` x ``side`` square (shared: blit it, never draw on it).

    ``safe`` picks the colour-safe palette; it is part of the cache key.
    """
    image = _blank(side, side)
    draw_cell(image, pygame.Rect(0, 0, side, side), cell, safe)
    return _finished(image)


def board_layer(board: Board, side: int, show_gaps: bool, gap_colour: Colour,
                safe: bool = False) -> pygame.Surface:
    """Every card of ``board`` at ``side`` px, gaps dotted if asked (shared: never draw on it).

    ``safe`` picks the colour-safe palette; it is part of the cache key.  Large and
    small pictures are kept apart, so the many small maps of the set-up page never
    push out the play map, and few large ones are kept.
    """
    if side * side * board.rows * board.cols >= LARGE_LAYER_AREA:
        return _large_layer(board, side, show_gaps, gap_colour, safe)
    return _small_layer(board, side, show_gaps, gap_colour, safe)


def clear_board_pictures() -> None:
    """Forget every kept card and map picture."""
    card_image.cache_clear()
    _small_layer.cache_clear()
    _large_layer.cache_clear()


def kept_board_layers() -> tuple[int, int]:
    """How many small and large whole-board pictures are kept now."""
    return _small_layer.cache_info().currsize, _large_layer.cache_info().currsize


def _compose_layer(board: Board, side: int, show_gaps: bool, gap_colour: Colour,
                   safe: bool) -> pygame.Surface:
    """Draw every card of ``board`` (from the card pictures) and the gaps onto one picture."""
    layer = _blank(side * board.cols, side * board.rows)
    for row, cells in enumerate(board.grid):
        for col, cell in enumerate(cells):
            if cell is not None:
                layer.blit(card_image(cell, side, safe), (col * side, row * side))
            elif show_gaps:
                draw_gap(layer, pygame.Rect(col * side, row * side, side, side), gap_colour)
    return _finished(layer)


_small_layer = lru_cache(maxsize=BOARD_LAYERS)(_compose_layer)
_large_layer = lru_cache(maxsize=LARGE_LAYERS)(_compose_layer)


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
        geometry = self.geometry
        safe = theme.palette.colour_safe
        layer = board_layer(picture.board, geometry.cell, picture.show_gaps,
                            theme.palette.border, safe)
        surface.blit(layer, (geometry.left, geometry.top))
        for position in picture.flips:
            draw_flip(surface, self.cell_rect(position), safe)
        for position in picture.legal:
            draw_kept(surface, self.cell_rect(position), draw_legal, safe)
        self._draw_path(surface)
        for position, colours in picture.markers.items():
            for slot, colour in enumerate(colours):
                draw_marker(surface, self.cell_rect(position), colour, slot, safe)
        for position, colours in picture.pawns.items():
            selected = (
                colours.index(picture.selected_colour)
                if picture.selected_colour in colours else None
            )
            draw_pawns(surface, self.cell_rect(position), colours, selected, safe)

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
