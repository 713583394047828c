"""Score ranges under histogram bars never run together ("22–2728–33").

Each label is centred under its bar; two neighbours must leave a visible gap
between their texts, at both screen sizes and with the kiosk's larger text.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.core.stats import histogram
from companion.ui.fonts import clear_cache, font
from companion.ui.kiosk.charts import HistogramChart
from companion.ui.scene import Context, Settings
from companion.ui.widgets import Label


@pytest.fixture
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    pygame.quit()
    clear_cache()


@pytest.mark.parametrize("scores", [list(range(22, 70)), list(range(5, 160, 3)),
                                    [101, 999, 1500]])
@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("scale", [1.0, 1.4])
def test_range_labels_fit_under_their_bars(
    fonts: None, scores: list[int], size: tuple[int, int], scale: float
) -> None:
    ctx = Context(size, Settings(language="en", text_scale=scale))
    theme = ctx.theme
    cell = pygame.Rect(0, 0, (size[0] - 3 * theme.gap) // 2, (size[1] - theme.bar_height) // 2)
    chart = HistogramChart(cell, "scores", histogram(scores, 8), (200, 80, 40), theme, "none")
    surface = pygame.Surface(size)
    labels = [w for w in chart.children() if isinstance(w, Label) and w.text != "scores"]
    assert 0 < len(labels) <= len(chart.buckets)
    extents = []
    for label in labels:
        label.draw(surface, theme, LANGUAGES[0])
        fitted = label.fitted(theme, "en")
        width = max(font(fitted.size).size(line)[0] for line in fitted.lines)
        assert len(fitted.lines) == 1 and width <= label.rect.width, (label.text, label.rect)
        extents.append((label.rect.centerx - width / 2, label.rect.centerx + width / 2))
    for (_, left_end), (right_start, _) in pairwise(extents):
        assert right_start - left_end >= theme.px(4), [label.text for label in labels]
