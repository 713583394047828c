"""Small state helpers shared by the action handlers: players, goods, notices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.core.messages import IllegalActionError, Msg, counted, msg
from companion.games.caverna.goods import pay, receive
from companion.games.caverna.state import CavernaState, Player

RETTING_ROOM = "retting_room"
"""Blue room: every gain of 1-3 flax brings 1 food."""
RETTING_RANGE = range(1, 4)
"""Flax gains that wake the Retting room."""


def player(state: CavernaState, seat: int) -> Player:
    """Return the player in ``seat``."""
    return state.players[seat]


def set_player(state: CavernaState, seat: int, new: Player) -> CavernaState:
    """Return ``state`` with the player in ``seat`` replaced."""
    players = (*state.players[:seat], new, *state.players[seat + 1 :])
    return replace(state, players=players)


def notify(state: CavernaState, notice: Msg) -> CavernaState:
    """Add a notice for the table to the state."""
    return replace(state, notices=(*state.notices, notice))


def has_room(state: CavernaState, seat: int, room: str) -> bool:
    """Tell whether ``seat`` has furnished ``room``."""
    return room in player(state, seat).cave.rooms()


def seat_name(state: CavernaState, seat: int) -> str:
    """Return the name of the player in ``seat``."""
    return state.config.names[seat]


def gain(state: CavernaState, seat: int, gains: Mapping[str, int]) -> CavernaState:
    """Give goods to ``seat``: limits apply, losses are announced, the Retting room reacts."""
    state = _receive_capped(state, seat, gains)
    if has_room(state, seat, RETTING_ROOM) and gains.get("flax", 0) in RETTING_RANGE:
        state = notify(state, msg("caverna.notice.retting", player=seat_name(state, seat)))
        state = _receive_capped(state, seat, {"food": 1})
    return state


def _receive_capped(state: CavernaState, seat: int, gains: Mapping[str, int]) -> CavernaState:
    current = player(state, seat)
    receipt = receive(current.goods, gains)
    state = set_player(state, seat, replace(current, goods=receipt.goods))
    for good, lost in receipt.lost.items():
        state = notify(
            state,
            msg(
                "caverna.notice.lost_to_limit",
                player=seat_name(state, seat),
                good=f"@caverna.good.{good}",
                count=lost,
                amount=counted(f"caverna.count.{good}", lost),
            ),
        )
    return state


def spend(state: CavernaState, seat: int, costs: Mapping[str, int]) -> CavernaState:
    """Take goods from ``seat``, refusing when they are short."""
    current = player(state, seat)
    return set_player(state, seat, replace(current, goods=pay(current.goods, costs)))


def require(condition: bool, key: str, **params: str | int) -> None:
    """Refuse the action with ``key`` unless ``condition`` holds."""
    if not condition:
        raise IllegalActionError(key, **params)
