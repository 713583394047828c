"""The flat-table layout: a screen lying in the middle of the table, one panel per seat.

Each seat's panel sits on the screen edge nearest that seat (2-4 seats: bottom, top,
left, right, in seating order around the table) and is turned to face it; the shared
part of the screen (a game's map, the advance button) takes the middle, and the four
corners are left for buttons every seat may use.

A game screen builds a seat's panel *upright*, as if it stood at the bottom edge, in
a rectangle of :func:`upright_size`, and wraps the widgets in a :class:`TurnedPanel`.
The panel draws them onto its own picture, turns it, and maps every touch back
through the turn, so a tap on a turned button reaches that button::

    layout = flat_layout(ctx.size, seats, flat_depths(ctx.theme), ctx.theme.gap)
    for seat, (rect, place) in enumerate(zip(layout.panels, layout.places)):
        local = upright_rect(rect, place.angle)
        widgets.append(TurnedPanel(rect, place.angle, my_panel(seat, local), f"seat{seat}"))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import pygame

from companion.core.messages import Msg
from companion.core.values import Value
from companion.ui.intents import GoHome, Intent, Navigate, Redo, Undo
from companion.ui.scene import Context, flatten
from companion.ui.theme import MIN_TOUCH, Theme
from companion.ui.widgets import Button, Drop, Widget

Edge = Literal["bottom", "top", "left", "right"]
"""A side of the screen."""


class SeatPlace(Value):
    """Where a seat's panel goes in the flat layout and how it is turned."""

    edge: Edge
    """The screen edge nearest the seat."""
    angle: int
    """Rotation in degrees (counter-clockwise) so the text faces the seat."""


_FLAT_EDGES: dict[int, tuple[Edge, ...]] = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "top"),
    4: ("bottom", "left", "top", "right"),
}
_EDGE_ANGLES: dict[Edge, int] = {"bottom": 0, "top": 180, "left": 270, "right": 90}


def flat_places(seats: int) -> list[SeatPlace]:
    """The edge and rotation of each seat's panel around a screen lying flat."""
    edges = _FLAT_EDGES[min(4, max(1, seats))]
    places = [SeatPlace(edge, _EDGE_ANGLES[edge]) for edge in edges]
    return places + [places[-1]] * max(0, seats - len(places))


def flat_panel_rects(size: tuple[int, int], seats: int, depth: int) -> list[pygame.Rect]:
    """Rectangles of the seat panels along the screen's edges, ``depth`` pixels deep.

    Two panels on one edge never happen (at most four seats); side panels leave the
    corners to the top and bottom ones.
    """
    width, height = size
    rects: list[pygame.Rect] = []
    for place in flat_places(seats):
        if place.edge == "bottom":
            rects.append(pygame.Rect(depth, height - depth, width - 2 * depth, depth))
        elif place.edge == "top":
            rects.append(pygame.Rect(depth, 0, width - 2 * depth, depth))
        elif place.edge == "left":
            rects.append(pygame.Rect(0, depth, depth, height - 2 * depth))
        else:
            rects.append(pygame.Rect(width - depth, depth, depth, height - 2 * depth))
    return rects


def upright_size(rect: pygame.Rect, angle: int) -> tuple[int, int]:
    """The size of the panel's content before it is turned by ``angle``."""
    quarter = (angle // 90) % 2 == 1
    return (rect.height, rect.width) if quarter else (rect.width, rect.height)


def blit_turned(surface: pygame.Surface, content: pygame.Surface, rect: pygame.Rect,
                angle: int) -> None:
    """Draw ``content`` (drawn upright) into ``rect`` turned by ``angle`` degrees."""
    turned = pygame.transform.rotate(content, angle) if angle % 360 else content
    surface.blit(turned, turned.get_rect(center=rect.center))


FLAT_EDGE_DEPTH = 64
"""Depth of a panel on the top or bottom edge at 800x480 (scaled with the window)."""

FLAT_SIDE_DEPTH = 92
"""Depth of a panel on the left or right edge at 800x480 (scaled with the window)."""


def flat_depths(theme: Theme) -> tuple[int, int]:
    """How deep the top/bottom and the left/right panels reach in from their edges.

    Both leave room for a 48 px touch target plus the gap between panels.  The top
    and bottom panels are shallower, so a map in the middle keeps most of the height.
    """
    least = MIN_TOUCH + theme.gap + 8
    return max(least, theme.px(FLAT_EDGE_DEPTH)), max(least, theme.px(FLAT_SIDE_DEPTH))


class FlatLayout(Value):
    """Where everything goes on a screen lying flat."""

    places: tuple[SeatPlace, ...]
    """Edge and turn of each seat's panel, in seat order."""
    panels: tuple[pygame.Rect, ...]
    """Each seat's panel on the screen, in seat order."""
    centre: pygame.Rect
    """The shared middle of the screen."""
    corners: tuple[pygame.Rect, ...]
    """The four corner boxes: top-left, top-right, bottom-left, bottom-right."""


def flat_layout(size: tuple[int, int], seats: int, depths: tuple[int, int],
                gap: int) -> FlatLayout:
    """Cut a window of ``size`` into seat panels, the middle and the corners.

    ``depths`` are the depths of the top/bottom and of the left/right panels (see
    :func:`flat_depths`); ``gap`` separates neighbours.  The middle and the corners
    stay where they are for any seat count, so the shared part never jumps.
    """
    width, height = size
    edge, side = depths
    half = gap // 2
    spans: dict[Edge, pygame.Rect] = {
        "bottom": pygame.Rect(side, height - edge, width - 2 * side, edge),
        "top": pygame.Rect(side, 0, width - 2 * side, edge),
        "left": pygame.Rect(0, edge, side, height - 2 * edge),
        "right": pygame.Rect(width - side, edge, side, height - 2 * edge),
    }
    places = tuple(flat_places(seats))
    panels = tuple(spans[place.edge].inflate(-gap, -gap) for place in places)
    centre = pygame.Rect(side + half, edge + half, width - 2 * side - gap,
                         height - 2 * edge - gap)
    corners = tuple(pygame.Rect(x + half, y + half, side - gap, edge - gap)
                    for y in (0, height - edge) for x in (0, width - side))
    return FlatLayout(places, panels, centre, corners)


def upright_rect(rect: pygame.Rect, angle: int) -> pygame.Rect:
    """The rectangle, at the origin, in which a panel turned by ``angle`` is laid out."""
    return pygame.Rect(0, 0, *upright_size(rect, angle))


def to_local(pos: tuple[int, int], rect: pygame.Rect, angle: int) -> tuple[int, int] | None:
    """A screen point inside ``rect`` as a point of the upright panel (``None`` outside)."""
    if not rect.collidepoint(pos):
        return None
    u, v = pos[0] - rect.x, pos[1] - rect.y
    width, height = upright_size(rect, angle)
    turn = angle % 360
    if turn == 180:
        return width - 1 - u, height - 1 - v
    if turn == 90:
        return width - 1 - v, u
    if turn == 270:
        return v, height - 1 - u
    return u, v


def to_screen(point: tuple[int, int], rect: pygame.Rect, angle: int) -> tuple[int, int]:
    """A point of the upright panel as a point on the screen (the inverse of :func:`to_local`)."""
    x, y = point
    width, height = upright_size(rect, angle)
    turn = angle % 360
    if turn == 180:
        u, v = width - 1 - x, height - 1 - y
    elif turn == 90:
        u, v = y, width - 1 - x
    elif turn == 270:
        u, v = height - 1 - y, x
    else:
        u, v = x, y
    return rect.x + u, rect.y + v


def to_screen_rect(local: pygame.Rect, rect: pygame.Rect, angle: int) -> pygame.Rect:
    """Where a rectangle of the upright panel lands on the screen."""
    if local.width <= 0 or local.height <= 0:
        return pygame.Rect(to_screen(local.topleft, rect, angle), (0, 0))
    first = to_screen(local.topleft, rect, angle)
    last = to_screen((local.right - 1, local.bottom - 1), rect, angle)
    left, right = sorted((first[0], last[0]))
    top, bottom = sorted((first[1], last[1]))
    return pygame.Rect(left, top, right - left + 1, bottom - top + 1)


class TurnedPanel(Widget):
    """Widgets laid out upright, drawn turned by ``angle`` into ``rect``.

    Touches are mapped back through the turn and go to the topmost interactive
    widget under them; touch targets and overflow are reported as if the widgets
    were drawn straight onto the screen.
    """

    interactive = True

    def __init__(self, rect: pygame.Rect, angle: int, content: Sequence[Widget],
                 key: str = "") -> None:
        super().__init__(rect, key)
        self.angle = angle
        """Counter-clockwise turn in degrees (0, 90, 180 or 270)."""
        self.content = flatten(list(content))
        """The panel's widgets (and their children), in upright panel coordinates."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the widgets on an upright picture, then turn it into place."""
        picture = pygame.Surface(upright_size(self.rect, self.angle))
        picture.fill(theme.palette.background)
        for widget in self.content:
            widget.draw(picture, theme, lang)
        self.overflow = any(widget.overflow for widget in self.content)
        turned = pygame.transform.rotate(picture, self.angle) if self.angle % 360 else picture
        surface.blit(turned, self.rect.topleft)

    def widget_under(self, pos: tuple[int, int]) -> tuple[Widget, tuple[int, int]] | None:
        """The topmost interactive widget under a screen point, and the point in panel terms."""
        local = to_local(pos, self.rect, self.angle)
        if local is None:
            return None
        for widget in reversed(self.content):
            if widget.interactive and widget.hit(local):
                return widget, local
        return None

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a control of the panel is under ``pos``."""
        return self.widget_under(pos) is not None

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Pass a tap to the control under it."""
        found = self.widget_under(pos)
        return [] if found is None else found[0].release(found[1])

    def hold_release(self, pos: tuple[int, int]) -> list[Intent]:
        """Pass a long touch to the control under it."""
        found = self.widget_under(pos)
        return [] if found is None else found[0].hold_release(found[1])

    def drop_from(self, start: tuple[int, int]) -> Drop | None:
        """The drop of the control a drag started on (it lands in screen terms)."""
        found = self.widget_under(start)
        return None if found is None else found[0].drop_from(found[1])

    def touch_targets(self) -> list[pygame.Rect]:
        """The panel's touch targets where they appear on the screen."""
        return [to_screen_rect(target, self.rect, self.angle)
                for widget in self.content for target in widget.touch_targets()]


def corner_buttons(
    ctx: Context,
    corners: tuple[pygame.Rect, ...],
    button: Callable[..., Button] = Button,
) -> list[Widget]:
    """The game bar's buttons in the corners of a flat screen: home, settings, undo, redo.

    ``button`` builds each one (a game may pass a button class whose label shrinks
    further at large text sizes).
    """
    session = ctx.session
    specs: list[tuple[Msg, Intent, bool]] = [
        (Msg("ui.bar.home"), GoHome(), True),
        (Msg("ui.bar.settings"), Navigate("settings"), True),
        (Msg("ui.bar.undo"), Undo(), session is not None and session.can_undo),
        (Msg("ui.bar.redo"), Redo(), session is not None and session.can_redo),
    ]
    return [button(rect, text, (intent,), enabled=enabled, role="small",
                   key=f"bar:{type(intent).__name__}")
            for rect, (text, intent, enabled) in zip(corners, specs, strict=True)]


def seat_angle(ctx: Context, seat: int | None, seats: int | None) -> int:
    """The turn that makes a question face ``seat`` on a flat table (0 when upright)."""
    if not ctx.settings.flat or seat is None or not seats:
        return 0
    places = flat_places(seats)
    return places[seat % len(places)].angle


def facing(rect: pygame.Rect, angle: int, content: Callable[[pygame.Rect], list[Widget]],
           key: str) -> list[Widget]:
    """Widgets built upright by ``content`` for ``rect``, turned by ``angle`` to face a seat.

    Upright (``angle`` 0) they are placed straight into ``rect``.
    """
    if angle % 360 == 0:
        return content(rect)
    local = pygame.Rect(0, 0, *upright_size(rect, angle))
    return [TurnedPanel(rect, angle, content(local), key)]
