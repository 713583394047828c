"""A whole recorded Fuji game played by three browser phones and the shared screen.

The steps a seat answers on its phone (its dice, behind the screen, at the start of each
round; its rerolls; its own cards that need no place on the map; a Gatherer's energy;
its move; its wound) are tapped in that seat's browser; every other step is entered on
the shared screen (put through the app as a tap's intent would be).  Sealed dice reach
the journal at the reveal, so the record's ``set_dice`` steps are not entered again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from selenium import webdriver

from companion.core.record import GameRecord
from companion.core.session import plain_action
from companion.ui.app import App
from companion.ui.fuji.phone import PHONE
from companion.ui.intents import Back, Submit
from tests.phones.browser import ask_buttons, tap_die, wait_for_element, wait_until
from tests.phones.tables import door

PHONE_STEPS = frozenset({"rerolls_done", "use_equipment", "spend_energy", "resolve",
                         "choose_wound"})
"""Steps a seat answers on its phone (dice apart: they are sealed)."""


def answer_index(app: App, seat: int, action: Mapping[str, Any]) -> tuple[str, int] | None:
    """The phone ask and answer index that make ``action`` for ``seat`` (``None``: none)."""
    session = app.session
    assert session is not None
    panel = PHONE.panel(session.state, seat, door(app).table.sealed.get(seat, ()))
    wanted = plain_action(action)
    for ask in panel.asks:
        if ask.sealed:
            continue
        for index, answer in enumerate(ask.question.answers):
            if answer.reason is not None:
                continue
            value = answer.value
            made = ({**ask.partial, **value} if ask.direct and isinstance(value, dict)
                    else {**ask.partial, ask.question.field: value})
            if plain_action(made) == wanted or _same_without_optional(made, wanted):
                return ask.key, index
    return None


def _same_without_optional(made: Mapping[str, Any], wanted: Mapping[str, Any]) -> bool:
    """``rerolls_done`` without ``used`` means 0 used; ``resolve`` without ``path``: no choice."""
    plain = {k: v for k, v in plain_action(made).items() if v not in (0, None) or k == "player"}
    other = {k: v for k, v in wanted.items() if v not in (0, None) or k == "player"}
    return plain == other


def play_whole_game(app: App, record: GameRecord, browsers: list[webdriver.Chrome],
                    lock: Any, shoot: Callable[[int], None] | None = None) -> int:
    """Play ``record``; return how many steps the phones answered."""
    session = app.session
    assert session is not None
    with lock:
        app.perform(Back())
    sealed_rounds: set[int] = set()
    by_phone = 0
    for number, action in enumerate(record.actions):
        with lock:
            state = session.state
        if state.round not in sealed_rounds and PHONE.hidden(state):
            sealed_rounds.add(state.round)
            _seal_round(app, record, number, browsers, lock)
            if shoot is not None:
                shoot(state.round)
        kind = action["type"]
        if kind == "set_dice" and isinstance(action.get("player"), int) and action["player"] >= 0:
            with lock:
                assert session.state.players[action["player"]].dice is not None
            continue
        found = None
        if kind in PHONE_STEPS and isinstance(action.get("player"), int):
            with lock:
                found = answer_index(app, action["player"], action)
        if found is None:
            with lock:
                before = session.cursor
                app.perform(Submit(dict(action)))
                assert session.cursor > before, (
                    f"step {number}: the table refused {action}: {app.toast}")
            continue
        seat = action["player"]
        with lock:
            before = session.cursor
        _tap_answer(browsers[seat], *found)
        _wait_for_step(session, before)
        by_phone += 1
    return by_phone


def _wait_for_step(session: Any, before: int) -> None:
    wait_until(lambda: session.cursor > before)


def _tap_answer(browser: webdriver.Chrome, ask: str, index: int) -> None:
    for _ in range(20):
        buttons = ask_buttons(browser, ask)
        if len(buttons) > index:
            try:
                buttons[index].click()
                return
            except Exception:  # redrawn between finding and tapping: find it again
                pass
        time.sleep(0.05)
    raise AssertionError(f"no answer {index} of {ask} on the page")


def _seal_round(app: App, record: GameRecord, start: int, browsers: list[webdriver.Chrome],
                lock: Any) -> None:
    """Each seat taps this round's dice (the record's ``set_dice`` of the round) at once."""
    dice: dict[int, list[list[Any]]] = {}
    for action in record.actions[start:]:
        if action["type"] == "set_dice" and action["player"] >= 0:
            dice.setdefault(action["player"], action["dice"])
        if action["type"] == "resolve":
            break
    for seat in dice:
        wait_for_element(browsers[seat], 'section[data-ask="die"]')
    for number in range(max((len(f) for f in dice.values()), default=0)):
        for seat, faces in dice.items():
            if number < len(faces):
                tap_die(browsers[seat], faces[number][0], faces[number][1])
    table = door(app).table
    wait_until(lambda: all(len(table.sealed.get(seat, ())) == len(faces)
                           for seat, faces in dice.items()))
