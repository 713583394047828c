"""Seats enter their own dice on their phones; the journal gets them at the reveal.

Rulebook, in our words: in phases 1 to 4 each player rolls behind their own screen and
rerolls in silence; in phase 5 the screens come off, everyone shows their dice and each
total is compared with the neighbours'.  So the dice a phone enters before phase 5 stay
off the shared screen and off the journal, and reach both when phase 5 begins.
"""

from __future__ import annotations

import pytest

from companion.games.fuji.state import Phase
from companion.phones.join import JoinScene
from companion.ui.app import App
from companion.ui.fuji.demo import advance, finish_rerolls, plan
from tests.phones.tables import Phone, die_index, door, open_fuji, pump


@pytest.fixture
def app(table_app: App) -> App:
    """No game open: each test opens its own."""
    return table_app


def _face(seat: int, number: int) -> tuple[str, int]:
    return ("blue" if number % 2 else "pink"), 1 + (seat + number) % 6


def test_three_seats_enter_dice_and_the_reveal_journals_them(app: App) -> None:
    session = open_fuji(app)
    assert isinstance(app.scene, JoinScene)
    phones = [Phone(app, door(app).tokens.token(seat)) for seat in range(3)]
    counts = [p.dice_count for p in session.state.players]
    for seat, phone in enumerate(phones):
        assert [a["key"] for a in phone.view()["asks"]] == ["die", "take_back"]
        for number in range(counts[seat]):
            version = phone.view()["asks"][0]["version"]
            index = die_index(phone.view(), *_face(seat, number))
            phone.send({"t": "answer", "ask": "die", "version": version, "answer": index})
    pump(app, lambda: door(app).table.entered() == (3, 3))
    assert app.toast is not None and app.toast.message.key == "phones.entered"
    assert dict(app.toast.message.params) == {"done": 3, "seats": 3}
    assert all(p.dice is None and not p.dice_partial for p in session.state.players)
    own = phones[1].wait_for(lambda m: m["t"] == "view" and len(m["dice"]) == counts[1])
    assert own["dice"] == [{"colour": c, "value": v}
                           for c, v in (_face(1, n) for n in range(counts[1]))]
    advance(session)
    plan(session, {0: 1, 1: 1, 2: 0})
    advance(session)
    finish_rerolls(session)
    advance(session)
    app.submit_from_seat({"type": "advance"})
    assert session.state.phase is Phase.MOVEMENT
    for seat, player in enumerate(session.state.players):
        assert player.dice is not None
        assert [(d.colour.value, d.value) for d in player.dice] == [
            _face(seat, n) for n in range(counts[seat])]
    for phone in phones:
        phone.close()


def test_a_seat_answers_its_rerolls_on_its_phone(app: App) -> None:
    """Phase 3: the seat's reroll count is the touchscreen's own question, put on the phone."""
    session = open_fuji(app)
    advance(session)
    plan(session, {0: 0, 1: 1, 2: 0})
    app.submit_from_seat({"type": "advance"})
    phone = Phone(app, door(app).tokens.token(1))
    asks = {a["key"]: a for a in phone.view()["asks"]}
    assert [a["reason"] == "" for a in asks["rerolls"]["answers"]] == [
        True, True, True, False, False]
    phone.answer("rerolls", index=1)
    pump(app, lambda: session.state.players[1].rerolls_done)
    assert session.state.players[1].rerolls_used == 1
    assert "rerolls" not in {a["key"] for a in phone.wait_for(
        lambda m: m["t"] == "view" and m["facts"][3][1] == "1 of 2")["asks"]}
    phone.close()
