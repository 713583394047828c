"""The history screen: every step of the game, newest last; tap one to go back to it.

A tap on a step asks first, and says that the later steps stay (Redo brings them
back); the bar's history button leads back to the game.
"""

from __future__ import annotations

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg
from companion.core.session import HistoryEntry, Session
from companion.ui.bar import game_bar
from companion.ui.dialogs import confirm
from companion.ui.intents import JumpTo, Redo, ShowDialog, Undo
from companion.ui.scene import Context, GameScene
from companion.ui.screens import register_screen
from companion.ui.widgets import Button, Label, ListItem, ListView, ScrollState, Widget


def history_item(entry: HistoryEntry, cursor: int) -> ListItem:
    """One history row: the step's label, its number, undone steps greyed."""
    if entry.step == cursor:
        detail = Msg("ui.history.current", {"step": entry.step})
    elif entry.active:
        detail = Msg("ui.history.step", {"step": entry.step})
    else:
        detail = Msg("ui.history.undone", {"step": entry.step})
    intents = () if entry.step == cursor else (jump_question(entry.step, cursor),)
    return ListItem(entry.label, detail, intents, dim=not entry.active,
                    highlight=entry.step == cursor)


def step_told(session: Session, step: int) -> tuple[Msg, ...]:
    """What step ``step`` told the table to do with its pieces, when the game says (its
    optional ``told(before, after)``: the same lines its play screen lists)."""
    told = getattr(session.game, "told", None)
    if told is None or step == 0:
        return ()
    return tuple(told(session.state_after(step - 1), session.state_after(step)))


def told_item(line: Msg, active: bool, lang: str) -> ListItem:
    """One instruction under its step: indented, nothing to tap (translated when the list
    is built, which every change of language does again)."""
    return ListItem(f"    → {translate(line, lang)}", dim=not active)


def jump_question(step: int, cursor: int) -> ShowDialog:
    """Ask before moving the game to ``step``; the answer says how to come back."""
    body = Msg("ui.history.back_body" if step < cursor else "ui.history.forward_body")
    return confirm(Msg("ui.history.jump_question", {"step": step}),
                   Msg("ui.history.jump", {"step": step}), (JumpTo(step),), body,
                   danger=False)


class HistoryScene(GameScene):
    """The labelled list of steps with undo and redo; a tap jumps to that step."""

    def __init__(self) -> None:
        super().__init__()
        self.scroll = ScrollState()
        """Scroll position of the list."""
        self._shown_cursor: int | None = None

    def bar(self, ctx: Context) -> tuple[list[Widget], pygame.Rect]:
        """The game bar titled *History*, its history button leading back to the game."""
        return game_bar(ctx, Msg("ui.history.title"), here="history")

    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """Game bar, a side column with undo/redo, and the list."""
        bar, body = self.bar(ctx)
        theme = ctx.theme
        side_width = max(theme.touch, theme.px(150))
        side = pygame.Rect(body.right - side_width, body.y, side_width, body.height)
        box = pygame.Rect(body.x, body.y, body.width - side_width - theme.gap, body.height)
        widgets: list[Widget] = [*bar, *self._side(ctx, side, session)]
        entries = session.history()
        items: list[ListItem] = []
        at_cursor = 0
        for entry in entries:
            if entry.step == session.cursor:
                at_cursor = len(items)
            items.append(history_item(entry, session.cursor))
            items += [told_item(line, entry.active, ctx.lang)
                      for line in step_told(session, entry.step)]
        view = ListView(box, items, theme.touch + theme.px(14), self.scroll, key="history")
        if self._shown_cursor != session.cursor:
            view.scroll_to(at_cursor)
            self._shown_cursor = session.cursor
        widgets.append(view)
        return widgets

    @staticmethod
    def _side(ctx: Context, side: pygame.Rect, session: Session) -> list[Widget]:
        theme = ctx.theme
        height = max(theme.touch, theme.px(64))
        undo = pygame.Rect(side.x, side.y, side.width, height)
        redo = pygame.Rect(side.x, undo.bottom + theme.gap, side.width, height)
        info = pygame.Rect(side.x, redo.bottom + theme.gap, side.width,
                           min(theme.px(150), side.bottom - redo.bottom - theme.gap))
        count = Msg("ui.history.count", {"cursor": session.cursor,
                                         "total": len(session.history()) - 1})
        return [
            Button(undo, Msg("ui.bar.undo"), (Undo(),), enabled=session.can_undo,
                   key="history:undo"),
            Button(redo, Msg("ui.bar.redo"), (Redo(),), enabled=session.can_redo,
                   key="history:redo"),
            Label(info, count, "small", theme.palette.text_muted, align="center"),
        ]


register_screen("history", HistoryScene)
