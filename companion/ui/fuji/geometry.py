"""Where each map cell sits on screen, and which cell a touch lands on.

The map is a grid of ``rows`` x ``cols`` square cells fitted into a rectangle and
centred in it.  Positions are ``(row, col)`` pairs; actions carry them as lists.
"""

from __future__ import annotations

from companion.core.values import Value

Rect = tuple[int, int, int, int]
"""A rectangle as (x, y, width, height) in pixels."""


class GridGeometry(Value):
    """The placement of a map grid inside a screen rectangle."""

    left: int
    """Pixel x of the grid's left edge."""
    top: int
    """Pixel y of the grid's top edge."""
    cell: int
    """Side of one square cell in pixels (the touch target size)."""
    rows: int
    """Number of grid rows."""
    cols: int
    """Number of grid columns."""

    @classmethod
    def fit(cls, area: Rect, rows: int, cols: int, gap: int = 0) -> GridGeometry:
        """Fit a ``rows`` x ``cols`` grid into ``area``, as large as possible and centred."""
        x, y, width, height = area
        usable_w, usable_h = max(width - 2 * gap, 1), max(height - 2 * gap, 1)
        cell = max(1, min(usable_w // max(cols, 1), usable_h // max(rows, 1)))
        left = x + (width - cell * cols) // 2
        top = y + (height - cell * rows) // 2
        return cls(left=left, top=top, cell=cell, rows=rows, cols=cols)

    def cell_rect(self, row: int, col: int) -> Rect:
        """Return the rectangle of the cell at ``(row, col)``."""
        return (self.left + col * self.cell, self.top + row * self.cell, self.cell, self.cell)

    def cell_centre(self, row: int, col: int) -> tuple[int, int]:
        """Return the pixel centre of the cell at ``(row, col)``."""
        x, y, side, _ = self.cell_rect(row, col)
        return (x + side // 2, y + side // 2)

    def cell_at(self, point: tuple[int, int]) -> tuple[int, int] | None:
        """Return the ``(row, col)`` under ``point``, or ``None`` outside the grid."""
        px, py = point
        if px < self.left or py < self.top:
            return None
        col = (px - self.left) // self.cell
        row = (py - self.top) // self.cell
        if row >= self.rows or col >= self.cols:
            return None
        return (int(row), int(col))

    @property
    def bounds(self) -> Rect:
        """The rectangle covered by the whole grid."""
        return (self.left, self.top, self.cell * self.cols, self.cell * self.rows)
