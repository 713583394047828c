"""The small print on the player cards reads from across the table at 800x480."""

from __future__ import annotations

import re

import pytest

from companion.core.i18n import LANGUAGES
from companion.ui.app import App
from companion.ui.fuji.demo import preview_session
from companion.ui.fuji.panels import WoundBoxes
from companion.ui.fuji.play import SMALL_PRINT, FujiPlayScene
from companion.ui.widgets import Label, fit_text
from tests.ui.taps import context

COUNTS = re.compile(r"(↻\d+ )?⚒\d+")
"""The rerolls and cards count of a player card."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("situation", ["planning", "resolve"])
def test_wound_boxes_and_counts_are_at_least_14_px(situation: str, lang: str) -> None:
    """Each wound box and the rerolls and cards count (↻ ⚒) are at least 14 px tall."""
    import pygame

    session = preview_session(situation)
    ctx = context((800, 480), lang, session)
    scene = FujiPlayScene()
    scene.draw(pygame.Surface(ctx.size), ctx)
    boxes = [w for w in scene.widgets if isinstance(w, WoundBoxes)]
    assert len(boxes) == len(session.state.players)
    for found in boxes:
        side = min(found.rect.height, (found.rect.width - 6) // 4)
        assert side >= SMALL_PRINT
    counts = [w for w in scene.widgets if isinstance(w, Label) and isinstance(w.text, str)
              and COUNTS.fullmatch(w.text)]
    assert len(counts) == len(session.state.players)
    for label in counts:
        assert isinstance(label.text, str)
        fitted = fit_text(label.text, label.rect.width, label.rect.height,
                          ctx.theme.text_size("small"), ctx.theme.min_text_size("small"))
        assert not fitted.overflow and fitted.size >= SMALL_PRINT, label.text


def test_a_tap_on_a_card_enlarges_it_when_no_marker_can_move(app: App) -> None:
    """Outside the planning a tap on the map shows that card large (its condition and ↻
    readable from across the table); during the planning it places the marker."""
    from companion.ui.fuji.board_view import BoardView
    from companion.ui.fuji.demo import to_resolution
    from companion.ui.fuji.dialogs import CardZoomDialog
    from tests.ui.taps import tap, widget

    session = to_resolution()
    app.open_game(session)
    app.draw()
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    spot = session.state.players[0].position
    tap(app, board.geometry.cell_centre(*spot))
    assert isinstance(app.dialog, CardZoomDialog) and app.dialog.position == spot
