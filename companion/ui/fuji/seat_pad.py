"""Four seats typing movement totals at once on a flat table, each on its own small pad.

Four full pads of total keys (one key per total the dice can show) do not fit around
an 800x480 screen, so with four players every seat gets a compact digit pad instead:
ten digits, ↶ and ✓ in four columns of three rows, under one line telling whose card
the next total is for and what is typed so far, in the seat's colour.  The panels sit
at the bottom and top edges (upright and turned half round) and the left and right
edges (turned a quarter), around a centre strip holding the button that closes the
entry.

Digits are kept on the screen until ✓ records them, or at once when no further digit
could make a total the dice can show (✓ is then the only key left).  A digit that would
make a total the seat's dice cannot show is greyed and says why, ✓ with nothing typed
says to type first, and a total the rules refuse is told without changing anything.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.fuji import GAME
from companion.games.fuji.queries import condition_of, owed_totals
from companion.games.fuji.state import State
from companion.ui.fuji.colours import player_colour, readable
from companion.ui.fuji.draw import draw_condition
from companion.ui.fuji.panels import TapButton, greyed_button
from companion.ui.fuji.view import asked, counting_dice
from companion.ui.intents import CloseDialog, Intent, Notify, Redraw, Submit, Undo
from companion.ui.scene import Context
from companion.ui.theme import Theme
from companion.ui.widgets import Button, Label, Panel, Widget

HIGHEST_FACE = 6
"""The highest value a die shows: a set of n dice totals at most 6·n."""

DIGITS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")
"""The digit keys in pad order (row by row, four to a row, then ↶ and ✓)."""

PAD_COLUMNS = 4
"""Keys per row of a compact pad."""

PAD_ROWS = 3
"""Rows of a compact pad (ten digits, ↶ and ✓)."""

ERASE_MARK = "↶"
"""The key that takes back the last digit typed (with none typed: the last entry)."""

ENTER_MARK = "✓"
"""The key that records the typed total."""

NOTHING_OWED = Msg("ui_fuji.dice.seat_nothing")
"""What a greyed key says while nothing is owed from that seat."""

TYPE_FIRST = Msg("ui_fuji.dice.seat_type_first")
"""What ✓ says while nothing is typed."""


def missing_totals(state: State, holder: int) -> list[int]:
    """The condition seats whose total the comparisons still need from ``holder``, in
    the order they are asked (see :func:`owed_totals`)."""
    return [seat for other, seat in asked(owed_totals, state) if other == holder]


def totals_done(state: State, holder: int) -> bool:
    """Whether ``holder`` owes no total now and none can be owed later: every own total is
    in, so the comparisons that will need ``holder`` are known."""
    owed = asked(owed_totals, state)
    return not any(other in (holder, seat) for other, seat in owed)


def seat_told(state: State, seat: int) -> Msg:
    """The line atop a seat's pad: which card its next total is for (or why none is)."""
    someone = state.players[seat]
    owed = missing_totals(state, seat)
    if owed and owed[0] == seat:
        return msg("ui_fuji.dice.seat_own", name=someone.name)
    if owed:
        return msg("ui_fuji.dice.seat_total", name=someone.name,
                   card=state.players[owed[0]].name)
    if totals_done(state, seat):
        return msg("ui_fuji.dice.seat_done", name=someone.name)
    return msg("ui_fuji.dice.seat_wait", name=someone.name)


def bonus_told(state: State, seat: int) -> Msg | None:
    """A line saying the app adds the seat's flare and energy bonuses to its own total
    (so the table types the dice alone); ``None`` without a bonus this round."""
    if not 0 <= seat < len(state.players):
        return None
    modifiers = state.players[seat].modifiers
    bonus = modifiers.flare_bonus + modifiers.energy_bonus
    if not bonus:
        return None
    key = "ui_fuji.dice.bonus_both"
    if not modifiers.energy_bonus:
        key = "ui_fuji.dice.bonus_flare"
    elif not modifiers.flare_bonus:
        key = "ui_fuji.dice.bonus_energy"
    return msg(key, bonus=bonus)


def next_card(state: State, seat: int) -> int | None:
    """The condition seat the seat's next typed total is for (``None``: none owed)."""
    owed = missing_totals(state, seat)
    return owed[0] if owed else None


class ConditionGlyph(Widget):
    """A passive drawing of a dice condition."""

    def __init__(self, rect: pygame.Rect, state: State, seat: int) -> None:
        super().__init__(rect)
        self.condition = condition_of(state, seat)
        """The condition of the seat's destination card."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the glyph if the card has a condition."""
        if self.condition is not None:
            draw_condition(surface, self.rect, self.condition, theme.palette.colour_safe)


def pad_depth(theme: Theme) -> int:
    """How deep a compact seat panel is: the line, three rows of keys, margins."""
    return pad_head(theme) + PAD_ROWS * theme.touch + (PAD_ROWS - 1) * pad_gap(theme) \
        + 3 * pad_margin(theme)


def pad_head(theme: Theme) -> int:
    """Height of the line atop a compact pad (its seat-colour rule included)."""
    return theme.px(26)


def pad_gap(theme: Theme) -> int:
    """Gap between the keys of a compact pad."""
    return theme.px(3)


def pad_margin(theme: Theme) -> int:
    """Margin inside a compact pad's panel."""
    return theme.px(2)


def compact_regions(size: tuple[int, int],
                    theme: Theme) -> tuple[list[tuple[pygame.Rect, int]], pygame.Rect]:
    """Each of four seats' panels with its turn (bottom, left, top, right, as the play
    screen seats them), and the centre strip between them."""
    width, height = size
    depth = pad_depth(theme)
    gap = theme.gap
    across = pygame.Rect(depth + gap, 0, width - 2 * (depth + gap), depth)
    rects = [across.move(0, height - depth), pygame.Rect(0, 0, depth, height), across,
             pygame.Rect(width - depth, 0, depth, height)]
    centre = pygame.Rect(across.x, depth + gap, across.width, height - 2 * (depth + gap))
    return list(zip(rects, (0, 270, 180, 90), strict=True)), centre


def most_total(state: State, seat: int) -> int:
    """The highest total the seat's dice can show this round."""
    return HIGHEST_FACE * counting_dice(state, seat)


class SeatTyping:
    """What each seat has typed on its compact pad, and what its keys do."""

    def __init__(self, then: Then | None = None) -> None:
        self.typed: dict[int, str] = {}
        """Digits typed per seat, not recorded yet."""
        self.then = then
        """What follows a complete entry (see :func:`closing`)."""

    def value(self, seat: int) -> str:
        """The digits the seat has typed (empty when none)."""
        return self.typed.get(seat, "")

    def type_digit(self, state: State, seat: int, digit: str,
                   as_dialog: bool) -> list[Intent]:
        """Add one digit to the seat's typed total; once no further digit could make a
        total the dice can show (0, or ten times it is too high), ✓ is the only key left,
        so the total is recorded at once."""
        typed = str(int(self.value(seat) + digit))
        self.typed[seat] = typed
        if typed == "0" or int(typed) * 10 > most_total(state, seat):
            return self.enter(state, seat, as_dialog)
        return [Redraw()]

    def erase(self, seat: int) -> list[Intent]:
        """Take back the last digit typed."""
        self.typed[seat] = self.value(seat)[:-1]
        return [Redraw()]

    def enter(self, state: State, seat: int, as_dialog: bool) -> list[Intent]:
        """Record the typed total as the seat's next owed one; a total the rules refuse
        is told and nothing changes; the dialog closes once nothing is owed."""
        owed = missing_totals(state, seat)
        if not owed:
            return [Notify(NOTHING_OWED, error=True)]
        if not self.value(seat):
            return [Notify(TYPE_FIRST, error=True)]
        total = int(self.value(seat))
        action = {"type": "set_movement_values", "values": {str(seat): {str(owed[0]): total}}}
        try:
            after = GAME.apply(state, action)
        except IllegalActionError as refused:
            return [Notify(refused.message, error=True)]
        self.typed[seat] = ""
        entry: list[Intent] = [Submit(action)]
        if as_dialog and not owed_totals(after):
            entry += closing(after, self.then)
        return entry

    def widgets(self, ctx: Context, state: State, seat: int, area: pygame.Rect,
                as_dialog: bool) -> list[Widget]:
        """One seat's compact panel, built upright in ``area``."""
        theme = ctx.theme
        colour = player_colour(state.players[seat].colour, theme.palette.colour_safe)
        margin = pad_margin(theme)
        head = pygame.Rect(area.x + margin, area.y + margin, area.width - 2 * margin,
                           pad_head(theme))
        shown = self.value(seat) + "_" if missing_totals(state, seat) else ""
        typed_w = theme.px(52)
        chip_w = theme.px(64)
        widgets: list[Widget] = [
            Panel(pygame.Rect(area.x, head.bottom - 3, area.width, 3), colour, border=False),
            Label(pygame.Rect(head.x, head.y, head.width - typed_w - chip_w, head.height - 3),
                  seat_told(state, seat), "small", readable(colour), bold=True),
            Label(pygame.Rect(head.right - typed_w, head.y, typed_w, head.height - 3), shown,
                  "body", readable(colour), align="right", bold=True,
                  key=f"seat{seat}:typed"),
        ]
        card = next_card(state, seat)
        if card is not None:
            chip = pygame.Rect(head.right - typed_w - chip_w, head.y + 2, chip_w - margin,
                               head.height - 7)
            widgets.append(ConditionGlyph(chip, state, card))
        pad = pygame.Rect(head.x, head.bottom + margin, head.width,
                          area.bottom - head.bottom - 2 * margin)
        cells = _cells(pad, pad_gap(theme))
        widgets += [self._digit(state, seat, digit, cell, as_dialog)
                    for digit, cell in zip(DIGITS, cells, strict=False)]
        widgets.append(self._erase_key(seat, cells[len(DIGITS)]))
        widgets.append(self._enter_key(state, seat, cells[len(DIGITS) + 1], as_dialog))
        return widgets

    def _digit(self, state: State, seat: int, digit: str, cell: pygame.Rect,
               as_dialog: bool) -> Widget:
        key = f"seat{seat}:digit:{digit}"
        if not missing_totals(state, seat):
            return greyed_button(cell, digit, NOTHING_OWED, key, "button")
        most = most_total(state, seat)
        if int(self.value(seat) + digit) > most:
            reason = msg("ui_fuji.dice.seat_too_high", name=state.players[seat].name,
                         most=most)
            return greyed_button(cell, digit, reason, key, "button")

        def tap() -> list[Intent]:
            return self.type_digit(state, seat, digit, as_dialog)

        return TapButton(cell, digit, tap, key=key)

    def _erase_key(self, seat: int, cell: pygame.Rect) -> Widget:
        key = f"seat{seat}:erase"
        if self.value(seat):
            return TapButton(cell, ERASE_MARK, lambda: self.erase(seat), key=key)
        return Button(cell, ERASE_MARK, (Undo(),), key=key)

    def _enter_key(self, state: State, seat: int, cell: pygame.Rect,
                   as_dialog: bool) -> Widget:
        key = f"seat{seat}:enter"
        if not missing_totals(state, seat):
            return greyed_button(cell, ENTER_MARK, NOTHING_OWED, key, "button")
        if not self.value(seat):
            return greyed_button(cell, ENTER_MARK, TYPE_FIRST, key, "button")

        def tap() -> list[Intent]:
            return self.enter(state, seat, as_dialog)

        return TapButton(cell, ENTER_MARK, tap, "primary", key=key)


def _cells(pad: pygame.Rect, gap: int) -> list[pygame.Rect]:
    """The twelve keys of a compact pad, four to a row."""
    width = (pad.width - (PAD_COLUMNS - 1) * gap) // PAD_COLUMNS
    height = (pad.height - (PAD_ROWS - 1) * gap) // PAD_ROWS
    return [pygame.Rect(pad.x + column * (width + gap), pad.y + row * (height + gap), width,
                        height) for row in range(PAD_ROWS) for column in range(PAD_COLUMNS)]


Then = Callable[[State], list[Intent]]
"""What the screen that opened the entry does once nothing is owed (given the state)."""


def closing(after: State, then: Then | None = None) -> list[Intent]:
    """The entry is complete: close the dice dialog, then what the screen that opened it
    asks (the play screen starts the resolutions when their order cannot matter)."""
    close: list[Intent] = [CloseDialog()]
    if then is None or owed_totals(after):
        return close
    return [*close, *then(after)]
