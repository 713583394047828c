"""Fonts opened from the face's bytes in memory draw exactly as fonts opened from the file."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.ui.fonts import clear_cache, font, font_path

TEXTS = ("Next phase ▶", "Équipement · Łódź · niño", "↻3 ⚒0", "Round 12")
"""Texts with the letters and signs the screens use."""


@pytest.fixture
def fonts_ready() -> Iterator[None]:
    """pygame's font module, started and stopped around the test."""
    pygame.font.init()
    yield
    clear_cache()
    pygame.font.quit()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [9, 16, 31])
def test_a_font_from_memory_draws_like_the_file(fonts_ready: None, size: int, bold: bool) -> None:
    """Same widths, same height, same pixels for every text, face and size."""
    path = font_path(bold)
    assert path is not None
    from_file = pygame.font.Font(path, size)
    ours = font(size, bold)
    assert ours.get_height() == from_file.get_height()
    for text in TEXTS:
        assert ours.size(text) == from_file.size(text)
        mine = ours.render(text, True, (250, 250, 250), (10, 20, 30))
        theirs = from_file.render(text, True, (250, 250, 250), (10, 20, 30))
        assert pygame.image.tobytes(mine, "RGB") == pygame.image.tobytes(theirs, "RGB")
