"""Table buttons in ordinary turns and the history labels of actions."""

from __future__ import annotations

from companion.core.i18n import translate
from companion.games.tikal import GAME

from .support import END, bring, jungle, move, play, start


def test_advance_ends_the_current_turn() -> None:
    state = play(start(3), jungle())
    assert GAME.waiting_for(state) == frozenset({0})
    state = GAME.apply(state, GAME.advance_action(state))
    assert state.phase == "draw" and GAME.waiting_for(state) == frozenset({1})


def test_seat_buttons_do_nothing_outside_an_auction() -> None:
    state = play(start(3), jungle())
    assert all(GAME.seat_action(state, seat, press) is None
               for seat in range(3) for press in (False, True))


def test_nobody_is_waited_for_after_the_end() -> None:
    stages = {"A": 1, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0, "G": 0}
    state = play(start(2, stages=stages), jungle(), END, END, END)
    assert GAME.is_finished(state) and GAME.waiting_for(state) == frozenset()


def test_labels_name_the_player_and_translate_pieces() -> None:
    state = play(start(2), jungle(), bring(piece="leader"))
    label = GAME.action_label(state, move(0, 3, stones=2, piece="leader"))
    assert translate(label, "en") == "Ada: leader from hex 0 to hex 3 over 2 stones"
    assert "dowódca" in translate(label, "pl")


def test_exchange_labels_name_the_other_player() -> None:
    state = play(start(2), jungle())
    label = GAME.action_label(state, {"type": "exchange", "with": 1, "give": 2, "take": 5})
    assert "Bo" in translate(label, "fr")


def test_draw_labels_translate_the_hex_kind() -> None:
    label = GAME.action_label(start(2), {"type": "draw", "kind": "volcano"})
    assert translate(label, "es") == "Ada roba una loseta: volcán"
