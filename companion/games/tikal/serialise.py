"""The state as plain JSON data, for screens, replays and bug reports."""

from __future__ import annotations

from typing import Any

from companion.games.tikal.constants import ACTION_POINTS, HEX_KINDS, LEVEL_SUPPLY
from companion.games.tikal.queries import current_stage, hexes_left, stage_left
from companion.games.tikal.scoring import (
    CUBE_KEYS,
    strengths,
    temple_controller,
    temples_scored_from_books,
    track_position,
    treasure_points,
)
from companion.games.tikal.state import (
    LEADER_IN_RESERVE,
    LEADER_OUT,
    Auction,
    Hex,
    HexTile,
    Player,
    ScoreEntry,
    TikalState,
)


def state_to_json(state: TikalState) -> dict[str, Any]:
    """Describe everything the companion tracks as JSON-ready dicts and lists."""
    return {
        "variant": state.variant,
        "phase": state.phase,
        "active": state.active,
        "action_points_left": ACTION_POINTS - state.turn.spent,
        "turn": {
            "spent": state.turn.spent,
            "levels": [list(pair) for pair in state.turn.levels],
            "taken": [list(pair) for pair in state.turn.taken],
        },
        "stack": _stack_json(state),
        "tokens_left": state.tokens_left,
        "level_supply": {str(v): state.levels[v - 2] for v in sorted(LEVEL_SUPPLY)},
        "hexes": [_hex_json(state, hx) for hx in state.hexes],
        "players": [_player_json(state, player) for player in state.players],
        "scores": {player.name: player.score for player in state.players},
        "scoring": _scoring_json(state),
        "volcano_aside": state.volcano_aside,
        "revealed": [tile_json(tile) for tile in state.revealed],
        "auction": _auction_json(state.auction),
        "placed_this_round": list(state.placed_this_round),
        "last_placer": state.last_placer,
        "history": [_entry_json(entry) for entry in state.history],
        "instructions": [note.to_json() for note in state.instructions],
    }


def _stack_json(state: TikalState) -> dict[str, Any]:
    """The stack: drawn, left, current letter, per letter and per kind."""
    return {
        "drawn": state.drawn,
        "left": hexes_left(state),
        "stage": current_stage(state),
        "stages_left": dict(stage_left(state)),
        "kinds_left": dict(zip(HEX_KINDS, state.kinds_left, strict=True)),
    }


def _hex_json(state: TikalState, hx: Hex) -> dict[str, Any]:
    """One hex with its pieces, strengths and (for temples) controller."""
    return {
        "id": hx.id,
        "kind": hx.kind,
        "value": hx.value,
        "treasures": hx.treasures,
        "camp": hx.camp,
        "guard": hx.guard,
        "workers": list(state.workers[hx.id]),
        "leaders": [p.seat for p in state.players if p.leader == hx.id],
        "strengths": list(strengths(state, hx.id)),
        "controller": temple_controller(state, hx) if hx.kind == "temple" else None,
    }


def _leader_json(player: Player) -> str | int:
    """Where a leader is: a hex id, ``reserve`` or ``out``."""
    if player.leader == LEADER_IN_RESERVE:
        return "reserve"
    if player.leader == LEADER_OUT:
        return "out"
    return player.leader


def _cube_instruction(state: TikalState, player: Player) -> dict[str, Any] | None:
    """The cube move the last action asks of this player, if any."""
    for note in state.instructions:
        if note.key in CUBE_KEYS and note.params.get("player") == player.name:
            return note.to_json()
    return None


def _player_json(state: TikalState, player: Player) -> dict[str, Any]:
    """One player: score track, pieces off the board, camps, guards, treasures."""
    space, laps = track_position(player.score)
    return {
        "seat": player.seat,
        "name": player.name,
        "colour": player.colour,
        "score": player.score,
        "track": {"total": player.score, "space": space, "laps": laps,
                  "instruction": _cube_instruction(state, player)},
        "reserve": player.reserve,
        "leader": _leader_json(player),
        "boxed": player.boxed,
        "camps": player.camps,
        "guards": player.guards,
        "worker_guards": player.worker_guards,
        "treasures": {str(kind + 1): n for kind, n in enumerate(player.treasures) if n},
        "treasure_points": treasure_points(player.treasures),
    }


def _scoring_json(state: TikalState) -> dict[str, Any] | None:
    """The scoring round under way with a preview of the active score."""
    if state.scoring is None:
        return None
    seat = state.active
    return {
        "kind": state.scoring.kind,
        "order": list(state.scoring.order),
        "index": state.scoring.index,
        "round": state.scoring_rounds,
        "preview": {
            "seat": seat,
            "temples": list(temples_scored_from_books(state, seat)),
            "treasures": treasure_points(state.players[seat].treasures),
        },
    }


def tile_json(tile: HexTile) -> dict[str, Any]:
    """A hex from the stack as action fields: its kind and printed number or masks."""
    data: dict[str, Any] = {"kind": tile.kind}
    if tile.kind == "temple":
        data["value"] = tile.value
    if tile.kind == "treasure":
        data["masks"] = tile.masks
    return data


def _auction_json(auction: Auction | None) -> dict[str, Any] | None:
    """The bidding under way."""
    if auction is None:
        return None
    return {
        "bidders": list(auction.bidders),
        "current": auction.current,
        "passed": list(auction.passed),
        "high_bid": auction.high_bid,
        "high_bidder": auction.high_bidder,
    }


def _entry_json(entry: ScoreEntry) -> dict[str, Any]:
    """One score given in a scoring round."""
    return {
        "round": entry.round,
        "seat": entry.seat,
        "temples": list(entry.temples),
        "treasures": entry.treasures,
        "points": entry.points,
    }
