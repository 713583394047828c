"""A lasting badge in the top bar while a table input the settings switch on is lost.

A toast says once that the button box went away; the badge stays as long as it is
gone, readable from across the room: a red pill with a warning mark and the name of
what is lost.  It sits in the top bar's free space, just left of the bar's first
control and right of where the screen's title text ends, so it covers neither a
button nor the title.  The game bar keeps room for it while a fault lasts
(:func:`reserved_width`); where a screen's title leaves too little room for the
words, the badge shrinks to its warning sign alone.

The app draws it after the screen; it knows nothing of the hardware, only the names
of the lost sources (``serial``, ``gpio``) the wiring hands it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from companion.core.messages import Msg
from companion.ui.fonts import font
from companion.ui.theme import Theme
from companion.ui.widgets import Label, Text, Widget, draw_fitted, fit_text, render_text

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


def badge_height(free: pygame.Rect, theme: Theme) -> int:
    """The pill's height in a bar span of ``free``'s height."""
    return max(theme.px(28), min(theme.px(34), free.height - 2 * theme.px(8)))


def full_width(text: str, height: int, theme: Theme) -> int:
    """How wide the pill is with its words at the small text size."""
    return height + font(theme.text_size("small"), True).size(text)[0] + 2 * theme.pad


def badge_rect(text: str, free: pygame.Rect, theme: Theme) -> pygame.Rect:
    """Where the badge goes: right-aligned in ``free``, as wide as its text needs
    (narrower where ``free`` is, down to its warning sign alone)."""
    height = badge_height(free, theme)
    width = min(free.width - theme.gap, full_width(text, height, theme))
    rect = pygame.Rect(0, 0, max(height, width), height)
    rect.midright = (free.right - theme.gap, free.centery)
    return rect


def reserved_width(faults: Collection[str], lang: str, theme: Theme, title_width: int,
                   title_needs: int) -> int:
    """Room a bar keeps right of its title while ``faults`` last (0 without faults).

    The badge's full width when the title, ``title_needs`` pixels wide on one line,
    still fits beside it; else only the warning sign's, so the title keeps its room.
    """
    text = badge_text(faults, lang)
    if not text:
        return 0
    height = max(theme.px(28), min(theme.px(34), theme.bar_height - 2 * theme.px(8)))
    full = full_width(text, height, theme) + theme.gap
    return full if title_needs + full <= title_width else height + theme.gap


def title_room(box: pygame.Rect, title: Text, faults: Collection[str], lang: str,
               theme: Theme) -> pygame.Rect:
    """A bar's title box, narrowed to keep the badge's room while ``faults`` last."""
    if not faults:
        return box
    needs = font(theme.text_size("heading"), True).size(render_text(title, lang))[0]
    room = box.copy()
    room.width -= reserved_width(faults, lang, theme, box.width, needs)
    return room


def title_end(widgets: Sequence[Widget], bar: pygame.Rect, theme: Theme, lang: str) -> int:
    """The right end of the text the bar's labels draw (the bar's left edge if none)."""
    end = bar.left
    for widget in widgets:
        if not isinstance(widget, Label) or not widget.rect.colliderect(bar):
            continue
        fitted = widget.fitted(theme, lang)
        face = font(fitted.size, widget.bold)
        width = max((face.size(line)[0] for line in fitted.lines), default=0)
        if widget.align == "left":
            end = max(end, widget.rect.left + width)
        elif widget.align == "right":
            end = max(end, widget.rect.right)
        else:
            end = max(end, widget.rect.centerx + (width + 1) // 2)
    return end


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
        if words.width <= 0:
            return  # the sign alone: the toast said what is lost
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
    start = min(title_end(widgets, free, theme, lang) + theme.gap,
                free.right - badge_height(free, theme) - theme.gap)
    free = pygame.Rect(start, free.y, free.right - start, free.height)
    rect = badge_rect(text, free, theme)
    if fit_text(text, rect.width - rect.height - theme.pad, rect.height,
                theme.text_size("small"), theme.min_text_size("small"), True,
                wrap=False).overflow:
        rect = pygame.Rect(0, 0, rect.height, rect.height)  # the sign alone
        rect.midright = (free.right - theme.gap, free.centery)
    badge = FaultBadge(rect, text)
    badge.draw(surface, theme, lang)
    return badge
