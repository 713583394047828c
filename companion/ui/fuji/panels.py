"""Small Fuji widgets: the player card, the stamina track, wound slots and energy bars.

They draw from plain values taken from the state; the player card is a touch target
that selects the player (the scene passes what selecting means).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg
from companion.core.values import Value
from companion.games.fuji.state import StaminaTrack, Wounds, WoundSlot
from companion.ui.fonts import rendered
from companion.ui.fuji.colours import ERUPTION_RED, TOKEN_GOLD, character_shape, player_colour
from companion.ui.intents import Intent, Notify
from companion.ui.seat_card import draw_seat_card, seat_card_look
from companion.ui.shapes import Shape, draw_shape_inside
from companion.ui.theme import Colour, TextRole, Theme, ink_on
from companion.ui.widgets import ButtonStyle, TapTarget, Widget, draw_kept
from companion.ui.widgets import TapButton as TapButton


def wound_letters(lang: str) -> tuple[str, ...]:
    """The one-character mark drawn in each wound slot box, in printed order, in the
    language of the table's own cards (Polish: Noga, Ręka, Amnezja, Oko give N R A O);
    the full names are on the buttons."""
    return tuple(translate(f"ui_fuji.wound.letter.{slot.value}", lang) for slot in WoundSlot)


class PlayerCard(TapTarget):
    """The background of one player's panel: colour stripe, selection ring, touch target."""

    def __init__(
        self, rect: pygame.Rect, colour: str, selected: bool, waiting: bool,
        on_tap: Callable[[], list[Intent]], key: str,
    ) -> None:
        super().__init__(rect, on_tap, key)
        self.colour = colour
        """The character colour."""
        self.selected = selected
        """Whether this is the selected player."""
        self.waiting = waiting
        """Whether the table waits for this player (drawn as a brighter frame)."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Fill the panel, draw the colour stripe and the frame."""
        palette = theme.palette
        safe = palette.colour_safe
        look = seat_card_look(
            theme, player_colour(self.colour, safe), self.selected, line=palette.text,
            dot=palette.accent if self.waiting and not self.selected else None,
            shape=character_shape(self.colour) if safe else None,
        )
        draw_seat_card(surface, self.rect, look)


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

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the bar, its ticks, the part used up and the marker."""
        palette = theme.palette
        safe = palette.colour_safe
        look = _TrackLook(self.lost, self.track.length, tuple(self.track.wound_spaces),
                          player_colour(self.colour, safe), palette.background, palette.border,
                          palette.text, max(2, theme.px(2)),
                          character_shape(self.colour) if safe else None)
        draw_kept(surface, self.rect, _paint_track, look)


class _TrackLook(Value):
    """What decides the pixels of a stamina track."""

    lost: int
    length: int
    wound_spaces: tuple[int, ...]
    marker: Colour
    background: Colour
    border: Colour
    text: Colour
    tick_width: int
    shape: Shape | None = None


def _paint_track(surface: pygame.Surface, rect: pygame.Rect, look: _TrackLook) -> None:
    """Draw a stamina track: bar, part used up, wound ticks, end line and marker."""

    def x_of(step: int) -> int:
        usable = rect.width - rect.height
        return rect.x + rect.height // 2 + usable * step // max(1, look.length)

    mid = rect.centery
    thickness = max(4, rect.height // 3)
    bar = pygame.Rect(x_of(0), mid - thickness // 2, x_of(look.length) - x_of(0), thickness)
    pygame.draw.rect(surface, look.background, bar, border_radius=thickness // 2)
    used = pygame.Rect(bar.x, bar.y, x_of(look.lost) - bar.x, thickness)
    pygame.draw.rect(surface, TOKEN_GOLD, used, border_radius=thickness // 2)
    pygame.draw.rect(surface, look.border, bar, 1, border_radius=thickness // 2)
    for space in look.wound_spaces:
        x = x_of(space)
        pygame.draw.line(surface, ERUPTION_RED, (x, rect.y + 3), (x, rect.bottom - 3),
                         look.tick_width)
    end = x_of(look.length)
    pygame.draw.line(surface, look.text, (end, rect.y), (end, rect.bottom - 1), 2)
    centre = (x_of(look.lost), mid)
    radius = max(4, rect.height // 3)
    ring = ink_on(look.marker) if look.marker != (28, 28, 30) else look.text
    if look.shape is not None:
        mark = pygame.Rect(0, 0, 2 * radius + 2, 2 * radius + 2)
        mark.center = centre
        draw_shape_inside(surface, rect, mark, look.shape, look.marker, ring)
        return
    pygame.draw.circle(surface, look.marker, centre, radius)
    pygame.draw.circle(surface, ring, centre, radius, 2)


class WoundBoxes(Widget):
    """Four small boxes, filled red where a wound token lies."""

    def __init__(self, rect: pygame.Rect, wounds: Wounds) -> None:
        super().__init__(rect)
        self.wounds = wounds
        """Which slots are covered."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the four slots in printed order."""
        palette = theme.palette
        covered = tuple(self.wounds.covered(slot) for slot in WoundSlot)
        look = _WoundLook(covered, palette.background, palette.border, palette.text,
                          palette.text_disabled, wound_letters(lang))
        draw_kept(surface, self.rect, _paint_wounds, look)


class _WoundLook(Value):
    """What decides the pixels of the wound slots."""

    covered: tuple[bool, ...]
    background: Colour
    border: Colour
    text: Colour
    text_disabled: Colour
    letters: tuple[str, ...]


def _paint_wounds(surface: pygame.Surface, rect: pygame.Rect, look: _WoundLook) -> None:
    """Draw the four wound slots, red where covered, each with its letter."""
    side = min(rect.height, (rect.width - 3 * 2) // 4)
    size = max(9, side * 2 // 3)
    for index, (letter, covered) in enumerate(zip(look.letters, look.covered, strict=True)):
        box = pygame.Rect(rect.x + index * (side + 2), rect.centery - side // 2, side, side)
        pygame.draw.rect(surface, ERUPTION_RED if covered else look.background, box,
                         border_radius=3)
        pygame.draw.rect(surface, look.border, box, 1, border_radius=3)
        colour = look.text if covered else look.text_disabled
        image = rendered(letter, size, True, colour)
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




def chosen_style(chosen: bool) -> ButtonStyle:
    """The look of an option: highlighted when chosen."""
    return "selected" if chosen else "normal"


def greyed_button(rect: pygame.Rect, text: Msg | str, reason: Msg, key: str,
                  role: TextRole = "small") -> Widget:
    """A button for a step the rules would refuse now: drawn quiet, a tap says why."""

    def tell() -> list[Intent]:
        return [Notify(reason, error=True)]

    button = GreyedButton(rect, text, tell, role=role, key=key)
    button.refusal = reason
    return button


class GreyedButton(TapButton):
    """A button drawn greyed whose tap still answers (with the reason it is refused)."""

    refusal: Msg | None = None
    """Why the step is refused now (what a tap says)."""

    def colours(self, theme: Theme) -> tuple[Any, Any]:
        """The disabled look, though it stays tappable."""
        return theme.palette.background, theme.palette.text_disabled
