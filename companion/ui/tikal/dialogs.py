"""Dialogs over the Tikal screens: the question-by-question action picker, the reveal
dialog of the auction game and a name keyboard for the set-up.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from companion.core.messages import Msg, msg
from companion.core.session import Session
from companion.games.tikal.state import HexTile, TikalState
from companion.ui import layout
from companion.ui.intents import CloseDialog, Intent, Redraw, Submit
from companion.ui.layout import dialog_frame
from companion.ui.scene import Context, Scene
from companion.ui.theme import Theme
from companion.ui.tikal.parts import TapButton
from companion.ui.tikal.steps import Step, action_of, filled, next_step
from companion.ui.tikal.view import stack_left, tile_label
from companion.ui.widgets import Label, Panel, Widget
from companion.ui.widgets import Shade as Shade

MAX_GRID_ROWS = 5
"""Most rows of answers before the grid gets more columns."""




def grid(area: pygame.Rect, count: int, theme: Theme, columns: int = 0,
         gap: int | None = None) -> list[pygame.Rect]:
    """Rectangles for ``count`` buttons filling ``area`` in rows of equal buttons."""
    if columns <= 0:
        columns = max(min(count, 4), math.ceil(count / MAX_GRID_ROWS))
    return layout.grid(area, count, theme.gap if gap is None else gap, columns, theme.px(84))


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
        widgets, inner = dialog_frame(ctx)
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
        widgets, inner = dialog_frame(ctx)
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
