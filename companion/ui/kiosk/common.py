"""Pieces shared by the kiosk screens: the top bar and reading the kiosk settings."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.core.kiosk import KioskSettings, load_kiosk_settings
from companion.core.staff import StaffLock
from companion.ui.intents import Intent
from companion.ui.scene import Context
from companion.ui.theme import Palette
from companion.ui.widgets import Button, ButtonStyle, Label, Panel, Text, Widget

BarButton = tuple[Text, Sequence[Intent], ButtonStyle]
"""A bar button: label, what it does, and its look."""


def kiosk_settings(ctx: Context) -> KioskSettings:
    """The café's kiosk settings (defaults without a journal)."""
    return KioskSettings() if ctx.journal is None else load_kiosk_settings(ctx.journal)


def staff_lock(ctx: Context) -> StaffLock | None:
    """The staff lock on the journal's settings, if there is a journal."""
    return None if ctx.journal is None else StaffLock(ctx.journal, lambda: ctx.now)


def palette_for(ctx: Context) -> Palette:
    """The palette to draw with: the colour-safe one when the café chose it."""
    from companion.ui.kiosk.looks import SAFE_PALETTE

    return SAFE_PALETTE if kiosk_settings(ctx).colour_safe else ctx.theme.palette


def kiosk_bar(
    ctx: Context, title: Text, buttons: Sequence[BarButton], key: str,
    disabled: frozenset[int] = frozenset(),
) -> tuple[list[Widget], pygame.Rect]:
    """A top strip with a title and buttons on the right; returns widgets and the body.

    The buttons numbered in ``disabled`` are drawn greyed (and ignore taps).
    """
    theme = ctx.theme
    height = theme.bar_height
    bar = pygame.Rect(0, 0, ctx.size[0], height)
    widgets: list[Widget] = [Panel(bar, theme.palette.surface, border=False)]
    width = max(theme.touch, min(theme.px(120), ctx.size[0] // (2 * max(1, len(buttons)))))
    x = bar.right - theme.gap
    for number, (text, intents, style) in enumerate(reversed(buttons)):
        x -= width
        rect = pygame.Rect(x, (height - theme.touch) // 2, width, theme.touch)
        index = len(buttons) - 1 - number
        widgets.append(Button(rect, text, intents, style, enabled=index not in disabled,
                              role="small", key=f"{key}:bar:{index}"))
        x -= theme.gap // 2
    widgets.append(Label(pygame.Rect(theme.pad, 0, x - 2 * theme.pad, height), title,
                         "heading", bold=True))
    top = height + theme.gap
    body = pygame.Rect(theme.gap, top, ctx.size[0] - 2 * theme.gap, ctx.size[1] - top - theme.gap)
    return widgets, body
