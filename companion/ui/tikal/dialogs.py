"""Dialogs over the Tikal screens: the rules' questions put to the table (places tapped
on the board map), and the grid the screens lay their buttons in.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from companion.core.questions import Question, Style
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.questions import TEMPLE_FIELD
from companion.games.tikal.state import TikalState
from companion.ui import layout
from companion.ui.intents import CloseDialog, Intent, ShowDialog
from companion.ui.questions import (
    Dialogue,
    QuestionDialog,
    QuestionLook,
    Slots,
    ask_intents,
    facing,
    place_targets,
    question_widgets,
    seat_angle,
)
from companion.ui.scene import Context
from companion.ui.theme import Theme
from companion.ui.tikal.hexmap import HexMap, HexMapLayout
from companion.ui.tikal.parts import piece_colour
from companion.ui.widgets import Panel, Widget
from companion.ui.widgets import Shade as Shade

MAX_GRID_ROWS = 5
"""Most rows of answers before the grid gets more columns."""




def grid(area: pygame.Rect, count: int, theme: Theme, columns: int = 0,
         gap: int | None = None) -> list[pygame.Rect]:
    """Rectangles for ``count`` buttons filling ``area`` in rows of equal buttons."""
    if columns <= 0:
        columns = max(min(count, 4), math.ceil(count / MAX_GRID_ROWS))
    return layout.grid(area, count, theme.gap if gap is None else gap, columns, theme.px(84))


dialog_box = layout.dialog_frame
"""The shade and panel of a full-size dialog, and the space inside it."""


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

    pinned = False
    """Whether the question box sits at the seat's edge, leaving room for the board."""

    def build(self, ctx: Context) -> list[Widget]:
        """The map (for a place question) and the question."""
        session = ctx.session
        if session is None:
            return []
        state: TikalState = session.state
        self.dialogue.follow(session.cursor)
        step = self.dialogue.progress(state).step
        if isinstance(step, Question) and step.style == Style.PLACE:
            return self._place_build(ctx, state, step)
        self.look = QuestionLook(None, self.look.seat_colour, self.look.cancellable)
        self.pinned = isinstance(step, Question) and step.field.startswith(TEMPLE_FIELD)
        widgets = super().build(ctx)
        if not self.pinned or not isinstance(step, Question) or not widgets:
            return widgets
        return self._with_temple_map(ctx, state, step, widgets)

    def _box(self, ctx: Context, state: Any, angle: int, on_map: bool) -> pygame.Rect:
        """The question box; pinned to the asked seat's edge when a map shares the screen."""
        box = super()._box(ctx, state, angle, on_map)
        if self.pinned and not on_map:
            screen = ctx.screen.inflate(-2 * ctx.theme.gap, -2 * ctx.theme.gap)
            edge = _strip_edge(angle)
            setattr(box, edge, getattr(screen, edge))
        return box

    def _with_temple_map(self, ctx: Context, state: TikalState, step: Question,
                         widgets: list[Widget]) -> list[Widget]:
        """The board beside the question, the temple asked about ringed."""
        theme = ctx.theme
        angle = seat_angle(ctx, step.seat, self.seats)
        box = self._box(ctx, state, angle, False)
        area = map_area(ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap), box, angle,
                        theme.gap)
        if area.width < theme.touch or area.height < theme.touch:
            return widgets
        hex_id = int(step.field.removeprefix(TEMPLE_FIELD))
        layout = HexMapLayout(area, state, (), theme)
        shade, rest = widgets[:1], widgets[1:]
        return [*shade, Panel(area, theme.palette.surface),
                HexMap(area, state, layout, highlight=hex_id), *rest]

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
                *place_targets(self.dialogue, state, step, rects, (CloseDialog(),),
                               round_ring=True)]


def tikal_look(state: TikalState) -> QuestionLook:
    """Seat answers in the colours of the players' pieces."""
    players = state.players
    return QuestionLook(None, lambda seat: piece_colour(players[seat].colour), True,
                        round_places=True)


ACTION_SLOTS: dict[str, Slots] = {}
"""Where each answer of an action's questions sat last time, per action type: a dialog
asked again (next turn, with more or fewer answers) keeps every answer in its place."""


def ask_tikal(state: TikalState, start: dict[str, Any], cursor: int | None) -> list[Intent]:
    """What tapping an action does: submit it when nothing is left to ask, else ask."""
    intents = ask_intents(GAME.ask, state, start, tikal_look(state), len(state.players), cursor)
    result: list[Intent] = []
    for intent in intents:
        if isinstance(intent, ShowDialog) and isinstance(intent.dialog, QuestionDialog):
            dialog = intent.dialog
            dialog.dialogue.slots = ACTION_SLOTS.setdefault(str(start.get("type")), Slots())
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
    return dialog
