"""Representative Fuji games for screenshots and tests, reached by real actions.

Each situation starts from ``GAME.example_setup()`` (the game-over one on a small
map of its own, so the expedition can reach the villages in one round) and plays
real actions through a :class:`~companion.core.session.Session` in a private
in-memory journal.  Nothing here is shown to players during a real game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.queries import distance, legal_destinations, neighbours
from companion.games.fuji.state import OPEN_DICE_SEAT, Position, State

WIN_MAP: tuple[str, ...] = (
    "V R L v",
    ". . S v",
    ". . L v",
)
"""A tiny map whose start card touches the villages (used for the game-over picture)."""

HIGH_TOTAL = 24
"""A movement value that beats every neighbour in the demo rounds."""
LOW_TOTAL = 3
"""A movement value that loses."""


def new_session(setup: Mapping[str, Any] | None = None) -> Session:
    """A Fuji game in a private in-memory journal."""
    return Session.start(Journal(":memory:"), "fuji", setup or GAME.example_setup())


def state_of(session: Session) -> State:
    """The session's state, typed."""
    state: State = session.state
    return state


def far_destination(state: State, seat: int, steps: int) -> Position:
    """A legal destination of ``seat`` exactly ``steps`` away if there is one, else the nearest."""
    choices = legal_destinations(state, seat)
    ranked = sorted(choices, key=lambda p: (abs((distance(state, seat, p) or 0) - steps), p))
    return ranked[0]


def plan(session: Session, steps: dict[int, int], confirm: bool = True) -> None:
    """Set (and confirm) each listed seat's destination ``steps`` cards away."""
    for seat, count in steps.items():
        target = far_destination(state_of(session), seat, count)
        session.submit({"type": "set_destination", "player": seat, "cell": list(target)})
        if confirm:
            session.submit({"type": "confirm_destination", "player": seat})


def finish_rerolls(session: Session) -> None:
    """Every player says they are done rerolling."""
    for someone in state_of(session).players:
        if not someone.rerolls_done:
            session.submit({"type": "rerolls_done", "player": someone.seat})


def advance(session: Session, times: int = 1) -> None:
    """Press the advance button ``times`` times."""
    for _ in range(times):
        session.submit({"type": "advance"})


def quick_totals(state: State, winners: frozenset[int]) -> dict[str, dict[str, int]]:
    """Quick-mode totals where each seat in ``winners`` beats its neighbours, others lose."""
    values: dict[str, dict[str, int]] = {}
    for someone in state.players:
        seat = someone.seat
        own = HIGH_TOTAL if seat in winners else LOW_TOTAL
        values.setdefault(str(seat), {})[str(seat)] = own
        for other in neighbours(state, seat):
            key = str(other) if other != OPEN_DICE_SEAT else str(OPEN_DICE_SEAT)
            values.setdefault(key, {})[str(seat)] = LOW_TOTAL + (0 if seat in winners else 5)
    return values


def resolve_all(session: Session, winners: frozenset[int], only: int | None = None) -> None:
    """Enter quick totals and resolve every player (or ``only`` that one) in seat order."""
    state = state_of(session)
    session.submit({"type": "set_movement_values", "values": quick_totals(state, winners)})
    for someone in state.players:
        if only is None or someone.seat == only:
            session.submit({"type": "resolve", "player": someone.seat})


def to_planning() -> Session:
    """Round 1, planning: one marker confirmed, one placed, one still to choose."""
    session = new_session()
    advance(session)
    plan(session, {0: 2})
    plan(session, {1: 1}, confirm=False)
    return session


def to_rerolls() -> Session:
    """Round 1, rerolls: everyone's marker final, one player done rerolling."""
    session = new_session()
    advance(session)
    plan(session, {0: 2, 1: 1, 2: 0})
    advance(session)
    session.submit({"type": "rerolls_done", "player": 0, "used": 1})
    return session


def to_equipment() -> Session:
    """Round 1, equipment phase, with cards in two hands."""
    session = new_session()
    session.submit({"type": "add_equipment", "player": 0, "card": "rope"})
    session.submit({"type": "add_equipment", "player": 2, "card": "flare_gun"})
    session.submit({"type": "add_equipment", "player": 2, "card": "first_aid_kit"})
    advance(session)
    plan(session, {0: 2, 1: 1, 2: 0})
    advance(session)
    finish_rerolls(session)
    advance(session)
    return session


def to_movement() -> Session:
    """Round 1, movement: dice entered for two players."""
    session = to_equipment()
    advance(session)
    session.submit({"type": "set_dice", "player": 0, "dice": [
        ["yellow", 6], ["blue", 4], ["pink", 3], ["pink", 5], ["yellow", 2]]})
    session.submit({"type": "set_dice", "player": 1, "dice": [
        ["blue", 1], ["blue", 6], ["yellow", 3], ["pink", 2], ["pink", 4], ["yellow", 5]]})
    return session


def to_totals() -> Session:
    """Round 1, movement: every own total typed and one neighbour's; the third player's
    total on the first player's card is asked next."""
    session = to_equipment()
    advance(session)
    for holder, seat, total in ((0, 0, 14), (1, 1, 9), (2, 2, 11), (1, 0, 6)):
        session.submit({"type": "set_movement_values",
                        "values": {str(holder): {str(seat): total}}})
    return session


def to_totals_four() -> Session:
    """Four players, round 1, movement: two own totals typed, the rest still owed."""
    setup = dict(GAME.example_setup())
    setup["players"] = [*setup["players"],
                        {"name": "Dominika", "colour": "black", "skill": "tinkerer"}]
    session = new_session(setup)
    advance(session)
    plan(session, {0: 2, 1: 1, 2: 0, 3: 1})
    advance(session)
    finish_rerolls(session)
    advance(session, 2)
    for seat, total in ((0, 14), (2, 11)):
        session.submit({"type": "set_movement_values",
                        "values": {str(seat): {str(seat): total}}})
    return session


def to_resolution() -> Session:
    """Round 1, movement: every die entered and the first player resolved."""
    session = to_movement()
    session.submit({"type": "set_dice", "player": 2, "dice": [
        ["pink", 1], ["yellow", 1], ["blue", 2], ["blue", 3], ["yellow", 4]]})
    session.submit({"type": "resolve", "player": 0})
    return session


def to_eruption() -> Session:
    """Round 2, eruption: the cards to flip are marked."""
    session = new_session()
    for _ in range(2):
        advance(session)
        plan(session, {0: 0, 1: 0, 2: 0})
        advance(session)
        finish_rerolls(session)
        advance(session, 2)
        resolve_all(session, frozenset({0, 1, 2}))
        advance(session)
        if state_of(session).round == 1:
            advance(session)
    return session


def to_told() -> Session:
    """Round 1 after one answer resolved all three players and the eruption began: the
    moves, the stamina lost by the two beaten players and the cards to flip, all still
    listed for the table."""
    session = new_session()
    advance(session)
    plan(session, {0: 1, 1: 1, 2: 2})
    advance(session)
    finish_rerolls(session)
    advance(session, 2)
    resolve_all(session, frozenset({1}))
    advance(session)
    return session


def to_wound() -> Session:
    """Round 2, movement: a beaten player passed a wound space and must place the token."""
    session = new_session()
    for round_number in (1, 2):
        advance(session)
        plan(session, {0: 0, 1: 0, 2: 0})
        advance(session)
        finish_rerolls(session)
        advance(session, 2)
        if round_number == 1:
            resolve_all(session, frozenset({1, 2}))
            advance(session, 2)
        else:
            resolve_all(session, frozenset({1, 2}), only=0)
    return session


def to_game_over() -> Session:
    """A won game on a tiny map: everyone walked into a village in round 1."""
    setup = {**GAME.example_setup(), "scenario": "custom", "map": list(WIN_MAP)}
    session = new_session(setup)
    advance(session)
    targets = {0: (0, 3), 1: (1, 3), 2: (2, 3)}
    for seat, target in targets.items():
        session.submit({"type": "set_destination", "player": seat, "cell": list(target)})
    advance(session)
    finish_rerolls(session)
    advance(session, 2)
    resolve_all(session, frozenset({0, 1, 2}))
    return session


SITUATIONS: dict[str, Callable[[], Session]] = {
    "play": to_planning,
    "planning": to_planning,
    "rerolls": to_rerolls,
    "equipment": to_equipment,
    "dice": to_movement,
    "dice-totals": to_totals,
    "dice-totals-four": to_totals_four,
    "resolve": to_resolution,
    "wound": to_wound,
    "eruption": to_eruption,
    "told": to_told,
    "gameover": to_game_over,
}
"""Every demo situation by screen name."""


@cache
def preview_session(name: str) -> Session:
    """The demo game for screen ``name`` (built once, then reused)."""
    return SITUATIONS.get(name, to_planning)()
