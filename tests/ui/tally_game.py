"""A tiny real game with table buttons, for testing the UI without a board game's rules.

Seats take turns adding to a shared tally: the advance button adds 1, a seat's own
button adds 2 (3 when held).  Only the seat whose turn it is may use its button.
The game ends when the tally reaches the target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.game import Action, GameInfo, Result, Setup
from companion.core.messages import Msg
from tests.small_game import SmallGame, added_amount, int_setting


@dataclass(frozen=True)
class TallyState:
    """The tally, the target, the seats and whose turn it is."""

    target: int
    seats: int
    tally: int = 0
    turn: int = 0


class TallyGame(SmallGame):
    """Add to a shared tally in turn until it reaches the target."""

    name = "tally"
    title_key = "ui.app.title"
    info = GameInfo("core.label.start", "core.label.start", "Test", "scores")
    min_players = 1
    max_players = 4

    def new_state(self, setup: Setup) -> TallyState:
        """Start at zero with the set-up's seats and target."""
        seats = int_setting(setup, "seats", 2, self.min_players, self.max_players)
        return TallyState(int_setting(setup, "target", 12, 1), seats)

    def apply(self, state: TallyState, action: Action) -> TallyState:
        """Add ``amount`` (1 to 3) for the seat whose turn it is."""
        amount = added_amount(action)
        tally = min(state.target, state.tally + amount)
        return replace(state, tally=tally, turn=(state.turn + 1) % state.seats)

    def state_to_json(self, state: TallyState) -> dict[str, Any]:
        """The state's fields."""
        return {"tally": state.tally, "turn": state.turn, "target": state.target}

    def is_finished(self, state: TallyState) -> bool:
        """Over once the tally reaches the target."""
        return state.tally >= state.target

    def action_label(self, before: TallyState, action: Action) -> Msg:
        """Names the step that this action makes."""
        return Msg("ui.history.step", {"step": before.tally + int(action.get("amount", 0))})

    def example_setup(self) -> Setup:
        """Two seats, target 12."""
        return {"seats": 2, "target": 12}

    def legal_actions(self, state: TallyState) -> Sequence[Action]:
        """Every amount, unless the game is over."""
        if self.is_finished(state):
            return []
        return [{"type": "add", "amount": amount} for amount in (1, 2, 3)]

    def advance_action(self, state: TallyState) -> Action:
        """The advance button adds 1."""
        return {"type": "add", "amount": 1}

    def seat_action(self, state: TallyState, seat: int, long_press: bool) -> Action | None:
        """The seat whose turn it is adds 2 (3 when held); other seats' buttons do nothing."""
        if seat != state.turn:
            return None
        return {"type": "add", "amount": 3 if long_press else 2}

    def waiting_for(self, state: TallyState) -> frozenset[int]:
        """The seat whose turn it is."""
        return frozenset() if self.is_finished(state) else frozenset({state.turn})

    def result(self, state: TallyState, setup: Setup) -> Result:
        """The players and the winner once there is one."""
        return Result(players=tuple(f"Seat {n + 1}" for n in range(state.seats)))

GAME = TallyGame()
