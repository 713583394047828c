"""Table looks: the colour-blind-safe palette with a shape per seat, and flat layouts.

The safe palette uses colours that stay apart for the common kinds of colour
blindness (after Okabe and Ito), and every seat also gets its own shape, so
nothing depends on colour alone.  In the *flat* layout the screen lies in the
middle of the table: each seat's panel sits on the edge nearest that seat and is
turned to face it.
"""

from __future__ import annotations

import pygame

from companion.ui.flat import (
    Edge,
    SeatPlace,
    blit_turned,
    flat_panel_rects,
    flat_places,
    upright_size,
)
from companion.ui.shapes import SHAPES, Shape, draw_hatching, draw_shape, seat_shape, shape_points
from companion.ui.theme import SAFE_PALETTE, SAFE_SEAT_COLOURS, Colour, Palette

__all__ = [
    "SAFE_PALETTE",
    "SAFE_SEAT_COLOURS",
    "SEAT_SHAPES",
    "Edge",
    "SeatPlace",
    "Shape",
    "blit_turned",
    "draw_hatching",
    "draw_seat_marker",
    "draw_shape",
    "flat_panel_rects",
    "flat_places",
    "seat_colour",
    "seat_shape",
    "shape_points",
    "upright_size",
]

SEAT_SHAPES: tuple[Shape, ...] = SHAPES
"""One shape per seat, in seat order."""


def seat_colour(seat: int, palette: Palette, colour_safe: bool) -> Colour:
    """The colour of ``seat`` (the safe set when asked for)."""
    return (SAFE_PALETTE if colour_safe else palette).seat_colour(seat)


def draw_seat_marker(
    surface: pygame.Surface, rect: pygame.Rect, seat: int, colour: Colour, outline: Colour
) -> None:
    """Draw seat ``seat``'s shape filled with ``colour`` and outlined for contrast."""
    draw_shape(surface, rect, seat_shape(seat), colour, outline)
