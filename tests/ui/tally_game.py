"""A tiny real game with table buttons, for testing the UI without a board game's rules.

It is the counting game of the core tests with the table's buttons: seats take turns
adding to a shared tally, the advance button adds 1, a seat's own button adds 2 (3 when
held).  Only the seat whose turn it is may use its button.  The game ends when the
tally reaches the target.
"""

from __future__ import annotations

from companion.core.game import Action
from companion.core.messages import Msg
from tests.core.counting_game import CountingGame, CountingState


class TallyGame(CountingGame):
    """Add to a shared tally in turn until it reaches the target, by the table's buttons."""

    name = "tally"
    title_key = "ui.app.title"
    min_players = 1
    players_key = "seats"
    target = 12

    def action_label(self, before: CountingState, action: Action) -> Msg:
        """Names the step that this action makes."""
        return Msg("ui.history.step", {"step": before.total + int(action.get("amount", 0))})

    def advance_action(self, state: CountingState) -> Action:
        """The advance button adds 1."""
        return {"type": "add", "amount": 1}

    def seat_action(self, state: CountingState, seat: int, long_press: bool) -> Action | None:
        """The seat whose turn it is adds 2 (3 when held); other seats' buttons do nothing."""
        if seat != state.turn:
            return None
        return {"type": "add", "amount": 3 if long_press else 2}

    def waiting_for(self, state: CountingState) -> frozenset[int]:
        """The seat whose turn it is."""
        return frozenset() if self.is_finished(state) else frozenset({state.turn})


GAME = TallyGame()
