"""The Tikal rules engine offered to the core: set-up, dispatch, labels, JSON, table buttons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.game import Game, GameInfo, OwnScreensGame, Result, Setup
from companion.core.messages import Msg
from companion.core.questions import Step
from companion.games.tikal import scoring
from companion.games.tikal.labels import label
from companion.games.tikal.legal import legal_actions
from companion.games.tikal.questions import ask
from companion.games.tikal.rules import Action, apply_action
from companion.games.tikal.serialise import state_to_json
from companion.games.tikal.setup import MAX_PLAYERS, MIN_PLAYERS, new_state
from companion.games.tikal.state import Phase, TikalState
from companion.games.tikal.upgrade import DATA_VERSION
from companion.games.tikal.upgrade import upgrade as upgrade_records

INFO = GameInfo(
    tagline_key="tikal.info.tagline",
    attract_key="tikal.info.attract",
    published_title="Tikal",
    chart="scores",
)
"""What the shared screens say about Tikal."""


class TikalGame(OwnScreensGame[TikalState]):
    """Tikal (Kiesling & Kramer): the books of a game played on the real board."""

    name = "tikal"
    title_key = "tikal.title"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    data_version = DATA_VERSION

    def upgrade(self, setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]],
                from_version: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Set-up and actions of ``from_version`` rewritten in the next version's format."""
        return upgrade_records(setup, actions, from_version, new_state, apply_action)
    info = INFO

    def new_state(self, setup: Mapping[str, Any]) -> TikalState:
        """Build the starting state; ``SetupError`` for an unplayable set-up."""
        return new_state(setup)

    def apply(self, state: TikalState, action: Action) -> TikalState:
        """Return the state after ``action``; the input state is never changed."""
        return apply_action(state, action)

    def ask(self, state: TikalState, partial: Mapping[str, Any]) -> Step:
        """The next question of a partly built action, or the finished action."""
        return ask(state, partial)

    def state_to_json(self, state: TikalState) -> dict[str, Any]:
        """Describe the state as plain JSON data."""
        return state_to_json(state)

    def is_finished(self, state: TikalState) -> bool:
        """Whether the final scoring round is over."""
        return state.phase == Phase.FINISHED

    def action_label(self, before: TikalState, action: Action) -> Msg:
        """A short history label for ``action`` applied to ``before``."""
        return label(before, action)

    def example_setup(self) -> dict[str, Any]:
        """Three players, basic game."""
        return {
            "variant": "basic",
            "players": [
                {"name": "Ada", "colour": "red"},
                {"name": "Bo", "colour": "blue"},
                {"name": "Cy", "colour": "yellow"},
            ],
        }

    def legal_actions(self, state: TikalState) -> Sequence[Action]:
        """A sample of legal actions (complete for phases with few choices)."""
        return legal_actions(state, apply_action)


    def result(self, state: TikalState, setup: Setup) -> Result:
        """The players, their scores and the best scorers."""
        return scoring.result(state)


    def advance_action(self, state: TikalState) -> Action:
        """The big button ends the current turn (a refused action outside a turn)."""
        return {"type": "end_turn"}

    def seat_action(self, state: TikalState, seat: int, long_press: bool) -> Action | None:
        """During bidding the current bidder's button raises by one; a long press passes."""
        if state.phase != Phase.AUCTION or state.auction is None:
            return None
        if seat != state.auction.current:
            return None
        if long_press:
            return {"type": "pass"}
        return {"type": "bid", "amount": state.auction.high_bid + 1}

    def waiting_for(self, state: TikalState) -> frozenset[int]:
        """The active player (the current bidder during an auction)."""
        if state.phase == Phase.FINISHED:
            return frozenset()
        return frozenset({state.active})

    def summary(self, state: TikalState, setup: Setup) -> Msg:
        """The variant and how many hexes of the stack have been drawn."""
        return Msg(f"tikal.summary.{state.variant}",
                   {"drawn": state.drawn, "total": sum(state.stage_sizes)})


GAME = TikalGame()
"""The registered Tikal rules engine."""

PINNED: Game[TikalState] = GAME
"""The engine as mypy must see it: ``Game[its state]`` (the shared protocol)."""
