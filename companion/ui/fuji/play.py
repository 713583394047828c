"""The Fuji play screen: the map on the left, the table's bookkeeping on the right.

Right column, top to bottom: the phase reminder, one card per player (name, skill,
stamina track, wounds, rerolls, cards, energy and the one button that player needs
now), what the table must do physically, and the advance button.  Tapping a player's
card selects them; tapping a lit card on the map moves their destination marker.
Pending choices (wound slot, card drawn, path) open pickers; the game-over result
replaces the player cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.game import next_in_ring, order_free
from companion.games.fuji.queries import (
    eruption_tokens_on,
    movement_values,
    path_choice_needed,
    reroll_allowance_sure,
    reroll_symbol_unknown,
    route_choices,
)
from companion.games.fuji.state import (
    Instruction,
    PendingKind,
    Phase,
    Player,
    Position,
    State,
)
from companion.ui.bar import game_bar
from companion.ui.dialogs import ChoiceDialog
from companion.ui.flat import TurnedPanel, corner_buttons, flat_depths, flat_layout, upright_rect
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.colours import TOKEN_GOLD
from companion.ui.fuji.dialogs import CardPickerDialog, CardZoomDialog, card_question
from companion.ui.fuji.panels import GreyedButton as GreyedButton
from companion.ui.fuji.panels import (
    Pips,
    PlayerCard,
    StaminaBar,
    TapButton,
    WoundBoxes,
    greyed_button,
)
from companion.ui.fuji.told import instruction_lines, moment_instructions
from companion.ui.fuji.view import (
    advance_refusal,
    asked,
    board_picture,
    default_seat,
    flip_cells,
    phase_five_over,
    planning_state,
    screen_title,
    table_state,
    waiting_seats,
)
from companion.ui.instructions import InstructionList, InstructionRows
from companion.ui.intents import (
    GoHome,
    Intent,
    Navigate,
    Notify,
    PressButton,
    Redraw,
    ShowDialog,
    Submit,
    show_made,
)
from companion.ui.scene import Context, GameScene, Scene
from companion.ui.theme import MIN_TOUCH, Theme
from companion.ui.widgets import Button, Label, Option, Panel, Widget, fit_text

REMINDER_GROWTH_STEPS = 3
"""How many times the reminder box may grow for large text before it is cut."""

FLAT_COLUMN_MIN = 200
"""Narrowest shared column beside the map on a flat screen (at 800x480)."""

HAND_LINE_MIN = 20
"""Smallest line (at 800x480) on which a player card lists the cards in hand."""

MAX_ENERGY = 3
"""Energy bars a Gatherer can hold (drawn as three places)."""

STAMINA_NUMBER_WIDTH = 24
"""Width (at 800x480) of the stamina number beside each player's track."""

LONG_LIST = 3
"""Lines of the moment past which the player cards shrink to give the list more room."""

LIST_ROOM = 190
"""Room (at 800x480) left below the player cards for a long instruction list."""

OVER_HEIGHT = 240
"""Height (at 800x480) of the result box at the game's end (the last instructions below)."""
"""Energy bars a Gatherer can hold (drawn as three places)."""

NAME_SHARE = 50
"""Percent of a player card's text width given to the name and skill (the rest: stats)."""

SMALL_PRINT = 14
"""Least height (at 800x480) of the wound boxes and of the rerolls and cards text."""


def split_body(body: pygame.Rect, theme: Theme) -> tuple[pygame.Rect, pygame.Rect]:
    """Cut the body into the map (a square as tall as the body) and the side column."""
    side = min(body.height, body.width * 52 // 100)
    left = pygame.Rect(body.x, body.y, side, body.height)
    right = pygame.Rect(left.right + theme.gap, body.y, body.right - left.right - theme.gap,
                        body.height)
    return left, right


class FujiPlayScene(GameScene):
    """The play screen of a Fuji game (see the module documentation)."""

    needs_session = True

    def __init__(self) -> None:
        super().__init__()
        self.selected: int | None = None
        """The player chosen by tapping their card."""
        self.selected_when: tuple[int, Phase] | None = None
        """The round and phase the choice was made in: it lapses when they change."""
        self.told_list = InstructionList()
        """What the table must do now, the page shown and what it has seen."""

    # ---------------------------------------------------------------- session
    def seat(self, state: State) -> int:
        """The selected player, or the first one the table waits for."""
        if self.selected_when != (state.round, state.phase):
            self.selected = None
        if self.selected is not None and self.selected < len(state.players):
            return self.selected
        return default_seat(table_state(state))

    def told(self, session: Session) -> tuple[Instruction, ...]:
        """What the table must do now: every instruction since the table moved on (see
        :mod:`companion.ui.fuji.told`); handed to the shared list."""
        told = moment_instructions(session)
        self.told_list.show(instruction_lines(told))
        return told

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """What the table reads without tapping, as drawn last: the phase reminder, the
        instruction list and every other text box; a notice ("End of …") keeps clear of
        them where the screen leaves room."""
        return [pygame.Rect(w.rect) for w in self.widgets
                if isinstance(w, Label | Panel | InstructionRows)]

    def select(self, seat: int, state: State) -> list[Intent]:
        """Select the player at ``seat`` for the moment ``state`` is in (a view change
        only; the choice lapses when the round or phase changes)."""
        self.selected = seat
        self.selected_when = (state.round, state.phase)
        return [Redraw()]

    # ---------------------------------------------------------------- build
    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """Bar, map and side column for the current state."""
        state: State = session.state
        self.told(session)
        seat = self.seat(state)
        bar, body = game_bar(ctx, screen_title(state))
        theme = ctx.theme
        map_area, side = split_body(body, theme)
        board = BoardView(map_area, board_picture(state, seat), self._cell_tap(seat, state))
        return [*bar, board, *self._side(ctx, state, side, seat)]

    # ---------------------------------------------------------------- flat table
    def build_flat(self, ctx: Context, session: Session) -> list[Widget]:
        """The screen lying mid-table: a turned panel per seat, map and shared column inside."""
        state: State = session.state
        self.told(session)
        seat = self.seat(state)
        theme = ctx.theme
        layout = flat_layout(ctx.size, len(state.players), flat_depths(theme), theme.gap)
        centre = layout.centre
        board = state.board
        map_w = min(centre.width - theme.px(FLAT_COLUMN_MIN) - theme.gap,
                    centre.height * board.cols // max(1, board.rows))
        if state.outcome is not None:
            map_w = min(map_w, centre.width // 2)
        map_area = pygame.Rect(centre.x, centre.y, map_w, centre.height)
        column = pygame.Rect(map_area.right + theme.gap, centre.y,
                             centre.right - map_area.right - theme.gap, centre.height)
        widgets: list[Widget] = [
            BoardView(map_area, board_picture(state, seat), self._cell_tap(seat, state)),
            *self._flat_column(ctx, state, column, seat),
            *corner_buttons(ctx, layout.corners),
        ]
        waiting = waiting_seats(table_state(state))
        for someone, rect, place in zip(state.players, layout.panels, layout.places,
                                        strict=False):
            content = self._player_card(ctx, state, someone, upright_rect(rect, place.angle),
                                        someone.seat == seat, someone.seat in waiting)
            widgets.append(TurnedPanel(rect, place.angle, content,
                                       key=f"fuji:seat:{someone.seat}"))
        return widgets

    def _flat_column(self, ctx: Context, state: State, column: pygame.Rect,
                     seat: int) -> list[Widget]:
        """The shared column beside the map: title, notes, reminder, history and buttons."""
        theme = ctx.theme
        row = theme.touch if column.height >= theme.px(330) else MIN_TOUCH
        rows = [pygame.Rect(column.x, column.bottom - (3 - n) * row - (2 - n) * theme.gap,
                            column.width, row) for n in range(3)]
        if state.outcome is not None:
            above = pygame.Rect(column.x, column.y, column.width,
                                rows[2].y - column.y - theme.touch - 2 * theme.gap)
            notes = pygame.Rect(column.x, above.bottom + theme.gap, column.width,
                                rows[2].y - above.bottom - 2 * theme.gap)
            return [*self._game_over(ctx, state, above), *self._notes(ctx, state, notes),
                    Button(rows[2], Msg("ui_fuji.over.home"), (GoHome(),), "primary",
                           key="fuji:home")]
        title = pygame.Rect(column.x, column.y, column.width, theme.px(44))
        widgets: list[Widget] = [Label(title, screen_title(state), "body", bold=True)]
        middle = pygame.Rect(column.x, title.bottom + theme.gap // 2, column.width,
                             rows[0].y - title.bottom - theme.gap)
        reminder = ShowDialog(ChoiceDialog(screen_title(state), [], Msg("ui.common.back"),
                                           msg(f"fuji.reminder.{state.phase.value}")))
        widgets += button_row(ctx, rows[0], [
            (Msg("ui.flat.reminder"), reminder, "fuji:reminder"),
            (Msg("ui.bar.history"), Navigate("history"), "bar:Navigate"),
        ])
        widgets += self._notes(ctx, state, middle)
        widgets += button_row(ctx, rows[1], self._extras(state, seat))
        widgets.append(advance_button(state, rows[2]))
        return widgets

    def _notes(self, ctx: Context, state: State, notes: pygame.Rect) -> list[Widget]:
        """What the table must do physically, every line of the moment (the shared list
        pages when they do not all fit; urgent ones stand out)."""
        theme = ctx.theme
        if notes.height <= theme.px(16):
            return []
        urgent = bool(flip_cells(state)) or bool(state.pending)
        colour = theme.palette.accent if urgent else theme.palette.text
        aside = None
        if self._reminder_beside_list(state) and ctx.settings.table_layout != "flat":
            reminder = self._reminder_intent(state)

            def aside(rect: pygame.Rect) -> Widget:
                return Button(rect, "?", (reminder,), role="body", key="fuji:reminder")

        return self.told_list.widgets(notes, theme, ctx.lang, colour, "fuji:told", aside=aside)

    def _reminder_beside_list(self, state: State) -> bool:
        """Whether the phase reminder gives its place to the instruction list (a tap on
        *?* beside the list shows it): when the moment holds more than its first line."""
        return state.outcome is None and len(self.told_list.lines) > 1

    @staticmethod
    def _reminder_intent(state: State) -> Intent:
        """The phase reminder as a dialog."""
        return ShowDialog(ChoiceDialog(screen_title(state), [], Msg("ui.common.back"),
                                       msg(f"fuji.reminder.{state.phase.value}")))

    def _cell_tap(self, seat: int, state: State | None = None) -> Any:
        def tap(position: Position) -> list[Intent]:
            shown = state.board.cell(position) if state is not None else None
            if state is not None and planning_state(state) is None and shown is not None:
                return [ShowDialog(CardZoomDialog(position, shown))]
            self.selected = None
            cell = [position[0], position[1]]
            return [Submit({"type": "set_destination", "player": seat, "cell": cell})]

        return tap

    def _side(self, ctx: Context, state: State, side: pygame.Rect, seat: int) -> list[Widget]:
        theme = ctx.theme
        reminder = msg(f"fuji.reminder.{state.phase.value}")
        reminder_h = self._reminder_height(theme, ctx.lang, reminder, side.width)
        row_h = theme.touch
        widgets: list[Widget] = []
        if self._reminder_beside_list(state) or state.outcome is not None:
            reminder_h = -theme.gap
        else:
            widgets.append(Panel(pygame.Rect(side.x, side.y, side.width, reminder_h)))
            inner = pygame.Rect(side.x, side.y, side.width, reminder_h).inflate(
                -2 * theme.pad, -theme.px(6))
            widgets.append(Label(inner, reminder, "small", theme.palette.text_muted))
        bottom = pygame.Rect(side.x, side.bottom - row_h, side.width, row_h)
        middle = pygame.Rect(side.x, side.y + reminder_h + theme.gap, side.width,
                             bottom.y - side.y - reminder_h - 2 * theme.gap)
        if state.outcome is not None:
            over = pygame.Rect(middle.x, middle.y, middle.width,
                               min(middle.height, theme.px(OVER_HEIGHT)))
            widgets += self._game_over(ctx, state, over)
            notes = pygame.Rect(middle.x + theme.px(4), over.bottom + theme.gap,
                                middle.width - theme.px(8), middle.bottom - over.bottom
                                - theme.gap)
            widgets += self._notes(ctx, state, notes)
            widgets.append(Button(bottom, Msg("ui_fuji.over.home"), (GoHome(),), "primary",
                                  key="fuji:home"))
            return widgets
        listed = len(self.told_list.lines) > LONG_LIST
        cards_h = self._cards_height(theme, len(state.players), middle.height,
                                     theme.px(LIST_ROOM if listed else 48))
        cards = pygame.Rect(middle.x, middle.y, middle.width, cards_h)
        widgets += self._player_cards(ctx, state, cards, seat)
        notes = pygame.Rect(middle.x + theme.px(4), cards.bottom + theme.px(4),
                            middle.width - theme.px(8), middle.bottom - cards.bottom - theme.px(4))
        widgets += self._notes(ctx, state, notes)
        widgets += self._bottom_row(ctx, state, bottom, seat)
        return widgets

    @staticmethod
    def _reminder_height(theme: Theme, lang: str, reminder: Msg, width: int) -> int:
        """The phase reminder's box: the usual height, taller when large text needs it."""
        height = theme.px(66)
        text = translate(reminder, lang)
        for _ in range(REMINDER_GROWTH_STEPS):
            fitted = fit_text(text, width - 2 * theme.pad, height - theme.px(6),
                              theme.text_size("small"), theme.min_text_size("small"))
            if not fitted.overflow:
                break
            height += theme.px(16)
        return height

    @staticmethod
    def _cards_height(theme: Theme, count: int, available: int, room: int) -> int:
        """The player cards' height: as tall as they may be, leaving ``room`` below for
        the instruction list (the cards keep at least a touch target's height)."""
        card = max(MIN_TOUCH + theme.px(4) + 2,
                   min(theme.px(70), (available - room) // max(1, count)))
        return min(available, count * card)

    # ---------------------------------------------------------------- players
    def _player_cards(self, ctx: Context, state: State, area: pygame.Rect,
                      seat: int) -> list[Widget]:
        widgets: list[Widget] = []
        count = len(state.players)
        height = area.height // max(1, count)
        waiting = waiting_seats(table_state(state))
        for someone in state.players:
            rect = pygame.Rect(area.x, area.y + someone.seat * height, area.width,
                               height - ctx.theme.px(4))
            widgets += self._player_card(ctx, state, someone, rect, someone.seat == seat,
                                         someone.seat in waiting)
        return widgets

    def _player_card(self, ctx: Context, state: State, someone: Player, rect: pygame.Rect,
                     selected: bool, waiting: bool) -> list[Widget]:
        theme = ctx.theme
        number = someone.seat

        def tap() -> list[Intent]:
            return self.select(number, state)

        widgets: list[Widget] = [
            PlayerCard(rect, someone.colour, selected, waiting, tap, key=f"fuji:card:{number}")
        ]
        button_w = max(theme.touch, rect.width * 27 // 100)
        button = pygame.Rect(rect.right - button_w - theme.px(3), rect.y + 1, button_w,
                             rect.height - 2)
        inner_x = rect.x + theme.px(16)
        name_w = (button.x - inner_x) * NAME_SHARE // 100
        line = pygame.Rect(inner_x, rect.y, button.x - inner_x - theme.px(4),
                           rect.height // 3 - 2)
        anyone_holds = any(other.equipment for other in state.players)
        three_rows = anyone_holds and line.height >= theme.px(HAND_LINE_MIN)
        hand = self._hand_text(ctx, someone, line) if three_rows else None
        top = rect.height * 2 // 3 if three_rows else rect.height
        half = top // 2
        widgets.append(Label(pygame.Rect(inner_x, rect.y + 2, name_w, half), someone.name,
                             "body", bold=True))
        widgets.append(Label(pygame.Rect(inner_x, rect.y + half, name_w, half - 2),
                             msg(f"fuji.skill.{someone.skill.value}"), "small",
                             theme.palette.text_muted))
        stats_x = inner_x + name_w + theme.px(6)
        stats_w = button.x - stats_x - theme.px(6)
        widgets += self._stats(ctx, state, someone, pygame.Rect(stats_x, rect.y + 3, stats_w,
                                                               top - 6))
        if hand is not None:
            widgets.append(Label(pygame.Rect(inner_x, rect.y + top, button.x - inner_x
                                             - theme.px(4), rect.height - top - 2), hand,
                                 "small", TOKEN_GOLD, wrap=False))
        action = self._player_action(state, someone, button)
        if action is not None:
            widgets.append(action)
        return widgets

    @staticmethod
    def _hand_text(ctx: Context, someone: Player, box: pygame.Rect) -> str | None:
        """The hand as names on one line, if the names fit."""
        theme = ctx.theme
        if not someone.equipment:
            return None
        names = ", ".join(translate(f"fuji.equipment.{card}", ctx.lang)
                          for card in someone.equipment)
        text = f"⚒ {names}"
        fitted = fit_text(text, box.width, box.height, theme.text_size("small"),
                          theme.min_text_size("small"), False, False)
        return None if fitted.overflow else text

    def _stats(self, ctx: Context, state: State, someone: Player,
               area: pygame.Rect) -> list[Widget]:
        """Stamina (and a Gatherer's energy) on top; wounds, rerolls and cards below,
        each at least :data:`SMALL_PRINT` pixels tall so they read from across the table."""
        theme = ctx.theme
        half = area.height // 2
        track = state.settings.stamina_track
        gathers = any(p.energy or p.skill.value == "gatherer" for p in state.players)
        energy_w = area.width // 6 if gathers else 0
        number_w = theme.px(STAMINA_NUMBER_WIDTH)
        track_w = area.width - number_w - energy_w
        widgets: list[Widget] = [
            StaminaBar(pygame.Rect(area.x, area.y, track_w, half - 1),
                       someone.stamina_lost, track, someone.colour),
            Label(pygame.Rect(area.x + track_w + theme.px(2), area.y,
                              number_w - theme.px(2), half - 1),
                  str(someone.stamina_lost), "small", align="right", bold=True,
                  key=f"fuji:stamina:{someone.seat}"),
        ]
        row_y = area.y + half + 1
        if energy_w and (someone.energy or someone.skill.value == "gatherer"):
            widgets.append(Pips(pygame.Rect(area.right - energy_w + theme.px(4), area.y,
                                            energy_w - theme.px(4), half - 1),
                                someone.energy, MAX_ENERGY, (90, 210, 120)))
        row_h = max(half - 2, theme.px(SMALL_PRINT))
        boxes_w = 4 * theme.px(SMALL_PRINT) + 6
        widgets.append(WoundBoxes(pygame.Rect(area.x, row_y, boxes_w, row_h), someone.wounds))
        text = f"⚒{len(someone.equipment)}"
        if state.phase in (Phase.PLANNING, Phase.REROLLS):
            rerolls = rerolls_text(state, someone.seat)
            # an allowance that hangs on an unknown symbol needs the whole row; the hand
            # lies face up on the table in these phases
            text = (translate(rerolls, ctx.lang) if isinstance(rerolls, Msg)
                    else f"{rerolls} {text}")
        rest_x = area.x + boxes_w + theme.px(4)
        widgets.append(Label(pygame.Rect(rest_x, row_y, area.right - rest_x, row_h),
                             text,
                             "small", align="center"))
        return widgets

    def _player_action(self, state: State, someone: Player,
                       rect: pygame.Rect) -> Widget | None:
        seat = someone.seat
        key = f"fuji:act:{seat}"
        state = table_state(state)
        someone = state.players[seat]
        owed = [p for p in state.pending if p.seat == seat]
        if owed:
            return self._pending_button(state, someone, owed[0].kind, rect, key)
        if state.phase is Phase.PLANNING:
            return self._planning_button(state, someone, rect, key)
        if state.phase is Phase.REROLLS:
            if someone.rerolls_done:
                return Button(rect, Msg("ui_fuji.play.rerolls_finished"), (), "quiet",
                              enabled=False, role="small", key=key)
            return Button(rect, Msg("ui_fuji.play.rerolls_done"),
                          (self._rerolls_dialog(state, someone),), "primary", role="small",
                          key=key)
        if state.phase is Phase.EQUIPMENT:
            return Button(rect, msg("ui_fuji.play.cards", count=len(someone.equipment)),
                          (self._equipment_dialog(seat),), role="small", key=key)
        if state.phase is Phase.MOVEMENT:
            return self._movement_button(state, someone, rect, key)
        return None

    def _planning_button(self, state: State, someone: Player, rect: pygame.Rect,
                         key: str) -> Widget:
        seat = someone.seat
        if someone.destination_confirmed:
            release = Submit({"type": "release_destination", "player": seat})
            return Button(rect, Msg("ui_fuji.play.ready"), (release,), "selected", role="small",
                          key=key)
        if someone.destination is None:
            return TapButton(rect, Msg("ui_fuji.play.choose"), lambda: self.select(seat, state),
                             role="small", key=key)
        confirm = Submit({"type": "confirm_destination", "player": seat})
        return Button(rect, Msg("ui_fuji.play.confirm"), (confirm,), "primary", role="small",
                      key=key)

    def _movement_button(self, state: State, someone: Player, rect: pygame.Rect,
                         key: str) -> Widget:
        seat = someone.seat
        done = [r for r in state.results if r.seat == seat]
        if done:
            result = done[-1]
            word = "ui_fuji.play.moved" if result.moved and result.path else "ui_fuji.play.stayed"
            return Button(rect, msg(word, loss=result.stamina_loss), (), "quiet", enabled=False,
                          role="small", key=key)
        if state.pending:
            return greyed_button(rect, Msg("ui_fuji.play.resolve"),
                                 Msg("fuji.error.choices_pending"), key)
        preview = asked(movement_values, state, seat)
        if preview.missing:
            return Button(rect, Msg("ui_fuji.play.enter_dice"), (self._dice_dialog(seat),),
                          role="small", key=key)
        resolve = self._resolve_intent(state, seat)
        if isinstance(resolve, Submit):
            action = resolve.action
            return TapButton(rect, Msg("ui_fuji.play.resolve"),
                             lambda: then_owed(state, action), "primary", role="small",
                             key=key)
        return Button(rect, Msg("ui_fuji.play.resolve"), (resolve,), "primary", role="small",
                      key=key)

    def _pending_button(self, state: State, someone: Player, kind: PendingKind,
                        rect: pygame.Rect, key: str) -> Widget:
        if kind is PendingKind.WOUND:
            return Button(rect, Msg("ui_fuji.play.place_wound"),
                          tuple(ask_wound(someone, state, around=False)), "danger",
                          role="small", key=key)
        if kind is PendingKind.CARD:
            owed = next(p for p in state.pending if p.seat == someone.seat)
            if owed.cell is not None:
                return Button(rect, Msg("ui_fuji.play.card_question"),
                              (card_question(state, someone.seat, owed.cell),), "selected",
                              role="small", key=key)
        picker = CardPickerDialog(someone.seat)
        return Button(rect, Msg("ui_fuji.play.which_card"), (ShowDialog(picker),), "selected",
                      role="small", key=key)

    # ---------------------------------------------------------------- dialogs
    def _rerolls_dialog(self, state: State, someone: Player) -> Intent:
        sure = asked(reroll_allowance_sure, state, someone.seat) + someone.modifiers.extra_rerolls
        unsure = asked(reroll_symbol_unknown, state, someone.seat)
        allowed = sure + 1 if unsure else sure
        options = [
            Option(msg("ui_fuji.rerolls.used", count=used),
                   (Submit({"type": "rerolls_done", "player": someone.seat, "used": used}),),
                   "primary" if used == allowed else "normal")
            for used in range(min(allowed, 4) + 1)
        ]
        title = msg("ui_fuji.rerolls.question_unsure" if unsure else "ui_fuji.rerolls.question",
                    name=someone.name, allowed=sure)
        return ShowDialog(ChoiceDialog(title, options, Msg("ui.common.cancel"),
                                       seat=someone.seat, seats=len(state.players)))

    def _resolve_intent(self, state: State, seat: int) -> Intent:
        action: dict[str, Any] = {"type": "resolve", "player": seat}
        routes = asked(route_choices, state, seat)
        if len(routes) < 2 or not asked(movement_values, state, seat).allowed:
            return Submit(action)
        someone = state.players[seat]
        needed = asked(path_choice_needed, state, seat)
        options = []
        for number, path in enumerate(routes, start=1):
            tokens = len(eruption_tokens_on(state.board, path))
            steps = " → ".join(f"{r + 1}·{c + 1}" for r, c in path)
            shortest = number == 1 and not needed
            chosen = action if shortest else {**action, "path": [[r, c] for r, c in path]}
            options.append(Option(msg("ui_fuji.resolve.path", number=number, tokens=tokens,
                                      steps=steps), tuple(then_owed(state, chosen))))
        title = msg("ui_fuji.resolve.path_question", name=someone.name)
        return ShowDialog(ChoiceDialog(title, options[:5], Msg("ui.common.cancel"),
                                       seat=seat, seats=len(state.players)))

    @staticmethod
    def _dice_dialog(seat: int) -> Intent:
        def make() -> Scene:
            from companion.ui.fuji.dice import DiceScene

            return DiceScene(seat=seat, as_dialog=True, then=resolve_when_free)

        return show_made(make)

    @staticmethod
    def _equipment_dialog(seat: int, everyone: bool = False) -> Intent:
        def make() -> Scene:
            from companion.ui.fuji.equipment import EquipmentScene

            return EquipmentScene(seat=seat, as_dialog=True, everyone=everyone)

        return show_made(make)

    # ---------------------------------------------------------------- rest
    def _bottom_row(self, ctx: Context, state: State, row: pygame.Rect,
                    seat: int) -> list[Widget]:
        theme = ctx.theme
        extras = self._extras(state, seat)
        count = len(extras) + 1
        width = (row.width - (count - 1) * theme.gap) // count
        widgets: list[Widget] = []
        for index, (text, intent, key) in enumerate(extras):
            rect = pygame.Rect(row.x + index * (width + theme.gap), row.y, width, row.height)
            widgets.append(extra_button(rect, text, intent, key))
        left = row.x + len(extras) * (width + theme.gap)
        widgets.append(advance_button(state, pygame.Rect(left, row.y, row.right - left,
                                                         row.height)))
        return widgets

    def _extras(self, state: State, seat: int) -> list[tuple[Msg, Intent, str]]:
        """The equipment and dice buttons beside *Next phase*, always in the same places
        (the dice button greyed outside phase 5, a tap saying when it is used), so no
        button moves under the finger from one phase to the next."""
        if state.outcome is not None:
            return []
        opened = self._equipment_dialog(seat, everyone=self.selected is None)
        dice: Intent = (self._dice_dialog(seat) if table_state(state).phase is Phase.MOVEMENT
                        else Notify(Msg("ui_fuji.play.dice_in_phase_five"), error=True))
        return [(Msg("ui_fuji.play.equipment"), opened, "fuji:equipment"),
                (Msg("ui_fuji.play.dice"), dice, "fuji:dice")]

    def _game_over(self, ctx: Context, state: State, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        won = state.outcome is not None and state.outcome.value == "won"
        colour = (110, 220, 130) if won else (255, 120, 100)
        widgets: list[Widget] = [Panel(area)]
        inner = area.inflate(-2 * theme.pad, -2 * theme.pad)
        line = inner.height // 8
        title = Msg("ui_fuji.over.won" if won else "ui_fuji.over.lost")
        widgets.append(Label(pygame.Rect(inner.x, inner.y, inner.width, line * 2 - 4), title,
                             "title", colour, align="center", bold=True))
        if state.outcome_reason is not None:
            widgets.append(Label(pygame.Rect(inner.x, inner.y + line * 2, inner.width, line * 2),
                                 state.outcome_reason, "body", align="center"))
        if won and state.score is not None:
            widgets.append(Label(pygame.Rect(inner.x, inner.y + line * 4, inner.width, line),
                                 msg("ui_fuji.over.score", score=state.score), "heading",
                                 TOKEN_GOLD, align="center", bold=True))
            widgets.append(Label(pygame.Rect(inner.x, inner.y + line * 5, inner.width, line),
                                 score_breakdown(state), "small", align="center",
                                 key="fuji:score:breakdown"))
            if state.score_band is not None:
                widgets.append(Label(pygame.Rect(inner.x, inner.y + line * 6, inner.width,
                                                 line * 2),
                                     Msg(state.score_band), "small", theme.palette.text_muted,
                                     align="center"))
        return widgets


def button_row(ctx: Context, row: pygame.Rect,
               specs: list[tuple[Msg, Intent, str]]) -> list[Widget]:
    """Buttons side by side filling ``row`` (label, what it does, key)."""
    theme = ctx.theme
    if not specs:
        return []
    width = (row.width - (len(specs) - 1) * theme.gap) // len(specs)
    return [extra_button(pygame.Rect(row.x + n * (width + theme.gap), row.y, width,
                                     row.height), text, intent, key)
            for n, (text, intent, key) in enumerate(specs)]


def extra_button(rect: pygame.Rect, text: Msg, intent: Intent, key: str) -> Widget:
    """A button of the bottom row: greyed when all it can do now is say why not."""
    if isinstance(intent, Notify) and intent.error:
        return greyed_button(rect, text, intent.message, key)
    return Button(rect, text, (intent,), role="small", key=key)


def advance_button(state: State, rect: pygame.Rect) -> Widget:
    """*Next phase*: greyed while the phase is not finished, a tap then says what is left."""
    reason = advance_refusal(state)
    if reason is None:
        return Button(rect, Msg("ui_fuji.play.advance"), (PressButton("advance"),), "primary",
                      key="fuji:advance")
    return greyed_button(rect, Msg("ui_fuji.play.advance"), reason, "fuji:advance", "button")


def then_owed(state: State, action: Mapping[str, Any]) -> list[Intent]:
    """Submit ``action``; when it leaves a wound to place or a card to draw, ask it at
    once (the question would be the table's next tap anyway).  In phase 5, when the order
    of the resolutions left cannot change the game, the next player around the table
    resolves with the same tap."""
    try:
        after = GAME.apply(state, action)
    except IllegalActionError:
        return [Submit(action)]
    if after.outcome is not None:
        return [Submit(action)]
    new = [owed for owed in after.pending if owed not in state.pending]
    if not new:
        return [Submit(action), *(go_on(after) or erupt_after(after))]
    owed = new[0]
    if owed.kind is PendingKind.WOUND:
        return [Submit(action), *ask_wound(after.players[owed.seat], after)]
    if owed.kind is PendingKind.DRAW:
        return [Submit(action), ShowDialog(CardPickerDialog(owed.seat))]
    return [Submit(action)]


def go_on(state: State) -> list[Intent]:
    """The next resolution around the table, when the order left cannot matter."""
    if not state.resolved or not asked(order_free, state):
        return []
    seat = next_in_ring(state, state.resolved[-1])
    if seat is None:
        return []
    return then_owed(state, {"type": "resolve", "player": seat})


def resolve_when_free(state: State) -> list[Intent]:
    """Once every total is in: when the order of the resolutions cannot change the game
    (no route to pick, no energy to spend, every order ending alike; no card is played in
    phase 5), who goes first is a question with one answer, so everyone resolves around
    the table from the first seat with the tap that completed the entry."""
    if not asked(order_free, state):
        return []
    if state.resolved:
        return go_on(state)
    first = next_in_ring(state, len(state.players) - 1)
    return [] if first is None else then_owed(state, {"type": "resolve", "player": first})


def erupt_after(state: State) -> list[Intent]:
    """When ``state`` ends phase 5 (everyone resolved, nothing owed, game on), the
    eruption starts with the same tap: nothing is left to do in phase 5, and the screen
    then says which cards to flip."""
    if phase_five_over(state):
        return [Submit({"type": "advance"})]
    return []


def rerolls_text(state: State, seat: int) -> Msg | str:
    """A player's phase-3 rerolls as the card shows them: ``↻n``, or ``↻n, +1 if ↻`` while
    the allowance hangs on a symbol the app was not told (never a number that may be
    wrong)."""
    sure = asked(reroll_allowance_sure, state, seat)
    if asked(reroll_symbol_unknown, state, seat):
        return msg("ui_fuji.play.rerolls_unsure", count=sure)
    return f"↻{sure}"


def score_breakdown(state: State) -> Msg:
    """How the final score is made, as the table can check it: the base points, less a
    point per wound token, plus one per unused card (``12 − 2 + 3 = 13``)."""
    wounds = sum(someone.wounds.count() for someone in state.players)
    cards = sum(owed.count for owed in state.pending if owed.kind is PendingKind.DRAW)
    cards += sum(1 for someone in state.players for card in someone.equipment
                 if card not in someone.equipment_turned)
    score = state.score or 0
    return msg("ui_fuji.over.breakdown", base=score + wounds - cards, wounds=wounds,
               cards=cards, score=score)


def ask_wound(someone: Player, state: State, around: bool = True) -> list[Intent]:
    """Where ``someone``'s new wound goes: asked (see :func:`wound_dialog`), or, when a
    single slot is still free, taken at once and said (the rules leave no choice)."""
    free = someone.wounds.free_slots()
    if len(free) != 1:
        return [wound_dialog(someone, state, around)]
    slot = free[0].value
    told = Notify(msg("ui_fuji.wound.only_slot", name=someone.name,
                      slot=f"@fuji.wound.{slot}"))
    action = {"type": "choose_wound", "player": someone.seat, "slot": slot}
    if around:
        return [*then_owed(state, action), told]
    try:
        after = GAME.apply(state, action)
    except IllegalActionError:
        return [Submit(action), told]
    return [Submit(action), *erupt_after(after), told]


def wound_dialog(someone: Player, state: State | None = None, around: bool = True) -> Intent:
    """Ask which free slot ``someone``'s new wound token covers, saying what each does.

    Given the ``state`` it is asked in, the question faces the player on a flat table and
    the answer goes on as :func:`then_owed` does (with ``around`` false only the eruption
    that may follow starts: the table picks who resolves next).
    """

    def answer(slot: str) -> tuple[Intent, ...]:
        action = {"type": "choose_wound", "player": someone.seat, "slot": slot}
        if state is None:
            return (Submit(action),)
        if around:
            return tuple(then_owed(state, action))
        try:
            after = GAME.apply(state, action)
        except IllegalActionError:
            return (Submit(action),)
        return (Submit(action), *erupt_after(after))

    options = [Option(Msg(f"ui_fuji.wound.what.{slot.value}"), answer(slot.value))
               for slot in someone.wounds.free_slots()]
    title = msg("ui_fuji.wound.question", name=someone.name)
    seats = len(state.players) if state is not None else None
    return ShowDialog(ChoiceDialog(title, options, Msg("ui.common.cancel"),
                                   seat=someone.seat, seats=seats))
