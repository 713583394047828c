"""The instruction list every game's play screen shares: what the table must do with the
physical pieces, kept until the table moves on, never dropped for lack of room.

A game hands the list the lines of the current moment (:class:`Line`: whose pieces, what
to do). The list groups them by player (the lines for everyone first, then each player
in the order they first appear), wraps them at one readable size and, when they do not
all fit, pages: a button at the side turns to the next page and counts the lines the
table has not yet seen, in the accent colour while there are any. Which lines were drawn
is remembered (:class:`InstructionList`), so a line counts as seen only once it was on
the screen; new lines added to the same moment turn the list to the first unseen one.

The list is a holder kept across builds (widgets are rebuilt every frame); a screen
keeps one per place it shows instructions, or asks :func:`instruction_list` for the one
kept under a name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg
from companion.core.values import Value
from companion.ui.fonts import font, rendered
from companion.ui.intents import Intent, Redraw
from companion.ui.theme import Colour, TextRole, Theme
from companion.ui.widgets import Panel, TapButton, Widget, wrap_words

INDENT = 10
"""How far (at 800x480) a player's lines stand in from their name."""

PAGER_WIDTH = 64
"""Width (at 800x480) of the page button beside a list that does not fit."""


class Line(Value):
    """One thing the table must do: ``who`` names the player whose pieces it concerns
    (empty: everyone), ``what`` says what to do."""

    who: str
    what: Msg | str

    @staticmethod
    def of(message: Msg) -> Line:
        """A line for ``message``, grouped under the player its ``name`` parameter names."""
        name = message.params.get("name")
        who = name if isinstance(name, str) and not name.startswith("@") else ""
        return Line(who, message)


def lines_of(messages: Sequence[Msg]) -> tuple[Line, ...]:
    """:meth:`Line.of` for each of ``messages``."""
    return tuple(Line.of(message) for message in messages)


def grouped(lines: Sequence[Line]) -> list[tuple[str, list[int]]]:
    """The indices of ``lines`` by player: everyone's lines first, then each player's in
    the order the players first appear; each group's lines keep their order."""
    groups: dict[str, list[int]] = {"": []}
    for index, line in enumerate(lines):
        groups.setdefault(line.who, []).append(index)
    return [(who, members) for who, members in groups.items() if members]


class Row(Value):
    """One drawn row: its text, whether it is a player's name, its indent and the line it
    belongs to (``-1`` for a name)."""

    text: str
    heading: bool
    indent: int
    line: int


def rows_for(lines: Sequence[Line], lang: str, theme: Theme, width: int,
             size: int) -> list[Row]:
    """Every row the lines take at ``width``: a player's name, then their lines wrapped."""
    face = font(size)
    indent = theme.px(INDENT)
    rows: list[Row] = []
    for who, members in grouped(lines):
        step = indent if who else 0
        if who:
            rows.append(Row(who, True, 0, -1))
        for index in members:
            what = lines[index].what
            text = translate(what, lang) if isinstance(what, Msg) else what
            for part in wrap_words(text, face, max(1, width - step)) or [""]:
                rows.append(Row(part, False, step, index))
    return rows


def pages_of(rows: Sequence[Row], capacity: int) -> list[int]:
    """Where each page starts: a line never splits across pages unless it alone is
    taller than a page, and a page that begins inside a player's group repeats the name."""
    if capacity <= 0 or not rows:
        return [0]
    starts = [0]
    used = 0
    at = 0
    while at < len(rows):
        end = _item_end(rows, at + 1 if rows[at].heading else at)
        size = end - at
        if used and used + size > capacity:
            starts.append(at)
            used = 1 if not rows[at].heading and rows[at].indent else 0
        used += size
        at = end
    return starts


def _item_end(rows: Sequence[Row], at: int) -> int:
    """Where the line whose first row is ``at`` ends (a name keeps its first line)."""
    if at >= len(rows):
        return at
    line = rows[at].line
    end = at + 1
    while end < len(rows) and rows[end].line == line:
        end += 1
    return end


def page_rows(rows: Sequence[Row], starts: Sequence[int], page: int) -> list[Row]:
    """The rows of ``page``, with the player's name repeated on top when the page begins
    inside their group."""
    start = starts[page]
    end = starts[page + 1] if page + 1 < len(starts) else len(rows)
    shown = list(rows[start:end])
    if shown and not shown[0].heading and shown[0].indent:
        name = next((row for row in reversed(rows[:start]) if row.heading), None)
        if name is not None:
            shown.insert(0, Row(f"{name.text} …", True, 0, -1))
    return shown


class InstructionList:
    """The lines of the current moment, the page shown and which lines were drawn."""

    def __init__(self) -> None:
        self.lines: tuple[Line, ...] = ()
        """What the table must do now."""
        self.seen: set[int] = set()
        """Indices of the lines drawn on the screen at least once."""
        self.page = 0
        """The page shown (see :func:`pages_of`)."""
        self._turn_to_unseen = False

    def show(self, lines: Sequence[Line]) -> None:
        """Take the lines of the current moment: more lines for the same moment keep what
        was seen and turn to the first new one; other lines start afresh."""
        given = tuple(lines)
        if given == self.lines:
            return
        if given[:len(self.lines)] != self.lines or not self.lines:
            self.seen = set()
            self.page = 0
        self.lines = given
        self._turn_to_unseen = True

    @property
    def unseen(self) -> int:
        """How many lines have not yet been on the screen."""
        return len(self.lines) - len(self.seen & set(range(len(self.lines))))

    def next_page(self, pages: int) -> list[Intent]:
        """Turn to the next page (after the last, back to the first)."""
        self.page = (self.page + 1) % max(1, pages)
        return [Redraw()]

    def widgets(self, rect: pygame.Rect, theme: Theme, lang: str, colour: Colour | None = None,
                key: str = "told", role: TextRole = "small",
                aside: Callable[[pygame.Rect], Widget] | None = None,
                least: int | None = None) -> list[Widget]:
        """The list drawn in ``rect``: rows, and a page button beside them when they do not
        all fit (``aside`` makes a widget put beside the rows too, above that button).
        The text shrinks down to ``least`` (the role's least size unless given) before the
        list pages, and a page holds at least one whole line."""
        least = theme.min_text_size(role) if least is None else least
        text, side, pager = beside(rect, theme, aside is not None, paged=False)
        size, rows = fitting_size(self.lines, lang, theme, text, theme.text_size(role), least,
                                  whole=True)
        capacity = max(1, rect.height // max(1, font(size).get_linesize()))
        if len(rows) > capacity:
            text, side, pager = beside(rect, theme, aside is not None, paged=True)
            size, rows = fitting_size(self.lines, lang, theme, text, theme.text_size(role),
                                      least)
            capacity = max(1, rect.height // max(1, font(size).get_linesize()))
        widgets: list[Widget] = []
        if aside is not None and side is not None:
            widgets.append(aside(side))
        if pager is None:
            self.page = 0
            return [InstructionRows(text, rows, self, size, colour, key), *widgets]
        starts = pages_of(rows, capacity)
        if self._turn_to_unseen:
            self.page = first_unseen_page(rows, starts, self.seen, self.page)
        self.page = min(self.page, len(starts) - 1)
        shown = page_rows(rows, starts, self.page)
        pages = len(starts)
        on_page = {row.line for row in shown if row.line >= 0}
        unseen = sum(1 for i in range(len(self.lines)) if i not in self.seen | on_page)
        label = f"▼ +{unseen}" if unseen else f"{self.page + 1}/{pages} ▼"
        widgets.append(TapButton(pager, label, lambda: self.next_page(pages),
                                 "selected" if unseen else "normal", role="small",
                                 key=f"{key}:page"))
        return [InstructionRows(text, shown, self, size, colour, key), *widgets]

    def mark_drawn(self, rows: Sequence[Row]) -> None:
        """Note the lines of ``rows`` as seen (called when they are drawn)."""
        self.seen |= {row.line for row in rows if row.line >= 0}
        self._turn_to_unseen = False


def fitting_size(lines: Sequence[Line], lang: str, theme: Theme, box: pygame.Rect,
                 size: int, least: int, whole: bool = False) -> tuple[int, list[Row]]:
    """The largest text size from ``size`` down to ``least`` at which every line (with its
    player's name) fits on one page of ``box`` (``whole``: at which all the lines fit
    together), and the rows at that size (at ``least`` what is still too tall is paged or
    cut)."""
    while True:
        rows = rows_for(lines, lang, theme, box.width, size)
        capacity = max(1, box.height // max(1, font(size).get_linesize()))
        tallest = len(rows) if whole else max(
            (_item_end(rows, at + 1 if row.heading else at) - at
             for at, row in enumerate(rows) if row.heading or row.indent == 0), default=0)
        if tallest <= capacity or size <= least:
            return size, rows
        size = max(least, size - max(1, size // 12))


def beside(rect: pygame.Rect, theme: Theme, aside: bool,
           paged: bool) -> tuple[pygame.Rect, pygame.Rect | None, pygame.Rect | None]:
    """Cut ``rect`` into the rows' box, the aside's button and the page button: the two
    buttons share one column at the right, one above the other when the box is tall
    enough for two touch targets, else side by side."""
    if not aside and not paged:
        return pygame.Rect(rect), None, None
    button_w = max(theme.touch, theme.px(PAGER_WIDTH))
    stacked = not (aside and paged) or rect.height >= 2 * theme.touch + theme.gap
    column_w = button_w if stacked else 2 * button_w + theme.gap
    text = pygame.Rect(rect.x, rect.y, rect.width - column_w - theme.gap, rect.height)
    x = text.right + theme.gap
    if not aside:
        return text, None, pygame.Rect(x, rect.y, button_w, rect.height)
    if not paged:
        return text, pygame.Rect(x, rect.y, button_w, min(theme.touch, rect.height)), None
    if stacked:
        top = pygame.Rect(x, rect.y, button_w, theme.touch)
        return text, top, pygame.Rect(x, top.bottom + theme.gap, button_w,
                                      rect.bottom - top.bottom - theme.gap)
    left = pygame.Rect(x, rect.y, button_w, rect.height)
    return text, left, pygame.Rect(left.right + theme.gap, rect.y, button_w, rect.height)


def first_unseen_page(rows: Sequence[Row], starts: Sequence[int], seen: set[int],
                      current: int) -> int:
    """The first page holding a line not yet seen (``current`` when every line was)."""
    for page, start in enumerate(starts):
        end = starts[page + 1] if page + 1 < len(starts) else len(rows)
        if any(row.line >= 0 and row.line not in seen for row in rows[start:end]):
            return page
    return current


class InstructionRows(Widget):
    """The rows of one page of an instruction list; drawing them marks them seen."""

    def __init__(self, rect: pygame.Rect, rows: Sequence[Row], owner: InstructionList,
                 size: int, colour: Colour | None, key: str) -> None:
        super().__init__(rect, key)
        self.rows = tuple(rows)
        """What this page shows."""
        self.owner = owner
        """The list whose lines these are."""
        self.size = size
        """The text size the rows were wrapped at."""
        self.colour = colour

    def shown_text(self, lang: str) -> str:
        """The rows as drawn, one line each (for tests and the screenshot check)."""
        return "\n".join(row.text for row in self.rows)

    @property
    def text(self) -> str:
        """What the page says: each line whole (its wrapped rows joined), one a line."""
        parts: list[str] = []
        last: int | None = None
        for row in self.rows:
            if row.line >= 0 and row.line == last:
                parts[-1] += " " + row.text
            else:
                parts.append(row.text)
            last = row.line if row.line >= 0 else None
        return "\n".join(parts)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the rows top-down, names bold, and mark their lines seen."""
        size = self.size
        line_h = font(size).get_linesize()
        colour = tuple(self.colour or theme.palette.text)
        y = self.rect.y
        drawn: list[Row] = []
        for row in self.rows:
            if y + line_h > self.rect.bottom + 1:
                self.overflow = True
                break
            image = rendered(row.text, size, row.heading, colour)
            surface.blit(image, (self.rect.x + row.indent, y),
                         pygame.Rect(0, 0, self.rect.width - row.indent, line_h))
            drawn.append(row)
            y += line_h
        self.owner.mark_drawn(drawn)


_KEPT: dict[str, InstructionList] = {}


def instruction_list(name: str) -> InstructionList:
    """The list kept under ``name`` (one per place a screen shows instructions)."""
    return _KEPT.setdefault(name, InstructionList())


def listed(rect: pygame.Rect, theme: Theme, lang: str, messages: Sequence[Msg], name: str,
           colour: Colour | None = None, least: int | None = None) -> list[Widget]:
    """The shared list kept under ``name`` showing ``messages`` in ``rect``, framed (the
    text shrinks down to ``least`` before it pages)."""
    kept = instruction_list(name)
    kept.show(lines_of(messages))
    inner = rect.inflate(-2 * theme.px(6), -theme.px(6))
    return [Panel(rect, theme.palette.surface),
            *kept.widgets(inner, theme, lang, colour, name, least=least)]


def fresh_lines(before: Sequence[Line], after: Sequence[Line]) -> tuple[Line, ...]:
    """What a step added: the lines of ``after`` past ``before`` when ``after`` extends it,
    else all of ``after``."""
    if tuple(after[:len(before)]) == tuple(before):
        return tuple(after[len(before):])
    return tuple(after)


def history_text(lines: Sequence[Line], lang: str) -> str:
    """The lines as History shows them under a step: ``who: what``, one a line."""
    parts = []
    for line in lines:
        what = translate(line.what, lang) if isinstance(line.what, Msg) else line.what
        parts.append(what)
    return "\n".join(parts)
