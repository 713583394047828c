"""Where a notice goes: a place of its own that covers no control.

A notice ("End of the round", a refusal's reason) is drawn over whatever the screen
shows, so it must never hide a button, a map or a seat's panel, and a tap on it must
never reach what lies under it.  :func:`notice_rect` looks at the touch targets drawn
on the screen (and any dialog) and finds a band free of all of them — as wide and as
tall as a notice wants where possible, narrower or a single line where the screen is
busy, nearest the bottom first, then anywhere.  When no band is free, the notice waits
for a screen with room.  A screen may also name areas that are no controls but that the
table reads all the same (a board drawing): :func:`kept_clear` collects them, and the
notice keeps clear of them as well where the screen leaves room for that (a notice
over a drawing is still better than none).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol, runtime_checkable

import pygame

from companion.ui.theme import Theme

NOTICE_WIDTH = 640
"""Widest notice at 800x480 (scaled with the window)."""

NOTICE_HEIGHTS: tuple[int, ...] = (88, 60, 40)
"""Heights tried, tallest first, at 800x480: two lines, one roomy line, one tight line."""

LEAST_WIDTH = 280
"""Narrowest band a notice accepts at 800x480."""

STEP = 4
"""Pixels between the bands tried, top to bottom."""


@runtime_checkable
class KeepsClear(Protocol):
    """A screen that names areas a notice must not cover besides its touch targets."""

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """The areas, on the screen, as drawn last."""


def kept_clear(scene: object) -> list[pygame.Rect]:
    """The areas ``scene`` asks notices to keep clear of (none unless it names some)."""
    return scene.notice_keep_clear() if isinstance(scene, KeepsClear) else []


def _free_gaps(left: int, right: int, blocked: Sequence[tuple[int, int]]
               ) -> list[tuple[int, int]]:
    """The stretches of ``[left, right)`` not covered by any ``blocked`` interval."""
    gaps: list[tuple[int, int]] = []
    x = left
    for start, end in sorted(blocked):
        if start > x:
            gaps.append((x, min(start, right)))
        x = max(x, end)
        if x >= right:
            break
    if x < right:
        gaps.append((x, right))
    return [(a, b) for a, b in gaps if b > a]


Band = tuple[tuple[int, int, int, int], tuple[tuple[int, int, int, int], ...], int, int, int,
             tuple[int, ...], int]
"""Everything that decides a notice's place: screen, targets and the theme's sizes."""


def notice_rect(screen: pygame.Rect, targets: Sequence[pygame.Rect], theme: Theme,
                keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """A rectangle on ``screen`` that touches none of ``targets`` (``None``: no room),
    nor any of ``keep_clear`` where there is room for that.

    Bands are tried tallest first and, at each height, from the bottom of the screen up;
    the first band with a free stretch at least :data:`LEAST_WIDTH` wide is taken, and
    the notice is centred in that stretch, at most :data:`NOTICE_WIDTH` wide.
    """
    if keep_clear:
        clear = notice_rect(screen, [*targets, *keep_clear], theme)
        if clear is not None:
            return clear
    key: Band = (_box(screen), tuple(_box(rect) for rect in targets),
                 max(2, theme.gap // 2), theme.px(LEAST_WIDTH), theme.px(NOTICE_WIDTH),
                 tuple(theme.px(base) for base in NOTICE_HEIGHTS), theme.px(STEP))
    found = _band_for(key)
    return None if found is None else pygame.Rect(found)


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


@lru_cache(maxsize=32)
def _band_for(key: Band) -> tuple[int, int, int, int] | None:
    """The search of :func:`notice_rect`, kept per screen, targets and sizes.

    A screen's controls stay where they are from one press to the next (they never move
    under the finger), so a redraw after a press almost always asks about the same
    targets: the answer (a pure function of the key) is kept instead of scanning every
    band again, about a millisecond of a press's CPU here.
    """
    screen_box, target_boxes, margin, least_px, widest_px, heights, step = key
    screen = pygame.Rect(screen_box)
    grown = [pygame.Rect(box).inflate(2 * margin, 2 * margin) for box in target_boxes
             if box[2] > 0 and box[3] > 0]
    area = screen.inflate(-2 * margin, -2 * margin)
    least = min(area.width, least_px)
    widest = min(area.width, widest_px)
    for height in heights:
        for y in range(area.bottom - height, area.top - 1, -step):
            band = pygame.Rect(area.x, y, area.width, height)
            blocked = [(rect.left, rect.right) for rect in grown if rect.colliderect(band)]
            best = max(_free_gaps(area.left, area.right, blocked),
                       key=lambda gap: gap[1] - gap[0], default=None)
            if best is None or best[1] - best[0] < least:
                continue
            width = min(widest, best[1] - best[0])
            centre = (best[0] + best[1]) // 2
            return (centre - width // 2, y, width, height)
    return None
