"""Putting a :class:`~companion.core.questions.Question` to the table, and the dialogue around it.

A game's rules say what to ask (``GAME.ask(state, partial)``); this module turns each
question into widgets and walks the dialogue to the finished action:

* ``Style.CHOICE`` — a grid of tap buttons, each answer's ``detail`` under its label;
  answers that carry a ``row`` make a table instead: a row label at the left, the row's
  answers as cells, each cell label in the same column on every row;
* ``Style.NUMBER`` — the legal numbers as buttons, or a number pad whose keys only
  lead to offered numbers when there are many;
* ``Style.SEAT`` — buttons in each seat's colour, with the seat's shape;
* ``Style.PLACE`` — tap targets on the game's own map, placed by a callback the map
  view provides (:data:`PlaceRects`); without one the answers fall back to buttons.

Greyed answers (those with a ``reason``) are drawn dim; a tap on one shows the reason
in the player's language on the question's own line and does nothing else.  Answers
keep their slot while a dialogue recurs (:class:`Slots`), so a button never jumps
under a finger when a neighbour disappears.  Questions with one legal answer are not
asked (:func:`companion.core.questions.advance`); the answers taken that way are
shown on a "taken for you" line.

:class:`Dialogue` is the state machine (partial → advance → question → choose → …
→ complete → :class:`~companion.ui.intents.Submit`); a game scene embeds it with
:func:`question_widgets`, or opens it over the screen with :func:`ask_intents`
(:class:`QuestionDialog`).  On a flat table the question faces its ``seat``.

Every answer target carries ``field`` and ``answer`` (:class:`AnswerTarget`), so a
program driving the screens (the effort benchmark) finds the widget that moves an
action on by what it answers, not by where it is drawn.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import IllegalActionError, Msg
from companion.core.questions import (
    Answer,
    Ask,
    Complete,
    Partial,
    Progress,
    Question,
    Style,
    advance,
    choose,
)
from companion.core.values import Value
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.flat import facing as facing
from companion.ui.flat import seat_angle as seat_angle
from companion.ui.fonts import font
from companion.ui.intents import CloseDialog, Intent, Notify, Redraw, ShowDialog, Submit
from companion.ui.scene import Context, Scene
from companion.ui.shapes import draw_shape, seat_shape
from companion.ui.theme import MIN_TOUCH, Colour, Theme, ink_on
from companion.ui.widgets import (
    BoxLook,
    ButtonStyle,
    FittedText,
    Label,
    Panel,
    Shade,
    TapButton,
    TapTarget,
    Text,
    Widget,
    draw_box,
    draw_fitted,
    fit_text,
    render_text,
)

PlaceRects = Callable[[str], pygame.Rect | None]
"""The map view's answer to "where on the screen is the place with this key?"."""

SeatColour = Callable[[int], Colour]
"""A game's colour for a seat (default: the palette's seat colours)."""

NUMBER_BUTTONS = 20
"""Most numbers offered as buttons of their own; beyond this a number pad is shown."""


def answer_key(value: Any) -> str:
    """A stable text key for an answer value (values are JSON data)."""
    return json.dumps(value, sort_keys=True, default=str)


# ------------------------------------------------------------------ stable slots
@dataclass
class Slots:
    """Where each recurring answer sits, per question (its field, or the group of fields
    that ask the same question again: ``Question.slot_key``), across the questions shown.

    An answer seen before keeps its slot; a new one takes a slot after all known ones
    (never the slot of one that disappeared, which a finger may be about to tap).  When
    the known slots grow to more than twice the answers shown, the order starts afresh.
    """

    order: dict[str, list[str]] = field(default_factory=dict)
    """Answer keys in slot order, per question (``Question.slot_key``)."""

    def place(self, question: Question) -> list[Answer | None]:
        """The question's answers in their slots (``None``: an empty slot; gaps at the end
        are kept too, so the grid keeps its shape when the last answer goes)."""
        keys = [answer_key(answer.value) for answer in question.answers]
        known = self.order.get(question.slot_key, [])
        fresh = [key for key in keys if key not in known]
        known = known + fresh
        if len(known) > 2 * max(1, len(keys)):
            known = keys
        self.order[question.slot_key] = known
        by_key = dict(zip(keys, question.answers, strict=True))
        return [by_key.get(key) for key in known]


# ------------------------------------------------------------------ the dialogue
@dataclass
class Dialogue:
    """One question dialogue building an action, step by step, for a game scene.

    ``partial`` holds every field answered so far (forced answers included); ``path``
    the partials before each answer the table gave, so :meth:`back` can take one back.
    """

    ask: Ask
    """The game's ``ask`` function."""
    start: dict[str, Any] = field(default_factory=dict)
    """The fields known before the first question (e.g. the action type)."""
    partial: dict[str, Any] = field(default_factory=dict)
    """The fields answered so far."""
    path: list[dict[str, Any]] = field(default_factory=list)
    """The partial before each answer the table gave, oldest first."""
    note: Msg | None = None
    """The reason of the last greyed answer tapped (shown until the next answer)."""
    typed: str = ""
    """Digits typed on the number pad."""
    page: int = 0
    """The page of answers shown when they do not all fit."""
    slots: Slots = field(default_factory=Slots)
    """Stable positions of recurring answers."""
    cursor: int | None = None
    """The session step the dialogue belongs to (a new step starts it afresh)."""

    def __post_init__(self) -> None:
        if not self.partial:
            self.partial = dict(self.start)

    # ------------------------------------------------------------ reading
    def progress(self, state: Any) -> Progress:
        """The next real question (forced answers taken) or the completed action.

        Raises :class:`~companion.core.questions.NoLegalAnswerError` when the action
        cannot be completed from here.
        """
        return advance(self.ask, state, self.partial)

    def question(self, state: Any) -> Question | None:
        """The question to show now (``None`` when the action is complete)."""
        step = self.progress(state).step
        return step if isinstance(step, Question) else None

    @property
    def answered(self) -> int:
        """How many answers the table gave in this dialogue."""
        return len(self.path)

    # ------------------------------------------------------------ acting
    def follow(self, cursor: int) -> None:
        """Start afresh when the game moved to another step since the dialogue began."""
        if self.cursor != cursor:
            self.reset()
            self.cursor = cursor

    def reset(self, start: Partial | None = None) -> None:
        """Forget every answer (and start from ``start`` if given)."""
        if start is not None:
            self.start = dict(start)
        self.partial = dict(self.start)
        self.path = []
        self.note = None
        self.typed = ""
        self.page = 0

    def tap(self, state: Any, value: Any, done: Sequence[Intent] = ()) -> list[Intent]:
        """The table tapped the answer ``value`` of the current question.

        A greyed answer only sets :attr:`note` to its reason.  A legal one is recorded;
        when that completes the action, the dialogue starts afresh and returns ``done``
        followed by :class:`Submit` of the action.
        """
        progress = self.progress(state)
        if isinstance(progress.step, Complete):
            return self._finish(progress.step, done)
        try:
            answered = choose(self.ask, state, progress.partial, value)
        except IllegalActionError as refusal:
            self.note = refusal.message
            return [Redraw()]
        except ValueError:
            return [Redraw()]
        self.path.append(dict(self.partial))
        self.partial = answered
        self.note = None
        self.typed = ""
        self.page = 0
        try:
            after = self.progress(state)
        except IllegalActionError as refusal:
            self.back()
            self.note = refusal.message
            return [Redraw()]
        if isinstance(after.step, Complete):
            return self._finish(after.step, done)
        return [Redraw()]

    def _finish(self, complete: Complete, done: Sequence[Intent]) -> list[Intent]:
        self.reset()
        return [*done, Submit(complete.action)]

    def back(self) -> list[Intent]:
        """Take back the last answer the table gave (forced answers go with it)."""
        if self.path:
            self.partial = self.path.pop()
        self.note = None
        self.typed = ""
        self.page = 0
        return [Redraw()]

    def type_digit(self, digit: str) -> list[Intent]:
        """Add a digit on the number pad."""
        self.typed = (self.typed + digit).lstrip("0") or "0"
        self.note = None
        return [Redraw()]

    def erase(self) -> list[Intent]:
        """Take back the last digit typed."""
        self.typed = self.typed[:-1]
        return [Redraw()]

    def turn_page(self, step: int, pages: int) -> list[Intent]:
        """Show the next (``step`` 1) or previous (``-1``) page of answers."""
        self.page = (self.page + step) % max(1, pages)
        return [Redraw()]


# ------------------------------------------------------------------ answer widgets
class AnswerTarget:
    """Marks a widget that answers a question: what it fills and with which answer."""

    field: str
    """The action field the answer fills."""
    answer: Answer
    """The answer it gives."""
    partial: Mapping[str, Any] = {}
    """The fields answered before the question (forced answers included)."""
    asked_in: Any = None
    """The game state the question was asked in (``None``: not noted)."""


def _greyed_colours(theme: Theme) -> tuple[Colour, Colour]:
    palette = theme.palette
    return palette.background, palette.text_disabled


class AnswerButton(TapButton, AnswerTarget):
    """A button giving one answer; greyed answers stay tappable to tell their reason.

    ``numeral`` buttons (a number question's) show the number itself.
    """

    def __init__(self, rect: pygame.Rect, question_field: str, answer: Answer,
                 on_tap: Callable[[], list[Intent]], key: str, numeral: bool = False) -> None:
        number = isinstance(answer.value, int) and not isinstance(answer.value, bool)
        shown: Text = str(answer.value) if number and numeral else answer.label
        super().__init__(rect, shown, on_tap, key=key)
        self.field = question_field
        self.answer = answer

    def colours(self, theme: Theme) -> tuple[Colour, Colour]:
        """Greyed answers look switched off (but a tap still tells why)."""
        if not self.answer.legal:
            return _greyed_colours(theme)
        return super().colours(theme)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """The box with the label, and the detail in smaller text under it."""
        if self.answer.detail is None or self.text != self.answer.label:
            super().draw(surface, theme, lang)
            return
        fill, text_colour = self.colours(theme)
        outline = theme.palette.border if self.answer.legal else theme.palette.surface
        draw_box(surface, self.rect, BoxLook(self.rect.size, fill, outline, theme.border_width,
                                             theme.radius))
        inner = self.rect.inflate(-2 * theme.px(6), -theme.px(6))
        top = pygame.Rect(inner.x, inner.y, inner.width, inner.height * 11 // 20)
        bottom = pygame.Rect(inner.x, top.bottom, inner.width, inner.bottom - top.bottom)
        label = fit_text(render_text(self.answer.label, lang), top.width, top.height,
                         theme.text_size("button"), theme.min_text_size("button"), True)
        detail = fit_text(render_text(self.answer.detail, lang), bottom.width, bottom.height,
                          theme.text_size("small"), theme.min_text_size("small"), False)
        self.overflow = label.overflow or detail.overflow
        draw_fitted(surface, label, top, text_colour, True, "center")
        muted = text_colour if not self.answer.legal else theme.palette.text_muted
        if self.pressed or self.style != "normal":
            muted = text_colour
        draw_fitted(surface, detail, bottom, muted, False, "center")


def default_seat_colour(theme: Theme) -> SeatColour:
    """The palette's seat colours, one per seat in order."""
    return theme.palette.seat_colour


class SeatButton(AnswerButton):
    """An answer naming a seat, filled with the seat's colour and marked with its shape."""

    def __init__(self, rect: pygame.Rect, question_field: str, answer: Answer,
                 on_tap: Callable[[], list[Intent]], key: str, colour: Colour) -> None:
        super().__init__(rect, question_field, answer, on_tap, key)
        self.seat_colour = colour
        """The seat's colour."""

    def colours(self, theme: Theme) -> tuple[Colour, Colour]:
        """The seat's colour (greyed when the answer is refused)."""
        if not self.answer.legal:
            return _greyed_colours(theme)
        return self.seat_colour, ink_on(self.seat_colour)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """The coloured box, the seat's shape at the left and the label."""
        fill, ink = self.colours(theme)
        outline = theme.palette.text if self.pressed else theme.palette.border
        draw_box(surface, self.rect, BoxLook(self.rect.size, fill, outline, theme.border_width,
                                             theme.radius))
        side = min(self.rect.height - 2 * theme.px(8), theme.px(30))
        mark = pygame.Rect(self.rect.x + theme.px(8), self.rect.centery - side // 2, side, side)
        seat = self.answer.seat if self.answer.seat is not None else 0
        draw_shape(surface, mark, seat_shape(seat), fill, ink)
        text = pygame.Rect(mark.right + theme.px(6), self.rect.y + theme.px(3),
                           self.rect.right - mark.right - theme.px(12),
                           self.rect.height - theme.px(6))
        fitted = fit_text(render_text(self.answer.label, lang), text.width, text.height,
                          theme.text_size("button"), theme.min_text_size("button"), True)
        self.overflow = fitted.overflow
        draw_fitted(surface, fitted, text, ink, True, "center")


class NearestTarget(TapTarget):
    """A place on a map that a finger taps: its touch target grows to the smallest touch size
    around its centre, and where grown targets overlap a touch goes to the nearest place."""

    peers: tuple[tuple[int, int], ...] = ()
    """Centres of the other places drawn with it (see :func:`share_touch`)."""

    def touch_targets(self) -> list[pygame.Rect]:
        """The place, grown to the smallest touch size around its centre."""
        rect = pygame.Rect(self.rect)
        return [rect.inflate(max(0, MIN_TOUCH - rect.width), max(0, MIN_TOUCH - rect.height))]

    def hit(self, pos: tuple[int, int]) -> bool:
        """A touch on the grown target counts, unless another place is nearer to it."""
        return bool(self.touch_targets()[0].collidepoint(pos)) and nearest(
            pos, self.rect.center, self.peers)


class PlaceTarget(NearestTarget, AnswerTarget):
    """A place on the game's map that answers a ``Style.PLACE`` question."""

    def __init__(self, rect: pygame.Rect, question_field: str, answer: Answer,
                 on_tap: Callable[[], list[Intent]], key: str, round_ring: bool = False
                 ) -> None:
        super().__init__(rect, on_tap, key)
        self.field = question_field
        self.answer = answer
        self.round_ring = round_ring
        """Whether the ring is round (a field of a hex map) rather than the rectangle."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """A ring around a legal place; a thin dim ring around a refused one."""
        palette = theme.palette
        legal = self.answer.legal
        colour = (palette.text if self.pressed else palette.accent) if legal \
            else palette.text_disabled
        width = max(3, theme.px(4)) if legal else 1
        if self.round_ring:
            pygame.draw.ellipse(surface, colour, self.rect, width)
        else:
            pygame.draw.rect(surface, colour, self.rect, width, border_radius=theme.radius)


def nearest(pos: tuple[int, int], centre: tuple[int, int],
            peers: Sequence[tuple[int, int]]) -> bool:
    """Whether ``centre`` is at least as near to ``pos`` as every centre in ``peers``: grown
    touch targets of small places overlap, and a touch belongs to the place nearest it."""
    def far(other: tuple[int, int]) -> int:
        return (pos[0] - other[0]) ** 2 + (pos[1] - other[1]) ** 2
    return all(far(centre) <= far(other) for other in peers)


def share_touch(targets: Sequence[Widget]) -> None:
    """Tell each place target of ``targets`` where the others are (see :func:`nearest`)."""
    centres = tuple(target.rect.center for target in targets)
    for target in targets:
        if isinstance(target, NearestTarget):
            target.peers = centres


class DigitButton(TapButton):
    """A key of the number pad (greyed when no offered number starts with what it makes)."""

    def __init__(self, rect: pygame.Rect, question_field: str, digit: str,
                 on_tap: Callable[[], list[Intent]], enabled: bool, key: str) -> None:
        super().__init__(rect, digit, on_tap, key=key, enabled=enabled)
        self.field = question_field
        """The field the typed number fills."""
        self.digit = digit
        """The digit it types."""


# ------------------------------------------------------------------ layout
class QuestionLook(Value):
    """How a game wants its questions drawn."""

    place_rects: PlaceRects | None = None
    """Where each place is on the map (``Style.PLACE``); ``None``: answers as buttons."""
    seat_colour: SeatColour | None = None
    """The game's seat colours (``None``: the palette's)."""
    cancellable: bool = True
    """Whether a cancel button is offered."""
    round_places: bool = False
    """Whether places are ringed round (the fields of a hex map) rather than squarely."""


PLAIN_LOOK = QuestionLook()
"""The look of a question that names no seat and may be cancelled."""


def _grid(area: pygame.Rect, count: int, theme: Theme, tall: bool, narrow: bool = False
          ) -> tuple[int, int, int, int]:
    """Columns, rows per page, cell width and cell height for ``count`` answers in ``area``.

    ``narrow`` cells are for numbers (a short label each).
    """
    height = theme.touch + (theme.px(22) if tall else 0)
    least_width = max(MIN_TOUCH, theme.px(72)) if narrow else theme.px(150)
    columns = max(1, min(count, (area.width + theme.gap) // (least_width + theme.gap)))
    while columns > 1 and -(-count // columns) < 2 and columns * 2 > count + 1:
        columns -= 1
    if count <= 3 and area.width >= 3 * least_width:
        columns = max(1, count)
    rows = max(1, min(-(-count // columns), (area.height + theme.gap) // (height + theme.gap)))
    width = (area.width - (columns - 1) * theme.gap) // columns
    return columns, rows, width, height


def _answer_cells(dialogue: Dialogue, question: Question, area: pygame.Rect, theme: Theme
                  ) -> tuple[list[tuple[Answer, pygame.Rect]], int]:
    """Each answer shown on the current page with its cell, and the number of pages."""
    cells = dialogue.slots.place(question)
    tall = any(answer is not None and answer.detail is not None for answer in cells)
    narrow = question.style == Style.NUMBER
    columns, rows, width, height = _grid(area, len(cells), theme, tall, narrow)
    per_page = columns * rows
    filled = max((n + 1 for n, answer in enumerate(cells) if answer is not None), default=0)
    pages = max(1, -(-filled // per_page))
    if pages > 1:
        columns, rows, width, height = _grid(
            pygame.Rect(area.x, area.y, area.width, area.height - theme.touch - theme.gap),
            len(cells), theme, tall, narrow)
        per_page = columns * rows
        pages = max(1, -(-filled // per_page))
    page = min(dialogue.page, pages - 1)
    placed: list[tuple[Answer, pygame.Rect]] = []
    for index, answer in enumerate(cells[page * per_page:(page + 1) * per_page]):
        if answer is None:
            continue
        column, row = index % columns, index // columns
        placed.append((answer, pygame.Rect(area.x + column * (width + theme.gap),
                                           area.y + row * (height + theme.gap), width, height)))
    return placed, pages


def _answer_widgets(dialogue: Dialogue, state: Any, question: Question, area: pygame.Rect,
                    ctx: Context, look: QuestionLook, done: Sequence[Intent]) -> list[Widget]:
    """The answers of ``question`` as buttons (seat-coloured for a seat question)."""
    theme = ctx.theme
    cells, pages = _answer_cells(dialogue, question, area, theme)
    colour = look.seat_colour or default_seat_colour(theme)
    widgets: list[Widget] = []
    for answer, rect in cells:
        def on_tap(value: Any = answer.value) -> list[Intent]:
            return dialogue.tap(state, value, done)
        key = f"answer:{question.field}:{answer_key(answer.value)}"
        if question.style == Style.SEAT and answer.seat is not None:
            widgets.append(SeatButton(rect, question.field, answer, on_tap, key,
                                      colour(answer.seat)))
        else:
            widgets.append(AnswerButton(rect, question.field, answer, on_tap, key,
                                        question.style == Style.NUMBER))
    if pages > 1:
        widgets.extend(_page_buttons(dialogue, area, theme, pages))
    return widgets


# ------------------------------------------------------------------ a table of answers
@dataclass(frozen=True)
class TableShape:
    """How a table question's answers sit in a given width: a row label at the left, then
    one column per cell label (wrapped onto more lines of the row when they do not fit)."""

    label_width: int
    """Width of the row labels."""
    per_line: int
    """Cells on one line of a row."""
    cell_width: int
    """Width of a cell."""
    cell_height: int
    """Height of a cell (a line of a row)."""
    lines: int
    """Lines each row takes."""
    gap: int
    """Space between cells and between the lines of a row."""

    @property
    def row_height(self) -> int:
        """Height of one row, all its lines."""
        return self.lines * self.cell_height + (self.lines - 1) * self.gap

    @property
    def row_gap(self) -> int:
        """Space between rows (wider when a row takes more lines, to keep rows apart)."""
        return self.gap if self.lines == 1 else 3 * self.gap

    def height(self, rows: int) -> int:
        """Height of ``rows`` rows."""
        return rows * self.row_height + max(0, rows - 1) * self.row_gap


class RowLabel(Label):
    """The label of a table row, bold, at most ``size`` so every row's label of a table
    is drawn alike (the longest one decides)."""

    def __init__(self, rect: pygame.Rect, text: Text, size: int, key: str) -> None:
        super().__init__(rect, text, "button", bold=True, key=key)
        self.size = size
        """The largest text size the label may take."""

    def fitted(self, theme: Theme, lang: str) -> FittedText:
        """The text fitted from ``size`` down."""
        return fit_text(render_text(self.text, lang), self.rect.width, self.rect.height,
                        self.size, min(self.size, theme.min_text_size(self.role)), True)


def is_table(question: Question) -> bool:
    """Whether ``question`` is drawn as a table (its answers carry rows)."""
    return question.style != Style.PLACE and bool(question.rows())


def table_columns(question: Question) -> tuple[Msg, ...]:
    """The cell labels of a table question, in the order they first come: a column each."""
    return tuple(dict.fromkeys(answer.label for answer in question.answers))


def _label_width(question: Question, theme: Theme, lang: str) -> int:
    """How wide the widest row label is on one line at the button text size."""
    face = font(theme.text_size("button"), True)
    return max(face.size(translate(row, lang))[0] for row in question.rows())


def _label_least(question: Question, theme: Theme, lang: str) -> int:
    """The narrowest the row labels may get: their longest word at the smallest text size
    (so each label still fits, wrapped), and never under a hundred pixels."""
    face = font(theme.min_text_size("button"), True)
    words = (word for row in question.rows() for word in translate(row, lang).split())
    return max(theme.px(100), *(face.size(word)[0] + theme.px(2) for word in words))


def table_shape(question: Question, width: int, theme: Theme, lang: str,
                compact: bool = False) -> TableShape:
    """The shape of ``question``'s table in ``width``: every column on one line when the
    row labels keep room enough (they shrink or wrap), else the cells wrap onto more lines
    of each row; cells are never under the touch size (``compact``: just that size, closer
    together, for a table with many rows)."""
    columns = len(table_columns(question))
    least = max(MIN_TOUCH, theme.px(48))
    gap = max(2, theme.px(4)) if compact else theme.gap
    smallest = _label_least(question, theme, lang)
    beside = width - theme.gap - columns * least - (columns - 1) * gap
    wanted = _label_width(question, theme, lang)
    if beside >= smallest:
        label_width = max(smallest, min(wanted, beside))
    else:
        label_width = max(smallest, min(wanted, width // 3))
    room = width - label_width - theme.gap
    per_line = max(1, min(columns, (room + gap) // (least + gap)))
    cell_width = min(theme.px(96), max(least, (room - (per_line - 1) * gap) // per_line))
    lines = -(-columns // per_line)
    return TableShape(label_width, per_line, cell_width, least if compact else theme.touch,
                      lines, gap)


def _table_page(dialogue: Dialogue, question: Question, area: pygame.Rect, shape: TableShape,
                spare: bool) -> tuple[tuple[Msg, ...], int]:
    """The rows shown on the current page, and the number of pages (``spare``: the page
    buttons go beside the footer's, taking no room from the rows)."""
    rows = question.rows()
    step = shape.row_height + shape.row_gap
    fit = max(1, (area.height + shape.row_gap) // step)
    if len(rows) > fit and not spare:
        room = area.height - max(MIN_TOUCH, shape.cell_height) - shape.gap
        fit = max(1, (room + shape.row_gap) // step)
    pages = max(1, -(-len(rows) // fit))
    page = min(dialogue.page, pages - 1)
    return rows[page * fit:(page + 1) * fit], pages


def _table_widgets(dialogue: Dialogue, state: Any, question: Question, area: pygame.Rect,
                   ctx: Context, done: Sequence[Intent],
                   spare: pygame.Rect | None = None) -> list[Widget]:
    """A table question: a row label at the left of each row, the row's answers as cells,
    each cell label in the same column on every row.  Rows that do not fit go on pages,
    turned by buttons in ``spare`` (the free middle of the footer row) when it has room."""
    theme = ctx.theme
    if spare is not None and spare.width < 3 * theme.touch:
        spare = None
    shape = table_shape(question, area.width, theme, ctx.lang)
    if shape.height(len(question.rows())) > area.height:
        shape = table_shape(question, area.width, theme, ctx.lang, compact=True)
    column_of = {label: index for index, label in enumerate(table_columns(question))}
    rows, pages = _table_page(dialogue, question, area, shape, spare is not None)
    size = min(fit_text(translate(row, ctx.lang), shape.label_width, shape.row_height,
                        theme.text_size("button"), theme.min_text_size("button"), True).size
               for row in question.rows())
    widgets: list[Widget] = []
    for index, row in enumerate(rows):
        top = area.y + index * (shape.row_height + shape.row_gap)
        widgets.append(RowLabel(pygame.Rect(area.x, top, shape.label_width, shape.row_height),
                                row, size, key=f"row:{question.field}:{index}"))
        left = area.x + shape.label_width + theme.gap
        for answer in (a for a in question.answers if a.row == row):
            column = column_of[answer.label]
            line, place = divmod(column, shape.per_line)
            rect = pygame.Rect(left + place * (shape.cell_width + shape.gap),
                               top + line * (shape.cell_height + shape.gap),
                               shape.cell_width, shape.cell_height)

            def on_tap(value: Any = answer.value) -> list[Intent]:
                return dialogue.tap(state, value, done)
            widgets.append(AnswerButton(rect, question.field, answer, on_tap,
                                        f"answer:{question.field}:{answer_key(answer.value)}"))
    if pages > 1:
        widgets.extend(_page_buttons(dialogue, spare or area, theme, pages))
    return widgets


def _page_buttons(dialogue: Dialogue, area: pygame.Rect, theme: Theme,
                  pages: int) -> list[Widget]:
    width = max(theme.touch, theme.px(120))
    y = area.bottom - theme.touch
    before = pygame.Rect(area.x, y, width, theme.touch)
    after = pygame.Rect(area.right - width, y, width, theme.touch)
    shown = pygame.Rect(before.right, y, after.x - before.right, theme.touch)
    page = min(dialogue.page, pages - 1)
    return [
        TapButton(before, "◀", lambda: dialogue.turn_page(-1, pages), key="answers:previous"),
        Label(shown, f"{page + 1} / {pages}", "body", align="center"),
        TapButton(after, "▶", lambda: dialogue.turn_page(1, pages), key="answers:next"),
    ]


def _number_pad(dialogue: Dialogue, state: Any, question: Question, area: pygame.Rect,
                ctx: Context, done: Sequence[Intent]) -> list[Widget]:
    """Digits, erase and OK for a number question with many possible values."""
    theme = ctx.theme
    offered = {str(answer.value): answer for answer in question.answers}
    typed = dialogue.typed
    display_height = theme.touch
    widgets: list[Widget] = [
        Panel(pygame.Rect(area.x, area.y, area.width, display_height), border=True),
        Label(pygame.Rect(area.x, area.y, area.width, display_height).inflate(-theme.pad, 0),
              typed or "–", "heading", bold=True, align="center", key="pad:display"),
    ]
    keys = [*"123456789", "erase", "0", "ok"]
    grid = pygame.Rect(area.x, area.y + display_height + theme.gap, area.width,
                       area.height - display_height - theme.gap)
    columns, rows = 3, 4
    width = (grid.width - 2 * theme.gap) // columns
    height = max(MIN_TOUCH, (grid.height - 3 * theme.gap) // rows)
    for index, name in enumerate(keys):
        rect = pygame.Rect(grid.x + (index % columns) * (width + theme.gap),
                           grid.y + (index // columns) * (height + theme.gap), width, height)
        widgets.append(_pad_key(dialogue, state, question, name, rect, offered, done))
    return widgets


def _pad_key(dialogue: Dialogue, state: Any, question: Question, name: str, rect: pygame.Rect,
             offered: Mapping[str, Answer], done: Sequence[Intent]) -> Widget:
    typed = dialogue.typed
    if name == "erase":
        return TapButton(rect, Msg("ui.question.erase"), dialogue.erase, key="pad:erase",
                         enabled=bool(typed))
    if name == "ok":
        answer = offered.get(typed)
        if answer is None:
            return TapButton(rect, Msg("ui.question.ok"), lambda: [], style="primary",
                             key="pad:ok", enabled=False)
        return AnswerButton(rect, question.field, answer,
                            lambda: dialogue.tap(state, answer.value, done), key="pad:ok")
    following = (typed + name).lstrip("0") or "0"
    possible = any(text.startswith(following) for text in offered)
    return DigitButton(rect, question.field, name, lambda: dialogue.type_digit(name), possible,
                       key=f"pad:{name}")


def place_targets(dialogue: Dialogue, state: Any, question: Question, place_rects: PlaceRects,
                  done: Sequence[Intent], round_ring: bool = False) -> list[Widget]:
    """The answers of a place question as tap targets on the map (places the map cannot show
    are skipped), each touch going to the nearest place; a tap answers and, when that
    completes the action, yields ``done``."""
    widgets: list[Widget] = []
    for answer in question.answers:
        rect = place_rects(answer.place) if answer.place is not None else None
        if rect is None:
            continue

        def on_tap(value: Any = answer.value) -> list[Intent]:
            return dialogue.tap(state, value, done)
        widgets.append(PlaceTarget(rect, question.field, answer, on_tap,
                                   key=f"place:{question.field}:{answer_key(answer.value)}",
                                   round_ring=round_ring))
    share_touch(widgets)
    return widgets


def answer_text(answer: Answer, lang: str) -> str:
    """An answer in words: its label, after its row's label when it sits in a table."""
    label = translate(answer.label, lang)
    return label if answer.row is None else f"{translate(answer.row, lang)} {label}"


def taken_text(progress: Progress, lang: str) -> str | None:
    """The "taken for you" line: the answers the rules left as the only ones, if any."""
    if not progress.taken:
        return None
    answers = " · ".join(answer_text(taken.answer, lang) for taken in progress.taken)
    return translate(Msg("ui.question.taken", {"answers": answers}), lang)


def prompt_height(question: Question, width: int, theme: Theme, lang: str) -> int:
    """Height of the prompt line: one line, or two when the prompt does not fit on one
    (a long prompt in a narrow box with large text)."""
    one = theme.px(40)
    size, least = theme.text_size("heading"), theme.min_text_size("heading")
    if not fit_text(render_text(question.prompt, lang), width, one, size, least, True).overflow:
        return one
    return 2 * font(least, True).get_height() + theme.px(4)


def _lines(progress: Progress, dialogue: Dialogue, area: pygame.Rect, ctx: Context
           ) -> tuple[list[Widget], pygame.Rect]:
    """The prompt, then the refusal or the "taken for you" line; return the space left."""
    theme = ctx.theme
    question = progress.step
    assert isinstance(question, Question)
    prompt = pygame.Rect(area.x, area.y, area.width,
                         prompt_height(question, area.width, theme, ctx.lang))
    widgets: list[Widget] = [Label(prompt, question.prompt, "heading", bold=True,
                                   align="center", key="question:prompt")]
    line = pygame.Rect(area.x, prompt.bottom, area.width, theme.px(30))
    if dialogue.note is not None:
        widgets.append(Label(line, dialogue.note, "small", theme.palette.accent,
                             align="center", key="question:reason"))
    else:
        taken = taken_text(progress, ctx.lang)
        if taken is not None:
            widgets.append(Label(line, taken, "small", theme.palette.text_muted, align="center",
                                 key="question:taken"))
    top = line.bottom + theme.gap // 2
    return widgets, pygame.Rect(area.x, top, area.width, area.bottom - top)


def _footer_row(area: pygame.Rect, theme: Theme) -> tuple[pygame.Rect, int]:
    """The footer's row at the bottom of ``area`` and the width of its back and cancel."""
    row = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
    return row, min(theme.px(180), (row.width - theme.gap) // 2)


def _footer_spare(dialogue: Dialogue, area: pygame.Rect, theme: Theme,
                  look: QuestionLook) -> pygame.Rect | None:
    """The free middle of the footer's row between back and cancel (``None``: no footer)."""
    if not dialogue.path and not look.cancellable:
        return None
    row, width = _footer_row(area, theme)
    return row.inflate(-2 * (width + theme.gap), 0)


def _footer(dialogue: Dialogue, area: pygame.Rect, theme: Theme, look: QuestionLook,
            cancel: Sequence[Intent]) -> tuple[list[Widget], pygame.Rect]:
    """Back (when the table answered something) and cancel under the answers."""
    if not dialogue.path and not look.cancellable:
        return [], area
    row, width = _footer_row(area, theme)
    widgets: list[Widget] = []
    if dialogue.path:
        # In a dialog the quiet button stands out from the panel; a question asked on the
        # screen itself (never cancelled) has no panel, so its Back is framed.
        style: ButtonStyle = "quiet" if look.cancellable else "normal"
        widgets.append(TapButton(pygame.Rect(row.x, row.y, width, row.height),
                                 Msg("ui.common.back"), dialogue.back, style=style,
                                 key="question:back"))
    if look.cancellable:
        def on_cancel() -> list[Intent]:
            dialogue.reset()
            return [*cancel, Redraw()]
        widgets.append(TapButton(pygame.Rect(row.right - width, row.y, width, row.height),
                                 Msg("ui.common.cancel"), on_cancel, style="quiet",
                                 key="question:cancel"))
    return widgets, pygame.Rect(area.x, area.y, area.width, row.y - theme.gap - area.y)


def question_widgets(dialogue: Dialogue, state: Any, area: pygame.Rect, ctx: Context,
                     look: QuestionLook = PLAIN_LOOK, done: Sequence[Intent] = (),
                     cancel: Sequence[Intent] = ()) -> list[Widget]:
    """The current question of ``dialogue`` laid out upright in ``area``.

    ``done`` goes before the :class:`Submit` of the finished action, ``cancel`` is what
    the cancel button asks for besides forgetting the answers.  A place question puts
    its targets on the map through ``look.place_rects`` (screen coordinates) and keeps
    only its lines and buttons in ``area``.
    """
    progress = dialogue.progress(state)
    if not isinstance(progress.step, Question):
        return []
    question = progress.step
    widgets, rest = _lines(progress, dialogue, area, ctx)
    spare = _footer_spare(dialogue, rest, ctx.theme, look)
    footer, rest = _footer(dialogue, rest, ctx.theme, look, cancel)
    if question.style == Style.PLACE and look.place_rects is not None:
        widgets.extend(place_targets(dialogue, state, question, look.place_rects, done,
                                     look.round_places))
    elif is_table(question):
        widgets.extend(_table_widgets(dialogue, state, question, rest, ctx, done, spare))
    elif question.style == Style.NUMBER and len(question.answers) > NUMBER_BUTTONS:
        widgets.extend(_number_pad(dialogue, state, question, rest, ctx, done))
    else:
        widgets.extend(_answer_widgets(dialogue, state, question, rest, ctx, look, done))
    return _asked_after(widgets + footer, progress.partial, state)


def _asked_after(widgets: list[Widget], partial: Mapping[str, Any], state: Any) -> list[Widget]:
    """Note on each answer the fields answered before its question, and the state asked in."""
    for widget in widgets:
        if isinstance(widget, AnswerTarget):
            widget.partial = dict(partial)
            widget.asked_in = state
    return widgets


def needed_height(dialogue: Dialogue, state: Any, width: int, ctx: Context,
                  look: QuestionLook = PLAIN_LOOK) -> int:
    """How tall a box of ``width`` must be to show the current question without pages."""
    theme = ctx.theme
    question = dialogue.question(state)
    if question is None:
        return 0
    lines = prompt_height(question, width, theme, ctx.lang) + theme.px(30) + theme.gap // 2
    footer = theme.touch + theme.gap if (dialogue.path or look.cancellable) else 0
    if question.style == Style.PLACE and look.place_rects is not None:
        body = 0
    elif is_table(question):
        body = table_shape(question, width, theme, ctx.lang).height(len(question.rows()))
    elif question.style == Style.NUMBER and len(question.answers) > NUMBER_BUTTONS:
        body = 5 * theme.touch + 4 * theme.gap
    else:
        count = len(dialogue.slots.place(question))
        tall = any(answer.detail is not None for answer in question.answers)
        columns, _, _, height = _grid(pygame.Rect(0, 0, width, 10_000), count, theme, tall,
                                      question.style == Style.NUMBER)
        rows = -(-count // columns)
        body = rows * height + (rows - 1) * theme.gap
    return lines + footer + body


# ------------------------------------------------------------------ facing a seat
def on_screen(widget: Widget, panel: TurnedPanel | None) -> pygame.Rect:
    """Where ``widget`` is on the screen (inside a turned panel, through its turn)."""
    if panel is None:
        return pygame.Rect(widget.rect)
    return to_screen_rect(widget.rect, panel.rect, panel.angle)


# ------------------------------------------------------------------ the dialog
class QuestionDialog(Scene):
    """A question dialogue over the screen, facing the asked seat on a flat table.

    It closes itself when the action is complete (submitting it) or cancelled.  The
    game's map stays visible for a place question: only a strip with the question is
    drawn, at the edge of the asked seat, and the places are tapped on the map.
    """

    overlay = True

    def __init__(self, dialogue: Dialogue, look: QuestionLook = PLAIN_LOOK,
                 seats: int | None = None) -> None:
        super().__init__()
        self.dialogue = dialogue
        """The dialogue being walked."""
        self.look = look
        """How the game wants its questions drawn."""
        self.seats = seats
        """Seats at the table (to face the asked one on a flat table)."""

    def build(self, ctx: Context) -> list[Widget]:
        """A shade and a box with the question (or a strip over the map for places)."""
        session = ctx.session
        if session is None:
            return []
        state = session.state
        self.dialogue.follow(session.cursor)
        progress = self.dialogue.progress(state)
        question = progress.step
        if not isinstance(question, Question):
            return []
        theme = ctx.theme
        angle = seat_angle(ctx, question.seat, self.seats)
        on_map = question.style == Style.PLACE and self.look.place_rects is not None
        box = self._box(ctx, state, angle, on_map)
        widgets: list[Widget] = [] if on_map else [Shade(ctx.screen)]

        def content(area: pygame.Rect) -> list[Widget]:
            inner = area.inflate(-2 * theme.pad, -2 * theme.pad)
            look = QuestionLook(None, self.look.seat_colour, self.look.cancellable)
            return [Panel(area, theme.palette.surface),
                    *question_widgets(self.dialogue, state, inner, ctx, look,
                                      (CloseDialog(),), (CloseDialog(),))]
        widgets.extend(facing(box, angle, content, "question:panel"))
        if on_map and self.look.place_rects is not None:
            widgets.extend(_asked_after(
                place_targets(self.dialogue, state, question, self.look.place_rects,
                               (CloseDialog(),), self.look.round_places), progress.partial,
                state))
        return widgets

    def _box(self, ctx: Context, state: Any, angle: int, on_map: bool) -> pygame.Rect:
        """The dialog box on the screen, sized for the question and turned for the seat."""
        theme = ctx.theme
        screen = ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap)
        quarter = (angle // 90) % 2 == 1
        room_w, room_h = (screen.height, screen.width) if quarter else screen.size
        question = self.dialogue.question(state)
        wide = question is not None and is_table(question)
        width = room_w if wide else min(room_w, theme.px(640))
        if on_map:
            height = min(room_h // 3, theme.px(40) + theme.px(30) + 2 * theme.touch)
        else:
            look = QuestionLook(None, self.look.seat_colour, self.look.cancellable)
            wanted = needed_height(self.dialogue, state, width - 2 * theme.pad, ctx, look)
            height = min(room_h, wanted + 2 * theme.pad)
        size = (height, width) if quarter else (width, height)
        box = pygame.Rect(0, 0, *size)
        box.center = screen.center
        if on_map:
            edge = {0: "bottom", 180: "top", 90: "right", 270: "left"}[angle % 360]
            setattr(box, edge, getattr(screen, edge))
        return box

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Escape takes back the last answer, or closes the dialog when there is none."""
        if key != pygame.K_ESCAPE:
            return []
        if self.dialogue.path:
            return self.dialogue.back()
        return [CloseDialog()]


def ask_intents(ask: Ask, state: Any, start: Partial | None = None,
                look: QuestionLook = PLAIN_LOOK, seats: int | None = None,
                cursor: int | None = None) -> list[Intent]:
    """What tapping an action should do: submit it when nothing is left to ask, else ask.

    When the rules leave only one way to finish the action it is submitted at once; when
    it cannot be finished at all, the reason is shown and nothing else happens.
    """
    dialogue = Dialogue(ask, dict(start or {}), cursor=cursor)
    try:
        progress = dialogue.progress(state)
    except IllegalActionError as refusal:
        return [Notify(refusal.message, error=True)]
    if isinstance(progress.step, Complete):
        return [Submit(progress.step.action)]
    return [ShowDialog(QuestionDialog(dialogue, look, seats))]


def answer_targets(widgets: Sequence[Widget]) -> list[tuple[Widget, pygame.Rect]]:
    """Every drawn answer widget (also inside turned panels) with its rectangle on the screen."""
    found: list[tuple[Widget, pygame.Rect]] = []
    for widget in widgets:
        if isinstance(widget, TurnedPanel):
            found.extend((inner, on_screen(inner, widget)) for inner in widget.content
                         if isinstance(inner, AnswerTarget | DigitButton))
        elif isinstance(widget, AnswerTarget | DigitButton):
            found.append((widget, pygame.Rect(widget.rect)))
    return found

