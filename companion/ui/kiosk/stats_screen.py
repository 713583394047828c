"""The statistics screen: plays per game and one chart per game, and the export buttons.

Each game says what its chart shows (``Game.info.chart``): cooperative wins and
losses by scenario and level, or the spread of final scores.

Reading every game can take minutes on a café's journal, so it runs in a background
:class:`~companion.core.stats.PlaysJob` while the screen shows a progress bar and
keeps drawing; the plays read are cached in the journal, so the next visit is quick.
Leaving the screen does not stop the job: coming back shows it further along.

An export of the plays runs the same way: while it writes, the export buttons are
greyed and a strip under the bar shows how far it has come.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from companion.core import registry
from companion.core.game import Game
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.stats import OutcomeTally, PlaysJob, Statistics, compute, histogram
from companion.ui.intents import Back, Intent
from companion.ui.kiosk.charts import Bar, BarChart, HistogramChart, WinLoss, WinLossChart
from companion.ui.kiosk.common import kiosk_bar, palette_for
from companion.ui.kiosk.intents import ExportStatistics
from companion.ui.layout import grid, split_rows
from companion.ui.scene import Context, Scene
from companion.ui.theme import Colour, Theme
from companion.ui.widgets import Label, Panel, TapButton, Text, Widget

HISTOGRAM_BARS = 8
"""Score ranges per histogram."""
CHARTS_PER_PAGE = 3
"""Game charts shown at once beside the plays chart; more games page through them."""

_JOBS: dict[int, PlaysJob] = {}
"""The statistics job of each open journal (one at a time per journal)."""
_EXPORTS: dict[int, PlaysJob] = {}
"""The export job of each open journal, once one was started."""
EXPORT_BUTTONS = frozenset({0, 1})
"""The bar buttons that start an export (greyed while one runs)."""


def _running(jobs: dict[int, PlaysJob], journal: Journal | None) -> PlaysJob | None:
    """The job ``jobs`` keeps for ``journal`` while it is still working (else ``None``)."""
    job = None if journal is None else jobs.get(id(journal))
    if job is None or job.journal is not journal or job.finished.is_set():
        return None
    return job


def statistics_job(journal: Journal) -> PlaysJob:
    """The journal's running statistics job, or a new one (in-memory journals: done at once)."""
    job = _running(_JOBS, journal)
    if job is not None:
        return job
    job = PlaysJob(journal, compute)
    _JOBS[id(journal)] = job
    return job.run_here() if journal.in_memory else job.start()


def track_export(job: PlaysJob) -> PlaysJob:
    """Remember ``job`` as its journal's export, so the screen can show its progress."""
    _EXPORTS[id(job.journal)] = job
    return job


def running_export(journal: Journal | None) -> PlaysJob | None:
    """The journal's export while it is still writing (``None`` when none is)."""
    return _running(_EXPORTS, journal)


class ProgressBar(Widget):
    """A bar filled to ``done / total``."""

    def __init__(self, rect: pygame.Rect, done: int, total: int, colour: Colour,
                 key: str = "stats:progress") -> None:
        super().__init__(rect, key)
        self.done = done
        """Games read."""
        self.total = total
        """Games in all."""
        self.colour = colour
        """Fill colour."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """An outlined bar, filled as far as the work has come."""
        pygame.draw.rect(surface, theme.palette.border, self.rect, 2)
        share = self.done / self.total if self.total else 0.0
        filled = self.rect.inflate(-6, -6)
        filled.width = int(filled.width * min(1.0, share))
        if filled.width > 0:
            pygame.draw.rect(surface, self.colour, filled)


def game_title(name: str) -> Text:
    """A game's short display name (its registry name when it is not installed)."""
    games = registry.all_games()
    if name not in games:
        return name
    game = games[name]
    return Msg(game.info.short_title_key or game.title_key)


def outcome_label(result: OutcomeTally) -> Msg:
    """The row name of one scenario at one level."""
    if result.scenario.isdigit():
        return Msg("kiosk.stats.outcome_row", {"scenario": result.scenario,
                                               "level": result.level})
    return Msg("kiosk.stats.outcome_custom", {"level": result.level})


class StatsScene(Scene):
    """Plays per game, then each game's chart: outcomes or score distribution."""

    def __init__(self) -> None:
        super().__init__()
        self._stats: Statistics | None = None
        self.job: PlaysJob | None = None
        """The background job reading the plays, while there is one."""
        self.page = 0
        """Which page of game charts is shown."""

    @property
    def computing(self) -> bool:
        """Whether the plays are still being read."""
        return self._stats is None and self.job is not None and not self.job.finished.is_set()

    def statistics(self, ctx: Context) -> Statistics | None:
        """The statistics once read (``None`` while the background job still reads)."""
        if self._stats is not None:
            return self._stats
        if ctx.journal is None:
            self._stats = Statistics({}, {}, {}, {}, {})
            return self._stats
        if self.job is None:
            self.job = statistics_job(ctx.journal)
        if self.job.finished.is_set():
            result = self.job.result
            self._stats = result if isinstance(result, Statistics) else Statistics(
                {}, {}, {}, {}, {})
        return self._stats

    def build(self, ctx: Context) -> list[Widget]:
        """The bar with export buttons, then a two-by-two grid of charts."""
        theme = ctx.theme
        export = running_export(ctx.journal)
        widgets, body = kiosk_bar(ctx, Msg("kiosk.stats.title"), [
            (Msg("kiosk.stats.export_csv"), (ExportStatistics("csv"),), "normal"),
            (Msg("kiosk.stats.export_json"), (ExportStatistics("json"),), "normal"),
            (Msg("ui.common.back"), (Back(),), "normal"),
        ], "stats", disabled=EXPORT_BUTTONS if export is not None else frozenset())
        if export is not None:
            strip, body = split_rows(body, theme.touch, theme.gap)
            widgets.extend(self._export_progress(strip, export, theme.palette.primary))
        stats = self.statistics(ctx)
        if stats is None:  # drawn many times a second: reads nothing from the journal
            widgets.extend(self._progress(ctx, body, theme.palette.primary))
            return widgets
        palette = palette_for(ctx)
        games = list(registry.all_games().values())
        pages = max(1, math.ceil(len(games) / CHARTS_PER_PAGE))
        first = (self.page % pages) * CHARTS_PER_PAGE
        shown = games[first:first + CHARTS_PER_PAGE]
        cells = grid(body, CHARTS_PER_PAGE + 1, theme.gap, 2)
        plays_cell = cells[0]
        if pages > 1:
            plays_cell, more = split_rows(cells[0], cells[0].height - theme.touch - theme.gap,
                                          theme.gap)
            widgets.append(TapButton(more, Msg("kiosk.stats.more", {
                "page": self.page % pages + 1, "pages": pages}), self._next_page, role="small",
                key="stats:more"))
        bars = [Bar(game_title(name), count) for name, count in stats.plays_per_game.items()]
        widgets.append(BarChart(plays_cell, Msg("kiosk.stats.plays",
                                                {"count": stats.total_plays}),
                                bars, palette.primary, theme, Msg("kiosk.stats.empty"),
                                key="stats:plays"))
        for number, (cell, game) in enumerate(zip(cells[1:], shown, strict=False)):
            widgets.append(_game_chart(ctx, cell, game, stats, first + number))
        return widgets

    def _next_page(self) -> list[Intent]:
        """Show the next page of game charts."""
        self.page += 1
        return []

    @staticmethod
    def _export_progress(strip: pygame.Rect, job: PlaysJob, colour: Colour) -> list[Widget]:
        """A sentence and a bar for the export that is writing."""
        text, bar = strip.copy(), strip.copy()
        text.width = strip.width // 2
        bar.x, bar.width = text.right, strip.width - text.width
        return [
            Label(text, Msg("kiosk.stats.exporting", {"done": job.done, "total": job.total}),
                  "body", key="stats:export-text"),
            ProgressBar(bar, job.done, job.total, colour, key="stats:export-progress"),
        ]

    def _progress(self, ctx: Context, body: pygame.Rect, colour: Colour) -> list[Widget]:
        """What is shown while the games are read: a sentence and a progress bar."""
        theme = ctx.theme
        done, total = (self.job.done, self.job.total) if self.job is not None else (0, 0)
        panel = body.inflate(-body.width // 6, -body.height // 3)
        text = pygame.Rect(panel.x + theme.pad, panel.y + theme.pad,
                           panel.width - 2 * theme.pad, theme.px(60))
        bar = pygame.Rect(text.x, text.bottom + theme.gap, text.width, theme.px(36))
        return [
            Panel(panel, theme.palette.surface),
            Label(text, Msg("kiosk.stats.reading", {"done": done, "total": total}), "body",
                  align="center"),
            ProgressBar(bar, done, total, colour),
        ]


def _game_chart(ctx: Context, cell: pygame.Rect, game: Game[Any], stats: Statistics,
                number: int) -> Widget:
    """The chart ``game`` asks for: wins and losses by scenario, or its scores."""
    theme, palette = ctx.theme, palette_for(ctx)
    empty = Msg("kiosk.stats.empty")
    if game.info.chart == "outcomes":
        rows = [WinLoss(outcome_label(r), r.won, r.lost) for r in stats.outcomes.get(game.name, ())]
        title = Msg(game.info.chart_title_key or "kiosk.stats.outcomes",
                    {"game": f"@{game.title_key}"})
        return WinLossChart(cell, title, rows, (palette.seats[2], palette.seats[0]), theme, empty,
                            (Msg("kiosk.stats.won"), Msg("kiosk.stats.lost")),
                            key=f"stats:{game.name}")
    scores = stats.scores.get(game.name, ())
    title = Msg(game.info.chart_title_key or "kiosk.stats.scores",
                {"game": f"@{game.title_key}", "count": len(scores)})
    colours = (palette.seats[1], palette.accent, palette.seats[3 % len(palette.seats)])
    return HistogramChart(cell, title, histogram(scores, HISTOGRAM_BARS),
                          colours[number % len(colours)], theme, empty, key=f"stats:{game.name}")
