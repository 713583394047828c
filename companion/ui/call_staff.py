"""The "Call staff" button of a café table that reports to the fleet.

It sits in the top bar's free space (left of the bar's first control and of the fault
badge), so it never covers a button and never moves one; its words go on two lines so
the screen's title keeps its room (on the narrowest screens it may cover the title's
end).  After a tap it reads "Staff called" until staff acknowledge on the fleet page; a
second tap then changes nothing.  A configured key calls too.

The button is an input source of the loop (:class:`~companion.ui.sources.InputSource`):
the loop offers it every window event, and it takes the taps on itself and the call key.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

import pygame

from companion.core.messages import Msg
from companion.ui.fault_badge import badge_rect, badge_text, free_bar_span
from companion.ui.fonts import font
from companion.ui.scene import Context
from companion.ui.sources import InputSource, TableInput
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
    rect = pygame.Rect(0, 0, max(theme.touch, width), theme.touch)
    rect.midright = (right - theme.gap, free.centery)
    rect.left = max(rect.left, free.left + theme.gap)
    return rect


def _key(calling: bool) -> str:
    return "fleet.table.called" if calling else "fleet.table.call"


class CallButton(InputSource):
    """The button as the app draws and touches it, over whatever screen is shown."""

    def __init__(self, staff_call: StaffCall, key: str = "") -> None:
        self.staff_call = staff_call
        """The fleet link that carries the call."""
        self.key = key
        """pygame name of a key that calls too (empty: none)."""
        self.rect: pygame.Rect | None = None
        """Where the button was drawn last."""

    def draw(self, surface: pygame.Surface, ctx: Context, widgets: Sequence[Widget],
             faults: Collection[str]) -> None:
        """Draw the button (highlighted while the call waits)."""
        calling = self.staff_call.calling
        self.rect = call_rect(ctx.screen, ctx.theme, ctx.lang, widgets, faults, calling)
        button = Button(self.rect, Msg(_key(calling)), style="selected" if calling else "primary",
                        role="small", key="fleet:call")
        button.draw(surface, ctx.theme, ctx.lang)

    def offer(self, event: pygame.event.Event, now: float) -> list[TableInput] | None:
        """Take a touch on the button or the call key (no table input comes of it)."""
        return [] if self.handle(event) else None

    def handle(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` was for the button (a touch on it, or the call key); calls."""
        if event.type == pygame.KEYDOWN and self.key:
            if pygame.key.name(event.key) != self.key:
                return False
        elif event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or (
                self.rect is None or not self.rect.collidepoint(event.pos)):
            return False
        if event.type != pygame.MOUSEBUTTONDOWN:
            self.staff_call.call_staff()
        return True
