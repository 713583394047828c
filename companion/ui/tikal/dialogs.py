"""Dialogs over the Tikal screens: the question-by-question action picker, the reveal
dialog of the auction game and a name keyboard for the set-up.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from companion.core.messages import Msg, msg
from companion.core.questions import Question, Style
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.state import HexTile, TikalState
from companion.ui.intents import CloseDialog, Intent, Redraw, ShowDialog, Submit
from companion.ui.questions import (
    Dialogue,
    PlaceTarget,
    QuestionDialog,
    QuestionLook,
    answer_key,
    ask_intents,
    facing,
    question_widgets,
    seat_angle,
)
from companion.ui.scene import Context, Scene
from companion.ui.theme import Theme
from companion.ui.tikal.hexmap import HexMap, HexMapLayout
from companion.ui.tikal.parts import TapButton, piece_colour
from companion.ui.tikal.steps import Step, action_of, filled, next_step
from companion.ui.tikal.view import stack_left, tile_label
from companion.ui.widgets import Label, Panel, Widget
from companion.ui.widgets import Shade as Shade

MAX_GRID_ROWS = 5
"""Most rows of answers before the grid gets more columns."""




def grid(area: pygame.Rect, count: int, theme: Theme, columns: int = 0,
         gap: int | None = None) -> list[pygame.Rect]:
    """Rectangles for ``count`` buttons filling ``area`` in rows of equal buttons."""
    if count <= 0:
        return []
    gap = theme.gap if gap is None else gap
    if columns <= 0:
        columns = max(min(count, 4), math.ceil(count / MAX_GRID_ROWS))
    rows = math.ceil(count / columns)
    width = (area.width - (columns - 1) * gap) // columns
    height = min(theme.px(84), (area.height - (rows - 1) * gap) // rows)
    return [pygame.Rect(area.x + (n % columns) * (width + gap),
                        area.y + (n // columns) * (height + gap), width, height)
            for n in range(count)]


def dialog_box(ctx: Context) -> tuple[list[Widget], pygame.Rect]:
    """The shade and panel of a full-size dialog, and the space inside it."""
    theme = ctx.theme
    box = ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap)
    return [Shade(ctx.screen), Panel(box)], box.inflate(-2 * theme.pad, -2 * theme.pad)


class StepDialog(Scene):
    """Ask an action's questions one by one, then submit it."""

    overlay = True

    def __init__(self, kind: str, preview: Session | None = None) -> None:
        super().__init__()
        self.kind = kind
        """The action type being built."""
        self.answers: dict[str, Any] = {}
        """Answers so far, by field."""
        self.order: list[str] = []
        """Fields in the order they were answered (for *Back*)."""
        self.preview = preview
        """A demo game to draw instead of the open one (screenshots)."""

    def state_of(self, ctx: Context) -> TikalState | None:
        """The state the questions are about."""
        session = self.preview or ctx.session
        if session is None:
            return None
        state: TikalState = session.state
        return state

    def answer(self, state: TikalState, field: str, value: Any) -> list[Intent]:
        """Store one answer; submit the action when no question is left."""
        self.answers[field] = value
        self.order.append(field)
        if next_step(state, self.kind, self.answers) is None:
            action = action_of(self.kind, filled(state, self.kind, self.answers))
            return [CloseDialog(), Submit(action)]
        return [Redraw()]

    def back(self) -> list[Intent]:
        """Forget the last answer, or close the dialog when there is none."""
        if not self.order:
            return [CloseDialog()]
        self.answers.pop(self.order.pop(), None)
        return [Redraw()]

    def build(self, ctx: Context) -> list[Widget]:
        """Title, question, the answers as a grid, and *Back*."""
        state = self.state_of(ctx)
        widgets, inner = dialog_box(ctx)
        if state is None:
            return widgets
        step = next_step(state, self.kind, self.answers)
        theme = ctx.theme
        head = pygame.Rect(inner.x, inner.y, inner.width, theme.px(40))
        widgets.append(Label(head, Msg(f"ui_tikal.action.{self.kind}"), "heading",
                             theme.palette.accent, bold=True))
        if step is None:
            return widgets
        ask = pygame.Rect(inner.x, head.bottom, inner.width, theme.px(34))
        widgets.append(Label(ask, step.question, "body"))
        back = pygame.Rect(inner.x, inner.bottom - theme.touch, inner.width // 3, theme.touch)
        text = Msg("ui_tikal.common.back") if self.order else Msg("ui.common.cancel")
        widgets.append(TapButton(back, text, self.back, "quiet", key="step:back"))
        area = pygame.Rect(inner.x, ask.bottom + theme.gap, inner.width,
                           back.y - ask.bottom - 2 * theme.gap)
        if not step.options:
            widgets.append(Label(area, Msg("ui_tikal.step.nothing"), "heading",
                                 theme.palette.text_muted, "center"))
            return widgets
        return widgets + option_buttons(state, step, area, theme, self.answer)


def option_buttons(state: TikalState, step: Step, area: pygame.Rect, theme: Theme,
                   answer: Callable[[TikalState, str, Any], list[Intent]]) -> list[Widget]:
    """One button per answer of ``step``, laid out in a grid."""
    widgets: list[Widget] = []
    for number, (option, rect) in enumerate(zip(step.options,
                                                grid(area, len(step.options), theme),
                                                strict=True)):
        def tap(value: Any = option.value) -> list[Intent]:
            return answer(state, step.field, value)

        widgets.append(TapButton(rect, option.label, tap, role="button",
                                 key=f"step:{step.field}:{number}"))
    return widgets


class RevealDialog(Scene):
    """Auction game: enter the hexes turned up for this round, then record them together."""

    overlay = True

    def __init__(self, preview: Session | None = None) -> None:
        super().__init__()
        self.tiles: list[dict[str, Any]] = []
        """The hexes entered so far."""
        self.answers: dict[str, Any] = {}
        """The hex being entered."""
        self.preview = preview
        """A demo game to draw instead of the open one (screenshots)."""

    def answer(self, state: TikalState, field: str, value: Any) -> list[Intent]:
        """Store one answer; a complete hex joins the list."""
        self.answers[field] = value
        if next_step(state, "draw", self.answers) is None:
            self.tiles.append(dict(self.answers))
            self.answers = {}
        return [Redraw()]

    def remove(self, index: int) -> list[Intent]:
        """Take a hex off the list."""
        if 0 <= index < len(self.tiles):
            del self.tiles[index]
        return [Redraw()]

    def restart(self) -> list[Intent]:
        """Forget the hex being entered, or close when none is."""
        if self.answers:
            self.answers = {}
            return [Redraw()]
        return [CloseDialog()]

    def build(self, ctx: Context) -> list[Widget]:
        """Title, the hexes entered, the picker for the next one, and *Record*."""
        session = self.preview or ctx.session
        widgets, inner = dialog_box(ctx)
        if session is None:
            return widgets
        state: TikalState = session.state
        theme = ctx.theme
        wanted = min(len(state.players), stack_left(state))
        head = pygame.Rect(inner.x, inner.y, inner.width, theme.px(40))
        widgets.append(Label(head, msg("ui_tikal.reveal.title", count=wanted, done=len(self.tiles)),
                             "heading", theme.palette.accent, bold=True))
        chips = pygame.Rect(inner.x, head.bottom + theme.gap, inner.width, theme.touch)
        widgets += self._chips(chips, theme, wanted)
        bottom = pygame.Rect(inner.x, inner.bottom - theme.touch, inner.width, theme.touch)
        half = (bottom.width - theme.gap) // 2
        back = Msg("ui_tikal.common.back") if self.answers else Msg("ui.common.cancel")
        widgets.append(TapButton(pygame.Rect(bottom.x, bottom.y, half, bottom.height), back,
                                 self.restart, "quiet", key="reveal:back"))
        record: list[Intent] = [CloseDialog(), Submit({"type": "reveal",
                                                       "hexes": list(self.tiles)})]
        widgets.append(TapButton(pygame.Rect(bottom.x + half + theme.gap, bottom.y, half,
                                             bottom.height), Msg("ui_tikal.reveal.record"),
                                 lambda: record, "primary", key="reveal:record",
                                 enabled=len(self.tiles) == wanted))
        step = next_step(state, "draw", self.answers)
        if step is None or len(self.tiles) >= wanted:
            return widgets
        ask = pygame.Rect(inner.x, chips.bottom + theme.gap, inner.width, theme.px(30))
        widgets.append(Label(ask, step.question, "body"))
        area = pygame.Rect(inner.x, ask.bottom + theme.gap, inner.width,
                           bottom.y - ask.bottom - 2 * theme.gap)
        return widgets + option_buttons(state, step, area, theme, self.answer)

    def _chips(self, row: pygame.Rect, theme: Theme, wanted: int) -> list[Widget]:
        """One box per hex to reveal; entered ones can be tapped away."""
        widgets: list[Widget] = []
        for index, rect in enumerate(grid(row, max(1, wanted), theme, columns=max(1, wanted))):
            if index < len(self.tiles):
                tile = self.tiles[index]
                label = tile_label(HexTile(str(tile["kind"]), int(tile.get("value", 0)),
                                           int(tile.get("masks", 0))))

                def tap(chosen: int = index) -> list[Intent]:
                    return self.remove(chosen)

                widgets.append(TapButton(rect, label, tap,
                                         "selected", role="small", key=f"reveal:tile:{index}"))
            else:
                widgets.append(Panel(rect, theme.palette.background))
        return widgets


# ---------------------------------------------------------------- questions on the map
def _strip_edge(angle: int) -> str:
    """The screen edge the question strip sits on when it faces a seat."""
    return {0: "bottom", 180: "top", 90: "right", 270: "left"}[angle % 360]


def map_area(screen: pygame.Rect, strip: pygame.Rect, angle: int, gap: int) -> pygame.Rect:
    """The part of the screen left for the map beside the question strip."""
    edge = _strip_edge(angle)
    area = pygame.Rect(screen)
    if edge == "bottom":
        area.height = strip.top - gap - area.top
    elif edge == "top":
        area.top = strip.bottom + gap
        area.height = screen.bottom - area.top
    elif edge == "right":
        area.width = strip.left - gap - area.left
    else:
        area.left = strip.right + gap
        area.width = screen.right - area.left
    return area


class TikalQuestionDialog(QuestionDialog):
    """The shared question dialog; a place question draws the board beside its strip.

    The table answers "which hex?" and "where was it laid?" by tapping the hex or the
    empty field on the map, whatever tab the play screen shows underneath.
    """

    preview: Session | None = None
    """A demo game to ask about instead of the open one (screenshots)."""

    def build(self, ctx: Context) -> list[Widget]:
        """The map (for a place question) and the question."""
        if self.preview is not None:
            ctx = replace(ctx, session=self.preview)
        session = ctx.session
        if session is None:
            return []
        state: TikalState = session.state
        self.dialogue.follow(session.cursor)
        step = self.dialogue.progress(state).step
        if isinstance(step, Question) and step.style == Style.PLACE:
            return self._place_build(ctx, state, step)
        self.look = QuestionLook(None, self.look.seat_colour, self.look.cancellable)
        return super().build(ctx)

    def _place_build(self, ctx: Context, state: TikalState, step: Question) -> list[Widget]:
        """The board over most of the screen, the question in a strip facing the seat."""
        theme = ctx.theme
        angle = seat_angle(ctx, step.seat, self.seats)
        self.look = QuestionLook(lambda key: None, self.look.seat_colour, self.look.cancellable)
        strip = self._box(ctx, state, angle, True)
        area = map_area(ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap), strip, angle,
                        theme.gap)
        spots = [(int(a.value[0]), int(a.value[1])) for a in step.answers
                 if isinstance(a.value, list)]
        layout = HexMapLayout(area, state, spots, theme)

        def rects(key: str) -> pygame.Rect | None:
            return layout.rect_for(state, key)

        inside = QuestionLook(lambda key: None, self.look.seat_colour, self.look.cancellable)

        def content(box: pygame.Rect) -> list[Widget]:
            inner = box.inflate(-2 * theme.pad, -2 * theme.pad)
            return [Panel(box, theme.palette.surface),
                    *question_widgets(self.dialogue, state, inner, ctx, inside,
                                      (CloseDialog(),), (CloseDialog(),))]

        return [Shade(ctx.screen), Panel(area, theme.palette.surface),
                HexMap(area, state, layout), *facing(strip, angle, content, "question:panel"),
                *place_targets(self.dialogue, state, step, rects)]


def place_targets(dialogue: Dialogue, state: TikalState, step: Question,
                  rects: Callable[[str], pygame.Rect | None]) -> list[Widget]:
    """The places of a place question as tap targets on the map (screen coordinates)."""
    widgets: list[Widget] = []
    for answer in step.answers:
        rect = rects(answer.place) if answer.place is not None else None
        if rect is None:
            continue

        def on_tap(value: Any = answer.value) -> list[Intent]:
            return dialogue.tap(state, value, (CloseDialog(),))

        widgets.append(PlaceTarget(rect, step.field, answer, on_tap,
                                   key=f"place:{step.field}:{answer_key(answer.value)}"))
    return widgets


def tikal_look(state: TikalState) -> QuestionLook:
    """Seat answers in the colours of the players' pieces."""
    players = state.players
    return QuestionLook(None, lambda seat: piece_colour(players[seat].colour), True)


def ask_tikal(state: TikalState, start: dict[str, Any], cursor: int | None) -> list[Intent]:
    """What tapping an action does: submit it when nothing is left to ask, else ask."""
    intents = ask_intents(GAME.ask, state, start, tikal_look(state), len(state.players), cursor)
    result: list[Intent] = []
    for intent in intents:
        if isinstance(intent, ShowDialog) and isinstance(intent.dialog, QuestionDialog):
            dialog = intent.dialog
            intent = ShowDialog(TikalQuestionDialog(dialog.dialogue, dialog.look, dialog.seats))
        result.append(intent)
    return result


def preview_dialog(session: Session, partial: dict[str, Any]) -> TikalQuestionDialog:
    """A question dialog about a demo game, already answered as far as ``partial``."""
    state: TikalState = session.state
    dialog = TikalQuestionDialog(Dialogue(GAME.ask, {"type": partial["type"]}),
                                 tikal_look(state), len(state.players))
    dialog.dialogue.partial = dict(partial)
    dialog.dialogue.path = [{"type": partial["type"]}] if len(partial) > 1 else []
    dialog.dialogue.cursor = session.cursor
    dialog.preview = session
    return dialog
