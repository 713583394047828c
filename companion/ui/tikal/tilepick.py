"""The drawn hex picked on one page: every tile the stack can give, laid out by kind.

A stack the table counts by hand may give any of fifteen tiles.  As a plain list of
answers they would need pages on the narrow turn column; here they all fit at once:
the jungle, the treasure hexes (one diamond per mask, as the map shows tokens) and the
volcano in the first row, the temples by their printed number below, each button in the
colour the map gives that kind of hex.  The answers are the question's own (same keys,
same values), so the same action is recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from companion.core.messages import Msg
from companion.core.questions import Answer, Question
from companion.ui.fonts import font
from companion.ui.intents import Intent
from companion.ui.questions import AnswerButton, Dialogue, answer_key
from companion.ui.scene import Context
from companion.ui.theme import MIN_TOUCH, Colour, Theme, ink_on
from companion.ui.tikal.hexmap import KIND_FILLS
from companion.ui.widgets import Label, Widget, render_text

TILE_COLUMNS = 5
"""Buttons per row (ten temples make two rows)."""


class TileButton(AnswerButton):
    """One tile the stack can give, in the colour of its kind on the map."""

    def __init__(self, rect: pygame.Rect, field: str, answer: Answer, on_tap: Any,
                 key: str) -> None:
        super().__init__(rect, field, answer, on_tap, key)
        value = answer.value if isinstance(answer.value, dict) else {}
        self.kind = str(value.get("kind", ""))
        """The tile's kind (its colour)."""
        self.text = short_label(value, answer.label)

    def colours(self, theme: Theme) -> tuple[Colour, Colour]:
        """The kind's colour from the map, with ink that reads on it."""
        fill = KIND_FILLS.get(self.kind)
        if fill is None or not self.answer.legal or self.pressed:
            return super().colours(theme)
        return fill, ink_on(fill)


def short_label(value: dict[str, Any], label: Msg | str) -> Msg | str:
    """What a tile's button says: a temple's number, a treasure hex's masks as diamonds,
    the name of any other kind."""
    if value.get("kind") == "temple":
        return str(value.get("value", ""))
    if value.get("kind") == "treasure":
        return "◆" * int(value.get("masks", 0))
    return label


def _narrow_label(answer: Answer) -> Msg | str:
    """A shorter label for a narrow button: a treasure hex's masks as a number."""
    value = answer.value if isinstance(answer.value, dict) else {}
    if value.get("kind") == "treasure":
        return f"{value.get('masks', 0)}◆"
    return answer.label


def _fits(text: Msg | str, width: int, ctx: Context) -> bool:
    """Whether ``text`` fits on one line of a button ``width`` wide at its smallest size."""
    theme = ctx.theme
    face = font(theme.min_text_size("button"), True)
    return face.size(render_text(text, ctx.lang))[0] <= width - 2 * theme.px(6)


def tile_rows(answers: Sequence[Answer], columns: int) -> list[list[Answer]]:
    """The answers in rows: the other kinds first, then the temples by number."""
    def is_temple(answer: Answer) -> bool:
        return isinstance(answer.value, dict) and answer.value.get("kind") == "temple"

    rows: list[list[Answer]] = []
    for group in ([a for a in answers if not is_temple(a)], [a for a in answers if is_temple(a)]):
        rows += [list(group[i:i + columns]) for i in range(0, len(group), columns)]
    return rows


NAME_WEIGHT = 3
"""Width of a named tile's button (jungle, volcano) against a diamond button's 2."""


def _cells(row: Sequence[Answer], area: pygame.Rect, width: int, gap: int
           ) -> list[tuple[int, int]]:
    """Left edge and width of each button of ``row``: a row of temples in equal columns, a
    full row of other kinds shared out so that names get more room than diamonds."""
    named = [not (isinstance(a.value, dict) and a.value.get("kind") in ("temple", "treasure"))
             for a in row]
    if len(row) < TILE_COLUMNS or not any(named):
        return [(area.x + c * (width + gap), width) for c in range(len(row))]
    weights = [NAME_WEIGHT if name else 2 for name in named]
    room = area.width - (len(row) - 1) * gap
    cells: list[tuple[int, int]] = []
    x = area.x
    for weight in weights:
        w = room * weight // sum(weights)
        cells.append((x, w))
        x += w + gap
    return cells


def tile_page(dialogue: Dialogue, state: Any, question: Question, area: pygame.Rect,
              ctx: Context, done: Sequence[Intent] = ()) -> list[Widget] | None:
    """Every tile of ``question`` on one page in ``area`` under a one-line prompt, or
    ``None`` when they do not fit with finger-sized buttons."""
    theme = ctx.theme
    columns = TILE_COLUMNS
    width = (area.width - (columns - 1) * theme.gap) // columns
    rows = tile_rows(question.answers, columns)
    line = theme.px(30)
    room = area.height - line - theme.gap // 2
    height = min(theme.touch, (room - (len(rows) - 1) * theme.gap) // max(1, len(rows)))
    if width < MIN_TOUCH or height < MIN_TOUCH:
        return None
    note = dialogue.note
    prompt: Msg = note if note is not None else Msg("ui_tikal.draw.pick")
    widgets: list[Widget] = [Label(pygame.Rect(area.x, area.y, area.width, line), prompt,
                                   "small", theme.palette.accent if note else None, bold=True,
                                   key="question:prompt")]
    top = area.y + line + theme.gap // 2
    for r, row in enumerate(rows):
        y = top + r * (height + theme.gap)
        for answer, (x, w) in zip(row, _cells(row, area, width, theme.gap), strict=True):
            def on_tap(value: Any = answer.value) -> list[Intent]:
                return dialogue.tap(state, value, done)

            rect = pygame.Rect(x, y, w, height)
            button = TileButton(rect, question.field, answer, on_tap,
                                f"answer:{question.field}:{answer_key(answer.value)}")
            if not _fits(button.text, rect.width, ctx):
                button.text = _narrow_label(answer)
                if not _fits(button.text, rect.width, ctx):
                    return None  # text this large needs the plain answers (and pages)
            button.partial = dict(dialogue.progress(state).partial)
            button.asked_in = state
            widgets.append(button)
    return widgets
