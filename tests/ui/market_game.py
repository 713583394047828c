"""A small real game that asks questions of every style, for testing the question screens.

Seats take turns at a market with a shared purse: buy goods (an item, then how many),
open a stall on a free place, give the turn to another seat, or pass.  Its ``ask``
greys every answer the rules would refuse, with the rules' own reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.game import Action, GameInfo, Result, Setup
from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.questions import Answer, Complete, Partial, Question, Step, Style
from tests.small_game import SmallGame, int_setting

PRICES: dict[str, int] = {"bread": 1, "fish": 2, "silk": 5}
"""What one of each good costs."""

PLACES: tuple[str, ...] = ("a1", "a2", "a3", "b1", "b2", "b3")
"""The market's stall places."""


@dataclass(frozen=True)
class MarketState:
    """The purse, the stalls taken, the seats and whose turn it is."""

    money: int
    seats: int
    stalls: frozenset[str] = frozenset()
    turn: int = 0
    steps: int = 0


def _refuse(detail: str) -> IllegalActionError:
    return IllegalActionError("core.error.bad_action", detail=detail)


def _check(state: MarketState, action: Action) -> None:
    kind = action.get("type")
    if kind == "pass":
        return
    if kind == "buy":
        item, count = action.get("item"), action.get("count")
        if item not in PRICES:
            raise _refuse("item")
        if type(count) is not int or count < 1 or count * PRICES[item] > state.money:
            raise _refuse("money")
        return
    if kind == "stall":
        if action.get("place") not in PLACES or action.get("place") in state.stalls:
            raise _refuse("taken")
        return
    if kind == "gift":
        seat = action.get("seat")
        if type(seat) is not int or not 0 <= seat < state.seats or seat == state.turn:
            raise _refuse("seat")
        return
    raise _refuse("type")


def reason_of(state: MarketState, action: Action) -> Msg | None:
    """Why the rules refuse ``action`` (``None``: accepted)."""
    try:
        _check(state, action)
    except IllegalActionError as error:
        return error.message
    return None


class MarketGame(SmallGame):
    """Buy goods from a shared purse, open stalls, give the turn away."""

    name = "market"
    title_key = "ui.app.title"
    info = GameInfo("ui.app.title", "ui.app.title", "Market", "scores")

    def new_state(self, setup: Setup) -> MarketState:
        """A purse of ``money`` and ``seats`` seats."""
        seats = int_setting(setup, "seats", 3, self.min_players, self.max_players)
        return MarketState(int_setting(setup, "money", 30), seats)

    def apply(self, state: MarketState, action: Action) -> MarketState:
        """Carry out ``action`` for the seat whose turn it is."""
        _check(state, action)
        kind = action["type"]
        after = replace(state, steps=state.steps + 1, turn=(state.turn + 1) % state.seats)
        if kind == "buy":
            return replace(after, money=state.money - PRICES[action["item"]] * action["count"])
        if kind == "stall":
            return replace(after, stalls=state.stalls | {action["place"]})
        if kind == "gift":
            return replace(after, turn=action["seat"])
        return after

    def ask(self, state: MarketState, partial: Partial) -> Step:
        """The next question of ``partial``; refused answers greyed with the reason."""
        kind = partial.get("type")
        if kind is None:
            return Question("type", msg("core.question.action"), self._types(state))
        if kind == "buy" and "item" not in partial:
            return Question("item", msg("core.question.action"), tuple(
                Answer(item, msg("core.label.start"),
                       reason_of(state, {"type": "buy", "item": item, "count": 1}),
                       detail=msg("core.error.bad_action", detail=str(price)))
                for item, price in PRICES.items()))
        if kind == "buy" and "count" not in partial:
            most = max(1, state.money // PRICES[partial["item"]] + 2)
            return Question("count", msg("core.question.action"), tuple(
                Answer(count, msg("core.label.start"),
                       reason_of(state, {**partial, "count": count}))
                for count in range(1, most + 1)), Style.NUMBER, state.turn)
        if kind == "stall" and "place" not in partial:
            return Question("place", msg("core.question.action"), tuple(
                Answer(place, msg("core.label.start"),
                       reason_of(state, {**partial, "place": place}), place=place)
                for place in PLACES), Style.PLACE, state.turn)
        if kind == "gift" and "seat" not in partial:
            return Question("seat", msg("core.question.action"), tuple(
                Answer(seat, msg("core.label.start"), reason_of(state, {**partial, "seat": seat}),
                       seat=seat)
                for seat in range(state.seats)), Style.SEAT, state.turn)
        return Complete(dict(partial))

    def _types(self, state: MarketState) -> tuple[Answer, ...]:
        buyable = any(state.money >= price for price in PRICES.values())
        free = any(place not in state.stalls for place in PLACES)
        return (
            Answer("buy", msg("core.label.start"), None if buyable else msg(
                "core.error.bad_action", detail="money")),
            Answer("stall", msg("core.label.start"), None if free else msg(
                "core.error.bad_action", detail="taken")),
            Answer("gift", msg("core.label.start")),
            Answer("pass", msg("core.label.start")),
        )

    def state_to_json(self, state: MarketState) -> dict[str, Any]:
        """The state's fields."""
        return {"money": state.money, "turn": state.turn, "stalls": sorted(state.stalls),
                "steps": state.steps}

    def is_finished(self, state: MarketState) -> bool:
        """Never over by itself."""
        return False

    def action_label(self, before: MarketState, action: Action) -> Msg:
        """The step number."""
        return Msg("ui.history.step", {"step": before.steps + 1})

    def example_setup(self) -> Setup:
        """Three seats and 30 in the purse."""
        return {"seats": 3, "money": 30}

    def legal_actions(self, state: MarketState) -> Sequence[Action]:
        """A pass and a bread purchase."""
        return [{"type": "pass"}]

    def result(self, state: MarketState, setup: Setup) -> Result:
        """The seats, without scores."""
        return Result(players=tuple(f"Seat {n + 1}" for n in range(state.seats)))

GAME = MarketGame()
