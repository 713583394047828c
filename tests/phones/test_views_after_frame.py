"""Issue 28: the phones' views of a step are sent after the table's own frame shows it,
so the phones add nothing to the table's press-to-screen time."""

from __future__ import annotations

import pygame
import pytest

from companion.games.fuji import GAME
from companion.ui.app import App
from companion.ui.intents import Submit
from tests.phones.tables import Phone, door


def test_a_seat_gets_the_step_after_the_table_has_drawn_it(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A joined phone's view of a step is built and sent in the same pass, but only once
    the table's frame is on the screen: at the flip the phone's last view is still the
    one before the step, and when the pass is done it is the new one."""
    table = door(app).table
    token = door(app).tokens.token(0)
    assert token is not None
    phone = Phone(app, token)
    phone.view()
    before = table._last_sent[0]
    at_flip: list[str] = []
    flip = pygame.display.flip

    def flip_noting_the_phone() -> None:
        at_flip.append(table._last_sent[0])
        flip()

    monkeypatch.setattr(pygame.display, "flip", flip_noting_the_phone)
    session = app.session
    assert session is not None
    app.perform(Submit({"type": "advance"} if {"type": "advance"} in
                       GAME.legal_actions(session.state)
                       else next(iter(GAME.legal_actions(session.state)))))
    app.step(max_wait=0)
    assert at_flip == [before]
    assert table._last_sent[0] != before
    assert phone.view() is not None
