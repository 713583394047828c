"""No seat's hidden dice reach anyone else before phase 5, over random playouts.

Rulebook, in our words: each player rolls and rerolls behind their own screen; only when
phase 5 begins do the screens come off and everyone sees everyone's dice.  So, until
then, every message a phone is sent carries only its own seat's dice, the journal and the
shared screen's state carry none of the sealed dice, and the shared screen's notices say
only how many seats are done.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.games.fuji import GAME
from companion.games.fuji.state import DieColour, State
from companion.ui.fuji.phone import PHONE
from tests.fuzzing import examples
from tests.phones.seat_host import SeatHost

STEPS = 70
"""Steps of one playout: phone answers and table steps mixed."""


def _expected_dice(state: State, seat: int, sealed: tuple[Any, ...]) -> list[dict[str, Any]]:
    if PHONE.hidden(state):
        return [{"colour": c, "value": v} for c, v in sealed]
    player = state.players[seat]
    dice = player.dice if player.dice is not None else player.dice_partial
    return [{"colour": d.colour.value, "value": d.value} for d in dice]


def _check_messages(host: SeatHost, seen: int) -> int:
    """Every message sent since ``seen``: a view goes to its own seat's socket only, with
    that seat's own dice (and, while the dice are hidden, no other seat's name at all)."""
    for (conn, message), (state, sealed) in zip(host.link.sent[seen:], host.link.when[seen:],
                                                strict=True):
        seat = conn - 1
        if message["t"] != "view":
            continue
        assert message["seat"] == seat
        assert message["title"] == state.players[seat].name
        assert message["dice"] == _expected_dice(state, seat, sealed.get(seat, ()))
        if PHONE.hidden(state):
            texts = repr(message)
            for other in state.players:
                if other.seat != seat:
                    assert other.name not in texts
    return len(host.link.sent)


def _check_shared(host: SeatHost) -> None:
    """While the dice are hidden: no sealed die on the journal or the state, notices count."""
    session = host.session
    assert session is not None
    state: State = session.state
    for action, before in host.submitted:
        carries_dice = "die" in action or "dice" in action
        assert not (carries_dice and PHONE.hidden(before)), f"{action} went out before phase 5"
    if PHONE.hidden(state):
        for player in state.players:
            assert player.dice is None and player.dice_partial == ()
    for notice in host.notices:
        assert notice.key == "phones.entered"
        assert set(notice.params) == {"done", "seats"}


@examples("few")
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_no_hidden_die_reaches_another_seat_before_phase_five(seed: int) -> None:
    rng = random.Random(seed)
    host = SeatHost()
    for seat in range(3):
        host.join(seat, seat + 1)
    seen = 0
    for _ in range(STEPS):
        session = host.session
        assert session is not None
        if GAME.is_finished(session.state):
            break
        seat = rng.randrange(3)
        view = host.last_view(seat + 1)
        asks = {a["key"]: a for a in view["asks"]}
        roll = rng.random()
        if roll < 0.45 and "die" in asks:
            colour, face = rng.choice(list(DieColour)).value, str(rng.randint(1, 6))
            index = next(i for i, a in enumerate(asks["die"]["answers"])
                         if a["colour"] == colour and str(a["face"]) == face)
            host.answer(seat, seat + 1, "die", index)
        elif roll < 0.5 and "take_back" in asks:
            host.answer(seat, seat + 1, "take_back", 0)
        elif roll < 0.6 and asks:
            key = rng.choice(sorted(asks))
            host.answer(seat, seat + 1, key, rng.randrange(len(asks[key]["answers"])))
        else:
            choices = list(GAME.legal_actions(session.state))
            host.table_step(dict(rng.choice(choices)))
        seen = _check_messages(host, seen)
        _check_shared(host)


def test_the_check_catches_a_die_sent_to_the_wrong_seat() -> None:
    """The property can fail: a view carrying another seat's sealed die is caught."""
    host = SeatHost()
    host.join(0, 1)
    host.join(1, 2)
    host.answer(0, 1, "die", 0)
    leaked = dict(host.last_view(1))
    host.link.sent.append((2, {**leaked, "seat": 1}))
    host.link.when.append(host.link.when[-1])
    try:
        _check_messages(host, 0)
    except AssertionError:
        return
    raise AssertionError("a leaked die went unnoticed")
