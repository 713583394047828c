"""Layout helpers shared by every screen: splits, rows, grids and the dialog frame.

Each helper turns a rectangle into smaller ones; none of them draws.  Screens use
them instead of working out ``pygame.Rect`` arithmetic on their own.
"""

from __future__ import annotations

import math

import pygame

from companion.ui.scene import Context
from companion.ui.widgets import Panel, Shade, Widget


def split_columns(area: pygame.Rect, left_width: int, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """``area`` cut into a left column ``left_width`` wide and the rest, ``gap`` apart."""
    left = pygame.Rect(area.x, area.y, left_width, area.height)
    right = pygame.Rect(left.right + gap, area.y, area.right - left.right - gap, area.height)
    return left, right


def split_rows(area: pygame.Rect, top_height: int, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """``area`` cut into a top row ``top_height`` high and the rest, ``gap`` apart."""
    top = pygame.Rect(area.x, area.y, area.width, top_height)
    bottom = pygame.Rect(area.x, top.bottom + gap, area.width, area.bottom - top.bottom - gap)
    return top, bottom


def rows(area: pygame.Rect, count: int, height: int, gap: int) -> list[pygame.Rect]:
    """``count`` rows of at most ``height`` filling ``area`` from the top."""
    if count <= 0:
        return []
    step = min(height + gap, (area.height + gap) // count)
    return [pygame.Rect(area.x, area.y + n * step, area.width, step - gap) for n in range(count)]


def grid(area: pygame.Rect, count: int, gap: int, columns: int,
         max_height: int | None = None) -> list[pygame.Rect]:
    """Rectangles for ``count`` equal cells filling ``area`` row by row."""
    if count <= 0:
        return []
    columns = max(1, min(columns, count))
    lines = math.ceil(count / columns)
    width = (area.width - (columns - 1) * gap) // columns
    height = (area.height - (lines - 1) * gap) // lines
    if max_height is not None:
        height = min(height, max_height)
    return [pygame.Rect(area.x + (n % columns) * (width + gap),
                        area.y + (n // columns) * (height + gap), width, height)
            for n in range(count)]


def dialog_frame(ctx: Context) -> tuple[list[Widget], pygame.Rect]:
    """The shade and panel of a full-size dialog, and the space inside it."""
    theme = ctx.theme
    box = ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap)
    return [Shade(ctx.screen), Panel(box)], box.inflate(-2 * theme.pad, -2 * theme.pad)
