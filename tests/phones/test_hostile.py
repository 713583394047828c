"""Phones the table cannot trust: refused at the door, and the table keeps playing.

Also: the journal decides (an answer to a question that changed is refused), two phones
on one seat (the newer wins, the older is told), and no phone reaches staff functions.
"""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from companion.core.staff import PIN_SETTING, hash_pin
from companion.phones.server import BURST, CLOSE_ABUSE, CLOSE_REFUSED, CLOSE_REPLACED
from companion.phones.wire import MAX_MESSAGE
from companion.ui.app import App
from companion.ui.fuji.demo import advance, plan
from tests.phones.tables import Phone, die_index, door, open_fuji, pump


def _still_plays(app: App) -> None:
    """The table takes a step after the attack, and a good phone still answers."""
    session = app.session
    assert session is not None
    cursor = session.cursor
    app.submit_from_seat({"type": "advance"})
    assert session.cursor == cursor + 1
    good = Phone(app, door(app).tokens.token(2))
    assert good.view()["seat"] == 2
    good.close()


def _close_code(phone: Phone) -> int | None:
    pump(phone.app, phone.gone)
    return phone.socket.close_code


def test_a_wrong_token_is_refused(app: App) -> None:
    phone = Phone(app, "0" * 32)
    message = phone.wait_for(lambda m: m["t"] == "refused")
    assert "Scan your seat's code" in message["text"]
    assert _close_code(phone) == CLOSE_REFUSED
    assert not door(app).table.joined()
    _still_plays(app)


def test_an_old_token_is_refused_after_a_new_game(app: App) -> None:
    old = door(app).tokens.token(0)
    sitting = Phone(app, old)
    sitting.view()
    open_fuji(app)
    told = sitting.wait_for(lambda m: m["t"] == "refused")
    assert "new game" in told["text"]
    assert _close_code(sitting) == CLOSE_REFUSED
    again = Phone(app, old)
    again.wait_for(lambda m: m["t"] == "refused")
    assert door(app).tokens.token(0) != old
    _still_plays(app)


def test_a_bad_origin_never_opens_a_socket(app: App) -> None:
    with pytest.raises(InvalidStatus) as refused:
        Phone(app, door(app).tokens.token(0), origin="http://evil.example")
    assert refused.value.response.status_code == 403
    _still_plays(app)


def test_malformed_and_oversized_messages_are_refused(app: App) -> None:
    phone = Phone(app, door(app).tokens.token(0))
    phone.view()
    for bad in ("not json", "[1, 2]", json.dumps({"t": "answer", "ask": "die"}),
                json.dumps({"t": "answer", "ask": "die", "version": "x", "answer": -1})):
        phone.send(bad)
        phone.wait_for(lambda m: m["t"] == "bad")
    phone.send(json.dumps({"t": "hello", "token": "x" * 40}))
    assert _close_code(phone) == CLOSE_ABUSE
    big = Phone(app, door(app).tokens.token(1))
    big.view()
    big.send(json.dumps({"t": "ping", "pad": "x" * MAX_MESSAGE}))
    assert _close_code(big) == 1009
    _still_plays(app)


def test_a_flood_is_dropped_then_closed(app: App) -> None:
    phone = Phone(app, door(app).tokens.token(0))
    phone.view()
    server = door(app).server
    refused = server.refused
    with pytest.raises(ConnectionClosed):
        for _ in range(2000):
            phone.send({"t": "ping"})
    assert _close_code(phone) == CLOSE_ABUSE
    assert server.refused - refused > BURST
    _still_plays(app)


def test_an_answer_to_a_changed_question_is_refused(app: App) -> None:
    """The seat answers on a view the table has moved past: refused, nothing journaled."""
    session = app.session
    assert session is not None
    advance(session)
    plan(session, {0: 0, 1: 1, 2: 0})
    app.submit_from_seat({"type": "advance"})
    phone = Phone(app, door(app).tokens.token(1))
    stale = next(a for a in phone.view()["asks"] if a["key"] == "rerolls")
    app.submit_from_seat({"type": "rerolls_done", "player": 1, "used": 2})
    cursor = session.cursor
    phone.send({"t": "answer", "ask": "rerolls", "version": stale["version"], "answer": 0})
    told = phone.wait_for(lambda m: m["t"] == "changed")
    assert "changed" in told["text"]
    assert session.cursor == cursor
    assert session.state.players[1].rerolls_used == 2


def test_a_greyed_answer_is_refused_with_its_reason(app: App) -> None:
    phone = Phone(app, door(app).tokens.token(0))
    session = app.session
    assert session is not None
    count = session.state.players[0].dice_count
    view = phone.view()
    for _ in range(count):
        phone.send({"t": "answer", "ask": "die", "version": view["asks"][0]["version"],
                    "answer": die_index(view, "yellow", 6)})
    pump(app, lambda: len(door(app).table.sealed.get(0, ())) == count)
    full = phone.wait_for(lambda m: m["t"] == "view" and all(
        a["reason"] for a in m["asks"][0]["answers"]))
    phone.send({"t": "answer", "ask": "die", "version": full["asks"][0]["version"],
                "answer": 0})
    told = phone.wait_for(lambda m: m["t"] == "refused_answer")
    assert "All your dice are in" in told["text"]
    assert len(door(app).table.sealed[0]) == session.state.players[0].dice_count


def test_two_phones_on_one_seat_the_newer_wins(app: App) -> None:
    token = door(app).tokens.token(0)
    older = Phone(app, token)
    older.view()
    newer = Phone(app, token)
    newer.view()
    told = older.wait_for(lambda m: m["t"] == "replaced")
    assert "Another phone took this seat" in told["text"]
    assert _close_code(older) == CLOSE_REPLACED
    view = newer.view()
    newer.send({"t": "answer", "ask": "die", "version": view["asks"][0]["version"],
                "answer": 0})
    pump(app, lambda: len(door(app).table.sealed.get(0, ())) == 1)


def test_phones_never_reach_staff_functions(app: App) -> None:
    """No ask a phone can name changes a setting, and the staff PIN never leaves the table."""
    app.journal.set_setting(PIN_SETTING, hash_pin("4826").to_json())
    settings = {key: app.journal.get_setting(key) for key in (PIN_SETTING, "phones.enabled")}
    phone = Phone(app, door(app).tokens.token(0))
    view = phone.view()
    for ask in ("staff", "settings", "pin", "quit", "undo", "../staff"):
        phone.send({"t": "answer", "ask": ask, "version": view["asks"][0]["version"],
                    "answer": 0})
        phone.wait_for(lambda m: m["t"] == "changed")
    assert {key: app.journal.get_setting(key) for key in settings} == settings
    sent = json.dumps(phone.received)
    assert "4826" not in sent and "staff" not in sent.lower()
    assert app.running and app.session is not None
