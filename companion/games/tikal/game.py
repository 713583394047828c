"""The Tikal rules engine offered to the core: dispatch, labels, JSON view, table buttons."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.questions import Step
from companion.games.tikal import auction, flow, progress, turn
from companion.games.tikal.legal import legal_actions
from companion.games.tikal.questions import ask
from companion.games.tikal.serialise import state_to_json
from companion.games.tikal.setup import MAX_PLAYERS, MIN_PLAYERS, new_state
from companion.games.tikal.state import (
    PHASE_ACTIONS,
    PHASE_AUCTION,
    PHASE_CHOOSE,
    PHASE_DRAW,
    PHASE_FINISHED,
    PHASE_REVEAL,
    TikalState,
)
from companion.games.tikal.upgrade import DATA_VERSION
from companion.games.tikal.upgrade import upgrade as upgrade_records

Action = Mapping[str, Any]
Handler = Callable[[TikalState, Action], TikalState]

HANDLERS: Mapping[str, tuple[str, Handler]] = {
    "draw": (PHASE_DRAW, flow.draw),
    "reveal": (PHASE_REVEAL, auction.reveal),
    "bid": (PHASE_AUCTION, auction.bid),
    "pass": (PHASE_AUCTION, lambda state, _action: auction.pass_bid(state)),
    "choose": (PHASE_CHOOSE, auction.choose),
    "bring": (PHASE_ACTIONS, turn.bring),
    "camp_move": (PHASE_ACTIONS, turn.camp_move),
    "move": (PHASE_ACTIONS, turn.move),
    "uncover": (PHASE_ACTIONS, turn.uncover),
    "take_treasure": (PHASE_ACTIONS, turn.take_treasure),
    "exchange": (PHASE_ACTIONS, turn.exchange),
    "build_camp": (PHASE_ACTIONS, turn.build_camp),
    "place_guard": (PHASE_ACTIONS, turn.place_guard),
    "end_turn": (PHASE_ACTIONS, lambda state, _action: progress.end_turn(state)),
    "score": (PHASE_ACTIONS, flow.score_entered),
}
"""Every action type, the phase it belongs to and the function that applies it."""


def apply_action(state: TikalState, action: Action) -> TikalState:
    """Apply one JSON action, or raise ``IllegalActionError`` naming the reason."""
    if state.phase == PHASE_FINISHED:
        raise IllegalActionError("tikal.error.game_over")
    kind = action.get("type") if isinstance(action, Mapping) else None
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise IllegalActionError("tikal.error.unknown_action", type=str(kind))
    phase, handler = HANDLERS[kind]
    if phase != state.phase:
        raise IllegalActionError("tikal.error.wrong_phase", action=f"@tikal.action.{kind}",
                                 phase=f"@tikal.phase.{state.phase}")
    return handler(replace(state, instructions=()), action)


LABEL_DEFAULTS: Mapping[str, Mapping[str, str | int]] = {
    "bring": {"piece": "worker"},
    "camp_move": {"piece": "worker"},
    "move": {"piece": "worker"},
}
"""Fields an action may leave out, filled in so every label placeholder has a value."""


def label(before: TikalState, action: Action) -> Msg:
    """History label: who did what, e.g. "Ada uncovered a level of temple 5"."""
    kind = action.get("type")
    name = before.players[before.active].name
    if not isinstance(kind, str) or kind not in HANDLERS:
        return msg("tikal.label.unknown", player=name)
    params: dict[str, str | int] = {"player": name, **LABEL_DEFAULTS.get(kind, {})}
    for key, value in action.items():
        if key != "type":
            params[key] = _label_value(key, value, before)
    return Msg(f"tikal.label.{kind}", params)


def _label_value(key: str, value: object, before: TikalState) -> str | int:
    """A label parameter: words become catalogue keys, seats become names, lists their size."""
    if key == "piece" and isinstance(value, str):
        return f"@tikal.piece.{value}"
    if key == "kind" and isinstance(value, str):
        return f"@tikal.hex.{value}"
    if key == "with" and isinstance(value, int) and 0 <= value < len(before.players):
        return before.players[value].name
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence):
        return len(value)
    return str(value)


class TikalGame:
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
        return state.phase == PHASE_FINISHED

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

    def advance_action(self, state: TikalState) -> Action:
        """The big button ends the current turn (a refused action outside a turn)."""
        return {"type": "end_turn"}

    def seat_action(self, state: TikalState, seat: int, long_press: bool) -> Action | None:
        """During bidding the current bidder's button raises by one; a long press passes."""
        if state.phase != PHASE_AUCTION or state.auction is None:
            return None
        if seat != state.auction.current:
            return None
        if long_press:
            return {"type": "pass"}
        return {"type": "bid", "amount": state.auction.high_bid + 1}

    def waiting_for(self, state: TikalState) -> frozenset[int]:
        """The active player (the current bidder during an auction)."""
        if state.phase == PHASE_FINISHED:
            return frozenset()
        return frozenset({state.active})
