"""Fonts outlive ``pygame.quit``: the cache forgets them, whoever quits."""

from __future__ import annotations

import pygame

from companion.ui.fonts import font


def test_a_font_works_after_someone_else_quits_pygame() -> None:
    """A cached font is dropped when pygame quits, so the next screen can still draw text."""
    pygame.init()
    font(20).render("before", True, (0, 0, 0))
    pygame.quit()
    pygame.init()
    try:
        assert font(20).render("after", True, (0, 0, 0)).get_width() > 0
    finally:
        pygame.quit()
