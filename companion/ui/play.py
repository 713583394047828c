"""The generic play screen, used by any game whose UI package has no play screen yet.

It shows what happened last, the table buttons' on-screen twins (when the game maps
its physical buttons) and every legal choice the rules list (``Game.choices``), each
labelled by the rules themselves — enough to play any registered game end to end.  A game
whose rules ask their questions (``ask``) is played through them instead: one question at
a time, only legal answers offered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from companion.core.messages import IllegalActionError, Msg
from companion.core.questions import Ask
from companion.core.session import Session
from companion.ui.bar import game_bar
from companion.ui.intents import PressButton, Submit
from companion.ui.questions import Dialogue, QuestionLook, question_widgets
from companion.ui.scene import Context, GameScene
from companion.ui.screens import register_screen
from companion.ui.widgets import Button, Label, ListItem, ListView, Panel, ScrollState, Widget

MAX_ACTIONS = 60
"""Most actions listed at once."""


def has_table_buttons(session: Session) -> bool:
    """Whether the game maps the physical table buttons."""
    return callable(getattr(session.game, "advance_action", None))


class GenericPlayScene(GameScene):
    """Play any game through the actions its rules list."""

    def __init__(self) -> None:
        super().__init__()
        self.scroll = ScrollState()
        """Scroll position of the action list."""
        self.dialogue: Dialogue | None = None
        """The question dialogue of a game that asks (its answers so far)."""
        self._cache_key: tuple[int, int, int] | None = None
        self._actions: list[Mapping[str, Any]] = []

    def legal_actions(self, session: Session) -> Sequence[Mapping[str, Any]]:
        """Every legal choice in the current state (computed once per step)."""
        key = (session.game_id, session.cursor, len(session.history()))
        if key != self._cache_key:
            self._cache_key = key
            found = [] if session.finished else session.game.choices(session.state) or []
            self._actions = list(found)[:MAX_ACTIONS]
            self.scroll.offset = 0
        return self._actions

    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """Bar, a status column with the table buttons, and the list of actions."""
        bar, body = game_bar(ctx)
        theme = ctx.theme
        left = pygame.Rect(body.x, body.y, body.width * 2 // 5, body.height)
        right = pygame.Rect(left.right + theme.gap, body.y, body.right - left.right - theme.gap,
                            body.height)
        return [*bar, *self._status(ctx, left, session), *self._action_list(ctx, right, session)]

    def _status(self, ctx: Context, area: pygame.Rect, session: Session) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = [Panel(area)]
        inner = area.inflate(-2 * theme.pad, -2 * theme.pad)
        line = theme.px(34)
        last = session.last_label()
        status = Msg("ui.play.finished") if session.finished else Msg(
            "ui.play.step", {"step": session.cursor})
        widgets.append(Label(pygame.Rect(inner.x, inner.y, inner.width, line), status,
                             "heading", theme.palette.accent, bold=True))
        widgets.append(Label(pygame.Rect(inner.x, inner.y + line, inner.width, line),
                             Msg("ui.play.last"), "small", theme.palette.text_muted))
        last_box = pygame.Rect(inner.x, inner.y + 2 * line, inner.width, 2 * line)
        widgets.append(Label(last_box, last or Msg("core.label.start"), "body"))
        if has_table_buttons(session) and not session.finished:
            widgets.extend(self._table_buttons(ctx, inner, last_box.bottom + theme.gap, session))
        return widgets

    @staticmethod
    def _table_buttons(ctx: Context, inner: pygame.Rect, top: int,
                       session: Session) -> list[Widget]:
        theme = ctx.theme
        height = theme.touch
        seats_row = pygame.Rect(inner.x, inner.bottom - height, inner.width, height)
        caption = pygame.Rect(inner.x, seats_row.y - theme.px(28), inner.width, theme.px(28))
        advance = pygame.Rect(inner.x, caption.y - theme.gap - height, inner.width, height)
        widgets: list[Widget] = [
            Button(advance, Msg("ui.play.advance"), (PressButton("advance"),), "primary",
                   key="play:advance"),
            Label(caption, Msg("ui.play.seats"), "small", theme.palette.text_muted),
        ]
        seats = len(session.setup.get("players", [])) or session.game.max_players
        seats = max(1, min(4, seats))
        width = (inner.width - (seats - 1) * theme.gap) // seats
        for seat in range(seats):
            rect = pygame.Rect(inner.x + seat * (width + theme.gap), seats_row.y, width, height)
            button = f"seat{seat + 1}"
            widgets.append(Button(rect, str(seat + 1), (PressButton(button),),
                                  key=f"play:seat{seat}",
                                  hold_intents=(PressButton(button, "long_press"),)))
        return widgets if advance.y > top else []

    def _action_list(self, ctx: Context, area: pygame.Rect, session: Session) -> list[Widget]:
        theme = ctx.theme
        heading = pygame.Rect(area.x, area.y, area.width, theme.px(34))
        widgets: list[Widget] = [Label(heading, Msg("ui.play.actions"), "heading", bold=True)]
        box = pygame.Rect(area.x, heading.bottom + theme.gap, area.width,
                          area.bottom - heading.bottom - theme.gap)
        ask = getattr(session.game, "ask", None)
        if callable(ask) and not session.finished:
            return widgets + self._questions(ctx, box, session, ask)
        actions = self.legal_actions(session)
        if not actions:
            empty = Msg("ui.play.game_over") if session.finished else Msg("ui.play.no_actions")
            widgets.append(Label(box, empty, "body", theme.palette.text_muted, align="center"))
            return widgets
        state = session.state
        items = [ListItem(session.game.action_label(state, action), None, (Submit(action),))
                 for action in actions]
        widgets.append(ListView(box, items, theme.touch + theme.px(6), self.scroll, key="actions"))
        return widgets


    def _questions(self, ctx: Context, box: pygame.Rect, session: Session,
                   ask: Ask) -> list[Widget]:
        """The game's own questions, one at a time, for a game that asks."""
        if self.dialogue is None or self.dialogue.ask != ask:
            self.dialogue = Dialogue(ask)
        self.dialogue.follow(session.cursor)
        try:
            return question_widgets(self.dialogue, session.state, box, ctx,
                                    QuestionLook(cancellable=False))
        except IllegalActionError as refusal:
            return [Label(box, refusal.message, "body", ctx.theme.palette.text_muted,
                          align="center")]


register_screen("play", GenericPlayScene)
