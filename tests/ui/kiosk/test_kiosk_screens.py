"""Every kiosk screen in every language: texts fit, touch targets are big enough."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pygame
import pytest

from companion.core.i18n import LANGUAGES, catalogue
from companion.core.stats import collect_plays
from companion.ui.fonts import clear_cache
from companion.ui.kiosk.looks import (
    SAFE_SEAT_COLOURS,
    SEAT_SHAPES,
    flat_panel_rects,
    flat_places,
    upright_size,
)
from companion.ui.kiosk.qr import BGSTATS_URL, bgstats_link, bgstats_play, qr_matrix
from companion.ui.kiosk.shots import KIOSK_SHOTS, DemoTable, demo_table, shot_context
from companion.ui.screens import make_screen
from companion.ui.theme import MIN_TOUCH, contrast_ratio
from tests.catalogues import untranslated

ROOT = Path(__file__).resolve().parents[3]
LOCALE = ROOT / "companion" / "locale"


@pytest.fixture(scope="module")
def table() -> Iterator[DemoTable]:
    pygame.font.init()
    yield demo_table()
    clear_cache()
    pygame.quit()


def draw(table: DemoTable, shot: str, lang: str, size: tuple[int, int],
         scale: float = 1.0) -> tuple[pygame.Surface, object]:
    ctx = shot_context(table, shot, lang, size)
    ctx.settings = type(ctx.settings)(language=lang, text_scale=scale)
    scene = make_screen("kiosk." + shot.split("-")[0])
    surface = pygame.Surface(size)
    scene.draw(surface, ctx)
    return surface, scene


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("shot", KIOSK_SHOTS)
def test_kiosk_screen_fits(table: DemoTable, shot: str, lang: str,
                           size: tuple[int, int]) -> None:
    _, scene = draw(table, shot, lang, size)
    assert scene.overflowing() == [], [getattr(w, "text", w) for w in scene.overflowing()]
    screen = pygame.Rect(0, 0, *size)
    for target in scene.touch_targets():
        assert min(target.width, target.height) >= MIN_TOUCH, (shot, target)
        assert screen.contains(target), (shot, target)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("shot", ["start", "resume", "pin", "end"])
def test_guest_screens_fit_with_larger_text(table: DemoTable, shot: str, lang: str) -> None:
    _, scene = draw(table, shot, lang, (800, 480), scale=1.4)
    assert scene.overflowing() == [], [(w.key, getattr(w, "text", w)) for w in scene.overflowing()]


def test_statistics_screen_shows_every_game_played(table: DemoTable) -> None:
    _, scene = draw(table, "stats", "en", (800, 480))
    texts = [str(getattr(w, "text", "")) for w in scene.widgets]
    finished = [p for p in collect_plays(table.journal) if p.finished]
    assert any(f"'count': {len(finished)}" in text for text in texts)


# ------------------------------------------------------------------ catalogue
def kiosk_keys_in_code() -> set[str]:
    found: set[str] = set()
    core = ROOT / "companion" / "core"
    for path in [*(ROOT / "companion" / "ui" / "kiosk").glob("*.py"),
                 core / "kiosk.py", core / "staff.py"]:
        found |= set(re.findall(r'"(kiosk\.[a-z_]+\.[a-z_.]+)"', path.read_text()))
    return {key for key in found if not key.endswith(".")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kiosk_key_in_code_is_translated(lang: str) -> None:
    table = catalogue(lang)
    assert untranslated(lang, kiosk_keys_in_code()) == []
    for key in ("kiosk.pin.clear", "kiosk.pin.ok", "kiosk.staff.layout.upright",
                "kiosk.staff.layout.flat"):
        assert table.get(key)


# ------------------------------------------------------------------ looks
def test_flat_panels_sit_on_distinct_edges_inside_the_screen() -> None:
    for seats in range(1, 5):
        rects = flat_panel_rects((800, 480), seats, 60)
        places = flat_places(seats)
        assert len({p.edge for p in places}) == seats
        for n, rect in enumerate(rects):
            assert pygame.Rect(0, 0, 800, 480).contains(rect)
            assert all(not rect.colliderect(other) for other in rects[n + 1:])
        for rect, place in zip(rects, places, strict=True):
            width, height = upright_size(rect, place.angle)
            assert width >= height, "turned panels read along their long side"


def test_safe_colours_differ_and_each_seat_has_its_own_shape() -> None:
    assert len(set(SEAT_SHAPES)) == len(SAFE_SEAT_COLOURS) == 4
    for n, first in enumerate(SAFE_SEAT_COLOURS):
        for second in SAFE_SEAT_COLOURS[n + 1:]:
            assert sum(abs(a - b) for a, b in zip(first, second, strict=True)) > 120
        assert contrast_ratio(first, (16, 20, 27)) > 3


# ------------------------------------------------------------------ BG Stats link
def test_bgstats_link_carries_the_play(table: DemoTable) -> None:
    play = next(p for p in collect_plays(table.journal) if p.finished and p.scores)
    link = bgstats_link(play)
    assert link.startswith(BGSTATS_URL)
    data = json.loads(unquote(link[len(BGSTATS_URL):]))
    assert data == bgstats_play(play)
    assert [p["name"] for p in data["players"]] == list(play.players)
    assert [p["score"] for p in data["players"]] == list(play.scores)
    assert {p["name"] for p in data["players"] if p["winner"]} == set(play.winners)


def test_cooperative_play_marks_everyone_alike(table: DemoTable) -> None:
    fuji = next(p for p in collect_plays(table.journal) if p.game == "fuji" and p.finished)
    data = bgstats_play(fuji)
    assert data["game"]["cooperative"] is True
    assert {p["winner"] for p in data["players"]} == {fuji.outcome == "won"}


def test_no_qr_package_means_no_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "segno", None)
    assert qr_matrix("https://example.org") is None


def test_qr_code_has_its_finder_squares() -> None:
    pytest.importorskip("segno", reason="the optional QR package is not installed")
    matrix = qr_matrix("table companion")
    assert matrix is not None and len(matrix) == len(matrix[0])
    border = 4
    for row, column in ((border, border), (border, len(matrix) - border - 7),
                        (len(matrix) - border - 7, border)):
        ring = [matrix[row][column + n] for n in range(7)]
        assert ring == [True] * 7
