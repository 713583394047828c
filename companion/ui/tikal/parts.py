"""Small Tikal widgets: the action-point meter, the score track, colour chips and tap buttons.

They draw from plain values taken from the state; colours are those of the pieces
on the table, so a player finds their own cube at a glance.  With the colour-safe
palette a player's chip and cube also take their seat's shape, so colour is never
the only cue.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.ui.fonts import font
from companion.ui.intents import Intent
from companion.ui.shapes import draw_shape, seat_shape
from companion.ui.shapes import seat_glyph as seat_glyph
from companion.ui.theme import Colour, TextRole, Theme, ink_on
from companion.ui.widgets import TapButton as TapButton
from companion.ui.widgets import Text, Widget

PIECE_COLOURS: dict[str, Colour] = {
    "red": (214, 56, 50),
    "blue": (58, 120, 226),
    "yellow": (240, 200, 50),
    "white": (236, 236, 228),
    "green": (60, 172, 84),
    "black": (30, 30, 34),
}
"""The colours of the players' pieces."""

SPENT: Colour = (92, 104, 124)
"""An action point already used."""
LEFT: Colour = (110, 210, 120)
"""An action point still available."""


def piece_colour(name: str) -> Colour:
    """The colour of a player's pieces (grey for an unknown name)."""
    return PIECE_COLOURS.get(name, (150, 150, 150))


def draw_piece(surface: pygame.Surface, rect: pygame.Rect, colour: str, seat: int | None,
               theme: Theme) -> None:
    """A player's marker: a rounded square in their colour, or their seat's shape when safe."""
    if theme.palette.colour_safe and seat is not None:
        draw_shape(surface, rect, seat_shape(seat), piece_colour(colour), theme.palette.text)
        return
    radius = max(2, min(rect.width, rect.height) // 6)
    pygame.draw.rect(surface, piece_colour(colour), rect, border_radius=radius)
    pygame.draw.rect(surface, theme.palette.text, rect, 1, border_radius=radius)




class ColourButton(TapButton):
    """A tap button filled with a player's piece colour."""

    def __init__(self, rect: pygame.Rect, text: Text, colour: str,
                 on_tap: Callable[[], list[Intent]], key: str, role: TextRole = "small") -> None:
        super().__init__(rect, text, on_tap, role=role, key=key)
        self.colour = colour
        """The piece colour shown."""

    def colours(self, theme: Theme) -> tuple[Colour, Colour]:
        """Filled with the piece colour, text in black or white."""
        fill = piece_colour(self.colour)
        return fill, ink_on(fill)


class ColourChip(Widget):
    """A small square in a player's colour with an outline (a cube, a stripe).

    Given the player's seat, the colour-safe palette draws the seat's shape instead.
    """

    def __init__(self, rect: pygame.Rect, colour: str, seat: int | None = None) -> None:
        super().__init__(rect)
        self.colour = colour
        """The piece colour."""
        self.seat = seat
        """The player's seat, whose shape marks the chip in the colour-safe palette."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Fill the chip and outline it so white and black show on any panel."""
        draw_piece(surface, self.rect, self.colour, self.seat, theme)


class PointsMeter(Widget):
    """Ten boxes: the action points spent (grey) and those left (green)."""

    def __init__(self, rect: pygame.Rect, spent: int, total: int) -> None:
        super().__init__(rect)
        self.spent = spent
        """Points used this turn."""
        self.total = total
        """Points in a turn."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw one box per point, numbered, spent ones greyed."""
        gap = theme.px(3)
        width = (self.rect.width - (self.total - 1) * gap) // max(1, self.total)
        face = font(max(10, min(self.rect.height * 2 // 3, width * 2 // 3)), True)
        for index in range(self.total):
            box = pygame.Rect(self.rect.x + index * (width + gap), self.rect.y, width,
                              self.rect.height)
            used = index < self.spent
            fill = SPENT if used else LEFT
            pygame.draw.rect(surface, fill, box, border_radius=theme.px(4))
            ink = theme.palette.text_disabled if used else (15, 40, 20)
            image = face.render(str(index + 1), True, ink if not used else (200, 204, 212))
            surface.blit(image, image.get_rect(center=box.center))


class ScoreTrack(Widget):
    """The score track as ten rows of ten spaces, each cube drawn on its space."""

    def __init__(self, rect: pygame.Rect, cubes: Sequence[tuple[int, str, int]]) -> None:
        super().__init__(rect)
        self.cubes = list(cubes)
        """(space 0-100, colour, seat) per player; space 0 is beside the track."""

    def cell(self, space: int) -> pygame.Rect:
        """Where space 1-100 is drawn (space 0 sits left of space 1)."""
        width = self.rect.width // 11
        height = self.rect.height // 10
        if space <= 0:
            return pygame.Rect(self.rect.x, self.rect.y, width, height)
        row, column = divmod(space - 1, 10)
        return pygame.Rect(self.rect.x + (column + 1) * width, self.rect.y + row * height,
                           width, height)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the spaces with every tenth marked, then the cubes."""
        palette = theme.palette
        face = font(max(9, self.rect.height // 24))
        for space in range(0, 101):
            box = self.cell(space).inflate(-2, -2)
            fill = palette.surface_high if space % 10 == 0 and space else palette.background
            pygame.draw.rect(surface, fill, box, border_radius=2)
            image = face.render(str(space), True, palette.text_disabled)
            surface.blit(image, (box.x + 2, box.y + 1))
        crowd: dict[int, int] = {}
        for space, colour, seat in self.cubes:
            place = crowd.get(space, 0)
            crowd[space] = place + 1
            box = self.cell(space).inflate(-2, -2)
            side = max(6, min(box.width, box.height * 3 // 5))
            x = box.x + (place % 2) * (box.width - side)
            y = box.bottom - side - (place // 2) * (box.height - side)
            draw_piece(surface, pygame.Rect(x, y, side, side), colour, seat, theme)


