"""Every language has a flag of its own: a new one never silently shows another's."""

from __future__ import annotations

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.ui.kiosk.flags import FLAGS, draw_flag

RECT = pygame.Rect(0, 0, 36, 24)


def _drawn(lang: str) -> bytes:
    surface = pygame.Surface(RECT.size)
    draw_flag(surface, lang, RECT)
    return pygame.image.tobytes(surface, "RGB")


def test_every_language_has_its_flag() -> None:
    assert set(LANGUAGES) <= set(FLAGS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_languages_share_a_flag(lang: str) -> None:
    others = [other for other in LANGUAGES if other != lang]
    assert all(_drawn(lang) != _drawn(other) for other in others)


def test_a_language_without_a_flag_gets_no_other_languages_flag() -> None:
    """A code with no flag (a language being added) draws a plain field."""
    blank = _drawn("xx")
    assert all(blank != _drawn(lang) for lang in LANGUAGES)
