"""A sample of legal actions for every phase, enough to drive a random playout to the end."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.tikal.constants import (
    ACTION_POINTS,
    HEX_KINDS,
    MAX_MASKS,
    MIN_MASKS,
    TREASURE_KINDS,
)
from companion.games.tikal.queries import hexes_left
from companion.games.tikal.state import HexTile, Phase, TikalState
from companion.games.tikal.turn import own_entry_points, pieces_on

Action = Mapping[str, Any]
Apply = Callable[[TikalState, Action], TikalState]
SAMPLE_TEMPLE_VALUES = (1, 2, 3, 4, 5)
"""Printed temple numbers offered when sampling draws."""
MOVE_TARGETS = 8
"""Destinations offered per piece when sampling moves (the app cannot see the board)."""


def legal_actions(state: TikalState, apply: Apply) -> list[Action]:
    """Candidate actions for the phase, keeping only those ``apply`` accepts."""
    accepted: list[Action] = []
    for action in _candidates(state):
        try:
            apply(state, action)
        except IllegalActionError:
            continue
        accepted.append(action)
    return accepted


def _candidates(state: TikalState) -> Iterator[Action]:
    """Candidate actions for the current phase, not yet checked."""
    if state.phase == Phase.DRAW:
        yield from ({"type": "draw", **tile} for tile in _tiles(state))
    elif state.phase == Phase.REVEAL:
        yield from _reveals(state)
    elif state.phase == Phase.AUCTION and state.auction is not None:
        yield {"type": "pass"}
        yield {"type": "bid", "amount": state.auction.high_bid + 1}
        yield {"type": "bid", "amount": state.auction.high_bid + 3}
    elif state.phase == Phase.CHOOSE:
        yield from ({"type": "choose", "index": i} for i in range(len(state.revealed)))
    elif state.phase == Phase.ACTIONS:
        yield {"type": "end_turn"}
        yield from _scores(state)
        if ACTION_POINTS - state.turn.spent > 0:
            yield from _turn_actions(state)


def _mask_choices(state: TikalState, tokens_left: int, treasure_hexes_left: int) -> list[int]:
    """Mask counts that still leave enough tokens for the other treasure hexes."""
    spare = tokens_left - MIN_MASKS * (treasure_hexes_left - 1)
    return [m for m in range(MIN_MASKS, MAX_MASKS + 1) if m <= spare]


def _tiles(state: TikalState) -> list[dict[str, Any]]:
    """Tiles the stack can give: a few temple numbers, or the letter's own tiles from a box."""
    if state.box is not None:
        from companion.games.tikal.questions import tile_options

        return tile_options(state)
    tiles: list[dict[str, Any]] = []
    for kind, left in zip(HEX_KINDS, state.kinds_left, strict=True):
        if left <= 0:
            continue
        if kind == "temple":
            tiles.extend({"kind": kind, "value": v} for v in SAMPLE_TEMPLE_VALUES)
        elif kind == "treasure":
            masks = _mask_choices(state, state.tokens_left, left)
            tiles.extend({"kind": kind, "masks": m} for m in masks)
        else:
            tiles.append({"kind": kind})
    return tiles


def _reveals(state: TikalState) -> Iterator[Action]:
    """A few different sets of revealed hexes, each respecting what the stack holds."""
    if state.box is not None:
        yield from _box_reveals(state)
        return
    wanted = min(len(state.players), hexes_left(state))
    for offset in range(len(HEX_KINDS)):
        kinds = list(state.kinds_left)
        tokens = state.tokens_left
        hexes: list[dict[str, Any]] = []
        for slot in range(wanted):
            tile = _pick(kinds, tokens, offset + slot)
            if tile is None:
                break
            tokens -= int(tile.get("masks", 0))
            hexes.append(tile)
        if len(hexes) == wanted:
            yield {"type": "reveal", "hexes": hexes}


def _box_reveals(state: TikalState) -> Iterator[Action]:
    """Reveals from a published-box stack: the tiles in the order the letters hold them."""
    from companion.games.tikal.flow import take_from_stack
    from companion.games.tikal.questions import tile_options

    wanted = min(len(state.players), hexes_left(state))
    for offset in range(3):
        counted = state
        hexes: list[dict[str, Any]] = []
        for _ in range(wanted):
            options = tile_options(counted)
            if not options:
                break
            tile = options[offset % len(options)]
            hexes.append(tile)
            drawn = HexTile(str(tile["kind"]), int(tile.get("value", 0)),
                            int(tile.get("masks", 0)))
            counted = take_from_stack(counted, [drawn])
            counted = replace(counted, tokens_left=counted.tokens_left - drawn.masks)
        if len(hexes) == wanted:
            yield {"type": "reveal", "hexes": hexes}


def _pick(kinds: list[int], tokens: int, turn: int) -> dict[str, Any] | None:
    """Take one available kind, trying them in rotation from ``turn``; updates ``kinds``."""
    for step in range(len(HEX_KINDS)):
        index = (turn + step) % len(HEX_KINDS)
        if kinds[index] <= 0:
            continue
        kind = HEX_KINDS[index]
        tile: dict[str, Any] = {"kind": kind}
        if kind == "temple":
            tile["value"] = 1 + turn % 4
        if kind == "treasure":
            masks = [m for m in range(MIN_MASKS, MAX_MASKS + 1)
                     if m <= tokens - MIN_MASKS * (kinds[index] - 1)]
            if not masks:
                continue
            tile["masks"] = masks[turn % len(masks)]
        kinds[index] -= 1
        return tile
    return None


def _scores(state: TikalState) -> Iterator[Action]:
    """In a scoring turn: every open temple to the scorer, or to nobody."""
    if state.scoring is None:
        return
    open_temples = [hx.id for hx in state.hexes if hx.kind == "temple" and hx.guard is None]
    for holder in (state.active, None):
        yield {"type": "score",
               "temples": [{"hex": h, "controller": holder} for h in open_temples]}


def _turn_actions(state: TikalState) -> Iterator[Action]:
    """Candidate action-point actions for the active player."""
    yield from _entry_actions(state)
    yield from _moves(state)
    yield from _site_actions(state)
    yield from _exchanges(state)


def _entry_actions(state: TikalState) -> Iterator[Action]:
    """Bringing pieces in, and hops between the base camp and own camps."""
    entry_points = sorted(own_entry_points(state, state.active))
    for target in entry_points:
        yield {"type": "bring", "piece": "worker", "to": target}
        yield {"type": "bring", "piece": "leader", "to": target}
        for source in entry_points:
            if source != target:
                yield {"type": "camp_move", "piece": "worker", "from": source, "to": target}


def _moves(state: TikalState) -> Iterator[Action]:
    """Moves of the pieces the active player has on the board to a spread of open hexes."""
    seat = state.active
    left = ACTION_POINTS - state.turn.spent
    leader = state.players[seat].leader
    for source in state.hexes:
        pieces = ["worker"] if state.workers[source.id][seat] > 0 else []
        if leader == source.id:
            pieces.append("leader")
        for piece in pieces:
            for dest in _destinations(state, source.id):
                stones = 1 + (source.id + dest) % 3
                if stones <= left:
                    yield {"type": "move", "piece": piece, "from": source.id, "to": dest,
                           "stones": stones}


def _destinations(state: TikalState, source: int) -> list[int]:
    """Up to ``MOVE_TARGETS`` enterable hexes spread evenly around ``source``'s id."""
    count = len(state.hexes)
    step = max(1, count // MOVE_TARGETS)
    spread = {(source + step * k) % count for k in range(1, MOVE_TARGETS + 1)}
    return sorted(h for h in spread if h != source and state.hexes[h].kind != "volcano")


def _site_actions(state: TikalState) -> Iterator[Action]:
    """Uncovering, guarding, taking treasures and building camps where that can make sense."""
    seat = state.active
    for hx in state.hexes:
        present = pieces_on(state, hx.id, seat) > 0
        if hx.kind == "temple" and present and hx.guard is None:
            yield {"type": "uncover", "hex": hx.id}
            yield {"type": "place_guard", "hex": hx.id}
        if hx.kind == "treasure" and present and hx.treasures > 0:
            for kind in range(1, TREASURE_KINDS + 1):
                yield {"type": "take_treasure", "hex": hx.id, "kind": kind}
        if hx.kind in ("jungle", "treasure") and hx.camp is None:
            yield {"type": "build_camp", "hex": hx.id}


def _exchanges(state: TikalState) -> Iterator[Action]:
    """Swaps of single treasures with every other player."""
    seat = state.active
    mine = _singles(state, seat)
    for other in range(len(state.players)):
        if other == seat:
            continue
        for give in mine:
            for take in _singles(state, other):
                yield {"type": "exchange", "with": other, "give": give, "take": take}


def _singles(state: TikalState, seat: int) -> list[int]:
    """Treasure kinds a player holds exactly one of (the only ones that can be swapped)."""
    return [k + 1 for k, n in enumerate(state.players[seat].treasures) if n == 1]
