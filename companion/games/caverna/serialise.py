"""Writing a Caverna state as plain JSON data (see ``docs/caverna-actions.md``)."""

from __future__ import annotations

from typing import Any

from companion.games.caverna.cave import Cave
from companion.games.caverna.scoring import score, solo_result, winners
from companion.games.caverna.state import FINISHED, CavernaState, Player


def _cave_json(cave: Cave) -> dict[str, Any]:
    rows = [
        [
            None
            if space is None
            else {"state": space.state, "room": space.room, "food_bonus": space.food_bonus}
            for space in line
        ]
        for line in cave.spaces
    ]
    extra = None
    if cave.extra is not None:
        extra = {
            "natural_sides": sorted(cave.extra.natural_sides),
            "built_sides": sorted(cave.extra.built_sides),
            "room": cave.extra.room,
        }
    walls = [[list(first), list(second)] for first, second in sorted(cave.walls)]
    return {"spaces": rows, "walls": walls, "extra": extra}


def _player_json(state: CavernaState, seat: int, player: Player) -> dict[str, Any]:
    return {
        "name": state.config.names[seat],
        "goods": player.goods.as_dict(),
        "cave": _cave_json(player.cave),
        "rooms": list(player.cave.rooms()),
        "score": score(state, seat),
    }


def state_json(state: CavernaState) -> dict[str, Any]:
    """Describe ``state`` as plain JSON data."""
    names = state.config.names
    turn = None
    if state.turn is not None:
        turn = {
            "tile": state.turn.tile,
            "used_parts": list(state.turn.used_parts),
            "room_uses_left": state.turn.room_uses_left,
            "rooms_used": list(state.turn.rooms_used),
            "digs": state.turn.digs,
        }
    data: dict[str, Any] = {
        "game": "caverna",
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "turns_this_round": state.turns_this_round,
        "start_player": state.start_player,
        "active": state.active if state.phase != FINISHED else None,
        "turns_taken": state.turns_taken,
        "players": [_player_json(state, seat, p) for seat, p in enumerate(state.players)],
        "tiles": {
            "hidden": list(state.hidden_tiles),
            "revealed": list(state.revealed_tiles),
            "unnamed": list(state.unnamed_tiles),
            "taken": list(state.taken_tiles),
        },
        "turn": turn,
        "display": list(state.display),
        "unnamed": state.unnamed,
        "pile": state.pile,
        "wall_supply": state.wall_supply,
        "extra_cavern_owner": state.extra_cavern_owner,
        "notices": [notice.to_json() for notice in state.notices],
        "scores": {names[seat]: score(state, seat) for seat in range(len(names))},
        "winners": None,
        "solo_result": None,
    }
    if state.phase == FINISHED:
        data["winners"] = [names[seat] for seat in winners(state)]
        if state.config.solo:
            data["solo_result"] = solo_result(score(state, 0))
    return data
