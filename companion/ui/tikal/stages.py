"""How many hexes of each letter the stack holds: the published box's split unless the
table's own box differs (an older edition, a lost hex).  Opened from the set-up screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.core.messages import Msg, msg
from companion.games.tikal.queries import DEFAULT_STAGE_SIZES, HEX_KIND_COUNTS, STAGES
from companion.ui.intents import CloseDialog, Intent, Redraw
from companion.ui.layout import dialog_frame
from companion.ui.scene import Context, Scene
from companion.ui.tikal.parts import TapButton
from companion.ui.widgets import Label, Widget

STACK_SIZE = sum(HEX_KIND_COUNTS.values())
"""Hexes in a whole stack (36)."""


def stages_text(stages: Mapping[str, int] | None) -> str:
    """The split as the backs of the hexes read: ``A6 B6 C5 …``."""
    sizes = DEFAULT_STAGE_SIZES if stages is None else stages
    return " ".join(f"{letter}{sizes[letter]}" for letter in STAGES)


def stages_entry(stages: Mapping[str, int]) -> dict[str, int] | None:
    """The set-up's ``stages`` field for a split: none for the box's own (its tiles are
    then known letter by letter)."""
    return None if dict(stages) == dict(DEFAULT_STAGE_SIZES) else dict(stages)


class StagesDialog(Scene):
    """One column per letter: −, the count, +; *Box* restores the published split."""

    overlay = True

    def __init__(self, stages: Mapping[str, int] | None,
                 on_done: Callable[[dict[str, int] | None], None]) -> None:
        super().__init__()
        self.stages: dict[str, int] = dict(DEFAULT_STAGE_SIZES if stages is None else stages)
        """The split being edited."""
        self.on_done = on_done
        """Receives the split (``None``: the box's)."""

    def change(self, letter: str, delta: int) -> list[Intent]:
        """One hex more or fewer under ``letter`` (never below none, never over a stack)."""
        wanted = self.stages[letter] + delta
        if wanted >= 0 and sum(self.stages.values()) + delta <= STACK_SIZE:
            self.stages[letter] = wanted
        return [Redraw()]

    def box(self) -> list[Intent]:
        """Back to the published split."""
        self.stages = dict(DEFAULT_STAGE_SIZES)
        return [Redraw()]

    def done(self) -> list[Intent]:
        """Hand the split to the set-up and close."""
        self.on_done(stages_entry(self.stages))
        return [CloseDialog()]

    def build(self, ctx: Context) -> list[Widget]:
        """Title, the seven letters, the total, *Box* and *Done*."""
        widgets, inner = dialog_frame(ctx)
        theme = ctx.theme
        head = pygame.Rect(inner.x, inner.y, inner.width, theme.px(40))
        widgets.append(Label(head, Msg("ui_tikal.stages.title"), "heading", bold=True))
        foot = pygame.Rect(inner.x, inner.bottom - theme.touch, inner.width, theme.touch)
        third = (foot.width - 2 * theme.gap) // 3
        total = sum(self.stages.values())
        widgets.append(Label(pygame.Rect(foot.x, foot.y, third, foot.height),
                             msg("ui_tikal.stages.total", total=total, full=STACK_SIZE),
                             "body", bold=True))
        widgets.append(TapButton(pygame.Rect(foot.x + third + theme.gap, foot.y, third,
                                             foot.height), Msg("ui_tikal.stages.box"),
                                 self.box, key="stages:box",
                                 enabled=self.stages != dict(DEFAULT_STAGE_SIZES)))
        widgets.append(TapButton(pygame.Rect(foot.right - third, foot.y, third, foot.height),
                                 Msg("ui_tikal.stages.done"), self.done, "primary",
                                 key="stages:done", enabled=total > 0))
        body = pygame.Rect(inner.x, head.bottom + theme.gap, inner.width,
                           foot.y - head.bottom - 2 * theme.gap)
        return widgets + self._columns(ctx, body)

    def _columns(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        """Per letter, top to bottom: the letter, +, the count, −."""
        theme = ctx.theme
        width = (area.width - (len(STAGES) - 1) * theme.gap) // len(STAGES)
        row = (area.height - 3 * theme.gap) // 4
        widgets: list[Widget] = []
        for index, letter in enumerate(STAGES):
            x = area.x + index * (width + theme.gap)
            cells = [pygame.Rect(x, area.y + k * (row + theme.gap), width, row) for k in range(4)]
            count = self.stages[letter]

            def plus(chosen: str = letter) -> list[Intent]:
                return self.change(chosen, 1)

            def minus(chosen: str = letter) -> list[Intent]:
                return self.change(chosen, -1)

            widgets += [
                Label(cells[0], letter, "heading", align="center", bold=True),
                TapButton(cells[1], "+", plus, key=f"stages:plus:{letter}",
                          enabled=sum(self.stages.values()) < STACK_SIZE),
                Label(cells[2], str(count), "title", align="center", bold=True),
                TapButton(cells[3], "−", minus, key=f"stages:minus:{letter}",
                          enabled=count > 0),
            ]
        return widgets
