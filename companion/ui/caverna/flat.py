"""Caverna on a table: seat colours and shapes, and the seat panels of the flat layout.

Each seat has a colour from the palette (``Palette.seats``); with the colour-safe
palette the seat's mark is drawn as the seat's own shape (:mod:`companion.ui.shapes`),
so the colour is never the only cue.  On a screen lying flat, every player gets a
panel at the table edge nearest them (see :mod:`companion.ui.flat`): the seat's colour
stripe, name and points, a summary of their goods and their own buttons (turning
goods into food, laying the extra cavern down).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg, msg
from companion.games.caverna.queries import GOODS, LIMITS, score
from companion.games.caverna.state import FINISHED, CavernaState
from companion.ui import flat
from companion.ui.caverna.dialogs import ExtraCavernDialog
from companion.ui.caverna.food import convertible
from companion.ui.caverna.parts import CompactButton, CompactLabel, TapButton
from companion.ui.caverna.view import whose_turn
from companion.ui.intents import Intent, ShowDialog
from companion.ui.scene import Context
from companion.ui.seat_card import draw_seat_card, seat_card_look, stripe_width
from companion.ui.shapes import draw_shape, seat_shape
from companion.ui.theme import Colour, Theme, ink_on
from companion.ui.widgets import (
    ButtonStyle,
    Text,
    Widget,
    draw_fitted,
    fit_text,
    render_text,
)

NAME_SHARE = 26
"""Percentage of a seat panel's width given to the name and points."""

PANEL_BUTTON_WIDTH = 96
"""Width of a button on a seat panel at 800x480."""


def mark_ink(fill: Colour) -> Colour:
    """A dark or light outline that stands out against ``fill``."""
    return ink_on(fill, dark=(20, 20, 20), light=(248, 248, 244))


def draw_seat_mark(surface: pygame.Surface, rect: pygame.Rect, seat: int, theme: Theme) -> None:
    """Draw ``seat``'s mark in ``rect``: a square of its colour, its shape when colour-safe."""
    palette = theme.palette
    colour = palette.seat_colour(seat)
    if palette.colour_safe:
        draw_shape(surface, rect, seat_shape(seat), colour, mark_ink(colour))
        return
    pygame.draw.rect(surface, colour, rect, border_radius=theme.px(3))
    pygame.draw.rect(surface, palette.text, rect, 1, border_radius=theme.px(3))


class SeatMark(Widget):
    """A seat's colour mark: a rounded square, or the seat's shape in the colour-safe palette."""

    def __init__(self, rect: pygame.Rect, seat: int) -> None:
        super().__init__(rect)
        self.seat = seat
        """The seat drawn."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the mark in the seat's colour."""
        draw_seat_mark(surface, self.rect, self.seat, theme)


class SeatTab(TapButton):
    """A player's tab: the seat's mark at the left end, the text in the room beside it."""

    def __init__(self, rect: pygame.Rect, seat: int, text: Text,
                 on_tap: Callable[[], list[Intent]], style: ButtonStyle, key: str) -> None:
        super().__init__(rect, text, on_tap, style, "small", key)
        self.seat = seat
        """The seat the tab stands for."""

    def mark_rect(self, theme: Theme) -> pygame.Rect:
        """Where the seat's mark is drawn."""
        side = mark_side(theme)
        return pygame.Rect(self.rect.x + theme.px(8), self.rect.centery - side // 2, side, side)

    def text_rect(self, theme: Theme) -> pygame.Rect:
        """The room for the text, right of the mark."""
        left = self.mark_rect(theme).right + theme.px(4)
        return pygame.Rect(left, self.rect.y + theme.px(3), self.rect.right - theme.px(6) - left,
                           self.rect.height - theme.px(6))

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the box, the outline, the mark and the fitted text."""
        fill, text_colour = self.colours(theme)
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.radius)
        pygame.draw.rect(surface, theme.palette.border, self.rect, theme.border_width,
                         border_radius=theme.radius)
        draw_seat_mark(surface, self.mark_rect(theme), self.seat, theme)
        inner = self.text_rect(theme)
        fitted = fit_text(render_text(self.text, lang), inner.width, inner.height,
                          theme.text_size(self.role), theme.min_text_size(self.role), True)
        self.overflow = fitted.overflow
        draw_fitted(surface, fitted, inner, text_colour, True, "center")


class SeatCard(Widget):
    """The background of a seat panel: fill, the seat's colour stripe, and a frame that
    lights up for the player whose turn it is."""

    def __init__(self, rect: pygame.Rect, seat: int, active: bool) -> None:
        super().__init__(rect)
        self.seat = seat
        """The seat whose panel this is."""
        self.active = active
        """Whether it is this player's turn."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Fill the card, draw the stripe and the frame."""
        look = seat_card_look(theme, theme.palette.seat_colour(self.seat), self.active)
        draw_seat_card(surface, self.rect, look)


def mark_side(theme: Theme) -> int:
    """Side of a seat mark next to a name."""
    return theme.px(16)


def goods_summary(state: CavernaState, seat: int, lang: str) -> str:
    """The player's goods as two short lines, e.g. ``Wood 3 · Stone 1 · Emmer 0``."""
    goods = state.players[seat].goods.as_dict()
    parts = [translate(goods_entry(good, goods.get(good, 0)), lang) for good in GOODS]
    half = (len(parts) + 1) // 2
    return " · ".join(parts[:half]) + "\n" + " · ".join(parts[half:])


def goods_entry(good: str, count: int) -> Msg:
    """One good in the summary; a good at its limit is marked as full."""
    key = "ui_caverna.flat.good_full" if count >= LIMITS[good] else "ui_caverna.flat.good"
    return msg(key, good=f"@caverna.good.{good}", count=count)


def seat_status(state: CavernaState, seat: int) -> Msg:
    """The second line of a seat panel: points, and the turn mark for the active player."""
    points = score(state, seat)
    if state.phase != FINISHED and seat == state.active:
        return msg("ui_caverna.flat.status_turn", points=points,
                   turn=turn_mark(state))
    return msg("ui_caverna.flat.status", points=points)


def turn_mark(state: CavernaState) -> str:
    """The whose-turn message as an ``@``-parameter (start player and double turn kept)."""
    turn = whose_turn(state)
    if turn.key == "ui_caverna.turn.double":
        return "@ui_caverna.flat.double"
    if turn.key == "ui_caverna.turn.start_player":
        return "@ui_caverna.flat.start"
    return "@ui_caverna.flat.turn"


def seat_panel(state: CavernaState, seat: int, area: pygame.Rect, theme: Theme, lang: str,
               convert: Intent) -> list[Widget]:
    """The widgets of ``seat``'s panel, laid out upright in ``area`` (panel coordinates).

    ``convert`` is what the *to food* button does.
    """
    active = state.phase != FINISHED and seat == state.active
    widgets: list[Widget] = [SeatCard(area, seat, active)]
    inner = pygame.Rect(area.x + stripe_width(theme) + theme.px(6), area.y + theme.px(4),
                        area.width - stripe_width(theme) - theme.px(10),
                        area.height - theme.px(8))
    buttons = _panel_buttons(state, seat, inner, theme, convert)
    widgets += buttons
    right = min((button.rect.x for button in buttons), default=inner.right + theme.gap)
    name_w = inner.width * NAME_SHARE // 100
    widgets += _name_block(state, seat, pygame.Rect(inner.x, inner.y, name_w, inner.height),
                           theme)
    goods = pygame.Rect(inner.x + name_w + theme.gap, inner.y,
                        right - theme.gap - inner.x - name_w - theme.gap, inner.height)
    widgets.append(CompactLabel(goods, goods_summary(state, seat, lang), "small"))
    return widgets


def _name_block(state: CavernaState, seat: int, box: pygame.Rect,
                theme: Theme) -> list[Widget]:
    """The seat mark, the player's name and their status line."""
    side = mark_side(theme)
    top = pygame.Rect(box.x, box.y, box.width, box.height // 2)
    mark = pygame.Rect(box.x, top.centery - side // 2, side, side)
    name = pygame.Rect(mark.right + theme.px(6), top.y, box.right - mark.right - theme.px(6),
                       top.height)
    status = pygame.Rect(box.x, top.bottom, box.width, box.bottom - top.bottom)
    active = state.phase != FINISHED and seat == state.active
    return [SeatMark(mark, seat),
            CompactLabel(name, state.config.names[seat], "body", bold=True),
            CompactLabel(status, seat_status(state, seat), "small",
                         theme.palette.accent if active else theme.palette.text_muted,
                         bold=active)]


def _panel_buttons(state: CavernaState, seat: int, inner: pygame.Rect, theme: Theme,
                   convert: Intent) -> list[Widget]:
    """The seat's own buttons at the right end of its panel."""
    if state.phase == FINISHED:
        return []
    width = theme.px(PANEL_BUTTON_WIDTH)
    height = max(inner.height, 48)
    top = inner.centery - height // 2
    convert_rect = pygame.Rect(inner.right - width, top, width, height)
    widgets: list[Widget] = [CompactButton(convert_rect, Msg("ui_caverna.convert.button"),
                                           (convert,), role="small",
                                           key=f"caverna:convert:{seat}",
                                           enabled=bool(convertible(state, seat)))]
    extra = state.players[seat].cave.extra
    if extra is not None and not extra.placed:
        extra_w = theme.px(PANEL_BUTTON_WIDTH + 24)
        rect = pygame.Rect(convert_rect.x - theme.gap - extra_w, top, extra_w, height)
        widgets.insert(0, CompactButton(rect, Msg("ui_caverna.flat.extra"),
                                        (ShowDialog(ExtraCavernDialog(seat)),),
                                        "primary", role="small", key=f"caverna:extra:{seat}"))
    return widgets


def corner_buttons(ctx: Context, corners: tuple[pygame.Rect, ...]) -> list[Widget]:
    """The flat screen's corner buttons, with labels that may shrink back to the normal size
    when a larger text is chosen, as the corners do not grow with it."""
    return flat.corner_buttons(ctx, corners, CompactButton)
