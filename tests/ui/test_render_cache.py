"""Rendered texts and themes are reused by value: never stale, always bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.messages import Msg
from companion.ui.fonts import RENDERED_LIMIT, clear_cache, font, rendered
from companion.ui.theme import Theme, theme_for
from companion.ui.widgets import Label

BOX = pygame.Rect(10, 10, 300, 40)
WHITE = (255, 255, 255)


@pytest.fixture(autouse=True)
def fonts_ready() -> Iterator[None]:
    """Fonts initialised, with empty caches before and after each test."""
    pygame.font.init()
    clear_cache()
    yield
    clear_cache()


def picture(label: Label, lang: str, theme: Theme | None = None) -> bytes:
    """The pixels of ``label`` drawn alone on a black 400x80 surface."""
    surface = pygame.Surface((400, 80))
    label.draw(surface, theme or theme_for((800, 480)), lang)
    return pygame.image.tobytes(surface, "RGB")


def test_rendered_text_has_the_pixels_of_a_fresh_render() -> None:
    fresh = font(20, True).render("Round 3", True, WHITE)
    kept = rendered("Round 3", 20, True, WHITE)
    assert kept.get_size() == fresh.get_size()
    assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(fresh, "RGBA")


def test_same_text_is_rendered_once_and_reused() -> None:
    first = rendered("Planning", 20, False, WHITE)
    again = rendered("Planning", 20, False, WHITE)
    assert again is first
    assert rendered.cache_info().hits == 1


@pytest.mark.parametrize(
    "other",
    [("Planning!", 20, False, WHITE), ("Planning", 21, False, WHITE),
     ("Planning", 20, True, WHITE), ("Planning", 20, False, (255, 0, 0))],
)
def test_any_change_of_text_size_face_or_colour_renders_anew(
    other: tuple[str, int, bool, tuple[int, int, int]],
) -> None:
    first = rendered("Planning", 20, False, WHITE)
    changed = rendered(*other)
    assert changed is not first
    assert pygame.image.tobytes(changed, "RGBA") != pygame.image.tobytes(first, "RGBA")


def test_label_follows_the_language_after_being_drawn() -> None:
    label = Label(BOX, Msg("ui.common.cancel"), "body")
    english = picture(label, "en")
    polish = picture(label, "pl")
    assert polish != english
    assert picture(label, "en") == english


def test_label_follows_its_colour_and_text() -> None:
    plain = picture(Label(BOX, "Stamina 4", "body"), "en")
    red = picture(Label(BOX, "Stamina 4", "body", colour=(255, 0, 0)), "en")
    other = picture(Label(BOX, "Stamina 5", "body"), "en")
    assert len({plain, red, other}) == 3


def test_label_pixels_equal_a_direct_render() -> None:
    label = Label(BOX, "Tikal", "body", colour=WHITE)
    theme = theme_for((800, 480))
    fitted = label.fitted(theme, "en")
    surface = pygame.Surface((400, 80))
    image = font(fitted.size, False).render("Tikal", True, WHITE)
    surface.blit(image, (BOX.x, BOX.y + (BOX.height - fitted.line_height) // 2))
    assert picture(label, "en", theme) == pygame.image.tobytes(surface, "RGB")


def test_rendered_texts_stay_bounded() -> None:
    for number in range(RENDERED_LIMIT + 50):
        rendered(str(number), 12, False, WHITE)
    assert rendered.cache_info().currsize == RENDERED_LIMIT


def test_clear_cache_forgets_rendered_texts() -> None:
    rendered("Fuji", 20, False, WHITE)
    clear_cache()
    assert rendered.cache_info().currsize == 0


def test_themes_are_shared_and_follow_size_and_text_scale() -> None:
    assert theme_for((800, 480)) is theme_for((800, 480))
    assert theme_for((1280, 800)).scale == pytest.approx(1.6)
    assert theme_for((1280, 800)).px(10) == 16
    assert theme_for((800, 480), 1.4).text_size("body") > theme_for((800, 480)).text_size("body")
    assert theme_for((1280, 800)) == Theme(1280, 800)
