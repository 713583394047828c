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

from companion.ui.theme import Colour, Palette

SAFE_SEAT_COLOURS: tuple[Colour, ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (204, 121, 167),
)
"""Orange, sky blue, bluish green, reddish purple: one per seat."""

SAFE_PALETTE = Palette(
    primary=(0, 114, 178),
    danger=(170, 60, 0),
    accent=(240, 228, 66),
    seats=SAFE_SEAT_COLOURS,
)
"""The app palette with the colour-safe accents and seat colours."""

Shape = Literal["circle", "square", "triangle", "diamond"]
"""A seat's marker shape."""

SEAT_SHAPES: tuple[Shape, ...] = ("circle", "square", "triangle", "diamond")
"""One shape per seat, in seat order."""

Edge = Literal["bottom", "top", "left", "right"]
"""A side of the screen."""


def seat_colour(seat: int, palette: Palette, colour_safe: bool) -> Colour:
    """The colour of ``seat`` (the safe set when asked for)."""
    colours = SAFE_SEAT_COLOURS if colour_safe else palette.seats
    return colours[seat % len(colours)]


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


def draw_seat_marker(
    surface: pygame.Surface, rect: pygame.Rect, seat: int, colour: Colour, outline: Colour
) -> None:
    """Draw seat ``seat``'s shape filled with ``colour`` and outlined for contrast."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    width = max(2, rect.width // 12)
    if shape == "circle":
        radius = min(rect.width, rect.height) // 2
        pygame.draw.circle(surface, colour, rect.center, radius)
        pygame.draw.circle(surface, outline, rect.center, radius, width)
        return
    points = shape_points(shape, rect)
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, width)


def draw_hatching(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, step: int) -> None:
    """Diagonal stripes inside ``rect``: a pattern that tells bars apart without colour."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.height, rect.width, max(3, step)):
        start = (rect.x + offset, rect.bottom)
        end = (rect.x + offset + rect.height, rect.top)
        pygame.draw.line(surface, colour, start, end, max(1, step // 3))
    surface.set_clip(clip)


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

