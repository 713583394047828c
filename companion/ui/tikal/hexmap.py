"""The board as the table sees it: the laid hexes where they lie, growing as hexes are laid.

Positions are axial ``(q, r)`` with the base camp at the origin and flat-topped hexes
(neighbours north and south), as in ``companion/games/tikal/tiles.py``.  Each hex shows
its kind, a temple's number, the treasures left, a camp, a guard and every player's
pieces there in their colour (and seat shape in the colour-safe palette).  Hexes whose
place was never entered (games recorded before the map) are drawn in a row under the
board.  :class:`HexMapLayout` answers "where is this place on the screen?" for the
question renderer, so a place question is answered by tapping the hex or the empty
field itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import pygame

from companion.games.tikal.queries import Position
from companion.games.tikal.state import Hex, TikalState
from companion.ui.fonts import font
from companion.ui.intents import Intent
from companion.ui.questions import NearestTarget
from companion.ui.theme import Colour, Theme, ink_on
from companion.ui.tikal.parts import draw_piece, piece_colour
from companion.ui.widgets import Widget

SQRT3 = math.sqrt(3)

PlaceT = TypeVar("PlaceT")

KIND_FILLS: dict[str, Colour] = {
    "base": (196, 170, 120),
    "temple": (150, 150, 140),
    "jungle": (70, 130, 70),
    "treasure": (200, 160, 60),
    "volcano": (130, 50, 40),
}
"""Fill of each kind of hex (close to the tiles' own look)."""

MAX_SIZE = 46
"""Largest hex radius in pixels at 800x480."""


def place_key_of(hx: Hex) -> str:
    """The map key of a hex (the same as ``games/tikal/questions.place_key``)."""
    return f"{hx.at[0]},{hx.at[1]}" if hx.at is not None else f"#{hx.id}"


def spot_key(spot: Position) -> str:
    """The map key of an empty field."""
    return f"{spot[0]},{spot[1]}"


def _offset(at: Position) -> tuple[float, float]:
    """Centre of a flat-topped hex of radius 1."""
    q, r = at
    return 1.5 * q, SQRT3 * (r + q / 2)


def _nearest(pos: tuple[int, int], places: Sequence[tuple[tuple[int, int], PlaceT]],
             radius: float) -> PlaceT | None:
    """Of ``places`` (each a centre and what is drawn there), the one whose centre is
    nearest ``pos`` and within ``radius`` of it."""
    reach = radius * radius
    found: PlaceT | None = None
    for (x, y), place in places:
        distance = (pos[0] - x) ** 2 + (pos[1] - y) ** 2
        if distance <= reach:
            found, reach = place, distance
    return found


class HexMapLayout:
    """Where each laid hex and each offered empty field is drawn inside ``area``."""

    def __init__(self, area: pygame.Rect, state: TikalState, spots: Iterable[Position] = (),
                 theme: Theme | None = None) -> None:
        self.area = pygame.Rect(area)
        """The space the map may use."""
        self.spots = tuple(spots)
        """Empty fields drawn as places to tap."""
        self.unplaced = tuple(hx for hx in state.hexes if hx.at is None)
        """Hexes without a known place, drawn in rows under the board."""
        placed = [hx.at for hx in state.hexes if hx.at is not None]
        points = [_offset(at) for at in (*placed, *self.spots)] or [(0.0, 0.0)]
        left = min(x for x, _ in points) - 1
        right = max(x for x, _ in points) + 1
        top = min(y for _, y in points) - SQRT3 / 2
        bottom = max(y for _, y in points) + SQRT3 / 2
        limit = (theme.px(MAX_SIZE) if theme is not None else MAX_SIZE)
        self.columns = 1
        """Unplaced hexes per row under the board."""
        self.size = 8.0
        """Hex radius in pixels."""
        for rows in range(1, len(self.unplaced) + 1) if self.unplaced else (0,):
            columns = -(-len(self.unplaced) // rows) if rows else 1
            size = min(limit, area.width / max(right - left, 2.0 * columns),
                       area.height / (bottom - top + 2.0 * rows))
            if size > self.size:
                self.size, self.columns = size, columns
        rows_used = -(-len(self.unplaced) // self.columns) if self.unplaced else 0
        row = 2.0 * rows_used
        height = (bottom - top + row) * self.size
        self.origin = (area.centerx - ((right - left) / 2 + left) * self.size,
                       area.centery - height / 2 - top * self.size)
        """Pixel position of the base camp's centre."""
        self.row_y = area.centery - height / 2 + (bottom - top + 1) * self.size
        """Centre line of the row of unplaced hexes."""

    def centre_of(self, at: Position) -> tuple[int, int]:
        """Pixel centre of a field."""
        x, y = _offset(at)
        return round(self.origin[0] + x * self.size), round(self.origin[1] + y * self.size)

    def centre(self, hx: Hex) -> tuple[int, int]:
        """Pixel centre of a laid hex (in the row below when its place is unknown)."""
        if hx.at is not None:
            return self.centre_of(hx.at)
        row, column = divmod(self.unplaced.index(hx), self.columns)
        step = 2 * self.size
        in_row = min(self.columns, len(self.unplaced) - row * self.columns)
        start = self.area.centerx - step * (in_row - 1) / 2
        return round(start + column * step), round(self.row_y + row * step)

    def polygon(self, centre: tuple[int, int], shrink: float = 0.0) -> list[tuple[int, int]]:
        """Corners of a flat-topped hex around ``centre``."""
        radius = self.size - shrink
        return [(round(centre[0] + radius * math.cos(math.radians(60 * k))),
                 round(centre[1] + radius * math.sin(math.radians(60 * k))))
                for k in range(6)]

    def box(self, centre: tuple[int, int]) -> pygame.Rect:
        """The square a finger taps for the hex around ``centre``."""
        side = round(self.size * 1.6)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = centre
        return rect

    def hex_at(self, pos: tuple[int, int], hexes: Iterable[Hex]) -> Hex | None:
        """The hex of ``hexes`` drawn under the screen point ``pos`` (``None``: off them)."""
        return _nearest(pos, [(self.centre(hx), hx) for hx in hexes], self.size)

    def spot_at(self, pos: tuple[int, int]) -> Position | None:
        """The empty field drawn under the screen point ``pos`` (``None``: none)."""
        return _nearest(pos, [(self.centre_of(spot), spot) for spot in self.spots], self.size)

    def rect_for(self, state: TikalState, key: str) -> pygame.Rect | None:
        """Where the place ``key`` (a hex's or an empty field's) is on the screen."""
        for hx in state.hexes:
            if place_key_of(hx) == key:
                return self.box(self.centre(hx))
        for spot in self.spots:
            if spot_key(spot) == key:
                return self.box(self.centre_of(spot))
        return None


class HexMap(Widget):
    """The laid hexes with their pieces, temples, treasures, camps and guards."""

    def __init__(self, rect: pygame.Rect, state: TikalState, layout: HexMapLayout,
                 key: str = "tikal:map", highlight: int | None = None) -> None:
        super().__init__(rect, key)
        self.highlight = highlight
        """The hex a question is about, drawn with a thick ring."""
        self.state = state
        """The game drawn."""
        self.layout = layout
        """Where each hex goes."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Empty fields first (dim outlines), then each hex with what stands on it."""
        layout = self.layout
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for spot in layout.spots:
            pygame.draw.polygon(surface, theme.palette.text_disabled,
                                layout.polygon(layout.centre_of(spot), 2), 1)
        for hx in self.state.hexes:
            self._draw_hex(surface, theme, hx)
        if self.highlight is not None and 0 <= self.highlight < len(self.state.hexes):
            centre = layout.centre(self.state.hexes[self.highlight])
            pygame.draw.polygon(surface, theme.palette.accent, layout.polygon(centre, 1),
                                max(3, round(layout.size / 6)))
        surface.set_clip(clip)

    def _draw_hex(self, surface: pygame.Surface, theme: Theme, hx: Hex) -> None:
        """One hex: its fill, its number or treasures, camp, guard and pieces."""
        layout = self.layout
        centre = layout.centre(hx)
        fill = KIND_FILLS.get(hx.kind, (120, 120, 120))
        pygame.draw.polygon(surface, fill, layout.polygon(centre, 1))
        pygame.draw.polygon(surface, theme.palette.border, layout.polygon(centre, 1), 1)
        ink = ink_on(fill)
        size = layout.size
        text = _centre_text(hx)
        if text:
            face = font(max(10, round(size * (0.62 if hx.kind == "temple" else 0.42))), True)
            image = face.render(text, True, ink)
            surface.blit(image, image.get_rect(center=(centre[0], round(centre[1] - size * 0.3))))
        if hx.guard is not None:
            ring = pygame.Rect(0, 0, round(size * 1.5), round(size * 1.5))
            ring.center = centre
            colour = piece_colour(self.state.players[hx.guard].colour)
            pygame.draw.ellipse(surface, colour, ring, max(2, round(size / 10)))
        if hx.camp is not None:
            side = max(6, round(size * 0.34))
            tent = pygame.Rect(round(centre[0] - size * 0.75), round(centre[1] - side / 2),
                               side, side)
            player = self.state.players[hx.camp]
            points = [(tent.centerx, tent.top), (tent.right, tent.bottom), (tent.left, tent.bottom)]
            pygame.draw.polygon(surface, piece_colour(player.colour), points)
            pygame.draw.polygon(surface, theme.palette.text, points, 1)
        self._draw_pieces(surface, theme, hx, centre)

    def _draw_pieces(self, surface: pygame.Surface, theme: Theme, hx: Hex,
                     centre: tuple[int, int]) -> None:
        """Each player's pieces on the hex: a marker in their colour with the count (L: leader)."""
        size = self.layout.size
        present = [(p, self.state.workers[hx.id][p.seat], p.leader == hx.id)
                   for p in self.state.players]
        present = [entry for entry in present if entry[1] or entry[2]]
        if not present:
            return
        side = max(7, round(size * 0.42))
        face = font(max(8, round(side * 0.7)), True)
        total = len(present) * side + (len(present) - 1) * 2
        x = round(centre[0] - total / 2)
        y = round(centre[1] + size * 0.12)
        for player, workers, leader in present:
            rect = pygame.Rect(x, y, side, side)
            draw_piece(surface, rect, player.colour, player.seat, theme)
            label = str(workers) + ("L" if leader else "") if workers else "L"
            image = face.render(label, True, ink_on(piece_colour(player.colour)))
            surface.blit(image, image.get_rect(center=rect.center))
            x += side + 2


def _centre_text(hx: Hex) -> str:
    """What is written in the middle of a hex: a temple's number, the treasures left."""
    if hx.kind == "temple":
        return str(hx.value)
    if hx.kind == "treasure":
        return "◆" * hx.treasures if hx.treasures <= 4 else f"◆{hx.treasures}"
    if hx.kind == "base":
        return "⌂"
    return ""


class SpotTarget(NearestTarget):
    """A field of the map a finger taps: an empty one to say a hex lies there (ringed once
    chosen), or a laid hex whose tap enters a step (``intents``)."""

    def __init__(self, rect: pygame.Rect, on_tap: Callable[[], list[Intent]], chosen: bool,
                 key: str, intents: tuple[Intent, ...] = ()) -> None:
        super().__init__(rect, on_tap, key)
        self.chosen = chosen
        """Whether the next hex is noted as lying here."""
        self.intents = intents
        """Intents a tap gives besides :attr:`on_tap`'s (a step submitted)."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """A thin round ring inside the field, or a thick one in the accent colour on the
        chosen field."""
        if self.chosen:
            pygame.draw.ellipse(surface, theme.palette.accent, self.rect, max(3, theme.px(4)))
        else:
            pygame.draw.ellipse(surface, theme.palette.text_muted, self.rect, 1)

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Note or forget the field, or enter the step."""
        return [*self.intents, *self.on_tap()]
