"""Text fitting, buttons, the scrolling list and the modal choice."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import Msg
from companion.ui.fonts import font
from companion.ui.intents import CloseDialog, Redraw, Undo
from companion.ui.theme import theme_for
from companion.ui.widgets import (
    ELLIPSIS,
    Button,
    Choice,
    Label,
    ListItem,
    ListView,
    Option,
    RowButton,
    ScrollState,
    fit_text,
)
from tests.fuzzing import some

pytestmark = pytest.mark.usefixtures("display")

THEME = theme_for((800, 480))
LETTERS = "aąbcćdeęfghijklłmnńoóprsśtuwyzźżàâçéèêëîïôœùûüÿáíñú¿¡ "


def test_short_text_keeps_its_size_on_one_line() -> None:
    fitted = fit_text("Undo", 200, 40, 20, 12)
    assert fitted.lines == ("Undo",) and fitted.size == 20 and not fitted.overflow


def test_long_text_wraps_or_shrinks_to_fit() -> None:
    text = "Przesuń znacznik gracza niebieskiego o trzy pola do przodu"
    fitted = fit_text(text, 220, 120, 20, 12)
    assert not fitted.overflow
    assert len(fitted.lines) > 1
    face = font(fitted.size)
    assert all(face.size(line)[0] <= 220 for line in fitted.lines)
    assert " ".join(fitted.lines) == text


def test_text_that_cannot_fit_is_cut_and_reported() -> None:
    fitted = fit_text("Rétablir l’étape annulée " * 10, 120, 30, 20, 14)
    assert fitted.overflow
    assert fitted.lines[-1].endswith(ELLIPSIS)
    assert fitted.size == 14


@some()
@given(text=st.text(alphabet=LETTERS, min_size=1, max_size=80),
       width=st.integers(60, 400), height=st.integers(20, 200))
def test_fitted_text_never_leaves_its_box(text: str, width: int, height: int) -> None:
    fitted = fit_text(text, width, height, 22, 12)
    face = font(fitted.size)
    if not fitted.overflow:
        assert all(face.size(line)[0] <= width for line in fitted.lines)
        assert fitted.line_height * len(fitted.lines) <= height
    assert 12 <= fitted.size <= 22


def test_label_reports_overflow_only_when_text_does_not_fit() -> None:
    surface = pygame.Surface((800, 480))
    roomy = Label(pygame.Rect(0, 0, 300, 60), Msg("ui.bar.history"))
    cramped = Label(pygame.Rect(0, 0, 30, 14), Msg("ui.history.count", {"cursor": 3, "total": 9}))
    roomy.draw(surface, THEME, "fr")
    cramped.draw(surface, THEME, "fr")
    assert not roomy.overflow
    assert cramped.overflow


def test_button_returns_intents_only_when_enabled() -> None:
    rect = pygame.Rect(10, 10, 100, 50)
    assert Button(rect, "x", (Undo(),)).release((20, 20)) == [Undo()]
    assert Button(rect, "x", (Undo(),), enabled=False).release((20, 20)) == []
    assert Button(rect, "x").touch_targets() == [rect]


def _list(count: int, state: ScrollState) -> ListView:
    items = [ListItem(f"row {n}", None, (Redraw(),) if n % 2 else ()) for n in range(count)]
    return ListView(pygame.Rect(0, 100, 300, 200), items, 50, state)


def test_list_scrolls_within_its_content() -> None:
    state = ScrollState()
    view = _list(10, state)
    assert view.max_offset == 300
    assert view.scroll(1000) and state.offset == 300
    assert not view.scroll(50)
    assert view.scroll(-1000) and state.offset == 0
    assert list(view.visible_rows()) == [0, 1, 2, 3]


def test_list_row_under_a_tap_returns_its_intents() -> None:
    state = ScrollState(offset=50)
    view = _list(10, state)
    assert view.index_at((10, 110)) == 1
    assert view.release((10, 110)) == [Redraw()]
    assert view.release((10, 160)) == []
    assert view.index_at((10, 90)) is None


def test_list_follow_end_shows_the_last_row() -> None:
    state = ScrollState(follow_end=True)
    view = _list(10, state)
    assert state.offset == view.max_offset
    view.scroll_to(0)
    assert state.offset == 0


def test_row_button_wins_over_the_row() -> None:
    item = ListItem("game", None, (Redraw(),), buttons=(RowButton("delete", (Undo(),)),))
    view = ListView(pygame.Rect(0, 0, 400, 200), [item], 60, ScrollState())
    surface = pygame.Surface((400, 200))
    view.draw(surface, THEME, "en")
    button = next(rect for rect in view.touch_targets() if rect.width < 400)
    assert view.release(button.center) == [Undo()]
    assert view.release((20, 30)) == [Redraw()]
    assert min(button.size) >= 48


def test_choice_closes_before_acting_and_outside_tap_cancels() -> None:
    screen = pygame.Rect(0, 0, 800, 480)
    choice = Choice(screen, "?", [Option("yes", (Undo(),))], THEME, cancel="no")
    buttons = [w for w in choice.children() if isinstance(w, Button)]
    assert buttons[0].release(buttons[0].rect.center) == [CloseDialog(), Undo()]
    assert buttons[1].release(buttons[1].rect.center) == [CloseDialog()]
    assert choice.release((2, 2)) == [CloseDialog()]
    assert choice.release(choice.box.center) == []
