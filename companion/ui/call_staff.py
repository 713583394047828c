"""The "Call staff" button of a café table that reports to the fleet.

It sits in the top bar's free space (left of the bar's first control and of the fault
badge), so it never covers a button and never moves one; it may cover the end of the
screen's title.  After a tap it reads "Staff called" until staff acknowledge on the
fleet page; a second tap then changes nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

import pygame

from companion.core.messages import Msg
from companion.ui.fault_badge import badge_rect, badge_text, free_bar_span
from companion.ui.fonts import font
from companion.ui.theme import Theme
from companion.ui.widgets import Button, Widget, render_text


class StaffCall(Protocol):
    """What the button needs of the fleet link."""

    def call_staff(self) -> None:
        """Ask for staff (never waits)."""
        ...

    @property
    def calling(self) -> bool:
        """Whether a call waits for staff to acknowledge it."""
        ...


def call_rect(screen: pygame.Rect, theme: Theme, lang: str, widgets: Sequence[Widget],
              faults: Collection[str], calling: bool) -> pygame.Rect:
    """Where the button goes: right in the bar's free span, left of any fault badge."""
    free = free_bar_span(widgets, screen, theme)
    right = free.right
    text = badge_text(faults, lang)
    if text:
        right = badge_rect(text, free, theme).left
    label = render_text(Msg(_key(calling)), lang)
    face = font(theme.text_size("small"), True)
    longest = max(face.size(word)[0] for word in label.split())
    width = longest + 2 * theme.pad  # the words on two lines: the title keeps its room
    height = theme.touch
    rect = pygame.Rect(0, 0, max(theme.touch, width), height)
    rect.midright = (right - theme.gap, free.centery)
    rect.left = max(rect.left, free.left + theme.gap)
    return rect


def _key(calling: bool) -> str:
    return "fleet.table.called" if calling else "fleet.table.call"


def draw_call_button(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, lang: str,
                     calling: bool) -> Button:
    """Draw the button (highlighted while the call waits); return it."""
    button = Button(rect, Msg(_key(calling)), style="selected" if calling else "primary",
                    role="small", key="fleet:call")
    button.draw(surface, theme, lang)
    return button
