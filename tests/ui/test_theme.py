"""The palette is readable and sizes scale with the window."""

from __future__ import annotations

import pytest

from companion.ui.theme import MIN_TOUCH, PALETTE, TEXT_SCALES, contrast_ratio, theme_for

SIZES = [(800, 480), (1024, 600), (1280, 800), (1920, 1080)]

TEXT_PAIRS = [
    ("text", "background", 7.0),
    ("text", "surface", 7.0),
    ("text_muted", "background", 4.5),
    ("text_muted", "surface", 4.5),
    ("text_disabled", "surface", 3.0),
    ("primary_text", "primary", 4.5),
    ("danger_text", "danger", 4.5),
    ("accent_text", "accent", 7.0),
    ("toast_text", "toast", 7.0),
    ("toast_text", "toast_error", 7.0),
]


@pytest.mark.parametrize(("text", "background", "minimum"), TEXT_PAIRS)
def test_text_colours_have_enough_contrast(text: str, background: str, minimum: float) -> None:
    assert contrast_ratio(getattr(PALETTE, text), getattr(PALETTE, background)) >= minimum


def test_contrast_ratio_of_black_on_white_is_21() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((90, 90, 90), (90, 90, 90)) == pytest.approx(1.0)


@pytest.mark.parametrize("size", SIZES)
def test_touch_size_never_below_minimum(size: tuple[int, int]) -> None:
    theme = theme_for(size)
    assert theme.touch >= MIN_TOUCH
    assert theme.bar_height > theme.touch


def test_sizes_grow_with_the_window_and_text_scale() -> None:
    small, large = theme_for((800, 480)), theme_for((1280, 800))
    assert large.px(100) > small.px(100)
    assert large.text_size("body") > small.text_size("body")
    sizes = [theme_for((800, 480), scale).text_size("body") for scale in TEXT_SCALES]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)


def test_smaller_window_than_minimum_is_not_shrunk_further() -> None:
    assert theme_for((640, 400)).px(50) == theme_for((800, 480)).px(50)
