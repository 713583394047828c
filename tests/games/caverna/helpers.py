"""Building Caverna positions for tests: fresh games, goods, furnished rooms, quick turns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.caverna import GAME
from companion.games.caverna.cave import FURNISHED, Pos, Space
from companion.games.caverna.goods import Goods
from companion.games.caverna.state import ACT, CHOOSE, REVEAL, CavernaState

SOLO_SETUP: Mapping[str, Any] = {
    "players": ["Sola"],
    "display": ["shelf", "tunnel", "parlor"],
}
"""A solo set-up keeping three light rooms."""

DUO_SETUP: Mapping[str, Any] = {"players": ["Ada", "Borys"], "start_player": 0}
"""A two-player set-up, Ada starting."""


def duo() -> CavernaState:
    """A fresh two-player game."""
    return GAME.new_state(DUO_SETUP)


def solo() -> CavernaState:
    """A fresh solo game."""
    return GAME.new_state(SOLO_SETUP)


def play(state: CavernaState, *actions: Mapping[str, Any]) -> CavernaState:
    """Apply ``actions`` one after the other."""
    for action in actions:
        state = GAME.apply(state, action)
    return state


def with_goods(state: CavernaState, seat: int, **amounts: int) -> CavernaState:
    """Set some of ``seat``'s goods (the others keep their values)."""
    player = state.players[seat]
    goods: Goods = replace(player.goods, **amounts)
    players = list(state.players)
    players[seat] = replace(player, goods=goods)
    return replace(state, players=tuple(players))


def with_room(state: CavernaState, seat: int, pos: Pos, room: str) -> CavernaState:
    """Put ``room`` on ``pos`` of ``seat``'s cave, as if furnished earlier."""
    player = state.players[seat]
    cave = player.cave.with_space(pos, Space(FURNISHED, room))
    players = list(state.players)
    players[seat] = replace(player, cave=cave)
    return replace(state, players=tuple(players))


def at_round(state: CavernaState, round_number: int) -> CavernaState:
    """Jump to the start of ``round_number`` with its tile already turned up."""
    from companion.games.caverna.setup import back_for_round
    from companion.games.caverna.tiles import TILE_BACKS

    revealed = list(state.revealed_tiles)
    hidden = list(state.hidden_tiles)
    for number in range(1, round_number + 1):
        back = back_for_round(number, state.rounds)
        tile = next(tile for tile in hidden if TILE_BACKS[tile] == back)
        hidden.remove(tile)
        revealed.append(tile)
    return replace(
        state,
        round=round_number,
        phase=CHOOSE,
        revealed_tiles=tuple(revealed),
        hidden_tiles=tuple(hidden),
    )


def begin(state: CavernaState, tile: str) -> CavernaState:
    """Turn up a tile if the round needs one, then let the active player take ``tile``."""
    if state.phase == REVEAL:
        state = at_round(replace(state, phase=CHOOSE), state.round)
    assert state.phase == CHOOSE
    state = play(state, {"type": "take_tile", "tile": tile})
    assert state.phase == ACT
    return state


def goods_of(state: CavernaState, seat: int = 0) -> dict[str, int]:
    """Return ``seat``'s goods as a mapping."""
    return state.players[seat].goods.as_dict()


def unused_tile(state: CavernaState) -> CavernaState:
    """Forget which parts of the current tile were used (to test a second use in isolation)."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, used_parts=()))
