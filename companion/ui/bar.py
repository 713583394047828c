"""The game bar: the strip at the top of every game screen.

It shows the game's name (or a screen title) and the buttons every game offers:
undo, redo, history, settings and home.  A game screen calls :func:`game_bar` and
lays its own widgets out in the rectangle it returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.core.messages import Msg
from companion.ui.fault_badge import title_room
from companion.ui.intents import Back, GoHome, Intent, Navigate, Redo, Undo
from companion.ui.widgets import Button, ButtonStyle, Label, Panel, Text, Widget

if TYPE_CHECKING:
    from companion.ui.scene import Context


def _bar_buttons(
    ctx: Context, here: str | None
) -> list[tuple[Text, tuple[Intent, ...], bool, ButtonStyle]]:
    session = ctx.session
    can_undo = session is not None and session.can_undo
    can_redo = session is not None and session.can_redo
    if here == "history":
        history: tuple[Text, tuple[Intent, ...], bool, ButtonStyle] = (
            Msg("ui.history.to_game"), (Back(),), True, "primary")
    else:
        history = (Msg("ui.bar.history"), (Navigate("history"),), session is not None,
                   "normal")
    return [
        (Msg("ui.bar.undo"), (Undo(),), can_undo, "normal"),
        (Msg("ui.bar.redo"), (Redo(),), can_redo, "normal"),
        history,
        (Msg("ui.bar.settings"), (Navigate("settings"),), True, "normal"),
        (Msg("ui.bar.home"), (GoHome(),), True, "normal"),
    ]


def bar_key(intent: Intent) -> str:
    """The widget key of a bar button: its intent's name, and the screen it opens."""
    if isinstance(intent, Navigate):
        return f"bar:{intent.screen}"
    return f"bar:{type(intent).__name__}"


def bar_rect(ctx: Context) -> pygame.Rect:
    """The bar's rectangle at the top of the window."""
    return pygame.Rect(0, 0, ctx.size[0], ctx.theme.bar_height)


def body_rect(ctx: Context) -> pygame.Rect:
    """The space under the bar, inset by the theme's gap."""
    theme = ctx.theme
    top = theme.bar_height + theme.gap
    return pygame.Rect(theme.gap, top, ctx.size[0] - 2 * theme.gap, ctx.size[1] - top - theme.gap)


def game_title(ctx: Context) -> Text:
    """The current game's display name (or the app's name without a game)."""
    if ctx.session is None:
        return Msg("ui.app.title")
    return Msg(ctx.session.game.title_key)


def game_bar(
    ctx: Context, title: Text | None = None, here: str | None = None
) -> tuple[list[Widget], pygame.Rect]:
    """Build the bar; return its widgets and the rectangle left for the screen's content.

    ``title`` replaces the game's name; ``here`` names the screen showing the bar: on
    ``"history"`` the history button becomes the way back to the game.
    """
    theme = ctx.theme
    bar = bar_rect(ctx)
    widgets: list[Widget] = [Panel(bar, theme.palette.surface, border=False)]
    specs = _bar_buttons(ctx, here)
    button_width = max(theme.touch, min(theme.px(104), (bar.width * 2 // 3) // len(specs)))
    height = theme.touch
    x = bar.right - theme.gap
    buttons: list[Widget] = []
    for text, intents, enabled, style in reversed(specs):
        x -= button_width
        rect = pygame.Rect(x, bar.y + (bar.height - height) // 2, button_width, height)
        key = bar_key(intents[0])
        buttons.insert(0, Button(rect, text, intents, style, enabled, "small", key=key))
        x -= theme.gap // 2
    title_box = pygame.Rect(theme.pad, bar.y, x - 2 * theme.pad, bar.height)
    title_text = title or game_title(ctx)
    title_box = title_room(title_box, title_text, ctx.faults, ctx.lang, theme)  # badge's room
    widgets.append(Label(title_box, title_text, "heading", bold=True))
    return widgets + buttons, body_rect(ctx)
