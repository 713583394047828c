"""A lasting badge in the top bar while a table input the settings switch on is lost.

A toast says once that the button box went away; the badge stays as long as it is
gone, readable from across the room: a red pill with a warning mark and the name of
what is lost.  It sits in the top bar's free space, just left of the bar's first
control, so it never covers a button; it may cover the end of the screen's title.

The app draws it after the screen; it knows nothing of the hardware, only the names
of the lost sources (``serial``, ``gpio``) the wiring hands it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from companion.core.messages import Msg
from companion.ui.fonts import font
from companion.ui.theme import Theme
from companion.ui.widgets import Widget, draw_fitted, fit_text, render_text

FAULT_KEYS: dict[str, str] = {"serial": "hardware.fault.serial", "gpio": "hardware.fault.gpio",
                              "serial_version": "hardware.fault.serial_version"}
"""Catalogue key of the short name shown for each lost source."""

MARK = "!"
"""Drawn in the badge's round warning sign."""


def free_bar_span(widgets: Sequence[Widget], screen: pygame.Rect,
                  theme: Theme) -> pygame.Rect:
    """The part of the top bar left of its first control (the whole bar if it has none)."""
    bar = pygame.Rect(screen.x, screen.y, screen.width, theme.bar_height)
    right = bar.right
    for widget in widgets:
        if widget.interactive and widget.rect.colliderect(bar) and widget.rect.width < bar.width:
            right = min(right, widget.rect.left)
    return pygame.Rect(bar.x, bar.y, max(0, right - bar.x), bar.height)


def badge_text(faults: Collection[str], lang: str) -> str:
    """The badge's words: each lost source's short name, in a fixed order."""
    names = [render_text(Msg(FAULT_KEYS[source]), lang) for source in sorted(faults)
             if source in FAULT_KEYS]
    return " · ".join(names)


def badge_rect(text: str, free: pygame.Rect, theme: Theme) -> pygame.Rect:
    """Where the badge goes: right-aligned in ``free``, as wide as its text needs."""
    height = max(theme.px(28), min(theme.px(34), free.height - 2 * theme.px(8)))
    words = font(theme.text_size("small"), True).size(text)[0]
    width = min(free.width - theme.gap, height + words + 2 * theme.pad)
    rect = pygame.Rect(0, 0, max(height, width), height)
    rect.midright = (free.right - theme.gap, free.centery)
    return rect


class FaultBadge(Widget):
    """The red pill naming what is lost; drawn, never touched."""

    def __init__(self, rect: pygame.Rect, text: str) -> None:
        super().__init__(rect, "fault")
        self.text = text
        """The words shown (already translated)."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the pill, the warning sign and the words."""
        palette = theme.palette
        radius = self.rect.height // 2
        pygame.draw.rect(surface, palette.danger, self.rect, border_radius=radius)
        pygame.draw.rect(surface, palette.danger_text, self.rect, theme.border_width,
                         border_radius=radius)
        sign = pygame.Rect(self.rect.x + theme.px(4), self.rect.y + theme.px(4),
                           self.rect.height - theme.px(8), self.rect.height - theme.px(8))
        pygame.draw.ellipse(surface, palette.danger_text, sign)
        mark = fit_text(MARK, sign.width, sign.height, theme.text_size("body"),
                        theme.min_text_size("small"), True, wrap=False)
        draw_fitted(surface, mark, sign, palette.danger, True, "center")
        words = pygame.Rect(sign.right + theme.px(6), self.rect.y,
                            self.rect.right - sign.right - theme.px(6) - radius // 2,
                            self.rect.height)
        fitted = fit_text(self.text, words.width, words.height, theme.text_size("small"),
                          theme.min_text_size("small"), True, wrap=False)
        self.overflow = fitted.overflow
        draw_fitted(surface, fitted, words, palette.danger_text, True, "left")


def draw_fault_badge(surface: pygame.Surface, screen: pygame.Rect, theme: Theme, lang: str,
                     widgets: Sequence[Widget], faults: Collection[str]) -> FaultBadge | None:
    """Draw the badge for ``faults`` (nothing when empty); return it."""
    text = badge_text(faults, lang)
    if not text:
        return None
    free = free_bar_span(widgets, screen, theme)
    if free.width < theme.bar_height:
        free = pygame.Rect(screen.x, screen.y, theme.bar_height * 3, theme.bar_height)
    badge = FaultBadge(badge_rect(text, free, theme), text)
    badge.draw(surface, theme, lang)
    return badge
