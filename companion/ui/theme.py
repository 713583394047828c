"""Colours and sizes of the touch UI, all in one place.

Every size is given for the smallest supported window (800x480) and scaled with
the window, so the same layout works at 1280x800 and full screen.  Touch targets
never shrink below :data:`MIN_TOUCH` pixels.  Colours live only in :class:`Palette`,
so a colour-safe variant is a matter of passing another palette.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Literal

from companion.core.values import Value

Colour = tuple[int, int, int]
"""An RGB colour."""

BASE_SIZE: tuple[int, int] = (800, 480)
"""The smallest supported window; every size below is given for it."""

MIN_TOUCH = 48
"""Smallest side of anything a finger must hit, in pixels."""

TextRole = Literal["small", "body", "button", "heading", "title", "huge"]
"""What a piece of text is for; decides its size."""

_TEXT_SIZES: dict[TextRole, int] = {
    "small": 16,
    "body": 20,
    "button": 21,
    "heading": 24,
    "title": 28,
    "huge": 44,
}

TEXT_SCALES: tuple[float, ...] = (1.0, 1.2, 1.4)
"""The text sizes offered in the settings: normal, large, larger."""


class Palette(Value):
    """The app's colours; dark background, light text, strong accents for a bright room."""

    background: Colour = (16, 20, 27)
    """Behind everything."""
    surface: Colour = (34, 41, 53)
    """Panels, list rows, neutral buttons."""
    surface_high: Colour = (52, 62, 79)
    """A pressed or selected neutral element."""
    border: Colour = (92, 104, 124)
    """Outlines of panels and buttons."""
    text: Colour = (244, 244, 238)
    """Main text."""
    text_muted: Colour = (178, 186, 200)
    """Secondary text (details, dates)."""
    text_disabled: Colour = (122, 130, 145)
    """Text of something that cannot be used now (undone steps, disabled buttons)."""
    primary: Colour = (28, 92, 186)
    """The button to press next."""
    primary_text: Colour = (255, 255, 255)
    """Text on :attr:`primary`."""
    danger: Colour = (176, 36, 36)
    """Destructive buttons (delete)."""
    danger_text: Colour = (255, 255, 255)
    """Text on :attr:`danger`."""
    accent: Colour = (255, 190, 70)
    """Highlights: the current step, the chosen language."""
    accent_text: Colour = (20, 20, 20)
    """Text on :attr:`accent`."""
    toast: Colour = (250, 236, 170)
    """Background of notices and refusals."""
    toast_text: Colour = (25, 25, 25)
    """Text of notices."""
    toast_error: Colour = (255, 205, 200)
    """Background of a refusal."""
    overlay: tuple[int, int, int, int] = (0, 0, 0, 170)
    """Dimming layer behind a dialog (RGBA)."""
    seats: tuple[Colour, ...] = ((220, 60, 60), (60, 140, 230), (70, 180, 90), (235, 200, 60))
    """One colour per seat, in seat order."""
    colour_safe: bool = False
    """Whether this is the colour-blind-safe set, where every meaningful colour also
    comes with a shape or a pattern (seat shapes, dice glyphs, lava hatching)."""

    def seat_colour(self, seat: int) -> Colour:
        """The colour that stands for ``seat`` (seat numbers start at 0)."""
        return self.seats[seat % len(self.seats)]


PALETTE = Palette()
"""The default palette."""

SAFE_SEAT_COLOURS: tuple[Colour, ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (204, 121, 167),
)
"""Orange, sky blue, bluish green, reddish purple (after Okabe and Ito): one per seat."""

SAFE_PALETTE = Palette(
    primary=(0, 114, 178),
    danger=(170, 60, 0),
    accent=(240, 228, 66),
    seats=SAFE_SEAT_COLOURS,
    colour_safe=True,
)
"""The app palette with colour-blind-safe accents and seat colours."""


def palette_for(colour_safe: bool) -> Palette:
    """The colour-safe palette when asked for, else the default one."""
    return SAFE_PALETTE if colour_safe else PALETTE


class Theme(Value):
    """Sizes derived from the window size, plus the palette."""

    width: int
    """Window width in pixels."""
    height: int
    """Window height in pixels."""
    text_scale: float = 1.0
    """Extra text magnification chosen in the settings (1.0 = normal)."""
    palette: Palette = PALETTE
    """The colours."""

    @cached_property
    def scale(self) -> float:
        """How much bigger than 800x480 the window is (the smaller of both ratios)."""
        return max(1.0, min(self.width / BASE_SIZE[0], self.height / BASE_SIZE[1]))

    def px(self, base: float) -> int:
        """Scale a length given for 800x480 to this window."""
        return max(1, round(base * self.scale))

    def text_size(self, role: TextRole) -> int:
        """Font size in pixels for a role, including the chosen text scale."""
        return max(10, round(_TEXT_SIZES[role] * self.scale * self.text_scale))

    def min_text_size(self, role: TextRole) -> int:
        """The smallest size text of ``role`` may shrink to before it wraps or overflows."""
        return max(11, round(self.text_size(role) * 0.62))

    @property
    def touch(self) -> int:
        """Preferred side of a touch target (never below :data:`MIN_TOUCH`)."""
        return max(MIN_TOUCH, self.px(54))

    @property
    def gap(self) -> int:
        """Space between neighbouring widgets."""
        return self.px(8)

    @property
    def pad(self) -> int:
        """Inner padding of panels and buttons."""
        return self.px(10)

    @property
    def radius(self) -> int:
        """Corner radius of buttons and panels."""
        return self.px(10)

    @property
    def bar_height(self) -> int:
        """Height of the game bar at the top of every game screen."""
        return self.touch + 2 * self.px(4)

    @property
    def border_width(self) -> int:
        """Width of outlines."""
        return max(2, self.px(2))


def theme_for(size: tuple[int, int], text_scale: float = 1.0, colour_safe: bool = False) -> Theme:
    """Return the theme for a window of ``size`` with the chosen text scale and palette."""
    return _theme(size[0], size[1], text_scale, colour_safe)


@lru_cache(maxsize=16)
def _theme(width: int, height: int, text_scale: float, colour_safe: bool) -> Theme:
    """One shared theme per window size, text scale and palette (themes are immutable)."""
    return Theme(width, height, text_scale, palette_for(colour_safe))


def relative_luminance(colour: Colour) -> float:
    """The WCAG relative luminance of an sRGB colour (0 = black, 1 = white)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: Colour, second: Colour) -> float:
    """The WCAG contrast ratio between two colours (1 to 21)."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


DARK_INK: Colour = (20, 20, 20)
"""Text on light fills."""
LIGHT_INK: Colour = (245, 245, 245)
"""Text on dark fills."""


def ink_on(fill: Colour, dark: Colour = DARK_INK, light: Colour = LIGHT_INK) -> Colour:
    """``dark`` or ``light``, whichever contrasts more with ``fill`` (the one contrast rule)."""
    return dark if contrast_ratio(dark, fill) >= contrast_ratio(light, fill) else light
