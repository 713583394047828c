"""Small Caverna widgets: tap buttons, the goods track, a cave board and dialog framing.

They draw from plain values read from the state, in the colours of the physical game:
orange rooms are used by room actions, blue rooms act by themselves, face-down rooms
are dark, walls are light stone bars between the spaces.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import pygame

from companion.core.messages import Msg, msg
from companion.games.caverna.queries import (
    EMPTY,
    ENTRANCE,
    FURNISHED,
    GOODS,
    HIDDEN,
    LIMITS,
    STEPS,
    Cave,
    Pos,
)
from companion.ui import layout
from companion.ui.fonts import font
from companion.ui.intents import Intent, Notify
from companion.ui.theme import Colour, TextRole, Theme
from companion.ui.theme import ink_on as theme_ink_on
from companion.ui.widgets import (
    Button,
    ButtonStyle,
    FittedText,
    Label,
    Text,
    Widget,
    draw_fitted,
    fit_text,
    render_text,
)
from companion.ui.widgets import Shade as Shade
from companion.ui.widgets import TapButton as TapButton

ROOM_COLOURS: Mapping[str, Colour] = {"orange": (214, 118, 38), "blue": (52, 108, 196)}
"""Fill of a furnished space, by room colour."""
FACE_DOWN: Colour = (74, 58, 46)
"""A space still covered by a face-down room."""
EMPTY_CAVERN: Colour = (44, 52, 66)
"""A dug cavern with nothing in it."""
ROCK: Colour = (26, 30, 36)
"""Solid rock outside the cave."""
WALL: Colour = (236, 226, 196)
"""A built wall."""
FOOD_MARK: Colour = (250, 170, 120)
"""The +1 food mark on a face-down space."""
INK_LIGHT: Colour = (248, 248, 244)
"""Text on dark fills."""

GOOD_COLOURS: Mapping[str, Colour] = {
    "wood": (150, 96, 52),
    "stone": (128, 134, 144),
    "emmer": (206, 170, 60),
    "flax": (90, 140, 200),
    "food": (190, 72, 64),
    "gold": (226, 184, 40),
}
"""The colour of each good's box on the goods track."""


def ink_on(fill: Colour) -> Colour:
    """Black or the cave's white, whichever reads better on ``fill``."""
    return theme_ink_on(fill, light=INK_LIGHT)


def grid(area: pygame.Rect, count: int, theme: Theme, columns: int,
         max_height: int | None = None) -> list[pygame.Rect]:
    """Rectangles for ``count`` equal buttons filling ``area`` row by row."""
    return layout.grid(area, count, theme.gap, min(columns, count), max_height)




class CompactButton(Button):
    """A button in a tight grid: its label may shrink back to the normal minimum size
    when a larger text size is chosen in the settings.

    Every one that can be tapped has the normal frame, a quiet one too (its fill is
    only quieter): a button without a frame does not look like one."""

    framed = True
    """Whether the live button is drawn with the normal frame."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the box, outline and label."""
        fill, text_colour = self.colours(theme)
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.radius)
        outline = theme.palette.border if self.enabled else theme.palette.surface
        if self.framed or not self.enabled:
            pygame.draw.rect(surface, outline, self.rect, theme.border_width,
                             border_radius=theme.radius)
        inner = self.rect.inflate(-2 * theme.px(6), -theme.px(6))
        fitted = fit_text(render_text(self.text, lang), inner.width, inner.height,
                          theme.text_size(self.role), compact_min_size(theme, self.role), True)
        self.overflow = fitted.overflow
        draw_fitted(surface, fitted, inner, text_colour, True, "center")


class CompactTapButton(TapButton, CompactButton):
    """A tap button in a tight row (tabs): its label may shrink back to the normal minimum
    size when a larger text size is chosen in the settings."""


class RefusedButton(CompactTapButton):
    """An answer the rules refuse now: drawn greyed, and a tap only says why."""

    framed = False
    """Greyed like a switched-off button: no live frame."""

    def __init__(self, rect: pygame.Rect, text: Text, refusal: Msg, role: TextRole = "small",
                 key: str = "") -> None:
        super().__init__(rect, text, self.tell, "quiet", role, key)
        self.refusal = refusal
        """The rules' reason, shown when it is tapped."""

    def tell(self) -> list[Intent]:
        """The reason, as an error notice (nothing else happens)."""
        return [Notify(self.refusal, error=True)]

    def colours(self, theme: Theme) -> tuple[Colour, Colour]:
        """Greyed like a switched-off button."""
        return theme.palette.background, theme.palette.text_disabled


def offer(rect: pygame.Rect, text: Text, on_tap: Callable[[], list[Intent]],
          refusal: Msg | None, role: TextRole = "small", key: str = "",
          style: ButtonStyle = "normal") -> TapButton:
    """A button for an answer: tappable when the rules accept it, else greyed with the
    rules' reason."""
    if refusal is not None:
        return RefusedButton(rect, text, refusal, role, key)
    return TapButton(rect, text, on_tap, style, role, key)


class CompactLabel(Label):
    """Text in a box that does not grow with the chosen text size (it may shrink back
    to the normal minimum instead of being cut)."""

    def fitted(self, theme: Theme, lang: str) -> FittedText:
        """The text as it will be drawn."""
        return fit_text(render_text(self.text, lang), self.rect.width, self.rect.height,
                        theme.text_size(self.role), compact_min_size(theme, self.role),
                        self.bold, self.wrap)




def compact_min_size(theme: Theme, role: TextRole) -> int:
    """The smallest size for text in the fixed boxes of the goods track and the cave.

    The boxes do not grow with the text size chosen in the settings, so their text may
    shrink back to the normal minimum rather than be cut.
    """
    return max(11, min(theme.min_text_size(role),
                       round(theme.min_text_size(role) / theme.text_scale)))


def _fitted_text(surface: pygame.Surface, theme: Theme, lang: str, text: Text,
                 box: pygame.Rect, role: TextRole, colour: Colour, bold: bool,
                 ink: list[pygame.Rect] | None = None) -> bool:
    """Draw ``text`` fitted into ``box``; return True if it overflowed.

    With ``ink``, the rectangle of every line drawn is added to it."""
    fitted = fit_text(render_text(text, lang), max(1, box.width), max(1, box.height),
                      theme.text_size(role), compact_min_size(theme, role), bold)
    draw_fitted(surface, fitted, box, colour, bold, "center")
    if ink is not None:
        ink.extend(line_boxes(fitted, box, bold))
    return fitted.overflow


def line_boxes(fitted: FittedText, box: pygame.Rect, bold: bool) -> list[pygame.Rect]:
    """Where each line of ``fitted`` lands when drawn centred in ``box`` (as
    :func:`draw_fitted` places them)."""
    face = font(fitted.size, bold)
    y = box.y + (box.height - fitted.line_height * len(fitted.lines)) // 2
    found = []
    for line in fitted.lines:
        width = face.size(line)[0]
        if width:
            found.append(pygame.Rect(box.x + (box.width - width) // 2, y, width,
                                     fitted.line_height))
        y += fitted.line_height
    return found


LINE_ROOM = 14
"""Height of one line of the cave's smallest text, in pixels."""


def _text_room(box: pygame.Rect, line: int) -> tuple[bool, int]:
    """How well a box holds a short label: a line's height first, then width (a wide
    box holds a name on one or two lines better than a narrow tall one)."""
    return box.height >= line, box.width * min(box.height, 3 * line)


def clear_box(box: pygame.Rect, obstacles: list[pygame.Rect],
              line: int = LINE_ROOM) -> pygame.Rect:
    """The part of ``box`` left after cutting away every obstacle that overlaps it, each
    cut taken from the side that keeps the most room."""
    for obstacle in obstacles:
        if not box.colliderect(obstacle):
            continue
        cuts = [
            pygame.Rect(box.x, box.y, box.width, max(0, obstacle.top - box.top)),
            pygame.Rect(box.x, obstacle.bottom, box.width, max(0, box.bottom - obstacle.bottom)),
            pygame.Rect(box.x, box.y, max(0, obstacle.left - box.left), box.height),
            pygame.Rect(obstacle.right, box.y, max(0, box.right - obstacle.right), box.height),
        ]
        box = max(cuts, key=lambda cut: _text_room(cut, line))
    return box


def _fits(theme: Theme, lang: str, text: Text, box: pygame.Rect) -> bool:
    """Whether ``text`` fits ``box`` in the small bold text of the cave."""
    return not fit_text(render_text(text, lang), max(1, box.width), max(1, box.height),
                        theme.text_size("small"), compact_min_size(theme, "small"),
                        True).overflow


def _name_box_under_shield(theme: Theme, lang: str, text: Text, inner: pygame.Rect,
                           shield: pygame.Rect) -> pygame.Rect:
    """The whole cell for a long name whose first line stays clear of the points shield
    (centred lines: a short first line leaves the corner free)."""
    fitted = fit_text(render_text(text, lang), max(1, inner.width), max(1, inner.height),
                      theme.text_size("small"), compact_min_size(theme, "small"), True)
    first = font(fitted.size, True).size(fitted.lines[0])[0] if fitted.lines else 0
    top = inner.centery - fitted.line_height * len(fitted.lines) // 2
    if inner.centerx + first // 2 < shield.x or top >= shield.bottom:
        return inner
    return pygame.Rect(inner.x, inner.y, shield.x - inner.x, inner.height)


class GoodsTrack(Widget):
    """The six goods of one player as boxes: name, amount and limit (full boxes framed)."""

    def __init__(self, rect: pygame.Rect, goods: Mapping[str, int], columns: int = 3) -> None:
        super().__init__(rect)
        self.goods = dict(goods)
        """Amount per good."""
        self.columns = columns
        """Boxes per row."""

    def box(self, index: int, theme: Theme) -> pygame.Rect:
        """Where the good number ``index`` (track order) is drawn."""
        rows = math.ceil(len(GOODS) / self.columns)
        gap = theme.px(4)
        width = (self.rect.width - (self.columns - 1) * gap) // self.columns
        height = (self.rect.height - (rows - 1) * gap) // rows
        row, column = divmod(index, self.columns)
        return pygame.Rect(self.rect.x + column * (width + gap),
                           self.rect.y + row * (height + gap), width, height)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """One coloured box per good; a good at its limit gets a bright frame."""
        self.overflow = False
        for index, good in enumerate(GOODS):
            box = self.box(index, theme)
            fill = GOOD_COLOURS[good]
            pygame.draw.rect(surface, fill, box, border_radius=theme.px(6))
            amount = self.goods.get(good, 0)
            if amount >= LIMITS[good]:
                pygame.draw.rect(surface, theme.palette.accent, box, theme.px(3),
                                 border_radius=theme.px(6))
            ink = ink_on(fill)
            inner = box.inflate(-theme.px(6), -theme.px(4))
            top = pygame.Rect(inner.x, inner.y, inner.width, inner.height * 9 // 20)
            bottom = pygame.Rect(inner.x, top.bottom, inner.width, inner.height - top.height)
            name = Msg(f"caverna.good.{good}")
            amount_text = msg("ui_caverna.goods.amount", count=amount, limit=LIMITS[good])
            over = _fitted_text(surface, theme, lang, name, top, "small", ink, False)
            over = _fitted_text(surface, theme, lang, amount_text, bottom, "heading", ink,
                                True) or over
            self.overflow = self.overflow or over


def room_points(room: str, points: Mapping[str, int]) -> int:
    """The points of ``room`` (the entrance scores nothing)."""
    return 0 if room == ENTRANCE else points.get(room, 0)


def rock_slot(cave: Cave) -> Pos | None:
    """The rock square the extra cavern is drawn on (the lowest, rightmost), if any."""
    rocks = [(row, col) for row, line in enumerate(cave.spaces)
             for col, space in enumerate(line) if space is None]
    return max(rocks) if rocks else None


def board_columns(cave: Cave) -> int:
    """Columns needed to draw ``cave``: one more for an extra cavern with no rock to lie on."""
    width = len(cave.spaces[0]) if cave.spaces else 1
    return width + (1 if cave.extra is not None and rock_slot(cave) is None else 0)


class CaveView(Widget):
    """A player's cave board: face-down, empty and furnished spaces, walls, extra cavern.

    ``colours`` and ``points`` describe the rooms of the catalogue in use; cells can be
    highlighted (``marked``) by pickers that lay buttons over :meth:`cell`.
    """

    def __init__(self, rect: pygame.Rect, cave: Cave, colours: Mapping[str, str],
                 points: Mapping[str, int], marked: frozenset[Pos] = frozenset()) -> None:
        super().__init__(rect)
        self.cave = cave
        """The board drawn."""
        self.colours = dict(colours)
        """Room id -> ``orange`` or ``blue``."""
        self.points = dict(points)
        """Room id -> points."""
        self.marked = marked
        """Spaces drawn with a bright frame."""
        self.keep_clear: list[pygame.Rect] = []
        """Areas the labels stay out of (buttons laid over the board by a picker)."""
        self.label_rects: list[pygame.Rect] = []
        """The boxes the labels were fitted into last."""
        self.ink_rects: list[pygame.Rect] = []
        """Where every line of text and every points shield was drawn last: what no
        button laid over the board may cover."""

    @property
    def rows(self) -> int:
        """Rows of the board."""
        return len(self.cave.spaces)

    @property
    def columns(self) -> int:
        """Columns of the board, plus one when the extra cavern has no rock to lie on."""
        return board_columns(self.cave)

    def cell(self, pos: Pos) -> pygame.Rect:
        """Where space ``pos`` is drawn."""
        width = self.rect.width // self.columns
        height = self.rect.height // max(1, self.rows)
        return pygame.Rect(self.rect.x + pos[1] * width, self.rect.y + pos[0] * height,
                           width, height)

    def space_rects(self) -> list[pygame.Rect]:
        """Where every space of the cave is drawn (not the rock), the extra cavern too."""
        rects = [self.cell((row, column)) for row, line in enumerate(self.cave.spaces)
                 for column, space in enumerate(line) if space is not None]
        if self.cave.extra is not None:
            rects.append(self.extra_cell())
        return rects

    def extra_cell(self) -> pygame.Rect:
        """Where the extra cavern is drawn: on the board's rock, else right of the board."""
        slot = rock_slot(self.cave)
        if slot is not None:
            return self.cell(slot)
        return self.cell((max(0, (self.rows - 1) // 2), self.columns - 1))

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw every space, then the walls and the extra cavern."""
        self.overflow = False
        self.label_rects = []
        self.ink_rects = []
        for row, line in enumerate(self.cave.spaces):
            for column, space in enumerate(line):
                box = self.cell((row, column)).inflate(-theme.px(4), -theme.px(4))
                if space is None:
                    pygame.draw.rect(surface, ROCK, box, border_radius=theme.px(4))
                    continue
                over = self._space(surface, theme, lang, box, space.state, space.room,
                                   space.food_bonus)
                if (row, column) in self.marked:
                    pygame.draw.rect(surface, theme.palette.accent, box, theme.px(3),
                                     border_radius=theme.px(6))
                self.overflow = self.overflow or over
        self._walls(surface, theme)
        if self.cave.extra is not None:
            self._extra(surface, theme, lang)

    def _space(self, surface: pygame.Surface, theme: Theme, lang: str, box: pygame.Rect,
               state: str, room: str, food_bonus: bool) -> bool:
        if state == HIDDEN:
            fill, text = FACE_DOWN, Msg("ui_caverna.cave.face_down")
            detail: Text | None = Msg("ui_caverna.cave.food_bonus") if food_bonus else None
        elif state == EMPTY:
            fill, text, detail = EMPTY_CAVERN, Msg("ui_caverna.cave.empty"), None
        else:
            fill = ROOM_COLOURS.get(self.colours.get(room, "orange"), ROOM_COLOURS["orange"])
            text, detail = Msg(f"caverna.room.{room}"), None
        pygame.draw.rect(surface, fill, box, border_radius=theme.px(6))
        ink = ink_on(fill)
        inner = clear_box(box.inflate(-theme.px(6), -theme.px(4)), self.keep_clear,
                          theme.px(LINE_ROOM))
        self.label_rects.append(inner)
        if state == FURNISHED and room != ENTRANCE:
            return self._room_with_points(surface, theme, lang, inner, text, room, ink)
        if detail is None:
            return _fitted_text(surface, theme, lang, text, inner, "small", ink,
                                state == FURNISHED, ink=self.ink_rects)
        if inner.height < 3 * theme.px(LINE_ROOM):
            joined = f"{render_text(text, lang)} {render_text(detail, lang)}"
            return _fitted_text(surface, theme, lang, joined, inner, "small", FOOD_MARK, True,
                                ink=self.ink_rects)
        detail_h = min(inner.height * 2 // 5, max(theme.px(13), inner.height // 3))
        top = pygame.Rect(inner.x, inner.y, inner.width, inner.height - detail_h)
        bottom = pygame.Rect(inner.x, top.bottom, inner.width, inner.height - top.height)
        over = _fitted_text(surface, theme, lang, text, top, "small", ink, state == FURNISHED,
                            ink=self.ink_rects)
        return _fitted_text(surface, theme, lang, detail, bottom, "small", FOOD_MARK,
                            True, ink=self.ink_rects) or over

    def _room_with_points(self, surface: pygame.Surface, theme: Theme, lang: str,
                          inner: pygame.Rect, text: Text, room: str, ink: Colour) -> bool:
        """A furnished room: its name, and its points on a small shield in the top right
        corner, as the tile prints them (the name keeps the whole height)."""
        side = max(theme.px(15), min(inner.height // 2, theme.px(20)))
        name = pygame.Rect(inner.x, inner.y, inner.width - side, inner.height)
        points = str(room_points(room, self.points))
        shield = pygame.Rect(inner.right - side, inner.y, side, side)
        if not _fits(theme, lang, text, name):
            name = _name_box_under_shield(theme, lang, text, inner, shield)
        pygame.draw.rect(surface, ink, shield, 1, border_radius=side // 3)
        self.ink_rects.append(pygame.Rect(shield))
        over = _fitted_text(surface, theme, lang, points, shield, "small", ink, True,
                            ink=self.ink_rects)
        return _fitted_text(surface, theme, lang, text, name, "small", ink, True,
                            ink=self.ink_rects) or over

    def _outer_walls(self, surface: pygame.Surface, theme: Theme) -> None:
        """The cave's outer walls (its edge and the rock), which count as walls for the
        rooms, as thin bars; the built walls are drawn thicker over them."""
        thickness = max(2, theme.px(3))
        for pos in self.cave.positions():
            box = self.cell(pos).inflate(-theme.px(2), -theme.px(2))
            for side, (d_row, d_col) in STEPS.items():
                if self.cave.at((pos[0] + d_row, pos[1] + d_col)) is None:
                    pygame.draw.rect(surface, WALL, side_bar(box, side, thickness))

    def _walls(self, surface: pygame.Surface, theme: Theme) -> None:
        self._outer_walls(surface, theme)
        thickness = max(4, theme.px(7))
        for first, second in self.cave.walls:
            a, b = self.cell(first), self.cell(second)
            if first[0] == second[0]:
                x = max(a.x, b.x)
                bar = pygame.Rect(x - thickness // 2, a.y + theme.px(4), thickness,
                                  a.height - theme.px(8))
            else:
                y = max(a.y, b.y)
                bar = pygame.Rect(a.x + theme.px(4), y - thickness // 2, a.width - theme.px(8),
                                  thickness)
            pygame.draw.rect(surface, WALL, bar, border_radius=theme.px(2))

    def _extra(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        extra = self.cave.extra
        assert extra is not None
        box = self.extra_cell().inflate(-theme.px(8), -theme.px(8))
        if extra.room:
            over = self._space(surface, theme, lang, box, FURNISHED, extra.room, False)
        else:
            text = Msg("ui_caverna.cave.extra") if extra.placed else Msg(
                "ui_caverna.cave.extra_waiting")
            pygame.draw.rect(surface, EMPTY_CAVERN, box, border_radius=theme.px(6))
            inner = clear_box(box.inflate(-theme.px(6), -theme.px(4)), self.keep_clear,
                              theme.px(LINE_ROOM))
            self.label_rects.append(inner)
            over = _fitted_text(surface, theme, lang, text, inner, "small",
                                ink_on(EMPTY_CAVERN), True, ink=self.ink_rects)
        pygame.draw.rect(surface, theme.palette.accent, box, theme.px(2),
                         border_radius=theme.px(6))
        self.overflow = self.overflow or over
        thickness = max(4, theme.px(6))
        for side in extra.natural_sides | extra.built_sides:
            pygame.draw.rect(surface, WALL, side_bar(box, side, thickness),
                             border_radius=theme.px(2))


def side_bar(box: pygame.Rect, side: str, thickness: int) -> pygame.Rect:
    """A bar along ``side`` (``n``, ``e``, ``s``, ``w``) of ``box``."""
    if side == "n":
        return pygame.Rect(box.x, box.y - thickness // 2, box.width, thickness)
    if side == "s":
        return pygame.Rect(box.x, box.bottom - thickness // 2, box.width, thickness)
    if side == "w":
        return pygame.Rect(box.x - thickness // 2, box.y, thickness, box.height)
    return pygame.Rect(box.right - thickness // 2, box.y, thickness, box.height)


class ColourChip(Widget):
    """A small square in a room colour with an outline."""

    def __init__(self, rect: pygame.Rect, colour: Colour) -> None:
        super().__init__(rect)
        self.colour = colour
        """The fill."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Fill and outline the square."""
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=theme.px(4))
        pygame.draw.rect(surface, theme.palette.text, self.rect, 1, border_radius=theme.px(4))
