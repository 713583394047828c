"""The statistics screen: four charts drawn from the journal, and the export buttons."""

from __future__ import annotations

import pygame

from companion.core import registry
from companion.core.messages import Msg
from companion.core.stats import FujiResult, Statistics, histogram, journal_statistics
from companion.ui.intents import Back
from companion.ui.kiosk.charts import Bar, BarChart, HistogramChart, WinLoss, WinLossChart
from companion.ui.kiosk.common import kiosk_bar, palette_for
from companion.ui.kiosk.intents import ExportStatistics
from companion.ui.scene import Context, Scene
from companion.ui.widgets import Text, Widget

HISTOGRAM_BARS = 8
"""Score ranges per histogram."""


def game_title(name: str) -> Text:
    """A game's display name (its registry name when it is not installed)."""
    games = registry.all_games()
    return Msg(games[name].title_key) if name in games else name


def fuji_label(result: FujiResult) -> Msg:
    """The row name of one scenario at one level."""
    if result.scenario.isdigit():
        return Msg("kiosk.stats.fuji_row", {"scenario": result.scenario, "level": result.level})
    return Msg("kiosk.stats.fuji_custom", {"level": result.level})


class StatsScene(Scene):
    """Plays per game, Fuji results, Tikal and Caverna score distributions."""

    def __init__(self) -> None:
        super().__init__()
        self._stats: Statistics | None = None

    def statistics(self, ctx: Context) -> Statistics:
        """The statistics, read from the journal once per visit of the screen."""
        if self._stats is None:
            if ctx.journal is None:
                self._stats = Statistics({}, {}, (), {}, {})
            else:
                self._stats = journal_statistics(ctx.journal)
        return self._stats

    def build(self, ctx: Context) -> list[Widget]:
        """The bar with export buttons, then a two-by-two grid of charts."""
        theme = ctx.theme
        widgets, body = kiosk_bar(ctx, Msg("kiosk.stats.title"), [
            (Msg("kiosk.stats.export_csv"), (ExportStatistics("csv"),), "normal"),
            (Msg("kiosk.stats.export_json"), (ExportStatistics("json"),), "normal"),
            (Msg("ui.common.back"), (Back(),), "normal"),
        ], "stats")
        stats = self.statistics(ctx)
        palette = palette_for(ctx)
        half_w = (body.width - theme.gap) // 2
        half_h = (body.height - theme.gap) // 2
        cells = [pygame.Rect(body.x + column * (half_w + theme.gap),
                             body.y + row * (half_h + theme.gap), half_w, half_h)
                 for row in range(2) for column in range(2)]
        empty = Msg("kiosk.stats.empty")
        bars = [Bar(game_title(name), count) for name, count in stats.plays_per_game.items()]
        widgets.append(BarChart(cells[0], Msg("kiosk.stats.plays",
                                              {"count": stats.total_plays}),
                                bars, palette.primary, theme, empty, key="stats:plays"))
        rows = [WinLoss(fuji_label(r), r.won, r.lost) for r in stats.fuji]
        widgets.append(WinLossChart(cells[1], Msg("kiosk.stats.fuji"), rows,
                                    (palette.seats[2], palette.seats[0]), theme, empty,
                                    (Msg("kiosk.stats.won"), Msg("kiosk.stats.lost")),
                                    key="stats:fuji"))
        for cell, name, colour in ((cells[2], "tikal", palette.seats[1]),
                                   (cells[3], "caverna", palette.accent)):
            scores = stats.scores.get(name, ())
            title = Msg("kiosk.stats.scores", {"game": f"@{_title_key(name)}",
                                               "count": len(scores)})
            widgets.append(HistogramChart(cell, title, histogram(scores, HISTOGRAM_BARS),
                                          colour, theme, empty, key=f"stats:{name}"))
        return widgets


def _title_key(name: str) -> str:
    games = registry.all_games()
    return games[name].title_key if name in games else "kiosk.stats.unknown_game"
