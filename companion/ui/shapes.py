"""Shapes and patterns that carry meaning without colour.

With the colour-safe palette (:data:`companion.ui.theme.SAFE_PALETTE`) every colour
that means something also comes with a shape or a pattern: each seat and character
has a marker shape, each die colour a glyph, and lava is hatched.  These functions
draw them from plain values, straight onto a surface.
"""

from __future__ import annotations

from typing import Literal

import pygame

from companion.ui.theme import Colour

Shape = Literal["circle", "square", "triangle", "diamond"]
"""A marker shape."""

SHAPES: tuple[Shape, ...] = ("circle", "square", "triangle", "diamond")
"""Every marker shape, in the order seats take them."""

SHAPE_GLYPHS: dict[Shape, str] = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆"}
"""Each shape as a text character, to mark a coloured number or word inside a label."""


def seat_shape(seat: int) -> Shape:
    """The marker shape that stands for ``seat`` (seats take the shapes in order)."""
    return SHAPES[seat % len(SHAPES)]


def seat_glyph(seat: int) -> str:
    """The seat's shape as a text character, to mark a coloured number or word."""
    return SHAPE_GLYPHS[seat_shape(seat)]


def shape_points(shape: Shape, rect: pygame.Rect) -> list[tuple[int, int]]:
    """Corner points of a polygon shape inside ``rect`` (empty for a circle)."""
    if shape == "triangle":
        return [(rect.centerx, rect.top), (rect.right, rect.bottom), (rect.left, rect.bottom)]
    if shape == "diamond":
        return [(rect.centerx, rect.top), (rect.right, rect.centery),
                (rect.centerx, rect.bottom), (rect.left, rect.centery)]
    if shape == "square":
        inner = rect.inflate(-rect.width // 6, -rect.height // 6)
        return [inner.topleft, inner.topright, inner.bottomright, inner.bottomleft]
    return []


def draw_shape(
    surface: pygame.Surface, rect: pygame.Rect, shape: Shape, colour: Colour, outline: Colour
) -> None:
    """Draw ``shape`` inside ``rect`` filled with ``colour`` and outlined with ``outline``."""
    width = max(2, min(rect.width, rect.height) // 12)
    if shape == "circle":
        radius = min(rect.width, rect.height) // 2
        pygame.draw.circle(surface, colour, rect.center, radius)
        pygame.draw.circle(surface, outline, rect.center, radius, width)
        return
    points = shape_points(shape, rect)
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, width)


def draw_shape_inside(surface: pygame.Surface, bounds: pygame.Rect, mark: pygame.Rect,
                      shape: Shape, fill: Colour, outline: Colour) -> None:
    """Draw a shape, keeping its outline inside ``bounds`` (so kept pictures stay exact)."""
    clip = surface.get_clip()
    surface.set_clip(bounds.clip(clip))
    draw_shape(surface, mark, shape, fill, outline)
    surface.set_clip(clip)


def draw_hatching(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, step: int) -> None:
    """Diagonal stripes inside ``rect``: a pattern that tells areas apart without colour."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.height, rect.width, max(3, step)):
        start = (rect.x + offset, rect.bottom)
        end = (rect.x + offset + rect.height, rect.top)
        pygame.draw.line(surface, colour, start, end, max(1, step // 3))
    surface.set_clip(clip)
