"""The table's buttons applied to a real session through a game's TableButtons methods."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import registry
from companion.core.game import Action
from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import IllegalActionError, Msg
from companion.core.session import Session
from companion.core.table_buttons import (
    IGNORED,
    ButtonOutcome,
    handle_button,
    seat_lights,
    supports_table_buttons,
)
from tests.core.counting_game import CountingGame, CountingState
from tests.fuzzing import examples
from tests.registering import registered

BUTTONS = ["advance", "undo", "seat1", "seat2", "seat3", "seat4"]
KINDS = ["press", "release", "long_press"]


class ButtonCountingGame(CountingGame):
    """The counting game played with buttons: advance adds 1, your seat adds 2 (held: 3)."""

    name = "button_counting"

    def apply(self, state: CountingState, action: Action) -> CountingState:
        """Refuse a seat's action when it is not that seat's turn."""
        seat = action.get("seat")
        if seat is not None and seat != state.turn:
            raise IllegalActionError("core.error.bad_action", detail="not your turn")
        return super().apply(state, {"type": action.get("type"), "amount": action.get("amount")})

    def advance_action(self, state: CountingState) -> Action:
        """Add one for whoever's turn it is."""
        return {"type": "add", "amount": 1}

    def seat_action(self, state: CountingState, seat: int, long_press: bool) -> Action | None:
        """A seated player adds 2, or 3 with a long press; empty seats do nothing."""
        if seat >= state.players:
            return None
        return {"type": "add", "amount": 3 if long_press else 2, "seat": seat}

    def waiting_for(self, state: CountingState) -> frozenset[int]:
        """The seat whose turn it is."""
        return frozenset() if state.winner is not None else frozenset({state.turn})


BUTTON_GAME = ButtonCountingGame()


button_game_registered = registered(BUTTON_GAME)


def new_session(players: int = 3, target: int = 21, path: Path | str = ":memory:") -> Session:
    setup = {"players": players, "target": target}
    return Session.start(Journal(path), BUTTON_GAME.name, setup)


def assert_translated(message: Msg | None) -> None:
    assert message is not None
    for lang in LANGUAGES:
        text = translate(message, lang)
        assert text != message.key and "{" not in text, (lang, text)


def test_advance_press_submits_the_advance_action(tmp_path: Path) -> None:
    session = new_session(path=tmp_path / "j.sqlite3")
    outcome = handle_button(session, "advance", "press")
    assert outcome == ButtonOutcome(True, session.last_label(), None)
    assert session.state.total == 1 and session.cursor == 1
    reopened = Session.resume(Journal(tmp_path / "j.sqlite3"), session.game_id)
    assert reopened.state == session.state


def test_seat_press_and_long_press_of_the_player_to_move() -> None:
    session = new_session()
    assert handle_button(session, "seat1", "press").accepted
    assert session.state.total == 2 and session.state.turn == 1
    assert handle_button(session, "seat2", "long_press").accepted
    assert session.state.total == 5 and session.state.turn == 2


def test_seat_refused_by_the_rules_blinks_that_seat_and_changes_nothing() -> None:
    session = new_session()
    before = session.state
    outcome = handle_button(session, "seat3", "press")
    assert not outcome.accepted
    assert outcome.blink_seat == 2
    assert outcome.message == Msg("core.error.bad_action", {"detail": "not your turn"})
    assert session.state == before and session.cursor == 0


def test_empty_seat_does_nothing_and_says_so() -> None:
    session = new_session(players=2)
    outcome = handle_button(session, "seat4", "press")
    assert outcome == ButtonOutcome(False, Msg("hardware.button.seat_idle", {"seat": 4}), 3)
    assert_translated(outcome.message)
    assert session.cursor == 0


def test_releases_are_ignored_and_long_advance_does_nothing() -> None:
    session = new_session()
    for button in BUTTONS:
        assert handle_button(session, button, "release") == IGNORED
    assert handle_button(session, "advance", "long_press") == IGNORED
    assert handle_button(session, "undo", "long_press") == IGNORED
    assert session.cursor == 0


def test_undo_press_takes_back_the_last_step_and_names_it() -> None:
    session = new_session()
    handle_button(session, "seat1", "press")
    handle_button(session, "advance", "press")
    undone_label = session.last_label()
    outcome = handle_button(session, "undo", "press")
    assert outcome == ButtonOutcome(True, undone_label, None)
    assert session.cursor == 1 and session.state.total == 2
    assert session.can_redo


def test_undo_with_nothing_to_undo_blinks_the_status_light() -> None:
    outcome = handle_button(new_session(), "undo", "press")
    assert outcome == ButtonOutcome(False, Msg("core.error.nothing_to_undo"), None)
    assert_translated(outcome.message)


def test_finished_game_refuses_advance_but_allows_undo() -> None:
    session = new_session(players=2, target=2)
    handle_button(session, "seat1", "press")
    assert session.finished
    outcome = handle_button(session, "advance", "press")
    assert outcome == ButtonOutcome(False, Msg("core.error.game_over"), None)
    assert seat_lights(session) == frozenset()
    assert handle_button(session, "undo", "press").accepted
    assert not session.finished


def test_unknown_button_or_kind_is_refused_with_a_translated_reason() -> None:
    session = new_session()
    for outcome in (
        handle_button(session, "seat5", "press"),
        handle_button(session, "advance", "double_tap"),
    ):
        assert not outcome.accepted
        assert_translated(outcome.message)
    assert session.cursor == 0


def test_game_without_table_buttons_says_so_but_undo_works() -> None:
    session = Session.start(Journal(":memory:"), "counting", {"players": 2})
    assert not supports_table_buttons(session.game)
    outcome = handle_button(session, "advance", "press")
    assert not outcome.accepted
    assert outcome.message is not None
    assert outcome.message.key == "hardware.button.not_supported"
    assert_translated(outcome.message)
    session.submit({"type": "add", "amount": 1})
    assert handle_button(session, "undo", "press").accepted
    assert seat_lights(session) == frozenset()


def test_seat_lights_follow_the_turn() -> None:
    session = new_session(players=3)
    assert seat_lights(session) == {0}
    handle_button(session, "advance", "press")
    assert seat_lights(session) == {1}


def test_advance_action_raising_is_a_refusal() -> None:
    class Stubborn(ButtonCountingGame):
        name = "stubborn"

        def advance_action(self, state: CountingState) -> Action:
            raise IllegalActionError("core.error.bad_action", detail="choose on the screen")

    session = new_session()
    session.game = Stubborn()
    outcome = handle_button(session, "advance", "press")
    assert outcome.message == Msg("core.error.bad_action", {"detail": "choose on the screen"})
    assert outcome.blink_seat is None and session.cursor == 0


@examples("some")
@given(st.lists(st.tuples(st.sampled_from(BUTTONS), st.sampled_from(KINDS)), max_size=40))
def test_any_button_sequence_keeps_session_and_journal_consistent(
    presses: list[tuple[str, str]],
) -> None:
    journal = Journal(":memory:")
    session = Session.start(journal, BUTTON_GAME.name, {"players": 3, "target": 30})
    for button, kind in presses:
        before_state, before_cursor = session.state, session.cursor
        outcome = handle_button(session, button, kind)
        if not outcome.accepted:
            assert (session.state, session.cursor) == (before_state, before_cursor)
            continue
        expected = before_cursor - 1 if button == "undo" else before_cursor + 1
        assert session.cursor == expected
        assert outcome.message is not None
    assert Session.resume(journal, session.game_id).state == session.state


def registered_button_games() -> list[Any]:
    return [game for game in registry.all_games().values() if supports_table_buttons(game)]


@pytest.mark.parametrize("game_name", [g.name for g in registered_button_games()])
def test_registered_games_answer_every_button_without_crashing(game_name: str) -> None:
    game = registry.find_game(game_name)
    session = Session.start(Journal(":memory:"), game.name, game.example_setup())
    for round_number in range(30):
        for button in BUTTONS:
            before = (session.state, session.cursor)
            outcome = handle_button(session, button, "press" if round_number % 3 else "long_press")
            if not outcome.accepted and outcome.message is not None:
                assert (session.state, session.cursor) == before
                assert_translated(outcome.message)
            assert seat_lights(session) <= frozenset(range(game.max_players))
