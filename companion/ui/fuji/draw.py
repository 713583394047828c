"""Drawing the pieces of Fuji: terrain cards, dice conditions, tokens, pawns and dice.

Every function draws straight onto a surface from plain values; none of them keeps
state.  Sizes follow the rectangle they are given, so the same code draws a 24 px
preview cell and a 90 px play cell.  A card's drawing depends only on its size, never
on where it lies, so a card drawn once can be copied anywhere (see ``board_view``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from companion.games.fuji.state import Cell, Combine, DiceCondition, StartKind, TerrainKind
from companion.ui.fonts import font, rendered
from companion.ui.fuji.colours import (
    DIE_FACE,
    ERUPTION_RED,
    FLIP_MARK,
    GREY_START,
    LAVA_HATCH,
    LEGAL_MARK,
    SAFE_FLIP_MARK,
    SAFE_LEGAL_MARK,
    TOKEN_GOLD,
    VILLAGE_FRAME,
    WHITE_START,
    character_shape,
    die_colour,
    die_shape,
    ink_on,
    player_colour,
    terrain_colour,
)
from companion.ui.shapes import draw_hatching, draw_shape
from companion.ui.theme import Colour

DETAIL_MIN = 30
"""Cells narrower than this (previews) show only terrain, crater and start flags."""

_COMBINE_SIGN: dict[Combine, str] = {Combine.AND: "&", Combine.OR: "+", Combine.ALONE: ""}


def values_text(values: frozenset[int]) -> str:
    """Write a value set compactly: ``1-3`` for a run of three or more, else the digits."""
    ordered = sorted(values)
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return "".join(str(value) for value in ordered)


def terrain_fill(cell: Cell, safe: bool = False) -> Colour:
    """The fill colour of a card: lava once flipped, else its printed kind."""
    if cell.lava:
        return terrain_colour("crater" if cell.kind is TerrainKind.CRATER else "lava", safe)
    return terrain_colour(cell.kind.value, safe)


def draw_cell(surface: pygame.Surface, rect: pygame.Rect, cell: Cell, safe: bool = False) -> None:
    """Draw one card with its condition, symbol, tokens and start mark.

    With ``safe`` (the colour-safe palette) the colours change and lava is also hatched.
    """
    body = rect.inflate(-2, -2)
    radius = max(2, rect.width // 10)
    pygame.draw.rect(surface, terrain_fill(cell, safe), body, border_radius=radius)
    if safe and cell.lava and cell.kind is not TerrainKind.CRATER:
        draw_hatching(surface, body.inflate(-2, -2), LAVA_HATCH, max(4, rect.width // 7))
    if cell.kind is TerrainKind.VILLAGE:
        pygame.draw.rect(surface, VILLAGE_FRAME, body, max(2, rect.width // 16),
                         border_radius=radius)
    if cell.kind is TerrainKind.CRATER:
        _draw_volcano(surface, body.inflate(-body.width // 3, -body.height // 3), ERUPTION_RED)
    if rect.width < DETAIL_MIN:
        if cell.start is not None:
            _draw_start(surface, body, cell.start)
        return
    if cell.lava and cell.kind is not TerrainKind.CRATER and not safe:
        _draw_lava_waves(surface, body)
    if cell.condition is not None and not cell.lava:
        strip = pygame.Rect(body.x + 2, body.bottom - body.height * 2 // 5, body.width - 4,
                            body.height * 2 // 5 - 2)
        draw_condition(surface, strip, cell.condition, safe)
    if cell.reroll_symbol and not cell.lava:
        _draw_reroll_symbol(surface, body)
    _draw_tokens(surface, body, cell)
    if cell.start is not None:
        _draw_start(surface, body, cell.start)
    if cell.four_players_only:
        _draw_four_mark(surface, body)


def _draw_four_mark(surface: pygame.Surface, body: pygame.Rect) -> None:
    """A small "4" in the middle of a village used only by four players."""
    image = rendered("4", max(9, body.height // 3), True, (60, 40, 10))
    surface.blit(image, image.get_rect(center=(body.centerx, body.y + body.height // 3)))


def draw_condition(surface: pygame.Surface, rect: pygame.Rect, condition: DiceCondition,
                   safe: bool = False) -> None:
    """Draw a condition as colour chips, a sign (+ or, & and) and the values, fitted to ``rect``.

    With ``safe`` each chip is its die colour's glyph (circle, square, triangle).
    """
    pygame.draw.rect(surface, DIE_FACE, rect, border_radius=max(2, rect.height // 4))
    sign = _COMBINE_SIGN[condition.combine] if condition.colours and condition.values else ""
    words = f"{sign}{values_text(condition.values)}"
    colours = sorted(condition.colours, key=lambda c: ("yellow", "blue", "pink").index(c.value))
    size = max(8, rect.height - 2)
    chip = max(4, min(rect.height - 4, rect.width // 5))
    while True:
        face = font(size, True)
        text_width = face.size(words)[0] if words else 0
        chips_width = len(colours) * (chip + 1)
        if chips_width + text_width <= rect.width - 2 or size <= 7:
            break
        size -= 1
        chip = max(4, chip - 1)
    x = rect.centerx - (chips_width + text_width) // 2
    for colour in colours:
        box = pygame.Rect(x, rect.centery - chip // 2, chip, chip)
        if safe:
            draw_shape(surface, box, die_shape(colour.value), die_colour(colour.value, True),
                       (20, 20, 20))
        else:
            pygame.draw.rect(surface, die_colour(colour.value), box, border_radius=2)
            pygame.draw.rect(surface, (40, 40, 40), box, 1, border_radius=2)
        x += chip + 1
    if words:
        image = rendered(words, size, True, (20, 20, 20))
        _blit_inside(surface, image, (x, rect.centery - image.get_height() // 2), rect)


def _blit_inside(surface: pygame.Surface, image: pygame.Surface, pos: tuple[int, int],
                 box: pygame.Rect) -> None:
    """Blit ``image`` at ``pos``, keeping only what falls inside ``box``."""
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip))
    surface.blit(image, pos)
    surface.set_clip(clip)


def _draw_reroll_symbol(surface: pygame.Surface, body: pygame.Rect) -> None:
    """A small circular arrow in the top-left corner."""
    size = max(8, body.width // 4)
    box = pygame.Rect(body.x + 3, body.y + 3, size, size)
    pygame.draw.circle(surface, DIE_FACE, box.center, size // 2 + 1)
    pygame.draw.arc(surface, (20, 20, 20), box.inflate(-3, -3), 0.6, 5.6, max(1, size // 8))
    tip = (box.right - 3, box.centery - 1)
    pygame.draw.polygon(surface, (20, 20, 20),
                        [tip, (tip[0] - size // 4, tip[1] - size // 4),
                         (tip[0] + size // 6, tip[1] - size // 3)])


def _draw_tokens(surface: pygame.Surface, body: pygame.Rect, cell: Cell) -> None:
    size = max(8, body.width // 4)
    corner = pygame.Rect(body.right - size - 3, body.y + 3, size, size)
    if cell.equipment_token:
        pygame.draw.rect(surface, TOKEN_GOLD, corner, border_radius=size // 4)
        pygame.draw.rect(surface, (40, 30, 10), corner, 1, border_radius=size // 4)
        inner = corner.inflate(-size // 2, -size // 2)
        pygame.draw.line(surface, (40, 30, 10), inner.midtop, inner.midbottom, 2)
        pygame.draw.line(surface, (40, 30, 10), inner.midleft, inner.midright, 2)
    for number in range(cell.eruption_token):
        token = corner.move(-number * (size + 2), 0)
        pygame.draw.circle(surface, DIE_FACE, token.center, size // 2 + 1)
        _draw_volcano(surface, token.inflate(-2, -2), ERUPTION_RED)


def _draw_volcano(surface: pygame.Surface, box: pygame.Rect, colour: Colour) -> None:
    points = [box.bottomleft, (box.centerx - box.width // 6, box.y + box.height // 4),
              (box.centerx + box.width // 6, box.y + box.height // 4), box.bottomright]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, (30, 10, 10), points, 1)


def _draw_lava_waves(surface: pygame.Surface, body: pygame.Rect) -> None:
    step = max(6, body.height // 4)
    for y in range(body.y + step // 2, body.bottom, step):
        points = [(x, y + round(2 * math.sin((x - body.x) / 4)))
                  for x in range(body.x + 3, body.right - 3, 3)]
        if len(points) > 1:
            pygame.draw.lines(surface, (255, 170, 60), False, points, 2)


def _draw_start(surface: pygame.Surface, body: pygame.Rect, start: StartKind) -> None:
    size = max(8, body.width // 4)
    flag = pygame.Rect(body.x + 3, body.y + body.height // 2 - size, size, size)
    colour = WHITE_START if start is StartKind.WHITE else GREY_START
    pygame.draw.polygon(surface, colour, [flag.topleft, flag.midright, flag.bottomleft])
    pygame.draw.polygon(surface, (20, 20, 20), [flag.topleft, flag.midright, flag.bottomleft], 1)


def draw_gap(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """Draw an empty table spot as a faint dotted square (used by the map editor)."""
    for x in range(rect.x + 4, rect.right - 2, 6):
        surface.set_at((x, rect.y + 2), colour)
        surface.set_at((x, rect.bottom - 3), colour)
    for y in range(rect.y + 4, rect.bottom - 2, 6):
        surface.set_at((rect.x + 2, y), colour)
        surface.set_at((rect.right - 3, y), colour)


def draw_legal(surface: pygame.Surface, rect: pygame.Rect, safe: bool = False) -> None:
    """Outline a card the selected player may choose (with ``safe``: plus corner ticks)."""
    colour = SAFE_LEGAL_MARK if safe else LEGAL_MARK
    pygame.draw.rect(surface, colour, rect.inflate(-1, -1), max(3, rect.width // 14),
                     border_radius=max(2, rect.width // 10))
    if safe:
        _draw_corner_ticks(surface, rect.inflate(-2, -2), colour)


def _draw_corner_ticks(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """Solid triangles in the four corners of ``rect``: a mark that needs no colour."""
    size = max(5, rect.width // 4)
    for (x, y), (dx, dy) in zip((rect.topleft, rect.topright, rect.bottomright,
                                 rect.bottomleft), ((1, 1), (-1, 1), (-1, -1), (1, -1)),
                                strict=True):
        pygame.draw.polygon(surface, colour, [(x, y), (x + dx * size, y), (x, y + dy * size)])
        pygame.draw.polygon(surface, (20, 20, 20), [(x, y), (x + dx * size, y),
                                                    (x, y + dy * size)], 1)


def draw_flip(surface: pygame.Surface, rect: pygame.Rect, safe: bool = False) -> None:
    """Mark a card the table must flip to lava: yellow hatching inside a thick white frame."""
    radius = max(2, rect.width // 10)
    clip = surface.get_clip()
    inner = rect.inflate(-4, -4)
    surface.set_clip(inner.clip(clip) if clip else inner)
    step = max(6, rect.width // 5)
    for offset in range(-rect.height, rect.width, step):
        start = (rect.x + offset, rect.bottom)
        end = (rect.x + offset + rect.height, rect.y)
        pygame.draw.line(surface, SAFE_FLIP_MARK if safe else FLIP_MARK, start, end,
                         max(2, rect.width // 16))
    surface.set_clip(clip)
    pygame.draw.rect(surface, (255, 255, 255), rect.inflate(-1, -1), max(4, rect.width // 9),
                     border_radius=radius)
    pygame.draw.rect(surface, (20, 20, 20), rect.inflate(-1, -1), 1, border_radius=radius)


def draw_pawns(
    surface: pygame.Surface, rect: pygame.Rect, colours: Sequence[str], selected: int | None,
    safe: bool = False,
) -> None:
    """Draw the pawns standing on one card, side by side, the selected one ringed.

    With ``safe`` each pawn is its character's shape in the colour-safe colours.
    """
    count = len(colours)
    if not count:
        return
    radius = max(4, min(rect.width // 5, rect.width // (2 * count + 1)))
    spacing = radius * 2 + 1
    first = rect.centerx - (count - 1) * spacing // 2
    for index, name in enumerate(colours):
        centre = (first + index * spacing, rect.centery - rect.height // 10)
        fill = player_colour(name, safe)
        if safe:
            box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            box.center = centre
            draw_shape(surface, box, character_shape(name), fill, _outline(fill))
        else:
            pygame.draw.circle(surface, fill, centre, radius)
            pygame.draw.circle(surface, ink_on(fill), centre, radius, 2)
        if selected == index:
            pygame.draw.circle(surface, LEGAL_MARK, centre, radius + 3, 3)


def _outline(fill: Colour) -> Colour:
    """A shape's outline: dark on light fills, light on dark ones (black pawns stay visible)."""
    return ink_on(fill)


def draw_marker(surface: pygame.Surface, rect: pygame.Rect, colour: str, slot: int,
                safe: bool = False) -> None:
    """Draw a destination marker (a diamond in the player's colour) in a corner slot.

    With ``safe`` the marker takes its character's shape, in the colour-safe colours.
    """
    size = max(5, rect.width // 6)
    x = rect.x + 4 + slot * (size + 2) + size // 2
    y = rect.y + rect.height // 2 + size // 2
    points = [(x, y - size // 2 - 2), (x + size // 2 + 2, y), (x, y + size // 2 + 2),
              (x - size // 2 - 2, y)]
    fill = player_colour(colour, safe)
    if safe:
        box = pygame.Rect(x - size // 2 - 2, y - size // 2 - 2, size + 4, size + 4)
        draw_shape(surface, box, character_shape(colour), fill, _outline(fill))
        return
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, ink_on(fill), points, 2)


def draw_path(surface: pygame.Surface, centres: Sequence[tuple[int, int]], colour: Colour,
              width: int) -> None:
    """Draw a walk through card centres as a thick line with a dot at each step."""
    if len(centres) > 1:
        pygame.draw.lines(surface, colour, False, list(centres), width)
    for centre in centres[1:]:
        pygame.draw.circle(surface, colour, centre, width)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, colour: str, value: int,
             safe: bool = False) -> None:
    """Draw one die face: its colour and its value as a large digit.

    With ``safe`` the colour-safe colour is used and the colour's glyph sits in the
    top-left corner beside the value.
    """
    fill = die_colour(colour, safe)
    pygame.draw.rect(surface, fill, rect, border_radius=max(3, rect.width // 6))
    pygame.draw.rect(surface, (20, 20, 20), rect, 2, border_radius=max(3, rect.width // 6))
    image = rendered(str(value), max(10, rect.height * 2 // 3), True, ink_on(fill))
    centre = rect.center
    if safe:
        glyph = max(6, rect.width // 3)
        box = pygame.Rect(rect.x + 3, rect.y + 3, glyph, glyph)
        draw_shape(surface, box, die_shape(colour), ink_on(fill), fill)
        centre = (rect.centerx + glyph // 4, rect.centery + glyph // 6)
    surface.blit(image, image.get_rect(center=centre))
