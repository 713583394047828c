"""The colours of Fuji's pieces, kept in one place.

The app's own palette (:mod:`companion.ui.theme`) covers panels and buttons; these
are the colours of the physical game: terrain, dice faces, character colours and
the marks the screens lay over the map.
"""

from __future__ import annotations

from companion.ui.shapes import SHAPES, Shape
from companion.ui.theme import Colour

TERRAIN: dict[str, Colour] = {
    "landscape": (74, 124, 78),
    "village": (196, 170, 112),
    "scoria": (96, 86, 84),
    "crater": (58, 22, 18),
    "lava": (204, 66, 22),
}
"""Card fill colours by terrain kind (``lava`` for a flipped card)."""

VILLAGE_FRAME: Colour = (250, 210, 60)
"""The yellow frame of a village card."""
ERUPTION_RED: Colour = (214, 48, 30)
"""Volcano drawings on the crater and on eruption tokens."""
TOKEN_GOLD: Colour = (236, 190, 70)
"""Equipment tokens."""
WHITE_START: Colour = (250, 250, 250)
"""The white start flag."""
GREY_START: Colour = (150, 150, 150)
"""The grey start flag (four players)."""
DIE_FACE: Colour = (246, 242, 230)
"""The light background of condition strips and token discs."""
LEGAL_MARK: Colour = (120, 255, 240)
"""Outline of cards the selected player may choose (cyan: distinct from lava and gold)."""
FLIP_MARK: Colour = (255, 236, 80)
"""Hatching of cards the table must flip to lava (bright on the lava red)."""
PATH_MARK: Colour = (255, 255, 255)
"""The line of a walk being chosen."""

DICE: dict[str, Colour] = {
    "yellow": (245, 204, 40),
    "blue": (52, 118, 232),
    "pink": (236, 104, 172),
}
"""Die face colours."""

CHARACTERS: dict[str, Colour] = {
    "blue": (64, 132, 255),
    "purple": (164, 94, 226),
    "green": (62, 190, 92),
    "black": (28, 28, 30),
}
"""Character colours (pawns, markers, panel stripes)."""


SAFE_TERRAIN: dict[str, Colour] = {
    "landscape": (52, 110, 96),
    "village": (196, 170, 112),
    "scoria": (110, 104, 104),
    "crater": (40, 24, 30),
    "lava": (213, 94, 0),
}
"""Terrain fills of the colour-safe palette: vermillion lava (also hatched) against a
bluish-green landscape, so lava never depends on telling red from green."""

SAFE_DICE: dict[str, Colour] = {
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "pink": (204, 121, 167),
}
"""Die face colours of the colour-safe palette (Okabe-Ito yellow, blue, reddish purple)."""

SAFE_CHARACTERS: dict[str, Colour] = {
    "blue": (86, 180, 233),
    "purple": (204, 121, 167),
    "green": (0, 158, 115),
    "black": (28, 28, 30),
}
"""Character colours of the colour-safe palette."""

SAFE_LEGAL_MARK: Colour = (86, 180, 233)
"""Outline of choosable cards in the colour-safe palette (with corner ticks as well)."""

SAFE_FLIP_MARK: Colour = (240, 228, 66)
"""Hatching of cards to flip in the colour-safe palette."""

LAVA_HATCH: Colour = (60, 20, 0)
"""The dark stripes laid over lava cards in the colour-safe palette."""

DIE_SHAPES: dict[str, Shape] = dict(zip(DICE, SHAPES, strict=False))
"""The glyph that goes with each die colour in the colour-safe palette: the dice take
the marker shapes in order (yellow circle, blue square, pink triangle)."""

CHARACTER_SHAPES: dict[str, Shape] = dict(zip(CHARACTERS, SHAPES, strict=True))
"""The shape of each character's pawn, marker and panel mark in the colour-safe palette:
the characters take the marker shapes in order, as seats do (blue circle, purple square,
green triangle, black diamond)."""


def die_colour(name: str, safe: bool = False) -> Colour:
    """The colour of a die face named ``name`` (grey for an unknown name)."""
    return (SAFE_DICE if safe else DICE).get(name, (160, 160, 160))


def player_colour(name: str, safe: bool = False) -> Colour:
    """The colour of a character named ``name`` (grey for an unknown name)."""
    return (SAFE_CHARACTERS if safe else CHARACTERS).get(name, (160, 160, 160))


def terrain_colour(kind: str, safe: bool = False) -> Colour:
    """The fill of a card of terrain ``kind`` (``lava`` for a flipped card)."""
    return (SAFE_TERRAIN if safe else TERRAIN)[kind]


def die_shape(name: str) -> Shape:
    """The glyph of a die colour in the colour-safe palette (a diamond if unknown)."""
    return DIE_SHAPES.get(name, "diamond")


def character_shape(name: str) -> Shape:
    """The shape of a character colour in the colour-safe palette (a diamond if unknown)."""
    return CHARACTER_SHAPES.get(name, "diamond")


def readable(colour: Colour) -> Colour:
    """``colour`` lightened until it reads on the dark panels (black becomes light grey)."""
    r, g, b = colour
    if (r * 299 + g * 587 + b * 114) / 1000 >= 110:
        return colour
    return (min(255, r + 150), min(255, g + 150), min(255, b + 150))
