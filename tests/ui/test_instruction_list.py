"""The shared instruction list: every line of the moment reaches the screen, grouped by
player, paged when the box is short, with what the table has not yet seen counted."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.ui.instructions import InstructionList, InstructionRows, Line, grouped
from companion.ui.theme import Theme, theme_for
from companion.ui.widgets import TapButton

WORDS = st.text(alphabet="abcdefghij ", min_size=1, max_size=60).map(str.strip).filter(bool)
LINES = st.lists(st.tuples(st.sampled_from(["", "Ala", "Bruno", "Celina"]), WORDS),
                 min_size=1, max_size=25)


def _theme() -> Theme:
    pygame.font.init()
    return theme_for((800, 480))


def _page_through(kept: InstructionList, box: pygame.Rect, theme: Theme) -> list[str]:
    """Draw the list page by page (tapping its page button) until every line was seen."""
    surface = pygame.Surface((800, 480))
    drawn: list[str] = []
    for _ in range(len(kept.lines) + 2):
        widgets = kept.widgets(box, theme, "en")
        for widget in widgets:
            widget.draw(surface, theme, "en")
            if isinstance(widget, InstructionRows):
                drawn.append(widget.text)
        pager = next((w for w in widgets if isinstance(w, TapButton)), None)
        if pager is None or kept.unseen == 0:
            break
        pager.release(pager.rect.center)
    return drawn


def test_lines_are_grouped_by_player_everyone_first() -> None:
    """Everyone's lines come first, then each player's in the order they first appear."""
    lines = [Line("Bruno", "b1"), Line("", "all"), Line("Ala", "a1"), Line("Bruno", "b2")]
    assert grouped(lines) == [("", [1]), ("Bruno", [0, 3]), ("Ala", [2])]


@settings(max_examples=40, deadline=None)
@given(LINES, st.integers(min_value=50, max_value=300), st.integers(min_value=150,
                                                                     max_value=400))
def test_every_line_is_seen_by_paging(lines: list[tuple[str, str]], height: int,
                                      width: int) -> None:
    """However many lines and however small the box, paging shows each line once at
    least, and the count of unseen lines falls to nothing."""
    theme = _theme()
    kept = InstructionList()
    kept.show([Line(who, what) for who, what in lines])
    box = pygame.Rect(10, 10, width, height)
    drawn = "\n".join(_page_through(kept, box, theme))
    assert kept.unseen == 0
    for _, what in lines:
        assert " ".join(what.split()) in " ".join(drawn.split())


def test_new_lines_of_the_same_moment_turn_to_the_first_unseen() -> None:
    """More lines for the same moment keep what was seen and show the new ones."""
    theme = _theme()
    kept = InstructionList()
    first = [Line("Ala", f"line {n} of the first step") for n in range(12)]
    kept.show(first)
    box = pygame.Rect(0, 0, 300, 60)
    _page_through(kept, box, theme)
    assert kept.unseen == 0
    kept.show([*first, Line("Bruno", "the newest line")])
    assert kept.unseen == 1
    widgets = kept.widgets(box, theme, "en")
    rows = next(w for w in widgets if isinstance(w, InstructionRows))
    assert "the newest line" in rows.text
    kept.show([Line("", "another moment")])
    assert kept.seen == set() and kept.page == 0
