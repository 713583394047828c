"""Rendered texts and themes are reused by value: never stale, always bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.messages import Msg
from companion.ui.fonts import RENDERED_LIMIT, clear_cache, font, rendered
from companion.ui.theme import Theme, theme_for
from companion.ui.widgets import (
    PICTURE_LIMIT,
    BoxLook,
    Button,
    ButtonStyle,
    Label,
    Panel,
    Widget,
    box_picture,
    fit_text,
)

BOX = pygame.Rect(10, 10, 300, 40)
WHITE = (255, 255, 255)


@pytest.fixture(autouse=True)
def fonts_ready() -> Iterator[None]:
    """Fonts initialised, with empty caches before and after each test."""
    pygame.font.init()
    clear_cache()
    box_picture.cache_clear()
    yield
    box_picture.cache_clear()
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


def straight_button(rect: pygame.Rect, text: str, fill: tuple[int, int, int],
                    outline: tuple[int, int, int] | None, ink: tuple[int, int, int]) -> bytes:
    """A button drawn with pygame's own primitives, the way a button looks."""
    theme = theme_for((800, 480))
    surface = pygame.Surface((400, 120))
    surface.fill(theme.palette.background)
    pygame.draw.rect(surface, fill, rect, border_radius=theme.radius)
    if outline is not None:
        pygame.draw.rect(surface, outline, rect, theme.border_width, border_radius=theme.radius)
    inner = rect.inflate(-2 * theme.px(6), -theme.px(6))
    fitted = fit_text(text, inner.width, inner.height, theme.text_size("button"),
                      theme.min_text_size("button"), True)
    face = font(fitted.size, True)
    y = inner.y + (inner.height - fitted.line_height * len(fitted.lines)) // 2
    for line in fitted.lines:
        image = face.render(line, True, ink)
        surface.blit(image, (inner.x + (inner.width - image.get_width()) // 2, y))
        y += fitted.line_height
    return pygame.image.tobytes(surface, "RGB")


def drawn(widget: Widget) -> bytes:
    """``widget`` drawn on the background colour of a 400x120 surface."""
    theme = theme_for((800, 480))
    surface = pygame.Surface((400, 120))
    surface.fill(theme.palette.background)
    widget.draw(surface, theme, "en")
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("style", ["normal", "primary", "danger", "quiet", "selected"])
def test_kept_button_pictures_equal_straight_drawing(style: ButtonStyle) -> None:
    rect = pygame.Rect(37, 21, 190, 58)
    palette = theme_for((800, 480)).palette
    button = Button(rect, "Confirm the move", style=style)
    fill, ink = button.colours(theme_for((800, 480)))
    outline = None if style == "quiet" else palette.border
    expected = straight_button(rect, "Confirm the move", fill, outline, ink)
    assert drawn(button) == expected
    assert drawn(button) == expected
    assert box_picture.cache_info().currsize >= 1


def test_button_pictures_follow_text_state_and_press() -> None:
    rect = pygame.Rect(37, 21, 190, 58)
    plain = drawn(Button(rect, "Ready"))
    other = drawn(Button(rect, "Read"))
    disabled = drawn(Button(rect, "Ready", enabled=False))
    pressed_button = Button(rect, "Ready")
    pressed_button.pressed = True
    pressed = drawn(pressed_button)
    assert len({plain, other, disabled, pressed}) == 4
    assert drawn(Button(rect, "Ready")) == plain


def test_button_label_follows_the_language() -> None:
    rect = pygame.Rect(37, 21, 190, 58)
    button = Button(rect, Msg("ui.common.cancel"))
    theme = theme_for((800, 480))
    surface = pygame.Surface((400, 120))
    button.draw(surface, theme, "en")
    english = pygame.image.tobytes(surface, "RGB")
    button.draw(surface, theme, "es")
    assert pygame.image.tobytes(surface, "RGB") != english


def test_overflowing_or_large_boxes_are_drawn_directly() -> None:
    theme = theme_for((800, 480))
    tiny = Button(pygame.Rect(0, 0, 60, 30), "A very long label that cannot fit here at all")
    surface = pygame.Surface((800, 480))
    tiny.draw(surface, theme, "en")
    assert tiny.overflow
    before = box_picture.cache_info().currsize
    Panel(pygame.Rect(0, 0, 700, 400)).draw(surface, theme, "en")
    large = BoxLook((700, 400), theme.palette.surface, theme.palette.border, 2, 10)
    assert not large.keepable()
    assert box_picture(large) is None
    assert box_picture.cache_info().currsize <= before + 1


def test_panel_picture_equals_straight_drawing() -> None:
    theme = theme_for((800, 480))
    rect = pygame.Rect(11, 13, 300, 90)
    surface = pygame.Surface((400, 120))
    surface.fill(theme.palette.background)
    pygame.draw.rect(surface, (40, 90, 60), rect, border_radius=theme.radius)
    pygame.draw.rect(surface, theme.palette.border, rect, theme.border_width,
                     border_radius=theme.radius)
    assert drawn(Panel(rect, (40, 90, 60))) == pygame.image.tobytes(surface, "RGB")
    assert drawn(Panel(rect, (40, 90, 61))) != pygame.image.tobytes(surface, "RGB")


def test_box_pictures_stay_bounded() -> None:
    for number in range(PICTURE_LIMIT + 20):
        box_picture(BoxLook((40, 20), (number % 250, number // 250, 10), None, 2, 4))
    assert box_picture.cache_info().currsize == PICTURE_LIMIT
