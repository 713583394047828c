"""Table looks: the colour-blind-safe palette with a shape per seat, and flat layouts.

The safe palette uses colours that stay apart for the common kinds of colour
blindness (after Okabe and Ito), and every seat also gets its own shape, so
nothing depends on colour alone.  In the *flat* layout the screen lies in the
middle of the table: each seat's panel sits on the edge nearest that seat and is
turned to face it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from companion.ui.shapes import SHAPES, Shape, draw_hatching, draw_shape, shape_points
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

Edge = Literal["bottom", "top", "left", "right"]
"""A side of the screen."""


def seat_colour(seat: int, palette: Palette, colour_safe: bool) -> Colour:
    """The colour of ``seat`` (the safe set when asked for)."""
    colours = SAFE_SEAT_COLOURS if colour_safe else palette.seats
    return colours[seat % len(colours)]


def seat_shape(seat: int) -> Shape:
    """The marker shape of seat ``seat`` (seat numbers start at 0)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def draw_seat_marker(
    surface: pygame.Surface, rect: pygame.Rect, seat: int, colour: Colour, outline: Colour
) -> None:
    """Draw seat ``seat``'s shape filled with ``colour`` and outlined for contrast."""
    draw_shape(surface, rect, seat_shape(seat), colour, outline)


@dataclass(frozen=True)
class SeatPlace:
    """Where a seat's panel goes in the flat layout and how it is turned."""

    edge: Edge
    """The screen edge nearest the seat."""
    angle: int
    """Rotation in degrees (counter-clockwise) so the text faces the seat."""


_FLAT_EDGES: dict[int, tuple[Edge, ...]] = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "top"),
    4: ("bottom", "left", "top", "right"),
}
_EDGE_ANGLES: dict[Edge, int] = {"bottom": 0, "top": 180, "left": 270, "right": 90}


def flat_places(seats: int) -> list[SeatPlace]:
    """The edge and rotation of each seat's panel around a screen lying flat."""
    edges = _FLAT_EDGES[min(4, max(1, seats))]
    places = [SeatPlace(edge, _EDGE_ANGLES[edge]) for edge in edges]
    return places + [places[-1]] * max(0, seats - len(places))


def flat_panel_rects(size: tuple[int, int], seats: int, depth: int) -> list[pygame.Rect]:
    """Rectangles of the seat panels along the screen's edges, ``depth`` pixels deep.

    Two panels on one edge never happen (at most four seats); side panels leave the
    corners to the top and bottom ones.
    """
    width, height = size
    rects: list[pygame.Rect] = []
    for place in flat_places(seats):
        if place.edge == "bottom":
            rects.append(pygame.Rect(depth, height - depth, width - 2 * depth, depth))
        elif place.edge == "top":
            rects.append(pygame.Rect(depth, 0, width - 2 * depth, depth))
        elif place.edge == "left":
            rects.append(pygame.Rect(0, depth, depth, height - 2 * depth))
        else:
            rects.append(pygame.Rect(width - depth, depth, depth, height - 2 * depth))
    return rects


def upright_size(rect: pygame.Rect, angle: int) -> tuple[int, int]:
    """The size of the panel's content before it is turned by ``angle``."""
    quarter = (angle // 90) % 2 == 1
    return (rect.height, rect.width) if quarter else (rect.width, rect.height)


def blit_turned(surface: pygame.Surface, content: pygame.Surface, rect: pygame.Rect,
                angle: int) -> None:
    """Draw ``content`` (drawn upright) into ``rect`` turned by ``angle`` degrees."""
    turned = pygame.transform.rotate(content, angle) if angle % 360 else content
    surface.blit(turned, turned.get_rect(center=rect.center))

