"""A tiny real game used to test the core without depending on a board game's rules.

Players take turns adding 1-3 to a shared total; whoever reaches the target wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.game import Action, GameInfo, Result, Setup
from companion.core.messages import Msg
from companion.core.record import RECORD_FORMAT
from tests.small_game import SmallGame, added_amount, int_setting


@dataclass(frozen=True)
class CountingState:
    """Total so far, whose turn it is, and the winner once there is one."""

    target: int
    players: int
    total: int = 0
    turn: int = 0
    winner: int | None = None


class CountingGame(SmallGame):
    """Add 1, 2 or 3 in turn; reaching the target wins."""

    name = "counting"
    title_key = "core.label.start"
    info = GameInfo("core.label.start", "core.label.start", "Test", "scores")
    players_key = "players"
    """The set-up field that says how many play."""
    target = 21
    """The target when the set-up names none."""

    def new_state(self, setup: Setup) -> CountingState:
        """Start from the target and player count in ``setup``."""
        players = int_setting(setup, self.players_key, 2, self.min_players, self.max_players)
        return CountingState(int_setting(setup, "target", self.target, 1), players)

    def apply(self, state: CountingState, action: Action) -> CountingState:
        """Add the action's amount for the player whose turn it is."""
        amount = added_amount(action)
        total = min(state.total + amount, state.target)
        winner = state.turn if total == state.target else None
        return replace(state, total=total, turn=(state.turn + 1) % state.players, winner=winner)

    def state_to_json(self, state: CountingState) -> dict[str, Any]:
        """The state's fields."""
        return {"total": state.total, "turn": state.turn, "winner": state.winner}

    def is_finished(self, state: CountingState) -> bool:
        """Over once somebody reached the target."""
        return state.winner is not None

    def action_label(self, before: CountingState, action: Action) -> Msg:
        """A label naming the amount."""
        return Msg("core.label.start", {"amount": action.get("amount")})

    def example_setup(self) -> Setup:
        """Two players to the default target."""
        return {self.players_key: 2, "target": self.target}

    def legal_actions(self, state: CountingState) -> Sequence[Action]:
        """Every amount."""
        return [] if state.winner is not None else [{"type": "add", "amount": n} for n in (1, 2, 3)]

    def result(self, state: CountingState, setup: Setup) -> Result:
        """The players and the winner once there is one."""
        return Result(
            players=tuple(f"Seat {n + 1}" for n in range(state.players)),
            winners=() if state.winner is None else (f"Seat {state.winner + 1}",))

GAME = CountingGame()


def record_document(**changes: object) -> dict[str, Any]:
    """A valid version-1 record of a counting game to 5 (``changes`` replace its fields)."""
    base: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": 1,
        "game": "counting",
        "setup": {"target": 5},
        "actions": [{"type": "add", "amount": 3}, {"type": "add", "amount": 2}],
        "expect": {"total": 5, "winner": 1},
    }
    base.update(changes)
    return base
