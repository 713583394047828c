"""Charts drawn on screen for the statistics: bars, won/lost bars and histograms.

Each chart is a widget that draws its bars itself and leaves every text to
:class:`~companion.ui.widgets.Label` children, so text fitting and the overflow
checks work as everywhere else.  Won and lost differ by pattern as well as colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.core.stats import Bucket
from companion.ui.fonts import font
from companion.ui.kiosk.looks import draw_hatching
from companion.ui.theme import Colour, Theme
from companion.ui.widgets import Align, Label, Panel, Text, Widget


@dataclass(frozen=True)
class Bar:
    """One labelled value."""

    label: Text
    """What the bar counts."""
    value: int
    """How many."""


@dataclass(frozen=True)
class WinLoss:
    """Wins and losses of one group (a scenario at a level)."""

    label: Text
    """The group's name."""
    won: int
    """Wins."""
    lost: int
    """Losses."""


class Chart(Widget):
    """A titled panel; subclasses lay out their bars in :meth:`plot_area`."""

    def __init__(self, rect: pygame.Rect, title: Text, theme: Theme, key: str = "") -> None:
        super().__init__(rect, key)
        self.title = title
        """The chart's heading."""
        self.theme = theme
        """Sizes used for the layout."""
        inner = self.rect.inflate(-2 * theme.pad, -2 * theme.pad)
        self.title_box = pygame.Rect(inner.x, inner.y, inner.width, theme.px(26))
        """Where the heading goes."""
        self.plot_area = pygame.Rect(inner.x, self.title_box.bottom + theme.gap // 2,
                                     inner.width, inner.bottom - self.title_box.bottom
                                     - theme.gap // 2)
        """Where the bars go."""
        self._texts: list[Widget] = [
            Label(self.title_box, title, "body", bold=True, key=f"{key}:title"),
        ]

    def children(self) -> list[Widget]:
        """The heading and every text of the chart."""
        return self._texts

    def add_text(self, rect: pygame.Rect, text: Text, colour: Colour | None = None,
                 align: Align = "left") -> None:
        """Add a small label to the chart."""
        self._texts.append(Label(rect, text, "small", colour, align))

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the panel (subclasses draw their bars after calling this)."""
        Panel(self.rect, theme.palette.surface).draw(surface, theme, lang)

    def empty(self, message: Text) -> None:
        """Show ``message`` instead of bars."""
        self._texts.append(Label(self.plot_area, message, "body",
                                 self.theme.palette.text_muted, "center"))


class BarChart(Chart):
    """Horizontal bars, one per label, longest for the largest value."""

    def __init__(self, rect: pygame.Rect, title: Text, bars: Sequence[Bar], colour: Colour,
                 theme: Theme, empty: Text, key: str = "") -> None:
        super().__init__(rect, title, theme, key)
        self.bars = list(bars)
        """The values."""
        self.colour = colour
        """Fill of the bars."""
        self.rows = self._layout()
        """Bar rectangles at full length, one per bar."""
        if not any(bar.value for bar in self.bars):
            self.empty(empty)

    def _layout(self) -> list[pygame.Rect]:
        theme, area = self.theme, self.plot_area
        if not self.bars:
            return []
        label_width = area.width // 2
        count_width = theme.px(40)
        row = min(theme.px(34), area.height // len(self.bars))
        rows = []
        for index, bar in enumerate(self.bars):
            y = area.y + index * row
            self.add_text(pygame.Rect(area.x, y, label_width - theme.gap, row), bar.label)
            track = pygame.Rect(area.x + label_width, y + row // 6,
                                area.width - label_width - count_width, row * 2 // 3)
            self.add_text(pygame.Rect(track.right + theme.gap // 2, y,
                                      count_width - theme.gap // 2, row), str(bar.value))
            rows.append(track)
        return rows

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the panel and the bars."""
        super().draw(surface, theme, lang)
        largest = max((bar.value for bar in self.bars), default=0)
        if not largest:
            return
        for bar, track in zip(self.bars, self.rows, strict=True):
            length = track.width * bar.value // largest
            if length:
                pygame.draw.rect(surface, self.colour, (track.x, track.y, length, track.height),
                                 border_radius=theme.px(3))


class WinLossChart(Chart):
    """One bar per group: wins solid, losses hatched, each with its count."""

    def __init__(self, rect: pygame.Rect, title: Text, rows: Sequence[WinLoss],
                 colours: tuple[Colour, Colour], theme: Theme, empty: Text,
                 legend: tuple[Text, Text], key: str = "") -> None:
        super().__init__(rect, title, theme, key)
        self.rows = list(rows)
        """The groups."""
        self.colours = colours
        """Fill of the won and the lost parts."""
        self.legend_boxes = self._legend(legend)
        """Swatches of the legend (won, lost)."""
        self.tracks = self._layout()
        """Full-length bar rectangle of each group."""
        if not self.rows:
            self.empty(empty)

    def _legend(self, legend: tuple[Text, Text]) -> list[pygame.Rect]:
        """A legend row at the foot of the chart; the plot area shrinks to make room."""
        theme, area = self.theme, self.plot_area
        row = pygame.Rect(area.x, area.bottom - theme.px(22), area.width, theme.px(22))
        self.plot_area = pygame.Rect(area.x, area.y, area.width, row.y - area.y - theme.gap // 2)
        swatch = theme.px(14)
        width = row.width // 2
        boxes = []
        for index, text in enumerate(legend):
            x = row.x + index * width
            square = pygame.Rect(x, row.centery - swatch // 2, swatch, swatch)
            boxes.append(square)
            self.add_text(pygame.Rect(square.right + theme.gap // 2, row.y,
                                      width - swatch - theme.gap, row.height), text)
        return boxes

    def _layout(self) -> list[pygame.Rect]:
        theme, area = self.theme, self.plot_area
        if not self.rows:
            return []
        label_width = area.width * 3 // 10
        row = max(theme.px(18), min(theme.px(30), area.height // len(self.rows)))
        visible = self.rows[: max(1, area.height // row)]
        self.rows = visible
        tracks = []
        for index, group in enumerate(visible):
            y = area.y + index * row
            self.add_text(pygame.Rect(area.x, y, label_width - theme.gap, row), group.label)
            tracks.append(pygame.Rect(area.x + label_width, y + row // 8,
                                      area.width - label_width, row * 3 // 4))
        return tracks

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the panel, the legend swatches and the bars with their counts."""
        super().draw(surface, theme, lang)
        won_colour, lost_colour = self.colours
        for index, swatch in enumerate(self.legend_boxes):
            self._part(surface, theme, swatch, won_colour if index == 0 else lost_colour,
                       hatched=index == 1)
        largest = max((g.won + g.lost for g in self.rows), default=0)
        for group, track in zip(self.rows, self.tracks, strict=True):
            won = track.width * group.won // largest if largest else 0
            lost = track.width * group.lost // largest if largest else 0
            won_rect = pygame.Rect(track.x, track.y, won, track.height)
            lost_rect = pygame.Rect(track.x + won, track.y, lost, track.height)
            self._part(surface, theme, won_rect, won_colour, hatched=False)
            self._part(surface, theme, lost_rect, lost_colour, hatched=True)
            self._count(surface, theme, won_rect, group.won)
            self._count(surface, theme, lost_rect, group.lost)

    @staticmethod
    def _part(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, colour: Colour,
              hatched: bool) -> None:
        if rect.width <= 0:
            return
        pygame.draw.rect(surface, colour, rect)
        if hatched:
            draw_hatching(surface, rect, theme.palette.background, theme.px(7))
        pygame.draw.rect(surface, theme.palette.text, rect, 1)

    @staticmethod
    def _count(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, count: int) -> None:
        if count <= 0:
            return
        face = font(theme.text_size("small"), True)
        image = face.render(str(count), True, theme.palette.text, theme.palette.background)
        if image.get_width() + 4 <= rect.width:
            surface.blit(image, image.get_rect(center=rect.center))


class HistogramChart(Chart):
    """Vertical bars of score ranges, with the range under each bar and counts above."""

    def __init__(self, rect: pygame.Rect, title: Text, buckets: Sequence[Bucket],
                 colour: Colour, theme: Theme, empty: Text, key: str = "") -> None:
        super().__init__(rect, title, theme, key)
        self.buckets = list(buckets)
        """The score ranges."""
        self.colour = colour
        """Fill of the bars."""
        self.columns = self._layout()
        """Full-height column of each bar."""
        if not self.buckets:
            self.empty(empty)

    def _layout(self) -> list[pygame.Rect]:
        theme, area = self.theme, self.plot_area
        if not self.buckets:
            return []
        label_height = theme.px(20)
        width = area.width // len(self.buckets)
        columns = []
        for index in range(len(self.buckets)):
            x = area.x + index * width
            columns.append(pygame.Rect(x + 2, area.y + label_height, width - 4,
                                       area.height - 2 * label_height))
        for text, rect in self._labels(columns, width, label_height):
            self.add_text(rect, text, align="center")
        return columns

    def _labels(self, columns: Sequence[pygame.Rect], width: int,
                height: int) -> list[tuple[str, pygame.Rect]]:
        """The range under each bar, kept apart from its neighbours.

        ``low–high`` when it fits, else only ``low`` (where the bar starts); when even
        that is too wide, only every second (fourth, ...) bar is labelled.
        """
        face = font(self.theme.text_size("small"))
        gap = self.theme.px(8)
        every = 1
        while True:
            room = every * width - gap
            texts = [self._span(bucket, room, face) for bucket in self.buckets]
            if every >= len(texts) or all(face.size(t)[0] <= room for t in texts[::every]):
                break
            every *= 2
        labels = []
        area = self.plot_area
        for index in range(0, len(columns), every):
            column = columns[index]
            rect = pygame.Rect(column.centerx - every * width // 2, column.bottom,
                               every * width, height)
            if every > 1:
                rect = rect.clip(pygame.Rect(area.x, rect.y, area.width, height))
            labels.append((texts[index], rect))
        return labels

    @staticmethod
    def _span(bucket: Bucket, room: int, face: pygame.font.Font) -> str:
        """``low–high`` if it fits in ``room`` pixels, else ``low``."""
        if bucket.low == bucket.high:
            return str(bucket.low)
        span = f"{bucket.low}–{bucket.high}"
        return span if face.size(span)[0] <= room else str(bucket.low)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the panel, the bars and the counts above them."""
        super().draw(surface, theme, lang)
        largest = max((bucket.count for bucket in self.buckets), default=0)
        if not largest:
            return
        face = font(theme.text_size("small"), True)
        for bucket, column in zip(self.buckets, self.columns, strict=True):
            height = column.height * bucket.count // largest
            bar = pygame.Rect(column.x, column.bottom - height, column.width, height)
            pygame.draw.rect(surface, self.colour, bar)
            if bucket.count:
                image = face.render(str(bucket.count), True, theme.palette.text)
                surface.blit(image, image.get_rect(midbottom=(bar.centerx, bar.top - 2)))
        baseline = self.columns[0].bottom
        pygame.draw.line(surface, theme.palette.border, (self.plot_area.x, baseline),
                         (self.plot_area.right, baseline), 2)
