"""Small Fuji widgets: the player card, the stamina track, wound slots and energy bars.

They draw from plain values taken from the state; the player card is a touch target
that selects the player (the scene passes what selecting means).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.games.fuji.model import StaminaTrack, Wounds, WoundSlot
from companion.ui.fonts import rendered
from companion.ui.fuji.colours import ERUPTION_RED, TOKEN_GOLD, ink_on, player_colour
from companion.ui.intents import Intent
from companion.ui.theme import TextRole, Theme
from companion.ui.widgets import Button, ButtonStyle, Text, Widget

WOUND_GLYPHS: dict[WoundSlot, str] = {
    WoundSlot.LEG: "L",
    WoundSlot.ARM: "A",
    WoundSlot.AMNESIA: "?",
    WoundSlot.EYE: "E",
}
"""A one-character mark drawn in each wound slot box (the full names are on buttons)."""


class PlayerCard(Widget):
    """The background of one player's panel: colour stripe, selection ring, touch target."""

    interactive = True

    def __init__(
        self, rect: pygame.Rect, colour: str, selected: bool, waiting: bool,
        on_tap: Callable[[], list[Intent]], key: str,
    ) -> None:
        super().__init__(rect, key)
        self.colour = colour
        """The character colour."""
        self.selected = selected
        """Whether this is the selected player."""
        self.waiting = waiting
        """Whether the table waits for this player (drawn as a brighter frame)."""
        self.on_tap = on_tap
        """What tapping the card does."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Fill the panel, draw the colour stripe and the frame."""
        palette = theme.palette
        fill = palette.surface_high if self.selected else palette.surface
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.radius)
        stripe = pygame.Rect(self.rect.x, self.rect.y, theme.px(10), self.rect.height)
        pygame.draw.rect(surface, player_colour(self.colour), stripe,
                         border_top_left_radius=theme.radius,
                         border_bottom_left_radius=theme.radius)
        pygame.draw.line(surface, palette.text, stripe.topright, stripe.bottomright, 1)
        frame = palette.accent if self.selected else palette.border
        width = theme.border_width + (1 if self.selected else 0)
        pygame.draw.rect(surface, frame, self.rect, width, border_radius=theme.radius)
        if self.waiting and not self.selected:
            dot = (self.rect.right - theme.px(8), self.rect.y + theme.px(8))
            pygame.draw.circle(surface, palette.accent, dot, theme.px(4))

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Select the player."""
        return self.on_tap()


class StaminaBar(Widget):
    """The stamina track: wound spaces as red ticks, the marker as a disc."""

    def __init__(self, rect: pygame.Rect, lost: int, track: StaminaTrack, colour: str) -> None:
        super().__init__(rect)
        self.lost = lost
        """Steps the marker has moved."""
        self.track = track
        """Track length and wound spaces."""
        self.colour = colour
        """The character colour of the marker."""

    def _x(self, step: int) -> int:
        usable = self.rect.width - self.rect.height
        return self.rect.x + self.rect.height // 2 + usable * step // max(1, self.track.length)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the bar, its ticks, the part used up and the marker."""
        palette = theme.palette
        mid = self.rect.centery
        thickness = max(4, self.rect.height // 3)
        bar = pygame.Rect(self._x(0), mid - thickness // 2, self._x(self.track.length)
                          - self._x(0), thickness)
        pygame.draw.rect(surface, palette.background, bar, border_radius=thickness // 2)
        used = pygame.Rect(bar.x, bar.y, self._x(self.lost) - bar.x, thickness)
        pygame.draw.rect(surface, TOKEN_GOLD, used, border_radius=thickness // 2)
        pygame.draw.rect(surface, palette.border, bar, 1, border_radius=thickness // 2)
        for space in self.track.wound_spaces:
            x = self._x(space)
            pygame.draw.line(surface, ERUPTION_RED, (x, self.rect.y + 3),
                             (x, self.rect.bottom - 3), max(2, theme.px(2)))
        end = self._x(self.track.length)
        pygame.draw.line(surface, palette.text, (end, self.rect.y), (end, self.rect.bottom), 2)
        fill = player_colour(self.colour)
        centre = (self._x(self.lost), mid)
        radius = max(4, self.rect.height // 3)
        pygame.draw.circle(surface, fill, centre, radius)
        pygame.draw.circle(surface, ink_on(fill) if fill != (28, 28, 30) else palette.text,
                           centre, radius, 2)


class WoundBoxes(Widget):
    """Four small boxes, filled red where a wound token lies."""

    def __init__(self, rect: pygame.Rect, wounds: Wounds) -> None:
        super().__init__(rect)
        self.wounds = wounds
        """Which slots are covered."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the four slots in printed order."""
        palette = theme.palette
        side = min(self.rect.height, (self.rect.width - 3 * 2) // 4)
        size = max(9, side * 2 // 3)
        for index, slot in enumerate(WoundSlot):
            box = pygame.Rect(self.rect.x + index * (side + 2), self.rect.centery - side // 2,
                              side, side)
            covered = self.wounds.covered(slot)
            fill = ERUPTION_RED if covered else palette.background
            pygame.draw.rect(surface, fill, box, border_radius=3)
            pygame.draw.rect(surface, palette.border, box, 1, border_radius=3)
            colour = palette.text if covered else palette.text_disabled
            image = rendered(WOUND_GLYPHS[slot], size, True, colour)
            surface.blit(image, image.get_rect(center=box.center))


class Pips(Widget):
    """A row of small filled or empty bars (energy, equipment cards)."""

    def __init__(self, rect: pygame.Rect, filled: int, total: int, colour: tuple[int, int, int],
                 ) -> None:
        super().__init__(rect)
        self.filled = filled
        """How many are held."""
        self.total = total
        """How many places to draw."""
        self.colour = colour
        """Fill colour of a held one."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the bars left to right."""
        if self.total <= 0:
            return
        width = max(4, min(self.rect.height // 2, (self.rect.width - 2 * self.total)
                           // self.total))
        for index in range(self.total):
            box = pygame.Rect(self.rect.x + index * (width + 2), self.rect.y + 2, width,
                              self.rect.height - 4)
            fill = self.colour if index < self.filled else theme.palette.background
            pygame.draw.rect(surface, fill, box, border_radius=2)
            pygame.draw.rect(surface, theme.palette.border, box, 1, border_radius=2)


class TapButton(Button):
    """A button whose tap runs a scene function (for view changes such as selecting)."""

    def __init__(
        self, rect: pygame.Rect, text: Text, on_tap: Callable[[], list[Intent]],
        style: ButtonStyle = "normal", role: TextRole = "button", key: str = "",
    ) -> None:
        super().__init__(rect, text, (), style, True, role, key)
        self.on_tap = on_tap
        """What a tap does."""

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Run the scene function and return its intents."""
        return self.on_tap()


def chosen_style(chosen: bool) -> ButtonStyle:
    """The look of an option: highlighted when chosen."""
    return "selected" if chosen else "normal"
