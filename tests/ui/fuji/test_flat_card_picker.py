"""On a flat table, "which card did you draw?" turns to face the drawing player."""

from __future__ import annotations

import itertools

import pygame
import pytest

from companion.core.session import Session
from companion.games.fuji.state import PendingKind
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.fuji import demo
from companion.ui.fuji.dialogs import CardPickerDialog, free_cards
from companion.ui.intents import SetTableLayout, ShowDialog
from companion.ui.scene import Context, Settings
from companion.ui.theme import MIN_TOUCH
from tests.ui.fuji.helpers import state_of
from tests.ui.taps import SIZES, draw_problems, tap

TOKEN = (0, 2)
"""A card of the example map with an equipment token, reachable by every seat."""


def _drawing(seat: int) -> Session:
    """Round 1 resolved for ``seat`` alone, who ends on the token card and owes a draw."""
    session = demo.new_session()
    demo.advance(session)
    others = {other: 1 for other in range(3) if other != seat}
    session.submit({"type": "set_destination", "player": seat, "cell": list(TOKEN)})
    demo.plan(session, others)
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session, 2)
    demo.resolve_all(session, frozenset({seat}), only=seat)
    owed = state_of(session).pending
    assert owed and owed[0].kind is PendingKind.DRAW and owed[0].seat == seat
    return session


def _picker(app: App, session: Session, seat: int) -> TurnedPanel:
    app.perform(SetTableLayout("flat"))
    app.open_game(session)
    app.perform(ShowDialog(CardPickerDialog(seat)))
    app.draw()
    assert app.dialog is not None
    turned = [w for w in app.dialog.widgets if isinstance(w, TurnedPanel)]
    assert len(turned) == 1
    return turned[0]


@pytest.mark.parametrize(("seat", "angle"), [(1, 270), (2, 180)])
def test_the_picker_faces_the_drawing_player(app: App, seat: int, angle: int) -> None:
    """The left and the far seat's picker is turned to them; a tap on a card through the
    turn records that seat's draw and closes the picker."""
    session = _drawing(seat)
    panel = _picker(app, session, seat)
    assert panel.angle == angle
    card = free_cards(state_of(session))[3]
    button = next(w for w in panel.content if w.key == f"fuji:card:{card}")
    tap(app, to_screen_rect(button.rect, panel.rect, panel.angle).center)
    assert session.actions()[-1] == {"type": "draw_equipment", "player": seat, "card": card}
    assert state_of(session).players[seat].equipment[-1] == card
    assert app.dialog is None


def test_the_bottom_seat_keeps_the_upright_list(app: App) -> None:
    """The seat at the bottom edge reads the picker upright: no turn, every card at once."""
    session = _drawing(0)
    app.perform(SetTableLayout("flat"))
    app.open_game(session)
    app.perform(ShowDialog(CardPickerDialog(0)))
    app.draw()
    assert app.dialog is not None
    assert not [w for w in app.dialog.widgets if isinstance(w, TurnedPanel)]
    assert any(w.key == "fuji:card:rope" for w in app.dialog.widgets)


@pytest.mark.parametrize("lang", ["en", "pl", "fr", "es"])
@pytest.mark.parametrize("seat", [1, 2])
def test_every_card_shows_full_size_and_fits(lang: str, seat: int) -> None:
    """Every card left in the deck gets its own key of at least 48 px, none overlapping,
    and every text fits, at both sizes."""
    session = demo.new_session()
    demo.advance(session)
    cards = free_cards(state_of(session))
    for size in SIZES:
        dialog = CardPickerDialog(seat)
        ctx = Context(size, Settings(language=lang, table_layout="flat"), session)
        assert draw_problems(dialog, ctx) == ([], [])
        rects = dialog.touch_targets()
        assert len(rects) == len(cards) + 2
        screen = pygame.Rect(0, 0, *size)
        assert all(min(r.size) >= MIN_TOUCH and screen.contains(r) for r in rects)
        for one, other in itertools.combinations(rects, 2):
            assert not one.colliderect(other)
