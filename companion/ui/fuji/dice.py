"""Dice entry for phase 5: one tap per die, or movement totals typed directly.

Per die: three colour columns of value buttons 1-6; each tap enters that die at once
(``enter_die``), so a half-entered set is kept by the game and the bar's undo takes back
one die.  When a set is complete the next player in seat order is selected.  Tapping an
entered die takes it out again (``remove_die``); leaving with a set half entered asks
first.  Totals: one tap on a number records the total that matters next
(``set_movement_values``); only totals the player's dice can show are offered.  Every
player's own total is asked first, then only the neighbours' totals that can still change
a comparison: once a player is beaten (or shows 0), the rest of that card is not asked.
Beside either, a table shows each player's total under their own destination's
condition, their neighbours' totals, who moves, the lead and the stamina loss.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.queries import (
    condition_of,
    dice_value,
    movement_values,
    neighbours,
    owed_totals,
    own_bonus,
    quick_value,
)
from companion.games.fuji.state import OPEN_DICE_SEAT, State
from companion.ui.dialogs import choose
from companion.ui.flat import TurnedPanel, flat_places, seat_angle, upright_size
from companion.ui.fuji.colours import character_shape, player_colour, readable
from companion.ui.fuji.dialogs import card_question
from companion.ui.fuji.dice_entry import (
    DIE_COLOURS,
    DIE_VALUES,
    ENTRY_MODE_KEY,
    DiceDraft,
    draft_from_dice,
    enter_die_action,
)
from companion.ui.fuji.draw import draw_die
from companion.ui.fuji.panels import TapButton, chosen_style, greyed_button
from companion.ui.fuji.seat_pad import (
    ConditionGlyph,
    SeatTyping,
    Then,
    bonus_told,
    closing,
    compact_regions,
    next_card,
    seat_told,
)
from companion.ui.fuji.seat_pad import missing_totals as _missing_totals
from companion.ui.fuji.seat_pad import totals_done as _totals_done
from companion.ui.fuji.view import (
    asked,
    counting_dice,
    dice_capacity,
    dice_holders,
    entered_dice,
    holder_name,
    partial_dice,
    table_state,
)
from companion.ui.intents import (
    Back,
    CloseDialog,
    Intent,
    Notify,
    Redraw,
    ShowDialog,
    Submit,
    Undo,
)
from companion.ui.scene import Context, GameScene
from companion.ui.shapes import SHAPE_GLYPHS
from companion.ui.theme import Theme
from companion.ui.widgets import Button, Label, Option, Panel, Widget

HIGHEST_FACE = 6
"""The highest value a die shows: a set of n dice totals at most 6·n."""

ENTRIES: frozenset[str] = frozenset({"enter_die", "set_dice", "set_movement_values"})
"""The actions that enter dice or totals (the last one tells how the table enters)."""


class DieButton(Widget):
    """A touch target drawn as a die face; a tap runs the scene's function."""

    interactive = True

    def __init__(self, rect: pygame.Rect, colour: str, value: int,
                 on_tap: Callable[[], list[Intent]], key: str) -> None:
        super().__init__(rect, key)
        self.colour = colour
        """Face colour."""
        self.value = value
        """Face value."""
        self.on_tap = on_tap
        """What a tap does."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the face (a little smaller while pressed)."""
        rect = self.rect.inflate(-4, -4) if self.pressed else self.rect
        draw_die(surface, rect, self.colour, self.value, theme.palette.colour_safe)

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Run the scene's function."""
        return self.on_tap()


class EmptySlot(Widget):
    """A dashed box for a die not entered yet."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the outline."""
        pygame.draw.rect(surface, theme.palette.border, self.rect, 2,
                         border_radius=max(3, self.rect.width // 6))


def pad_cells(pad: pygame.Rect, rows: int, gap: int) -> list[pygame.Rect]:
    """The keys of a three-column pad filling ``pad``, row by row."""
    width = (pad.width - 2 * gap) // 3
    height = (pad.height - (rows - 1) * gap) // rows
    return [pygame.Rect(pad.x + column * (width + gap), pad.y + row * (height + gap), width,
                        height) for row in range(rows) for column in range(3)]


class DiceScene(GameScene):
    """Enter the dice (or totals) of every player after the screens come off."""

    needs_session = True

    def __init__(self, seat: int | None = None, as_dialog: bool = False,
                 then: Then | None = None) -> None:
        super().__init__()
        self.holder = seat
        """The dice set being entered (a seat, or the open set of variant A)."""
        self.as_dialog = as_dialog
        """Opened over the play screen (closing returns to it)."""
        self.then = then
        """What the play screen does once the entry is complete (see :func:`closing`)."""
        self.quick: bool | None = None
        """Totals mode instead of one tap per die (``None``: as the table last chose, else
        typed totals, the rules' own figures)."""
        self.seat_typing = SeatTyping(then)
        """Four seats on a flat table: the digits each seat has typed on its own pad."""
        self.typing: int | None = None
        """Totals mode: the condition seat whose total a tap records (``None``: the first
        one still missing)."""

    # ---------------------------------------------------------------- state
    def current(self, state: State) -> int:
        """The holder being entered: the chosen one, else the first in seat order still open.

        A holder with dice half entered comes first, then seat order.
        """
        holders = dice_holders(state)
        if self.holder in holders:
            return self.holder
        if self.quick:
            owed = asked(owed_totals, state)
            return owed[0][0] if owed else holders[0]
        for holder in holders:
            if partial_dice(state, holder):
                return holder
        for holder in holders:
            if entered_dice(state, holder) is None:
                return holder
        return holders[0]

    def settle_mode(self, session: Session, journal: Journal | None = None) -> None:
        """Pick the entry mode when the screen opens: the way the table entered last
        in this game (read from the journal, so it holds across restarts), else the way
        the set-up chose (kept in ``journal``'s settings), else typed totals.

        The rules compare only totals; entering each die is the app adding them up
        under each card's condition for the table, at one tap per die.
        """
        if self.quick is not None:
            return
        last = next((action.get("type") for action in reversed(session.actions())
                     if action.get("type") in ENTRIES), None)
        kept = None if journal is None else journal.get_setting(ENTRY_MODE_KEY)
        if last is not None:
            self.quick = last == "set_movement_values"
        else:
            self.quick = kept != "dice"

    def typing_seat(self, state: State, holder: int) -> int:
        """The condition seat the next tapped total is recorded under."""
        seats = _conditions_for(state, holder)
        if self.typing in seats:
            return self.typing
        missing = _missing_totals(state, holder)
        return missing[0] if missing else (seats[0] if seats else 0)

    def draft(self, state: State, holder: int) -> DiceDraft:
        """The holder's dice so far, read from the game (complete or half entered)."""
        capacity = dice_capacity(state, holder)
        dice = entered_dice(state, holder)
        return draft_from_dice(holder, capacity, dice if dice is not None
                               else partial_dice(state, holder))

    # ---------------------------------------------------------------- taps
    def choose(self, holder: int) -> list[Intent]:
        """Switch to another holder's dice."""
        self.holder = holder
        self.typing = None
        return [Redraw()]

    def tap_die(self, state: State, holder: int, colour: str, value: int) -> list[Intent]:
        """Enter one die; once the set is complete, go on to the next holder in seat order
    (after the last set, close as :func:`closing` does)."""
        draft = self.draft(state, holder)
        if draft.full:
            return [Redraw()]
        action = enter_die_action(holder, colour, value)
        entry: list[Intent] = [Submit(action)]
        if len(draft.dice) + 1 >= draft.capacity:
            self.holder = self._next_holder(state, holder)
            if self.as_dialog and self.holder == holder:
                entry += _closing_after(state, action, self.then)
        return entry

    def _next_holder(self, state: State, holder: int) -> int:
        holders = list(dice_holders(state))
        later = holders[holders.index(holder) + 1:] + holders[: holders.index(holder)]
        for other in later:
            if entered_dice(state, other) is None:
                return other
        return holder

    def remove_die(self, state: State, holder: int, index: int) -> list[Intent]:
        """Take one die out of the entry."""
        self.holder = holder
        return [Submit({"type": "remove_die", "player": holder, "index": index})]

    def clear(self, state: State, holder: int) -> list[Intent]:
        """Take every die of the entry out, last first."""
        count = len(self.draft(state, holder).dice)
        self.holder = holder
        return [Submit({"type": "remove_die", "player": holder}) for _ in range(count)]

    def done(self, state: State) -> list[Intent]:
        """Leave the screen; a half-entered set asks first (its dice stay entered)."""
        close: Intent = CloseDialog() if self.as_dialog else Back()
        short = [holder for holder in dice_holders(state) if partial_dice(state, holder)]
        if not short:
            return [close]
        holder = short[0]
        draft = self.draft(state, holder)
        title = msg("ui_fuji.dice.short_title", name=_plain(holder_name(state, holder)),
                    entered=len(draft.dice), count=draft.capacity)
        stay: Intent = ShowDialog(self) if self.as_dialog else Redraw()
        return [choose(title, [
            Option(Msg("ui_fuji.dice.short_continue"), (stay,), "primary"),
            Option(Msg("ui_fuji.dice.short_leave"), (close,)),
        ], cancellable=False)]

    def toggle_mode(self) -> list[Intent]:
        """Switch between per-die entry and totals (the next round opens the way the
        table entered last; the next game as the set-up's choice keeps it)."""
        self.quick = not self.quick
        return [Redraw()]

    def pick_total(self, condition_seat: int) -> list[Intent]:
        """Choose which total the next tapped number records."""
        self.typing = condition_seat
        return [Redraw()]

    def tap_total(self, state: State, holder: int, total: int) -> list[Intent]:
        """Record one total, then go on to the next total the comparisons still need
        (every own total first, then only the neighbours' totals that can still matter);
        the dialog closes when none is left."""
        seat = self.typing_seat(state, holder)
        action = {"type": "set_movement_values", "values": {str(holder): {str(seat): total}}}
        entry: list[Intent] = [Submit(action)]
        self.typing = None
        self.holder = None
        try:
            after = GAME.apply(state, action)
        except IllegalActionError:
            self.holder = holder
            return entry
        if self.as_dialog and not owed_totals(after):
            entry += closing(after, self.then)
        return entry

    # ---------------------------------------------------------------- build
    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """The entry, turned on a flat table to face the seat whose dice are entered."""
        self.settle_mode(session, ctx.journal)
        state: State = table_state(session.state)
        holder = self.current(state)
        seat = holder if holder != OPEN_DICE_SEAT else 0
        angle = seat_angle(ctx, seat, len(state.players))
        if angle % 180:
            angle = 0  # a side seat's panel is too narrow for the pad: it stays upright
        if angle % 360 == 0:
            return self._entry(ctx, session, state, holder)
        turned = replace(ctx, size=upright_size(ctx.screen, angle))
        return [TurnedPanel(ctx.screen, angle, self._entry(turned, session, state, holder),
                            "dice:panel")]

    def build_flat(self, ctx: Context, session: Session) -> list[Widget]:
        """Lying flat with totals typed: every seat types its own totals on its own panel,
        turned to face it (a key per total for two or three players, a digit pad for
        four); otherwise the entry faces one seat."""
        self.settle_mode(session, ctx.journal)
        state: State = table_state(session.state)
        if not self.quick or state.open_dice is not None:
            return self.build_upright(ctx, session)
        regions = seat_regions(ctx.size, len(state.players), ctx.theme.gap)
        if regions is None:
            return self._compact_flat(ctx, state)
        widgets: list[Widget] = [Panel(pygame.Rect(0, 0, *ctx.size),
                                       ctx.theme.palette.background, border=False)]
        for someone, (rect, angle) in zip(state.players, regions, strict=True):
            local = pygame.Rect(0, 0, *upright_size(rect, angle))
            content = self._seat_totals(ctx, state, someone.seat, local)
            widgets.append(TurnedPanel(rect, angle, content, f"dice:seat:{someone.seat}"))
        return widgets

    def _compact_flat(self, ctx: Context, state: State) -> list[Widget]:
        """Four seats: a digit pad per seat at each edge, turned to face it, around a
        centre strip with the button that closes the entry."""
        regions, centre = compact_regions(ctx.size, ctx.theme)
        widgets: list[Widget] = [Panel(pygame.Rect(0, 0, *ctx.size),
                                       ctx.theme.palette.background, border=False)]
        for someone, (rect, angle) in zip(state.players, regions, strict=False):
            local = pygame.Rect(0, 0, *upright_size(rect, angle))
            content = self.seat_typing.widgets(ctx, state, someone.seat, local,
                                               self.as_dialog)
            widgets.append(TurnedPanel(rect, angle, content, f"dice:seat:{someone.seat}"))
        close: Intent = CloseDialog() if self.as_dialog else Back()
        width = min(centre.width, max(ctx.theme.touch, ctx.theme.px(200)))
        done = pygame.Rect(0, 0, width, ctx.theme.touch)
        done.center = centre.center
        widgets.append(Button(done, Msg("ui_fuji.common.done"), (close,), "primary",
                              key="dice:done"))
        return widgets

    def _seat_totals(self, ctx: Context, state: State, seat: int,
                     area: pygame.Rect) -> list[Widget]:
        """One seat's panel: which card its next total is for, and a number per total its
        dice can show; undo (↶) and done (✓) in the pad's spare keys."""
        theme = ctx.theme
        someone = state.players[seat]
        colour = player_colour(someone.colour, theme.palette.colour_safe)
        head = pygame.Rect(area.x + SEAT_MARGIN, area.y, area.width - 2 * SEAT_MARGIN,
                           SEAT_HEAD)
        widgets: list[Widget] = [Panel(pygame.Rect(area.x, head.bottom - 3, area.width, 3),
                                       colour, border=False)]
        owed = _missing_totals(state, seat)
        chip = pygame.Rect(head.right - theme.px(72), head.y + 1, theme.px(72), head.height - 5)
        told = pygame.Rect(head.x, head.y, head.width - chip.width - SEAT_GAP, head.height)
        if bonus_told(state, seat) is not None:
            told.width -= theme.px(190)
            widgets.append(Label(pygame.Rect(told.right, head.y, theme.px(190), head.height - 4),
                                 msg("ui_fuji.dice.bonus_short", bonus=own_bonus(state, seat)),
                                 "small", theme.palette.text, bold=True, key=f"seat{seat}:bonus"))
        widgets.append(Label(told.inflate(0, -3).move(0, -1), seat_told(state, seat), "small",
                             readable(colour), bold=True))
        card = next_card(state, seat)
        if card is not None:
            widgets.append(ConditionGlyph(chip, state, card))
        pad = pygame.Rect(area.x + SEAT_MARGIN, head.bottom + SEAT_MARGIN,
                          area.width - 2 * SEAT_MARGIN,
                          area.bottom - head.bottom - 2 * SEAT_MARGIN)
        count = HIGHEST_FACE * counting_dice(state, seat) + 1
        cells = grid_cells(pad, count + 2, SEAT_GAP)
        for total in range(count):
            def tap(value: int = total) -> list[Intent]:
                return self.tap_seat_total(state, seat, value)

            key = f"seat{seat}:num:{total}"
            widgets.append(TapButton(cells[total], str(total), tap, key=key) if owed else
                           greyed_button(cells[total], str(total), NOTHING_OWED, key, "button"))
        close: Intent = CloseDialog() if self.as_dialog else Back()
        widgets.append(Button(cells[count], UNDO_MARK, (Undo(),), key=f"seat{seat}:undo"))
        widgets.append(Button(cells[count + 1], DONE_MARK, (close,), "primary",
                              key=f"seat{seat}:done"))
        return widgets

    def tap_seat_total(self, state: State, seat: int, total: int) -> list[Intent]:
        """A seat's own panel: record its next owed total; close once none is owed."""
        owed = _missing_totals(state, seat)
        if not owed:
            return [Notify(NOTHING_OWED, error=True)]
        action = {"type": "set_movement_values", "values": {str(seat): {str(owed[0]): total}}}
        entry: list[Intent] = [Submit(action)]
        try:
            after = GAME.apply(state, action)
        except IllegalActionError:
            return entry
        if self.as_dialog and not owed_totals(after):
            entry += closing(after, self.then)
        return entry

    def _entry(self, ctx: Context, session: Session, state: State,
               holder: int) -> list[Widget]:
        """Header, holder tabs, the entry pad, and the summary table (upright)."""
        theme = ctx.theme
        widgets = self._header(ctx, session, state, holder)
        top = theme.bar_height + theme.gap
        tabs = pygame.Rect(theme.gap, top, ctx.size[0] - 2 * theme.gap, theme.touch)
        widgets += self._tabs(ctx, state, tabs, holder)
        body_top = tabs.bottom + theme.gap
        body = pygame.Rect(theme.gap, body_top, tabs.width, ctx.size[1] - body_top - theme.gap)
        share = 36 if self.quick else 29  # typed totals: room for each card's condition
        pad_w = max(3 * theme.touch + 2 * theme.gap, body.width * share // 100)
        pad = pygame.Rect(body.x, body.y, pad_w, body.height)
        right = pygame.Rect(pad.right + theme.gap, body.y, body.right - pad.right - theme.gap,
                            body.height)
        if self.quick:
            widgets += self._totals(ctx, state, pad, holder)
            widgets += self._numbers(ctx, state, right, holder)
        else:
            widgets += self._colour_pad(ctx, state, pad, holder)
            row = pygame.Rect(right.x, right.y, right.width, theme.touch)
            widgets += self._draft_row(ctx, state, row, holder)
            right = pygame.Rect(right.x, row.bottom + theme.gap, right.width,
                                right.bottom - row.bottom - theme.gap)
            widgets += self._summary(ctx, state, right)
        return widgets

    def _header(self, ctx: Context, session: Session, state: State,
                holder: int) -> list[Widget]:
        theme = ctx.theme
        bar = pygame.Rect(0, 0, ctx.size[0], theme.bar_height)
        widgets: list[Widget] = [Panel(bar, theme.palette.surface, border=False)]
        width = max(theme.touch, theme.px(120))
        y = (bar.height - theme.touch) // 2
        done = pygame.Rect(bar.right - theme.gap - width, y, width, theme.touch)
        mode = done.move(-(width + theme.gap), 0)
        undo = mode.move(-(width + theme.gap), 0)
        widgets.append(TapButton(done, Msg("ui_fuji.common.done"), lambda: self.done(state),
                                 "primary", key="dice:done"))
        mode_text = Msg("ui_fuji.dice.mode_totals" if not self.quick else "ui_fuji.dice.mode_dice")
        widgets.append(TapButton(mode, mode_text, self.toggle_mode, role="small",
                                 key="dice:mode"))
        widgets.append(Button(undo, Msg("ui.bar.undo"), (Undo(),), role="small",
                              key="dice:undo"))
        title = msg("ui_fuji.dice.title", name=_plain(holder_name(state, holder)))
        if holder == OPEN_DICE_SEAT:
            title = Msg("ui_fuji.dice.title_open")
        widgets.append(Label(pygame.Rect(theme.pad, 0, undo.x - 2 * theme.pad, bar.height),
                             title, "heading", bold=True))
        return widgets

    def _tabs(self, ctx: Context, state: State, row: pygame.Rect, holder: int) -> list[Widget]:
        theme = ctx.theme
        holders = dice_holders(state)
        width = (row.width - (len(holders) - 1) * theme.gap) // len(holders)
        widgets: list[Widget] = []
        for index, other in enumerate(holders):
            rect = pygame.Rect(row.x + index * (width + theme.gap), row.y, width, row.height)
            entered = entered_dice(state, other) is not None or bool(
                self.quick and _conditions_for(state, other) and _totals_done(state, other))
            name = holder_name(state, other)
            text: Msg | str = msg("ui_fuji.dice.tab_done", name=_plain(name)) if entered else name
            style = chosen_style(other == holder)

            def tap(chosen: int = other) -> list[Intent]:
                return self.choose(chosen)

            widgets.append(TapButton(rect, text, tap, style, role="small",
                                     key=f"dice:tab:{other}"))
        return widgets

    def _colour_pad(self, ctx: Context, state: State, pad: pygame.Rect,
                    holder: int) -> list[Widget]:
        cells = pad_cells(pad, len(DIE_VALUES), ctx.theme.px(6))
        widgets: list[Widget] = []
        for column, colour in enumerate(DIE_COLOURS):
            for row, value in enumerate(DIE_VALUES):
                rect = cells[row * 3 + column]

                def tap(c: str = colour, v: int = value) -> list[Intent]:
                    return self.tap_die(state, holder, c, v)

                widgets.append(DieButton(rect, colour, value, tap, key=f"die:{colour}:{value}"))
        return widgets

    def _draft_row(self, ctx: Context, state: State, row: pygame.Rect,
                   holder: int) -> list[Widget]:
        theme = ctx.theme
        draft = self.draft(state, holder)
        clear_w = max(theme.touch, theme.px(110))
        size = row.height
        slots = max(draft.capacity, len(draft.dice))
        step = min(size + theme.px(4), (row.width - clear_w - theme.gap) // max(1, slots))
        widgets: list[Widget] = []
        for index in range(slots):
            rect = pygame.Rect(row.x + index * step, row.y, min(size, step - 2), size)
            if index < len(draft.dice):
                colour, value = draft.dice[index]

                def tap(i: int = index) -> list[Intent]:
                    return self.remove_die(state, holder, i)

                widgets.append(DieButton(rect, colour, value, tap, key=f"draft:{index}"))
            else:
                widgets.append(EmptySlot(rect))
        count_x = row.x + slots * step + theme.gap
        clear = pygame.Rect(row.right - clear_w, row.y, clear_w, row.height)
        if clear.x - count_x > theme.px(60):
            counted = f"{len(draft.dice)}/{draft.capacity} · Σ{draft.total()}"
            widgets.append(Label(pygame.Rect(count_x, row.y, clear.x - count_x - theme.gap,
                                             row.height), counted, "body", align="center",
                                 bold=True))
        widgets.append(TapButton(clear, Msg("ui_fuji.dice.clear"),
                                 lambda: self.clear(state, holder), role="small",
                                 key="dice:clear"))
        return widgets

    def _summary(self, ctx: Context, state: State, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = [Panel(area)]
        inner = area.inflate(-2 * theme.px(6), -2 * theme.px(6))
        rows = len(state.players) + 1
        height = min(theme.px(56), inner.height // rows)
        columns = _columns(inner)
        heads = ("ui_fuji.dice.col_player", "ui_fuji.dice.col_card", "ui_fuji.dice.col_own",
                 "ui_fuji.dice.col_others", "ui_fuji.dice.col_result")
        for (x, width), key in zip(columns, heads, strict=True):
            widgets.append(Label(pygame.Rect(x, inner.y, width, height), Msg(key), "small",
                                 theme.palette.text_muted, align="center"))
        for index, someone in enumerate(state.players):
            y = inner.y + (index + 1) * height
            widgets += self._summary_row(ctx, state, someone.seat, columns, y, height)
        return widgets

    def _summary_row(self, ctx: Context, state: State, seat: int,
                     columns: list[tuple[int, int]], y: int, height: int) -> list[Widget]:
        theme = ctx.theme
        preview = asked(movement_values, state, seat)
        cells = [pygame.Rect(x, y, width, height - 2) for x, width in columns]
        widgets: list[Widget] = [
            Label(cells[0], state.players[seat].name, "small",
                  readable(player_colour(state.players[seat].colour,
                                         theme.palette.colour_safe)), bold=True),
            _card_cell(state, seat, cells[1], theme),
            Label(cells[2], _number(preview.own_value), "body", align="center", bold=True),
        ]
        widgets += _neighbour_values(state, cells[3], preview.neighbour_values,
                                     theme.palette.colour_safe)
        widgets.append(Label(cells[4], _verdict(state, seat), "small", _verdict_colour(
            preview.allowed, theme), align="center"))
        return widgets

    def _numbers(self, ctx: Context, state: State, area: pygame.Rect,
                 holder: int) -> list[Widget]:
        """One button per total the holder's dice can show (0 to 6 per die)."""
        theme = ctx.theme
        count = HIGHEST_FACE * counting_dice(state, holder) + 1
        gap = theme.px(6)
        rows = max(1, min(count, (area.height + gap) // (theme.touch + gap)))
        columns = -(-count // rows)
        rows = -(-count // columns)
        width = (area.width - (columns - 1) * gap) // columns
        height = (area.height - (rows - 1) * gap) // rows
        widgets: list[Widget] = []
        for total in range(count):
            row, column = divmod(total, columns)
            rect = pygame.Rect(area.x + column * (width + gap), area.y + row * (height + gap),
                               width, height)

            def tap(value: int = total) -> list[Intent]:
                return self.tap_total(state, holder, value)

            widgets.append(TapButton(rect, str(total), tap, key=f"num:{total}"))
        return widgets

    def _totals(self, ctx: Context, state: State, area: pygame.Rect,
                holder: int) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = [Panel(area)]
        inner = area.inflate(-2 * theme.px(6), -2 * theme.px(6))
        seats = _conditions_for(state, holder)
        bonus = bonus_told(state, holder)
        lines = len(seats) + 1 + (bonus is not None)
        height = max(theme.touch, min(theme.px(64), inner.height // lines))
        widgets.append(Label(pygame.Rect(inner.x, inner.y, inner.width, height),
                             Msg("ui_fuji.dice.totals_help"), "small", theme.palette.text_muted))
        if bonus is not None:
            line = pygame.Rect(inner.x, inner.y + (len(seats) + 1) * height, inner.width,
                               height)
            widgets.append(Label(line, bonus, "small", theme.palette.text, bold=True,
                                 key="dice:bonus"))
        chip = max(theme.touch, theme.px(84))
        typing_seat = self.typing_seat(state, holder)
        for index, seat in enumerate(seats):
            y = inner.y + (index + 1) * height
            card = pygame.Rect(inner.right - chip, y, chip, height - theme.px(4))
            if condition_of(state, seat) is not None:  # low, so its colour chips stay large
                card = card.inflate(0, theme.px(34) - card.height)
            widgets.append(_card_cell(state, seat, card, theme))
            known = quick_value(state, holder, seat)
            shown = _number(known)
            if seat == typing_seat and known is None:
                shown = "_"
            key = "ui_fuji.dice.total_under"
            if known is None and seat != typing_seat and _settled(state, holder, seat):
                key = "ui_fuji.dice.total_not_needed"
            text = msg(key, name=state.players[seat].name, total=shown)
            style = chosen_style(seat == typing_seat)

            def tap(s: int = seat) -> list[Intent]:
                return self.pick_total(s)

            line = pygame.Rect(inner.x, y, inner.width - chip - theme.px(4), height - theme.px(4))
            widgets.append(TapButton(line, text, tap, style, role="body", key=f"total:{seat}"))
        return widgets


SEAT_HEAD = 20
"""Height of the line atop a seat's totals panel (which card the next total is for),
its seat-colour rule included."""

NOTHING_OWED = Msg("ui_fuji.dice.seat_nothing")
"""What a greyed key of a seat's totals pad says: nothing is owed from that seat now."""

UNDO_MARK = "↶"
"""A seat pad's undo key (a word does not fit a number key in every language)."""

DONE_MARK = "✓"
"""A seat pad's key that closes the entry."""

SEAT_GAP = 3
"""Gap between the keys of a seat's totals pad."""

SEAT_MARGIN = 2
"""Margin inside a seat's totals panel."""

SIDE_SHARE = 348
"""Thousandths of the width a side seat's panel takes when three seats type at once: at
800x480 both the side pad (five rows) and the others (ten columns for six dice) keep
48 px keys."""


def seat_regions(size: tuple[int, int], seats: int,
                 gap: int) -> list[tuple[pygame.Rect, int]] | None:
    """Where each seat's totals panel goes on a flat table, and its turn (2 or 3 seats:
    across from each other, the third at the left edge, as the play screen seats them);
    ``None`` when the seats cannot each have a pad of full-size keys (4 seats)."""
    width, height = size
    places = flat_places(seats)
    half = (height - gap) // 2
    if seats == 2:
        rects = [pygame.Rect(0, half + gap, width, height - half - gap),
                 pygame.Rect(0, 0, width, half)]
    elif seats == 3:
        side = width * SIDE_SHARE // 1000
        rest = pygame.Rect(side + gap, 0, width - side - gap, height)
        rects = [pygame.Rect(rest.x, half + gap, rest.width, height - half - gap),
                 pygame.Rect(0, 0, side, height),
                 pygame.Rect(rest.x, 0, rest.width, half)]
    else:
        return None
    return [(rect, place.angle) for rect, place in zip(rects, places, strict=True)]


def grid_cells(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``count`` keys filling ``area`` row by row, as square as the area allows."""
    best = (0, 1, 1)
    for rows in range(1, count + 1):
        columns = -(-count // rows)
        width = (area.width - (columns - 1) * gap) // columns
        height = (area.height - (rows - 1) * gap) // rows
        side = min(width, height)
        if side > best[0]:
            best = (side, rows, columns)
    _, rows, columns = best
    width = (area.width - (columns - 1) * gap) // columns
    height = (area.height - (rows - 1) * gap) // rows
    return [pygame.Rect(area.x + column * (width + gap), area.y + row * (height + gap), width,
                        height) for row in range(rows) for column in range(columns)][:count]


def _card_cell(state: State, seat: int, cell: pygame.Rect, theme: Theme) -> Widget:
    """The condition the seat's dice are compared under; while the table has not named
    that card (it dealt the map), a button that asks which printed card it is."""
    if condition_of(state, seat) is not None:
        return ConditionGlyph(cell.inflate(-theme.px(4), -cell.height // 3), state, seat)
    someone = state.players[seat]
    target = someone.destination if someone.destination is not None else someone.position
    return Button(cell, "?", (card_question(state, seat, target),), "selected", role="body",
                  key=f"dice:card:{seat}")


def _neighbour_values(state: State, cell: pygame.Rect,
                      values: tuple[tuple[int, int | None], ...],
                      safe: bool = False) -> list[Widget]:
    """Each neighbour's total in that neighbour's colour, side by side.

    With ``safe`` each total also carries its character's shape.
    """
    if not values:
        return []
    width = cell.width // len(values)
    widgets: list[Widget] = []
    for index, (holder, value) in enumerate(values):
        colour = (235, 235, 235)
        text = _number(value)
        if holder != OPEN_DICE_SEAT:
            name = state.players[holder].colour
            colour = readable(player_colour(name, safe))
            if safe:
                text = f"{SHAPE_GLYPHS[character_shape(name)]}{text}"
        widgets.append(Label(pygame.Rect(cell.x + index * width, cell.y, width, cell.height),
                             text, "body", colour, align="center", bold=True))
    return widgets


def _closing_after(state: State, action: dict[str, object],
                   then: Then | None) -> list[Intent]:
    """Close the entry after its last die (see :func:`closing`)."""
    try:
        after = GAME.apply(state, action)
    except IllegalActionError:
        return [CloseDialog()]
    return closing(after, then)


def _plain(name: Msg | str) -> str:
    """A holder name usable as a message parameter (the open set is a key)."""
    return name if isinstance(name, str) else "@" + name.key


def _number(value: int | None) -> str:
    return "–" if value is None else str(value)


def _columns(inner: pygame.Rect) -> list[tuple[int, int]]:
    shares = (24, 20, 14, 18, 24)
    columns: list[tuple[int, int]] = []
    x = inner.x
    for share in shares:
        width = inner.width * share // 100
        columns.append((x, width - 4))
        x += width
    return columns


def _verdict(state: State, seat: int) -> Msg:
    """Who moves, with lead and stamina loss, once all totals are known."""
    preview = asked(movement_values, state, seat)
    if preview.allowed is None or preview.stamina_loss is None:
        return Msg("ui_fuji.dice.waiting")
    key = "ui_fuji.dice.moves" if preview.allowed else "ui_fuji.dice.blocked"
    return msg(key, lead=preview.lead or 0, loss=preview.stamina_loss)


def _verdict_colour(allowed: bool | None, theme: Theme) -> tuple[int, int, int]:
    if allowed is None:
        return theme.palette.text_muted
    return (120, 230, 140) if allowed else (255, 140, 120)


def _settled(state: State, holder: int, seat: int) -> bool:
    """Whether ``seat``'s comparison is decided without ``holder``'s total (it is not asked)."""
    if dice_value(state, seat, seat) is None or dice_value(state, holder, seat) is not None:
        return False
    return holder not in asked(movement_values, state, seat).missing


def _conditions_for(state: State, holder: int) -> list[int]:
    """The seats whose destination condition ``holder``'s total is needed for."""
    return [
        someone.seat
        for someone in state.players
        if someone.seat not in state.resolved
        and (someone.seat == holder or holder in neighbours(state, someone.seat))
    ]
