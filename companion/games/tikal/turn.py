"""The action-point actions of a turn: each checks its limits, pays and updates the books."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError, msg
from companion.games.tikal.books import (
    add_workers,
    bump,
    count_for,
    spend,
    with_hex,
    with_player,
)
from companion.games.tikal.constants import (
    ACTION_POINTS,
    BASE_CAMP,
    COPIES_PER_KIND,
    COST_BRING,
    COST_CAMP,
    COST_CAMP_MOVE,
    COST_EXCHANGE,
    COST_GUARD,
    COST_TAKE_TREASURE,
    COST_UNCOVER,
    HIGHEST_TEMPLE_VALUE,
    MAX_CAMPS,
    MAX_GUARDS,
    MAX_LEVELS_PER_TEMPLE_PER_TURN,
    MAX_TREASURES_PER_HEX_PER_TURN,
    TREASURE_KINDS,
)
from companion.games.tikal.fields import int_field, piece_field
from companion.games.tikal.scoring import majority_holder, strengths
from companion.games.tikal.setup import TOTAL_TOKENS
from companion.games.tikal.state import LEADER_IN_RESERVE, LEADER_OUT, Hex, TikalState

Action = Mapping[str, Any]


def hex_field(state: TikalState, action: Action, name: str) -> Hex:
    """Return the explored hex named by ``action[name]``."""
    return state.hexes[int_field(action, name, 0, len(state.hexes) - 1)]


def pieces_on(state: TikalState, hex_id: int, seat: int) -> int:
    """Number of a player's pieces (workers and leader) on a hex."""
    leader = 1 if state.players[seat].leader == hex_id else 0
    return state.workers[hex_id][seat] + leader


def own_entry_points(state: TikalState, seat: int) -> frozenset[int]:
    """Hexes a player may bring pieces to: the base camp and their own camps."""
    camps = {hx.id for hx in state.hexes if hx.camp == seat}
    return frozenset({BASE_CAMP, *camps})


def full_only(state: TikalState, kind: str) -> None:
    """Refuse an action about pieces in a lean game, which does not record them."""
    if state.tracking == "lean":
        raise IllegalActionError("tikal.error.lean_untracked", action=f"@tikal.action.{kind}")


def count_field(action: Action) -> int:
    """How many pieces an entry brings or moves at once (1 when absent)."""
    if "count" not in action:
        return 1
    return int_field(action, "count", 1, ACTION_POINTS)


def bring(state: TikalState, action: Action) -> TikalState:
    """Bring workers or the leader from the reserve to the base camp or an own camp.

    ``count`` workers come in one entry, one action point each; the leader comes alone.
    """
    full_only(state, "bring")
    seat = state.active
    piece = piece_field(action)
    count = count_field(action)
    target = hex_field(state, action, "to")
    if target.id not in own_entry_points(state, seat):
        raise IllegalActionError("tikal.error.not_entry_point", hex=target.id)
    player = state.players[seat]
    if piece == "leader":
        if count != 1:
            raise IllegalActionError("tikal.error.one_leader")
        if player.leader != LEADER_IN_RESERVE:
            raise IllegalActionError("tikal.error.leader_not_in_reserve")
        return with_player(spend(state, COST_BRING), seat, leader=target.id)
    if player.reserve < count:
        raise IllegalActionError("tikal.error.reserve_empty")
    paid = with_player(spend(state, COST_BRING * count), seat, reserve=player.reserve - count)
    return add_workers(paid, target.id, seat, count)


def _relocate(state: TikalState, action: Action, source: Hex, target: Hex,
              cost: int) -> TikalState:
    """Move ``count`` of the active player's pieces from ``source`` to ``target``, ``cost`` each."""
    seat = state.active
    piece = piece_field(action)
    count = count_field(action)
    if source.id == target.id:
        raise IllegalActionError("tikal.error.same_hex")
    if piece == "leader":
        if count != 1:
            raise IllegalActionError("tikal.error.one_leader")
        if state.players[seat].leader != source.id:
            raise IllegalActionError("tikal.error.no_leader_there", hex=source.id)
        return with_player(spend(state, cost), seat, leader=target.id)
    if state.workers[source.id][seat] < count:
        raise IllegalActionError("tikal.error.no_worker_there", hex=source.id)
    along = leader_along(action)
    if along and state.players[seat].leader != source.id:
        raise IllegalActionError("tikal.error.no_leader_there", hex=source.id)
    paid = spend(state, cost * (count + (1 if along else 0)))
    moved = add_workers(add_workers(paid, source.id, seat, -count), target.id, seat, count)
    return with_player(moved, seat, leader=target.id) if along else moved


def leader_along(action: Action) -> bool:
    """Whether the leader goes with the workers of an entry (``leader``, since data
    version 5: the leader and workers going the same way are one entry, each paying)."""
    along = action.get("leader", False)
    if not isinstance(along, bool):
        raise IllegalActionError("tikal.error.bad_field", field="leader")
    return along


def camp_move(state: TikalState, action: Action) -> TikalState:
    """Move pieces between the base camp and an own camp, or between own camps (1 point each)."""
    full_only(state, "camp_move")
    entry_points = own_entry_points(state, state.active)
    source = hex_field(state, action, "from")
    target = hex_field(state, action, "to")
    if source.id not in entry_points or target.id not in entry_points:
        raise IllegalActionError("tikal.error.not_camp_link")
    return _relocate(state, action, source, target, COST_CAMP_MOVE)


def move(state: TikalState, action: Action) -> TikalState:
    """Move pieces along a path, each paying one point per stone crossed.

    ``stones`` counts the stones one piece crosses on the way (every edge of the path,
    both tiles' stones); ``count`` pieces go the same way in one entry.
    """
    full_only(state, "move")
    source = hex_field(state, action, "from")
    target = hex_field(state, action, "to")
    stones = int_field(action, "stones", 1, ACTION_POINTS)
    if target.kind == "volcano":
        raise IllegalActionError("tikal.error.volcano_closed")
    return _relocate(state, action, source, target, stones)


def _level_tile_left(state: TikalState, value: int) -> bool:
    """Whether the supply still has a level tile with this number."""
    return 2 <= value <= HIGHEST_TEMPLE_VALUE and state.levels[value - 2] > 0


def _check_open_temple(temple: Hex) -> None:
    """Refuse unless ``temple`` is a temple without a guard."""
    if temple.kind != "temple":
        raise IllegalActionError("tikal.error.not_temple", hex=temple.id)
    if temple.guard is not None:
        raise IllegalActionError("tikal.error.temple_guarded", hex=temple.id)


REPEAT_LIMITS: Mapping[str, tuple[int, str, str]] = {
    "level": (MAX_LEVELS_PER_TEMPLE_PER_TURN, "tikal.error.two_levels",
              "tikal.error.second_level_needs_two"),
    "treasure": (MAX_TREASURES_PER_HEX_PER_TURN, "tikal.error.two_treasures",
                 "tikal.error.second_treasure_needs_two"),
}
"""Per-turn limit on one hex, and the reasons for refusing past it, by kind of use."""


def _check_repeat_limit(state: TikalState, hex_id: int, done: int, kind: str) -> None:
    """Refuse going past the per-turn limit on a hex, or a second use with one own piece there.

    ``kind`` is ``level`` (uncovering) or ``treasure`` (taking treasures).
    """
    limit, over_limit, needs_two = REPEAT_LIMITS[kind]
    if state.tracking == "lean":
        if done >= limit:
            raise IllegalActionError(over_limit, hex=hex_id)
        return
    present = pieces_on(state, hex_id, state.active)
    if present == 0:
        raise IllegalActionError("tikal.error.no_piece_there", hex=hex_id)
    if done >= limit:
        raise IllegalActionError(over_limit, hex=hex_id)
    if done >= present:
        raise IllegalActionError(needs_two, hex=hex_id)


def uncover(state: TikalState, action: Action) -> TikalState:
    """Uncover the next level of a temple the active player stands on (2 points)."""
    temple = hex_field(state, action, "hex")
    _check_open_temple(temple)
    _check_repeat_limit(state, temple.id, count_for(state.turn.levels, temple.id), "level")
    following = temple.value + 1
    if not _level_tile_left(state, following):
        raise IllegalActionError("tikal.error.no_level_tile", value=following)
    paid = spend(state, COST_UNCOVER)
    levels = list(paid.levels)
    levels[following - 2] -= 1
    raised = with_hex(replace(paid, levels=tuple(levels)), temple.id, value=following)
    return replace(raised, turn=replace(raised.turn, levels=bump(raised.turn.levels, temple.id)))


def held_in_all(state: TikalState, kind: int) -> int:
    """Tokens of one treasure kind held by all players together."""
    return sum(player.treasures[kind - 1] for player in state.players)


def _with_treasure(state: TikalState, seat: int, kind: int, delta: int) -> TikalState:
    """Return the state with ``delta`` tokens of ``kind`` added to a player's hand."""
    hand = list(state.players[seat].treasures)
    hand[kind - 1] += delta
    return with_player(state, seat, treasures=tuple(hand))


def _check_lean_tokens(state: TikalState) -> None:
    """Refuse a lean treasure when no laid treasure hex can still hold a token.

    Rulebook, treasure hexes: as soon as one is laid, as many tokens as it shows masks
    are put on it, and a treasure is taken from a treasure hex.  A lean game does not
    know which hex each treasure came from, but it knows every token laid so far; the
    treasures held by all players together (exchanges keep the total) can never
    exceed them.
    """
    if state.legacy_checks:
        return
    laid = TOTAL_TOKENS - state.tokens_left
    if laid == 0:
        raise IllegalActionError("tikal.error.no_treasure_hex")
    if sum(sum(player.treasures) for player in state.players) >= laid:
        raise IllegalActionError("tikal.error.treasures_all_taken")


def _check_lean_points(state: TikalState) -> None:
    """Refuse a lean game's fourth treasure in one turn.

    Rulebook, action points: a turn has 10, and taking a treasure costs 3.  A lean game
    counts no other points (its moves are not recorded), but three treasures already
    cost 9: a fourth would need 12.
    """
    spent = COST_TAKE_TREASURE * sum(count for _, count in state.turn.taken)
    if spent + COST_TAKE_TREASURE > ACTION_POINTS:
        raise IllegalActionError("tikal.error.not_enough_points", cost=COST_TAKE_TREASURE,
                                 left=ACTION_POINTS - spent)


def take_treasure(state: TikalState, action: Action) -> TikalState:
    """Take the top treasure of a hex the active player stands on (3 points).

    A lean game names the hex too (its pieces are not recorded, but the hex keeps its
    tokens and its limit of two a turn); one entered before data version 4 took them
    without a hex (``legacy_lean``).
    """
    kind = int_field(action, "kind", 1, TREASURE_KINDS)
    if held_in_all(state, kind) >= COPIES_PER_KIND:
        raise IllegalActionError("tikal.error.kind_exhausted", kind=kind)
    if state.tracking == "lean" and state.legacy_lean and action.get("hex") is None:
        _check_lean_tokens(state)
        return _with_treasure(state, state.active, kind, 1)
    if state.tracking == "lean":
        if action.get("hex") is None:
            raise IllegalActionError("tikal.error.treasure_hex_needed")
        _check_lean_points(state)
    source = hex_field(state, action, "hex")
    if source.kind != "treasure" or source.treasures <= 0:
        raise IllegalActionError("tikal.error.no_treasure_there", hex=source.id)
    _check_repeat_limit(state, source.id, count_for(state.turn.taken, source.id), "treasure")
    paid = _with_treasure(spend(state, COST_TAKE_TREASURE), state.active, kind, 1)
    taken = with_hex(paid, source.id, treasures=source.treasures - 1)
    return replace(taken, turn=replace(taken.turn, taken=bump(taken.turn.taken, source.id)))


def exchange(state: TikalState, action: Action) -> TikalState:
    """Swap a single treasure with another player's single treasure (3 points)."""
    seat = state.active
    other = int_field(action, "with", 0, len(state.players) - 1)
    give = int_field(action, "give", 1, TREASURE_KINDS)
    take = int_field(action, "take", 1, TREASURE_KINDS)
    if other == seat:
        raise IllegalActionError("tikal.error.exchange_self")
    if give == take:
        raise IllegalActionError("tikal.error.exchange_same_kind")
    if state.players[seat].treasures[give - 1] != 1:
        raise IllegalActionError("tikal.error.give_not_single", kind=give)
    if state.players[other].treasures[take - 1] != 1:
        raise IllegalActionError("tikal.error.take_not_single", kind=take)
    swapped = spend(state, COST_EXCHANGE)
    for holder, gains, loses in ((seat, take, give), (other, give, take)):
        swapped = _with_treasure(_with_treasure(swapped, holder, loses, -1), holder, gains, 1)
    note = msg("tikal.instruction.swap_tokens", player=state.players[seat].name,
               other=state.players[other].name)
    return replace(swapped, instructions=(*swapped.instructions, note))


def build_camp(state: TikalState, action: Action) -> TikalState:
    """Build a camp on a jungle hex or an emptied treasure hex (5 points)."""
    full_only(state, "build_camp")
    seat = state.active
    site = hex_field(state, action, "hex")
    emptied = site.kind == "treasure" and site.treasures == 0
    if site.kind != "jungle" and not emptied:
        raise IllegalActionError("tikal.error.camp_ground", hex=site.id)
    if site.camp is not None:
        raise IllegalActionError("tikal.error.camp_taken", hex=site.id)
    player = state.players[seat]
    if player.camps >= MAX_CAMPS:
        raise IllegalActionError("tikal.error.no_camps_left")
    paid = spend(state, COST_CAMP)
    return with_hex(with_player(paid, seat, camps=player.camps + 1), site.id, camp=seat)


def _check_guard(state: TikalState, temple: Hex) -> None:
    """Refuse a guard on anything but an open temple the active player clearly leads.

    A lean game does not know the pieces, so the table's word on the majority stands.
    """
    _check_open_temple(temple)
    if state.players[state.active].guards >= MAX_GUARDS:
        raise IllegalActionError("tikal.error.no_guards_left")
    if state.tracking == "lean":
        return
    if majority_holder(strengths(state, temple.id)) != state.active:
        raise IllegalActionError("tikal.error.no_majority", hex=temple.id)


def guard_piece(state: TikalState, action: Action, temple: Hex) -> str:
    """The piece that becomes the guard: the one named, else a worker when one is there.

    Records from before the choice was asked name no piece; they kept a worker.
    """
    seat = state.active
    workers = state.workers[temple.id][seat]
    leader_there = state.players[seat].leader == temple.id
    if "piece" not in action:
        return "worker" if workers > 0 else "leader"
    piece = piece_field(action)
    if piece == "leader" and not leader_there:
        raise IllegalActionError("tikal.error.no_leader_there", hex=temple.id)
    if piece == "worker" and workers <= 0:
        raise IllegalActionError("tikal.error.no_worker_there", hex=temple.id)
    return piece


def place_guard(state: TikalState, action: Action) -> TikalState:
    """Make one piece the guard of a temple held by majority; other own pieces there leave.

    The player names the piece (``piece``: ``worker`` or ``leader``).
    """
    seat = state.active
    temple = hex_field(state, action, "hex")
    _check_guard(state, temple)
    if state.tracking == "lean":
        player = state.players[seat]
        guarded = with_hex(spend(state, COST_GUARD), temple.id, guard=seat)
        note = msg("tikal.instruction.guard_lean", player=player.name, hex=temple.id)
        return replace(with_player(guarded, seat, guards=player.guards + 1),
                       instructions=(*guarded.instructions, note))
    piece = guard_piece(state, action, temple)
    paid = spend(state, COST_GUARD)
    player = paid.players[seat]
    workers = paid.workers[temple.id][seat]
    leaving = pieces_on(paid, temple.id, seat) - 1
    leader = LEADER_OUT if player.leader == temple.id else player.leader
    cleared = with_hex(add_workers(paid, temple.id, seat, -workers), temple.id, guard=seat)
    worker_guard = 1 if piece == "worker" else 0
    updated = with_player(cleared, seat, guards=player.guards + 1, leader=leader,
                          worker_guards=player.worker_guards + worker_guard,
                          boxed=player.boxed + workers - worker_guard)
    note = msg("tikal.instruction.guard", player=player.name, hex=temple.id, boxed=leaving,
               piece=f"@tikal.piece.{piece}") if leaving else \
        msg("tikal.instruction.guard_alone", player=player.name, hex=temple.id)
    return replace(updated, instructions=(*updated.instructions, note))
