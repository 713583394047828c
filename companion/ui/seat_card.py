"""The background of a player's panel, as every game draws it.

A seat card is a rounded panel with the player's colour as a stripe down its left
edge; the player whose turn it is (or who is chosen) gets a lighter fill and a
brighter, thicker frame.  A game may add a thin line along the stripe, a dot that
says the table waits for the player, and in the colour-safe palette the player's
shape on the stripe.  The card is painted from a :class:`SeatCardLook` and kept as a
picture (:func:`~companion.ui.widgets.draw_kept`).
"""

from __future__ import annotations

import pygame

from companion.core.values import Value
from companion.ui.shapes import Shape, draw_shape_inside
from companion.ui.theme import Colour, Theme, ink_on
from companion.ui.widgets import draw_kept


class SeatCardLook(Value):
    """What decides the pixels of a seat card."""

    fill: Colour
    """The card's fill."""
    stripe: Colour
    """The player's colour, down the left edge."""
    stripe_width: int
    """Width of the stripe."""
    radius: int
    """Corner radius."""
    frame: Colour
    """Colour of the frame."""
    frame_width: int
    """Width of the frame."""
    line: Colour | None = None
    """A thin line along the stripe's right edge (``None``: none)."""
    dot: Colour | None = None
    """A dot in the top-right corner (``None``: none)."""
    dot_inset: int = 0
    """How far the dot's centre is from the top and right edges."""
    dot_radius: int = 0
    """The dot's radius."""
    shape: Shape | None = None
    """The player's shape on the stripe (``None``: none)."""
    shape_side: int = 14
    """Side of the shape."""


def stripe_width(theme: Theme) -> int:
    """Width of the colour stripe on the left of a seat card."""
    return theme.px(10)


def seat_card_look(theme: Theme, stripe: Colour, lit: bool, *, line: Colour | None = None,
                   dot: Colour | None = None, shape: Shape | None = None) -> SeatCardLook:
    """A seat card in ``stripe``'s colour, lit for the active or chosen player, with the
    line, dot and shape given (sized for ``theme``)."""
    palette = theme.palette
    return SeatCardLook(
        fill=palette.surface_high if lit else palette.surface,
        stripe=stripe, stripe_width=stripe_width(theme), radius=theme.radius,
        frame=palette.accent if lit else palette.border,
        frame_width=theme.border_width + (1 if lit else 0),
        line=line, dot=dot, dot_inset=theme.px(8), dot_radius=theme.px(4),
        shape=shape, shape_side=theme.px(14),
    )


def draw_seat_card(surface: pygame.Surface, rect: pygame.Rect, look: SeatCardLook) -> None:
    """Draw the seat card ``look`` over ``rect`` (from a kept picture when it is small)."""
    draw_kept(surface, rect, paint_seat_card, look)


def paint_seat_card(surface: pygame.Surface, rect: pygame.Rect, look: SeatCardLook) -> None:
    """Paint a seat card straight onto ``surface``: fill, stripe, frame, dot and shape."""
    pygame.draw.rect(surface, look.fill, rect, border_radius=look.radius)
    stripe = pygame.Rect(rect.x, rect.y, look.stripe_width, rect.height)
    pygame.draw.rect(surface, look.stripe, stripe, border_top_left_radius=look.radius,
                     border_bottom_left_radius=look.radius)
    if look.line is not None:
        pygame.draw.line(surface, look.line, stripe.topright, (stripe.right, stripe.bottom - 1), 1)
    pygame.draw.rect(surface, look.frame, rect, look.frame_width, border_radius=look.radius)
    if look.dot is not None:
        dot = (rect.right - look.dot_inset, rect.y + look.dot_inset)
        pygame.draw.circle(surface, look.dot, dot, look.dot_radius)
    if look.shape is not None:
        mark = pygame.Rect(0, 0, look.shape_side, look.shape_side)
        mark.center = (rect.x + look.stripe_width // 2 + 2, rect.centery)
        draw_shape_inside(surface, rect, mark, look.shape, look.stripe, ink_on(look.stripe))
