"""Language buttons with a small flag drawn from rectangles and lines, and the name.

The flags are simple geometric drawings (no image files): Poland, France and Spain
as stripes, and for English a plain cross design.  The language's own name is
always written next to the flag, so the button never depends on the picture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.core.i18n import LANGUAGE_NAMES
from companion.ui.intents import Intent
from companion.ui.theme import Colour, Theme
from companion.ui.widgets import Button, ButtonStyle, draw_fitted, fit_text

WHITE: Colour = (255, 255, 255)
RED: Colour = (212, 33, 61)
NAVY: Colour = (1, 33, 105)
FRENCH_BLUE: Colour = (0, 35, 149)
FRENCH_RED: Colour = (237, 41, 57)
SPANISH_RED: Colour = (170, 21, 27)
SPANISH_YELLOW: Colour = (241, 191, 0)
BLANK: Colour = (128, 128, 128)


def draw_flag(surface: pygame.Surface, lang: str, rect: pygame.Rect) -> None:
    """Draw the flag standing for ``lang`` into ``rect`` with a thin dark frame.

    A language without a flag in :data:`FLAGS` gets a plain grey field (its name is
    written beside it anyway), never another language's flag;
    ``tests/ui/kiosk/test_flags.py`` holds that every language has its own."""
    FLAGS.get(lang, _draw_blank)(surface, rect)
    pygame.draw.rect(surface, (20, 20, 20), rect, 1)


def _draw_polish(surface: pygame.Surface, rect: pygame.Rect) -> None:
    top = pygame.Rect(rect.x, rect.y, rect.width, rect.height // 2)
    pygame.draw.rect(surface, WHITE, top)
    pygame.draw.rect(surface, RED, (rect.x, top.bottom, rect.width, rect.bottom - top.bottom))


def _draw_french(surface: pygame.Surface, rect: pygame.Rect) -> None:
    third = rect.width // 3
    for n, colour in enumerate((FRENCH_BLUE, WHITE, FRENCH_RED)):
        right = rect.right if n == 2 else rect.x + (n + 1) * third
        pygame.draw.rect(surface, colour, (rect.x + n * third, rect.y,
                                           right - rect.x - n * third, rect.height))


def _draw_spanish(surface: pygame.Surface, rect: pygame.Rect) -> None:
    quarter = rect.height // 4
    pygame.draw.rect(surface, SPANISH_RED, rect)
    pygame.draw.rect(surface, SPANISH_YELLOW, (rect.x, rect.y + quarter, rect.width,
                                               rect.height - 2 * quarter))


def _draw_blank(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, BLANK, rect)


def _draw_crosses(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, NAVY, rect)
    thick = max(2, rect.height // 5)
    pygame.draw.line(surface, WHITE, rect.topleft, rect.bottomright, thick)
    pygame.draw.line(surface, WHITE, rect.bottomleft, rect.topright, thick)
    pygame.draw.line(surface, RED, rect.topleft, rect.bottomright, max(1, thick // 3))
    pygame.draw.line(surface, RED, rect.bottomleft, rect.topright, max(1, thick // 3))
    pygame.draw.rect(surface, WHITE, (rect.centerx - thick, rect.y, 2 * thick, rect.height))
    pygame.draw.rect(surface, WHITE, (rect.x, rect.centery - thick, rect.width, 2 * thick))
    half = max(1, thick * 2 // 3)
    pygame.draw.rect(surface, RED, (rect.centerx - half, rect.y, 2 * half, rect.height))
    pygame.draw.rect(surface, RED, (rect.x, rect.centery - half, rect.width, 2 * half))


FlagDrawer = Callable[[pygame.Surface, pygame.Rect], None]
"""Draws one flag into a rectangle."""

FLAGS: dict[str, FlagDrawer] = {
    "en": _draw_crosses,
    "pl": _draw_polish,
    "fr": _draw_french,
    "es": _draw_spanish,
}
"""The flag of every language, by language code (a new language adds its own here)."""


class FlagButton(Button):
    """A language button: the flag on the left, the language's own name beside it."""

    def __init__(
        self, rect: pygame.Rect, lang: str, intents: Sequence[Intent], chosen: bool,
        key: str = "",
    ) -> None:
        style: ButtonStyle = "selected" if chosen else "normal"
        super().__init__(rect, LANGUAGE_NAMES[lang], intents, style, role="small",
                         key=key or f"flag:{lang}")
        self.lang = lang
        """The language the button switches to."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the box, the flag and the fitted name."""
        text_colour = self.draw_frame(surface, theme)
        inner = self.rect.inflate(-theme.pad, -theme.pad)
        flag_height = min(inner.height - theme.px(12), theme.px(22))
        flag = pygame.Rect(inner.x, 0, flag_height * 3 // 2, flag_height)
        flag.centery = inner.centery
        draw_flag(surface, self.lang, flag)
        text_box = pygame.Rect(flag.right + theme.gap // 2, inner.y,
                               inner.right - flag.right - theme.gap // 2, inner.height)
        fitted = fit_text(str(self.text), text_box.width, text_box.height,
                          theme.text_size(self.role), theme.min_text_size(self.role), True)
        self.overflow = fitted.overflow
        draw_fitted(surface, fitted, text_box, text_colour, True, "center")
