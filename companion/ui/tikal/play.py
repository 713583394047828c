"""The Tikal play screen: the turn on the left, the table's books on the right.

Left column, top to bottom: whose turn it is (in their colour), then what the phase
asks for — the action-point meter and one button per action with its cost during a
turn, *Record the drawn hex* in the basic game, the bidding in the auction game, the
revealed hexes to choose from — and at the bottom what the table must do now (the
engine's instructions, e.g. "move Bo's cube 12 spaces").  Right column: tabs with
the temples, treasures, score track and hex stack, plus the scoring round, the
auction round or the final result while they are under way.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.core.i18n import translate
from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.questions import Question
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.queries import (
    ACTION_POINTS,
    MAX_CAMPS,
    MAX_GUARDS,
)
from companion.games.tikal.questions import (
    offered_types,
    type_refusal,
)
from companion.games.tikal.state import (
    LEADER_IN_RESERVE,
    LEADER_OUT,
    Phase,
    TikalState,
)
from companion.ui.bar import game_bar
from companion.ui.flat import TurnedPanel, corner_buttons, flat_depths, flat_layout, upright_rect
from companion.ui.fonts import font
from companion.ui.instructions import listed
from companion.ui.intents import Intent, Navigate, Notify, Redraw, ShowDialog, Submit
from companion.ui.questions import (
    Dialogue,
    NearestTarget,
    PlaceTarget,
    QuestionLook,
    needed_height,
    share_touch,
)
from companion.ui.scene import Context, GameScene
from companion.ui.theme import MIN_TOUCH, Theme
from companion.ui.tikal import panels
from companion.ui.tikal.auction_panel import AuctionPanel
from companion.ui.tikal.dialogs import ask_tikal, grid
from companion.ui.tikal.flat import GreyedButton, seat_panel
from companion.ui.tikal.hexmap import HexMap, HexMapLayout
from companion.ui.tikal.inline_scoring import InlineScoring
from companion.ui.tikal.map_controls import MapControls
from companion.ui.tikal.parts import ColourChip, PointsMeter, TapButton
from companion.ui.tikal.view import (
    ACTION_COSTS,
    auction_wins,
    points_left,
    title,
    winners,
)
from companion.ui.widgets import (
    Button,
    Label,
    Panel,
    ScrollState,
    Widget,
)

LEFT_SHARE = 44
"""Percentage of the body width taken by the left column."""




FLAT_LEFT_SHARE = 44
"""Percentage of the middle of a flat screen taken by the turn column."""

FLAT_SCORE_SHARE = 60
"""Percentage of the middle of a flat screen taken by the turn column while a lean game asks
its next hex or who holds each temple (answers side by side; the map keeps its targets)."""

FLAT_HISTORY_WIDTH = 110
"""Width of the *History* button beside the tabs on a flat screen (at 800x480)."""


class TikalPlayScene(MapControls, AuctionPanel, InlineScoring, GameScene):
    """The play screen of a Tikal game (see the module documentation)."""

    needs_session = True

    def __init__(self, tab: str | None = None) -> None:
        super().__init__()
        self.tab = tab
        """The right-column tab chosen by the table (``None``: the phase's own)."""
        self.temple_scroll = ScrollState()
        """Scroll position of the temples list."""
        self.bid: int | None = None
        """The bid being prepared with − / + (``None``: one more than the highest)."""
        self._bid_key: tuple[int, int] | None = None
        self.flat = False
        """Whether the last build was the flat-table layout (per-seat buttons in the panels)."""
        self.inline = Dialogue(GAME.ask, {"type": "draw"})
        """The next drawn hex, asked on the play screen itself."""
        self.volcano = Dialogue(GAME.ask, {"type": "lay_volcano"})
        """Where the volcano placed after a scoring round lies, asked on the map itself."""
        self.score_inline = Dialogue(GAME.ask, {"type": "score"})
        """A lean scoring turn's temples, asked on the play screen itself."""
        self._volcano_shown: int | None = None
        """The volcano whose question has already brought the map forward once."""
        self.map_layout: HexMapLayout | None = None
        """Where the map tab draws each hex (the inline question's places are tapped there)."""

    # ---------------------------------------------------------------- session
    def show_tab(self, tab: str) -> list[Intent]:
        """Switch the right column to ``tab``."""
        self.tab = tab
        return [Redraw()]

    def current_tab(self, state: TikalState) -> str:
        """The tab shown: the chosen one if the phase offers it, else the phase's first (the
        map while an auction's winner lays the hex taken: it is dragged onto its field)."""
        offered = panels.tabs_for(state)
        if self.tab in offered:
            return str(self.tab)
        after = self.auction_after_spent(state)
        choosing = state.phase == Phase.CHOOSE or (after is not None
                                                   and after.phase == Phase.CHOOSE)
        return "map" if choosing and "map" in offered else offered[0]

    # ---------------------------------------------------------------- build
    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """Bar, the turn column and the books column."""
        state: TikalState = session.state
        self.flat = False
        bar, body = game_bar(ctx, title(state))
        theme = ctx.theme
        left = pygame.Rect(body.x, body.y, body.width * LEFT_SHARE // 100, body.height)
        right = pygame.Rect(left.right + theme.gap, body.y, body.right - left.right - theme.gap,
                            body.height)
        self._prepare_map(ctx, session, state, right)
        widgets = [*bar, *self._turn_column(ctx, session, state, left),
                   *self._books_column(ctx, session, state, right)]
        targets = [w for w in widgets if isinstance(w, PlaceTarget)]
        return [*(w for w in widgets if not isinstance(w, PlaceTarget)), *targets]

    # ---------------------------------------------------------------- the next hex, inline
    def inline_state(self, state: TikalState) -> tuple[TikalState, tuple[Intent, ...]] | None:
        """The state the next drawn hex is entered in, and what its entry submits first.

        In the draw phase it is the state itself.  In a lean game's normal turn, and in a
        fully tracked turn whose action points are spent, it is the state after the turn
        ends: entering the next player's hex ends this turn too.
        """
        if state.phase == Phase.DRAW:
            return state, ()
        lean_turn = (state.tracking == "lean" and state.phase == Phase.ACTIONS
                     and state.scoring is None and state.variant == "basic")
        after = self.after_spent(state) if not lean_turn else None
        if lean_turn:
            try:
                after = GAME.apply(state, {"type": "end_turn"})
            except IllegalActionError:
                return None
        if after is None or after.phase != Phase.DRAW:
            return None
        return after, (Submit({"type": "end_turn"}),)

    @staticmethod
    def spent(state: TikalState) -> bool:
        """Whether a fully tracked turn (not a scoring turn) has no action points left:
        nothing is left to do but end it."""
        return (state.tracking == "full" and state.phase == Phase.ACTIONS
                and state.scoring is None and points_left(state) == 0)

    def after_spent(self, state: TikalState) -> TikalState | None:
        """The state after a spent turn ends (``None``: the turn is not spent): the next
        entry, the next hex or the auction's reveal, bid, pass or choice, ends it first."""
        if not self.spent(state):
            return None
        try:
            return GAME.apply(state, {"type": "end_turn"})
        except IllegalActionError:
            return None

    def auction_after_spent(self, state: TikalState) -> TikalState | None:
        """In the auction game, the state after a spent turn ends when its next entry is a
        reveal, a bid or pass, or the choice of a free hex (``None`` otherwise)."""
        after = self.after_spent(state) if state.variant == "auction" else None
        if after is None or after.phase not in (Phase.REVEAL, Phase.AUCTION, Phase.CHOOSE):
            return None
        return after

    def ending(self, ctx: Context, state: TikalState) -> tuple[Intent, ...]:
        """What an entry in ``state`` submits first: the end of the spent turn on the screen
        when ``state`` is the state after it (nothing otherwise)."""
        session = ctx.session
        shown = session.state if session is not None else state
        if state is not shown and self.auction_after_spent(shown) is not None:
            return (Submit({"type": "end_turn"}),)
        return ()



    def screen_question(self, state: TikalState) -> tuple[Dialogue, TikalState] | None:
        """The question asked on the play screen itself now (the next hex, or who holds a
        temple at a lean scoring) and the state it is asked in, or ``None``."""
        inline = self.inline_state(state)
        if inline is not None:
            return self.inline, inline[0]
        return (self.score_inline, state) if self.lean_scoring(state) else None

    def _flat_crowded(self, ctx: Context, state: TikalState, area: pygame.Rect,
                      head: pygame.Rect) -> bool:
        """Whether a flat table's question on the screen needs the header's room too (its
        answers and a row of action buttons, or the stack's line, would not fit under it)."""
        if self.flat and state.tracking == "lean" and state.phase == Phase.ACTIONS \
                and state.scoring is None:
            return True  # never a header, so the buttons keep one place in every frame
        asked = self.screen_question(state) if self.flat else None
        if asked is None:
            return False
        theme = ctx.theme
        wanted = self._wanted(ctx, state, asked[0], asked[1], area.width)
        above = theme.touch if state.phase == Phase.ACTIONS else theme.px(30)
        return wanted + above + 2 * theme.gap > area.height - head.height

    def _wanted(self, ctx: Context, state: TikalState, dialogue: Dialogue, asked: TikalState,
                width: int) -> int:
        """Height a question on the screen takes in a column of ``width``: its answers, or the line
        and the one button of a hex the stack alone can give."""
        if dialogue is self.inline and self.only_tile(state) is not None:
            return ctx.theme.px(30) + ctx.theme.touch
        look = QuestionLook(lambda key: None, None, False)
        return needed_height(dialogue, asked, width, ctx, look)
























    # ---------------------------------------------------------------- flat table
    def build_flat(self, ctx: Context, session: Session) -> list[Widget]:
        """The screen lying mid-table: a turned panel per seat, turn and books inside."""
        state: TikalState = session.state
        self.flat = True
        theme = ctx.theme
        layout = flat_layout(ctx.size, len(state.players), flat_depths(theme), theme.gap)
        centre = layout.centre
        tabs = pygame.Rect(centre.x, centre.y, centre.width, theme.touch)
        below = pygame.Rect(centre.x, tabs.bottom + theme.gap, centre.width,
                            centre.bottom - tabs.bottom - theme.gap)
        # A lean game keeps one column width all along: its buttons never move.
        asks = state.tracking == "lean" or self.screen_question(state) is not None
        share = FLAT_SCORE_SHARE if asks else FLAT_LEFT_SHARE
        left = pygame.Rect(below.x, below.y, below.width * share // 100, below.height)
        right = pygame.Rect(left.right + theme.gap, below.y,
                            below.right - left.right - theme.gap, below.height)
        chosen = self.current_tab(state)
        history = pygame.Rect(tabs.right - theme.px(FLAT_HISTORY_WIDTH), tabs.y,
                              theme.px(FLAT_HISTORY_WIDTH), tabs.height)
        tabs.width = history.x - theme.gap - tabs.x
        self._prepare_map(ctx, session, state, right, tabs_above=False)
        chosen = self.current_tab(state)
        widgets: list[Widget] = [*self._turn_column(ctx, session, state, left),
                                 *self._tab_buttons(ctx, state, tabs),
                                 Button(history, Msg("ui.bar.history"), (Navigate("history"),),
                                        role="small", key="bar:Navigate"),
                                 *self._page(ctx, session, state, chosen, right),
                                 *corner_buttons(ctx, layout.corners)]
        targets = [w for w in widgets if isinstance(w, PlaceTarget)]
        widgets = [*(w for w in widgets if not isinstance(w, PlaceTarget)), *targets]
        after = self.auction_after_spent(state)
        bid = self.bid_amount(after or state)
        for seat, (rect, place) in enumerate(zip(layout.panels, layout.places, strict=True)):
            content = seat_panel(ctx, state, seat, upright_rect(rect, place.angle), bid, after)
            widgets.append(TurnedPanel(rect, place.angle, content, key=f"tikal:seat:{seat}"))
        return widgets

    # ---------------------------------------------------------------- left column
    def _turn_column(self, ctx: Context, session: Session, state: TikalState,
                     area: pygame.Rect) -> list[Widget]:
        """Header, the phase's own controls and the instructions."""
        theme = ctx.theme
        head = pygame.Rect(area.x, area.y, area.width, theme.px(36 if self.flat else 46))
        widgets: list[Widget] = []
        if self._flat_crowded(ctx, state, area, head):
            # The answers need the room; the player's own panel marks whose turn it is.
            head = pygame.Rect(area.x, area.y - theme.gap, area.width, 0)
        else:
            widgets += self._header(ctx, state, head)
        notes_h = theme.px(62 if self.flat or state.tracking == "lean" else 84)
        # An upright, fully tracked turn keeps the column's shape even when spent (End turn
        # stays put); elsewhere the next hex's question may take the notes' room.
        keeps_shape = state.phase == Phase.ACTIONS and state.tracking == "full" \
            and not self.flat
        asks_hex = not keeps_shape and (self.inline_state(state) is not None
                                        or self.auction_after_spent(state) is not None)
        if (state.tracking == "lean" or self.flat or asks_hex) and not state.instructions \
                and not self.move_hint(state):
            notes_h = 0  # nothing to tell the table: the next hex's question takes the room
        elif self.lean_scoring(state) and self._score_needs(ctx, state, area, head, notes_h):
            notes_h = 0  # the temple's answers need the room (the round tab keeps the points)
        notes = pygame.Rect(area.x, area.bottom - notes_h, area.width, notes_h)
        bottom = notes.y - theme.gap if notes_h else area.bottom
        middle = pygame.Rect(area.x, head.bottom + theme.gap, area.width,
                             bottom - head.bottom - theme.gap)
        builders = {
            Phase.ACTIONS: self._actions,
            Phase.DRAW: self._draw,
            Phase.REVEAL: self._reveal,
            Phase.AUCTION: self._auction,
            Phase.CHOOSE: self._choose,
            Phase.FINISHED: self._finished,
        }
        after = self.auction_after_spent(state)
        if after is not None:
            widgets += self._spent(ctx, state, middle, lambda below: builders[after.phase](
                ctx, after, below))
        else:
            widgets += builders[state.phase](ctx, state, middle)
        if notes_h:
            widgets += self._instructions(ctx, state, notes)
        return widgets

    def _header(self, ctx: Context, state: TikalState, head: pygame.Rect) -> list[Widget]:
        """The active player's colour and what they do now."""
        theme = ctx.theme
        widgets: list[Widget] = [Panel(head)]
        if state.phase == Phase.FINISHED:
            widgets.append(Label(head.inflate(-2 * theme.pad, 0), Msg("tikal.phase.finished"),
                                 "heading", theme.palette.accent, bold=True))
            return widgets
        player = state.players[state.active]
        side = min(head.height - theme.px(16), theme.px(30))
        chip = pygame.Rect(head.x + theme.pad, head.centery - side // 2, side, side)
        widgets.append(ColourChip(chip, player.colour, player.seat))
        text = pygame.Rect(chip.right + theme.pad, head.y, head.right - chip.right
                           - 2 * theme.pad, head.height)
        widgets.append(Label(text, header_text(state, self.inline_state(state) is not None
                                               or self.auction_after_spent(state) is not None),
                             "body", bold=True))
        return widgets

    def _actions(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """The action-point meter, the pieces line and the action buttons (only buttons flat)."""
        theme = ctx.theme
        widgets: list[Widget] = []
        buttons = area
        if state.tracking == "lean":
            inline = self.inline_state(state)
            scoring = self.lean_scoring(state)
            if scoring and inline is None and self.score_inline.path:
                # The player has played and is scoring: the temples take the whole column.
                wanted = self._wanted(ctx, state, self.score_inline, state, area.width)
                if self.flat and wanted > area.height:
                    return self._squeezed(ctx, state, self._inline_score,
                                          self.score_inline.question(state), area)
                return self._inline_score(ctx, state, area)
            # The action buttons keep one block at the top whatever shows below them (the
            # next hex's question, a temple's holder, End turn): they never re-flow.
            buttons, below = self._lean_blocks(ctx, state, area)
            if inline is not None or scoring:
                dialogue, asked = (self.inline, inline[0]) if inline is not None else (
                    self.score_inline, state)
                wanted = self._wanted(ctx, state, dialogue, asked, area.width)
                build = self._inline_draw if inline is not None else self._inline_score
                if self.flat and wanted > below.height:
                    widgets += self._squeezed(ctx, state, build, dialogue.question(asked),
                                              below)
                else:
                    widgets += build(ctx, state, below)
            return widgets + self._lean_buttons(ctx, state, buttons, below,
                                                with_end=inline is None and not scoring)
        if self.inline_state(state) is not None:
            return self._spent(ctx, state, area, lambda below: self._inline_draw(ctx, state,
                                                                                 below))
        if not self.flat:
            meter, pieces, buttons = self._upright_lines(ctx, area)
            widgets.append(PointsMeter(meter, state.turn.spent, ACTION_POINTS))
            widgets.append(Label(pieces, pieces_line(state), "small", theme.palette.text_muted))
        kinds = self._button_kinds(state)
        with_end = not self.flat
        count = len(kinds) + (1 if with_end else 0)
        rects = grid(buttons, count, theme, 3)
        for kind, rect in zip(kinds, rects, strict=False):
            widgets.append(self._action_button(ctx, state, kind, rect))
        if with_end:
            widgets.append(self._end_button(state, rects[-1]))
        return widgets

    def _lean_blocks(self, ctx: Context, state: TikalState, area: pygame.Rect
                     ) -> tuple[pygame.Rect, pygame.Rect]:
        """A lean turn's action buttons (one row at the top, leaving the question below
        the most room; two rows when the language and text size need them) and the room
        below them, the same whatever that room then shows."""
        theme = ctx.theme
        count = len(self._button_kinds(state))
        rows = -(-count // self._lean_columns(ctx, state, area.width))
        buttons = pygame.Rect(area.x, area.y, area.width,
                              rows * theme.touch + (rows - 1) * theme.gap)
        below = pygame.Rect(area.x, buttons.bottom + theme.gap, area.width,
                            area.bottom - buttons.bottom - theme.gap)
        return buttons, below

    def _lean_columns(self, ctx: Context, state: TikalState, width: int) -> int:
        """Lean action buttons a row: all in one when every label fits its button at the
        text size chosen, else two (set by language and text size alone, never by what
        the screen shows below them)."""
        kinds = self._button_kinds(state)
        theme = ctx.theme
        face = font(theme.text_size("small"), True)
        # A button shrinks its words a little to fit, so a label may be a hair wider.
        room = (width - (len(kinds) - 1) * theme.gap) // max(1, len(kinds)) + theme.px(4)
        fits = all(face.size(translate(f"ui_tikal.lean.{kind}", ctx.lang))[0] <= room
                   for kind in kinds)
        return len(kinds) if fits else 2

    def _lean_buttons(self, ctx: Context, state: TikalState, buttons: pygame.Rect,
                      below: pygame.Rect, with_end: bool) -> list[Widget]:
        """A lean turn's action buttons in their block and, when nothing else ends the turn
        (upright), *End turn* right under them."""
        kinds = self._button_kinds(state)
        rects = grid(buttons, len(kinds), ctx.theme,
                     self._lean_columns(ctx, state, buttons.width))
        widgets = [self._action_button(ctx, state, kind, rect)
                   for kind, rect in zip(kinds, rects, strict=True)]
        if with_end and not self.flat:
            end = pygame.Rect(below.x, below.y, below.width, ctx.theme.touch)
            widgets.append(self._end_button(state, end))
        return widgets

    def _end_button(self, state: TikalState, rect: pygame.Rect) -> Widget:
        """*End turn* (*End turn and score* in a scoring round), or why it cannot be yet."""
        end = ("ui_tikal.turn.end_and_score" if state.scoring is not None
               else "ui_tikal.turn.end")
        reason = type_refusal(state, "end_turn")
        intents: tuple[Intent, ...] = ((Submit({"type": "end_turn"}),) if reason is None
                                       else (Notify(reason, error=True),))
        return Button(rect, Msg(end), intents, "primary", role="small", key="tikal:end_turn")

    @staticmethod
    def _upright_lines(ctx: Context, area: pygame.Rect
                       ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """An upright turn column's points meter, pieces line and action buttons' area."""
        theme = ctx.theme
        meter = pygame.Rect(area.x, area.y, area.width, theme.px(34))
        pieces = pygame.Rect(area.x, meter.bottom + theme.px(2), area.width, theme.px(34))
        buttons = pygame.Rect(area.x, pieces.bottom + theme.px(2), area.width,
                              area.bottom - pieces.bottom - theme.px(2))
        return meter, pieces, buttons

    def _button_kinds(self, state: TikalState) -> list[str]:
        """The actions that get a button of their own (*End turn* is added after them)."""
        kinds = [kind for kind in offered_types(state) if kind != "end_turn"]
        if state.tracking == "full" or self.lean_scoring(state):
            kinds = [kind for kind in kinds if kind != "score"]
        return kinds

    def _spent(self, ctx: Context, state: TikalState, area: pygame.Rect,
               following: Callable[[pygame.Rect], list[Widget]]) -> list[Widget]:
        """A spent turn: *End turn* (upright; the player's own panel has it on a flat table)
        where it was while the points lasted, so a finger already on its way still ends the
        turn, and above it what the next entry asks, which ends the turn first; the stack's
        line beside it."""
        theme = ctx.theme
        if self.flat:
            return following(area)
        _, _, buttons = self._upright_lines(ctx, area)
        end = grid(buttons, len(self._button_kinds(state)) + 1, theme, 3)[-1]
        above = pygame.Rect(area.x, area.y, area.width, end.top - theme.gap // 2 - area.y)
        beside = pygame.Rect(area.x, end.y, end.left - theme.gap - area.x, end.height)
        after = self.auction_after_spent(state)
        stack_below = after is not None and after.phase == Phase.REVEAL  # the reveal says it
        stack = [] if stack_below else [Label(beside, self._stack_line(state), "small",
                                              theme.palette.text_muted)]
        return [Button(end, Msg("ui_tikal.turn.end"), (Submit({"type": "end_turn"}),),
                       "primary", role="small", key="tikal:end_turn"),
                *stack, *following(above)]

    @staticmethod
    def _squeezed(ctx: Context, state: TikalState,
                  build: Callable[[Context, TikalState, pygame.Rect], list[Widget]],
                  question: Question | None, area: pygame.Rect) -> list[Widget]:
        """A question built by ``build`` with its prompt in a small line, for a flat table's
        short column: the answers then fit without pages.  A build whose prompt already is
        one small line (the one-page tiles) is kept as it is."""
        theme = ctx.theme
        built = build(ctx, state, area)
        own = next((w for w in built if w.key == "question:prompt"), None)
        if own is not None and own.rect.height <= theme.px(30):
            return built
        prompt_h = theme.px(40)
        taller = pygame.Rect(area.x, area.y - prompt_h, area.width, area.height + prompt_h)
        widgets = [w for w in build(ctx, state, taller) if w.key != "question:prompt"]
        noted = any(w.key in ("question:reason", "question:taken") for w in widgets)
        if question is not None and not noted:
            line = pygame.Rect(area.x, area.y, area.width, theme.px(30))
            widgets.append(Label(line, question.prompt, "body", bold=True, align="center",
                                 key="question:prompt"))
        return widgets

    def _action_button(self, ctx: Context, state: TikalState, kind: str,
                       rect: pygame.Rect) -> Widget:
        """One action's button: its questions, or (greyed) the reason it cannot be done."""
        reason = type_refusal(state, kind)
        cost = dict(ACTION_COSTS).get(kind)
        if state.tracking == "lean":
            text = Msg(f"ui_tikal.lean.{kind}")
        elif cost is not None:
            text = msg("ui_tikal.turn.cost", action=f"@ui_tikal.action.{kind}", cost=cost)
        else:
            text = Msg(f"ui_tikal.action.{kind}")

        if reason is not None:
            return GreyedButton(rect, text, (Notify(reason, error=True),), role="small",
                                key=f"tikal:act:{kind}")

        def tap(chosen: str = kind) -> list[Intent]:
            return self.ask(ctx, state, {"type": chosen})

        button = TapButton(rect, text, tap, role="small", key=f"tikal:act:{kind}")
        if kind == "bring":  # dragged onto the base camp or a camp: where they come in
            button.dropping = self._hex_drop(ctx, state, {"type": kind}, "to")
        return button

    def ask(self, ctx: Context, state: TikalState, start: dict[str, object]) -> list[Intent]:
        """Open the questions of an action (after ending a spent turn when ``state`` is the
        state that follows it)."""
        cursor = ctx.session.cursor if ctx.session is not None else None
        first = self.ending(ctx, state)
        if first and cursor is not None:
            cursor += len(first)
        intents = ask_tikal(state, dict(start), cursor)
        return [*first, *intents, *recorded_notice(state, intents)]

    def _draw(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """Basic game: the stack's letter, and the drawn hex asked right here."""
        theme = ctx.theme
        line = pygame.Rect(area.x, area.y, area.width, theme.px(30))
        below = pygame.Rect(area.x, line.bottom + theme.gap, area.width,
                            area.bottom - line.bottom - theme.gap)
        if self._flat_crowded(ctx, state, area, pygame.Rect(area.x, area.y, area.width, 0)):
            return self._squeezed(ctx, state, self._inline_draw, self.inline.question(state),
                                  pygame.Rect(area.x, area.y, area.width, area.height))
        return [Label(line, self._stack_line(state), "small", theme.palette.text_muted),
                *self._inline_draw(ctx, state, below)]








    def _finished(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """The winner and the winning score."""
        theme = ctx.theme
        best = winners(state)
        names = ", ".join(p.name for p in best)
        key = "ui_tikal.over.winner" if len(best) == 1 else "ui_tikal.over.shared"
        return [
            Panel(area),
            Label(pygame.Rect(area.x + theme.pad, area.y + theme.pad, area.width - 2 * theme.pad,
                              area.height // 2), msg(key, players=names), "title",
                  theme.palette.accent, "center", True),
            Label(pygame.Rect(area.x + theme.pad, area.centery, area.width - 2 * theme.pad,
                              area.height // 2 - theme.pad),
                  msg("ui_tikal.over.points", points=best[0].score), "heading", align="center"),
        ]

    def _instructions(self, ctx: Context, state: TikalState, box: pygame.Rect) -> list[Widget]:
        """What the table must do after the last step."""
        theme = ctx.theme
        if not state.instructions:
            if self.move_hint(state):
                return [Label(box, Msg("ui_tikal.turn.tap_to_move"), "small",
                              theme.palette.text_muted)]
            return [Label(box, Msg("ui_tikal.turn.nothing_to_do"), "small",
                          theme.palette.text_disabled)]
        return listed(box, theme, ctx.lang, state.instructions, "tikal:told",
                      theme.palette.accent)

    # ---------------------------------------------------------------- right column
    def _books_column(self, ctx: Context, session: Session, state: TikalState,
                      area: pygame.Rect) -> list[Widget]:
        """The tabs and the chosen tab's page."""
        theme = ctx.theme
        row = pygame.Rect(area.x, area.y, area.width, theme.touch)
        page = pygame.Rect(area.x, row.bottom + theme.gap, area.width,
                           area.bottom - row.bottom - theme.gap)
        return [*self._tab_buttons(ctx, state, row),
                *self._page(ctx, session, state, self.current_tab(state), page)]

    def _tab_buttons(self, ctx: Context, state: TikalState, row: pygame.Rect) -> list[Widget]:
        """One button per tab the phase offers, the chosen one highlighted."""
        tabs = panels.tabs_for(state)
        chosen = self.current_tab(state)
        widgets: list[Widget] = []
        for tab, rect in zip(tabs, tab_rects(row, tabs, ctx.lang, ctx.theme), strict=True):
            def tap(name: str = tab) -> list[Intent]:
                return self.show_tab(name)

            widgets.append(TapButton(rect, Msg(f"ui_tikal.tab.{tab}"), tap,
                                     "selected" if tab == chosen else "normal", role="small",
                                     key=f"tikal:tab:{tab}"))
        return widgets

    def _page(self, ctx: Context, session: Session, state: TikalState, tab: str,
              page: pygame.Rect) -> list[Widget]:
        """The page of one tab."""
        if tab == "map":
            layout = self.map_layout or HexMapLayout(page, state, (), ctx.theme)
            targets = [*self._volcano_strip(ctx, state, page), *self._map_targets(ctx, state),
                       *self._move_targets(ctx, state)]
            share_touch([w for w in targets if isinstance(w, NearestTarget)])
            return [Panel(page, ctx.theme.palette.surface),
                    HexMap(page, state, layout, highlight=self.scored_temple(state)), *targets]
        if tab == "temples":
            return panels.temples_panel(ctx, state, page, self.temple_scroll)
        if tab == "treasures":
            return panels.treasures_panel(ctx, state, page)
        if tab == "track":
            return panels.track_panel(ctx, state, page)
        if tab == "stack":
            return panels.stack_panel(ctx, state, page)
        if tab == "round":
            return panels.round_panel(ctx, state, page, self._open_count)
        if tab == "auction":
            labels = [entry.label for entry in session.history()[1:session.cursor + 1]]
            return panels.auction_panel(ctx, state, page, auction_wins(session.actions(), labels))
        return panels.results_panel(ctx, state, page)

    def _open_count(self) -> list[Intent]:
        """Open the counting screen of the scoring round."""
        from companion.ui.tikal.scoring import TikalScoringScene

        return [ShowDialog(TikalScoringScene())]


def tab_rects(row: pygame.Rect, tabs: tuple[str, ...], lang: str,
              theme: Theme) -> list[pygame.Rect]:
    """One rectangle per tab, wider for longer names, all at least a finger wide."""
    face = font(theme.text_size("small"), True)
    pad = 2 * theme.px(10)
    weights = [face.size(translate(f"ui_tikal.tab.{tab}", lang))[0] + pad for tab in tabs]
    room = row.width - (len(tabs) - 1) * theme.gap
    widths = [max(MIN_TOUCH, room * weight // sum(weights)) for weight in weights]
    widths[-1] = max(MIN_TOUCH, room - sum(widths[:-1]))
    rects = []
    x = row.x
    for width in widths:
        rects.append(pygame.Rect(x, row.y, width, row.height))
        x += width + theme.gap
    return rects








def header_text(state: TikalState, next_hex_here: bool = False) -> Msg:
    """Whose turn and what they do now; during a fully tracked turn, the action points
    left.  A lean game counts no points: the player plays at the table, and the screen
    says what ends the turn (the next hex, entered here, or the scoring)."""
    name = state.players[state.active].name
    if state.phase == Phase.ACTIONS and state.tracking == "lean":
        if state.scoring is not None:
            return msg("ui_tikal.turn.lean_score", player=name)
        key = "ui_tikal.turn.lean_next" if next_hex_here else "ui_tikal.turn.lean"
        return msg(key, player=name)
    if state.phase == Phase.ACTIONS and TikalPlayScene.spent(state) and next_hex_here:
        return msg("ui_tikal.turn.spent", player=name)
    if state.phase == Phase.ACTIONS:
        return msg("ui_tikal.turn.points", player=name, left=points_left(state),
                   total=ACTION_POINTS)
    return msg("ui_tikal.turn.header", player=name, phase=f"@tikal.phase.{state.phase}")


def pieces_line(state: TikalState) -> Msg:
    """The active player's pieces off the board: reserve, leader, camps and guards left."""
    player = state.players[state.active]
    common = {"reserve": player.reserve, "camps": MAX_CAMPS - player.camps,
              "guards": MAX_GUARDS - player.guards}
    if player.leader == LEADER_IN_RESERVE:
        return msg("ui_tikal.turn.pieces_reserve", **common)
    if player.leader == LEADER_OUT:
        return msg("ui_tikal.turn.pieces_out", **common)
    return msg("ui_tikal.turn.pieces_on", **common)  # the map shows on which hex (L)


def recorded_notice(state: TikalState, intents: list[Intent]) -> list[Intent]:
    """A notice of what a tap recorded at once, with no question asked (a lean game's
    treasure or level): the history's words for it, while *Undo* stays at hand in the bar
    (or the corners of a flat screen).  Nothing for a tap that asks first."""
    return [Notify(GAME.action_label(state, intent.action)) for intent in intents
            if isinstance(intent, Submit) and state.tracking == "lean"
            and intent.action.get("type") in ("take_treasure", "uncover")]
