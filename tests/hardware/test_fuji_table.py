"""A whole Fuji round played from the table: GPIO pins to events to the session and back to LEDs.

Presses go through real gpiozero MockFactory pins, the event queue, the tap filter and
``handle_button`` on a real session with its journal.  What only the screen can enter
(destinations, dice, the chosen path) is submitted as the screen would submit it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.core.journal import Journal
from companion.core.session import Session
from companion.core.table_buttons import ButtonOutcome, handle_button, seat_lights
from companion.games.fuji import GAME
from companion.games.fuji.legal import legal_actions
from companion.games.fuji.queries import reroll_count_matters
from companion.games.fuji.state import Phase
from hardware.config import GpioConfig
from hardware.events import ButtonEvent, EventQueue
from hardware.gestures import TapFilter
from hardware.gpio import GpioTable

BUTTON_PINS = {"advance": 17, "undo": 27, "seat1": 5, "seat2": 6, "seat3": 13, "seat4": 19}
LIGHT_PINS = {"seat1": 12, "seat2": 16, "seat3": 20, "seat4": 21, "status": 26}
HOLD_TIME = 0.15


class Table:
    """The physical table: pins to press, lights to read, and the session behind them."""

    def __init__(self, session: Session, factory: MockFactory) -> None:
        self.session = session
        self.factory = factory
        self.events = EventQueue()
        config = GpioConfig(
            enabled=True, buttons=BUTTON_PINS, lights=LIGHT_PINS, hold_time=HOLD_TIME,
            bounce_time=0.0,
        )
        self.gpio = GpioTable(config, self.events, factory)
        assert self.gpio.start()
        self.taps = TapFilter()
        self.button_steps = 0
        self.refresh_lights()

    def press(self, button: str, long: bool = False) -> list[ButtonOutcome]:
        """Push a button on the table and let the app handle what the pins reported."""
        pin = self.factory.pin(BUTTON_PINS[button])
        pin.drive_low()
        time.sleep(HOLD_TIME * 2 if long else 0.01)
        pin.drive_high()
        outcomes = []
        for event in self.events.drain():
            if isinstance(event, ButtonEvent):
                for action_event in self.taps.feed(event):
                    outcome = handle_button(self.session, action_event.button, action_event.kind)
                    if outcome.accepted:
                        self.button_steps += 1
                    elif outcome.message is not None:
                        self.gpio.blink(outcome.blink_seat)
                    outcomes.append(outcome)
        self.refresh_lights()
        return [outcome for outcome in outcomes if outcome.message is not None]

    def press_ok(self, button: str, long: bool = False) -> None:
        """Push a button that must be accepted."""
        outcomes = self.press(button, long)
        assert [outcome.accepted for outcome in outcomes] == [True], outcomes

    def touch(self, action: dict[str, Any]) -> None:
        """Enter on the screen what only the screen can enter."""
        self.session.submit(action)
        self.refresh_lights()

    def touch_first(self, kind: str, seat: int) -> None:
        """Enter the first legal ``kind`` action of ``seat`` the rules offer."""
        action = next(
            a for a in legal_actions(self.session.state)
            if a["type"] == kind and a.get("player") == seat
        )
        self.touch(action)

    def settle_pending(self) -> None:
        """Make the choices the rules are waiting for (wounds, equipment draws) on the screen."""
        while self.session.state.pending:
            self.touch(legal_actions(self.session.state)[0])

    def refresh_lights(self) -> None:
        self.gpio.set_seat_lights(seat_lights(self.session))

    def lit_seats(self) -> set[int]:
        return {
            seat for seat in range(4)
            if self.factory.pin(LIGHT_PINS[f"seat{seat + 1}"]).state
        }


@pytest.fixture
def table() -> Iterator[Table]:
    factory = MockFactory()
    session = Session.start(Journal(":memory:"), "fuji", GAME.example_setup())
    made = Table(session, factory)
    yield made
    made.gpio.close()
    factory.reset()


def test_a_whole_round_from_the_table(table: Table) -> None:
    state = lambda: table.session.state  # noqa: E731
    seats = range(len(state().players))
    assert state().phase is Phase.ROLL and state().round == 1

    table.press_ok("advance")
    assert state().phase is Phase.PLANNING
    assert table.lit_seats() == set(seats)

    (refusal,) = table.press("seat3")
    assert not refusal.accepted and refusal.blink_seat == 2
    assert refusal.message is not None and refusal.message.key == "hardware.button.seat_idle"

    for seat in seats:
        table.touch_first("set_destination", seat)
        table.press_ok(f"seat{seat + 1}")
        assert seat not in table.lit_seats()
        assert state().players[seat].destination_confirmed
    assert table.lit_seats() == set()

    table.press_ok("seat1")
    assert not state().players[0].destination_confirmed and table.lit_seats() == {0}
    cursor = table.session.cursor
    (held,) = table.press("seat1", long=True)  # a hold is not a tap: it must not confirm
    assert not held.accepted and held.blink_seat == 0
    assert table.session.cursor == cursor and not state().players[0].destination_confirmed
    table.press_ok("seat1")
    assert state().players[0].destination_confirmed

    table.press_ok("advance")
    assert state().phase is Phase.REROLLS
    can_reroll = {seat for seat in seats if reroll_count_matters(state(), seat)}
    assert table.lit_seats() == can_reroll  # only a count the rules need is waited for
    for seat in sorted(can_reroll):
        table.press_ok(f"seat{seat + 1}")
    assert table.lit_seats() == set()

    table.press_ok("advance")
    assert state().phase is Phase.EQUIPMENT
    table.press_ok("advance")
    assert state().phase is Phase.MOVEMENT

    (early,) = table.press("advance")
    assert not early.accepted and early.blink_seat is None
    assert early.message is not None and early.message.key == "fuji.error.not_resolved"

    for seat in seats:
        table.touch_first("set_dice", seat)
    while table.lit_seats():
        resolve = next(a for a in legal_actions(state()) if a["type"] == "resolve")
        table.touch(resolve)
        table.settle_pending()
        assert resolve["player"] not in table.lit_seats()

    table.press_ok("advance")
    assert state().phase is Phase.ERUPTION
    table.settle_pending()

    before_undo = state()
    table.press_ok("undo")
    assert state().phase is Phase.MOVEMENT
    table.session.redo()
    assert state() == before_undo

    table.press_ok("advance")
    table.settle_pending()
    assert state().round == 2 or state().outcome is not None
    # 3 confirmations, a release and a re-confirmation, the rerolls the rules need, 4
    # advances and the resolutions at least
    assert table.button_steps >= 9 + len(can_reroll)

    reopened = Session.resume(table.session.journal, table.session.game_id)
    assert reopened.state == state()
