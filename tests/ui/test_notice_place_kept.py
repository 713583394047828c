"""The kept notice places (issue 28: less work per press) answer as a fresh search would."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.ui.notices import _band_for, notice_rect
from companion.ui.theme import theme_for

SCREEN = pygame.Rect(0, 0, 800, 480)
BOXES = st.lists(st.tuples(st.integers(0, 760), st.integers(0, 440), st.integers(1, 300),
                           st.integers(1, 200)), max_size=12)


@settings(max_examples=60)
@given(first=BOXES, second=BOXES)
def test_a_kept_place_is_the_place_a_fresh_search_finds(
        first: list[tuple[int, int, int, int]], second: list[tuple[int, int, int, int]]) -> None:
    """Asking about one set of controls, then another, then the first again gives each
    time what an empty cache gives: the kept answer follows the controls, never an old
    screen's."""
    theme = theme_for((800, 480))
    asked = [first, second, first]
    answers = [notice_rect(SCREEN, [pygame.Rect(box) for box in boxes], theme)
               for boxes in asked]
    fresh = []
    for boxes in asked:
        _band_for.cache_clear()
        fresh.append(notice_rect(SCREEN, [pygame.Rect(box) for box in boxes], theme))
    assert answers == fresh


def test_a_moved_control_moves_the_notice() -> None:
    """A control in the bottom band pushes the notice up; taken away, the notice comes back
    down (the same screen and theme both times, so only the controls are in the key)."""
    theme = theme_for((800, 480))
    free = notice_rect(SCREEN, [], theme)
    blocked = notice_rect(SCREEN, [pygame.Rect(0, 380, 800, 100)], theme)
    again = notice_rect(SCREEN, [], theme)
    assert free is not None and blocked is not None
    assert blocked.bottom <= 380 < free.bottom
    assert again == free
