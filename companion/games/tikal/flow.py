"""Who plays next: drawing hexes, scoring rounds, the final round and the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError, msg
from companion.games.tikal.books import add_hex, change_score, clockwise_from, next_seat
from companion.games.tikal.constants import (
    HEX_KINDS,
    HIGHEST_TEMPLE_VALUE,
    MAX_MASKS,
    MIN_MASKS,
)
from companion.games.tikal.fields import choice_field, int_field
from companion.games.tikal.queries import free_spots, hexes_left, unlaid_volcano
from companion.games.tikal.scoring import (
    majority_holder,
    temple_controller,
    treasure_points,
)
from companion.games.tikal.state import (
    SCORING_FINAL,
    SCORING_VOLCANO,
    Hex,
    HexTile,
    Phase,
    ScoreEntry,
    ScoringRound,
    TikalState,
    Turn,
)
from companion.games.tikal.tiles import BoxTile, Position

Action = Mapping[str, Any]


def read_tile(state: TikalState, raw: Mapping[str, Any]) -> HexTile:
    """Read a hex description the table entered and check the stack can still hold it."""
    kind = choice_field(raw, "kind", HEX_KINDS)
    if state.kinds_left[HEX_KINDS.index(kind)] <= 0:
        raise IllegalActionError("tikal.error.kind_used_up", kind=f"@tikal.hex.{kind}")
    if kind == "temple":
        return HexTile(kind, value=int_field(raw, "value", 1, HIGHEST_TEMPLE_VALUE))
    if kind == "treasure":
        return HexTile(kind, masks=int_field(raw, "masks", MIN_MASKS, MAX_MASKS))
    return HexTile(kind)


def letter_tiles(state: TikalState) -> tuple[BoxTile, ...]:
    """The tiles the top letter of a published-box stack still holds (empty if unknown)."""
    if not state.box:
        return ()
    letter = state.box[0].letter
    return tuple(tile for tile in state.box if tile.letter == letter)


def box_match(state: TikalState, tile: HexTile) -> BoxTile | None:
    """The box tile under the top letter that ``tile`` names, if any."""
    for candidate in letter_tiles(state):
        if (candidate.kind, candidate.value, candidate.masks) == (tile.kind, tile.value,
                                                                  tile.masks):
            return candidate
    return None


def _without_box_tile(state: TikalState, tile: HexTile) -> TikalState:
    """Take ``tile`` out of a published-box stack, refusing one the top letter lacks."""
    if state.box is None:
        return state
    found = box_match(state, tile)
    if found is None:
        raise IllegalActionError("tikal.error.not_in_letter", letter=state.box[0].letter
                                 if state.box else "-")
    index = state.box.index(found)
    return replace(state, box=state.box[:index] + state.box[index + 1:])


def take_from_stack(state: TikalState, tiles: Sequence[HexTile]) -> TikalState:
    """Return the state with ``tiles`` counted as drawn from the stack."""
    if len(tiles) > hexes_left(state):
        raise IllegalActionError("tikal.error.stack_empty")
    kinds = list(state.kinds_left)
    for tile in tiles:
        kinds[HEX_KINDS.index(tile.kind)] -= 1
    if min(kinds) < 0:
        raise IllegalActionError("tikal.error.too_many_of_kind")
    for tile in tiles:
        state = _without_box_tile(state, tile)
    return replace(state, drawn=state.drawn + len(tiles), kinds_left=tuple(kinds))


def fresh_turn(state: TikalState, seat: int) -> TikalState:
    """Return the state with ``seat`` about to spend a new set of 10 action points."""
    return replace(state, active=seat, phase=Phase.ACTIONS, turn=Turn())


def spot_field(state: TikalState, action: Action, *, volcano: bool = False) -> Position | None:
    """The field ``action["at"]`` names for a new hex: empty and touching a laid hex, which
    must not be a volcano alone unless the new hex is a volcano (see :func:`free_spots`)."""
    if action.get("at") is None:
        return None
    raw = action["at"]
    if (not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in raw)):
        raise IllegalActionError("tikal.error.bad_field", field="at")
    spot = (int(raw[0]), int(raw[1]))
    if any(hx.at == spot for hx in state.hexes):
        raise IllegalActionError("tikal.error.spot_taken")
    if spot in free_spots(state, volcano=volcano or state.legacy_checks):
        return spot
    if spot in free_spots(state, volcano=True):
        raise IllegalActionError("tikal.error.spot_behind_volcano")
    raise IllegalActionError("tikal.error.spot_alone")


def place_tile(state: TikalState, tile: HexTile, at: Position | None = None) -> TikalState:
    """The active player puts ``tile`` on the board, or sets a volcano aside and scoring starts."""
    seat = state.active
    placed = replace(state, last_placer=seat)
    if tile.kind == "volcano":
        return start_volcano_round(placed)
    if tile.kind == "treasure":
        if tile.masks > placed.tokens_left:
            raise IllegalActionError("tikal.error.no_tokens", masks=tile.masks,
                                     left=placed.tokens_left)
        placed = replace(placed, tokens_left=placed.tokens_left - tile.masks)
        placed = add_hex(placed, "treasure", treasures=tile.masks, at=at)
        note = msg("tikal.instruction.lay_tokens", count=tile.masks, hex=len(placed.hexes) - 1)
        placed = replace(placed, instructions=(note,))
    else:
        placed = add_hex(placed, tile.kind, value=tile.value, at=at)
    return fresh_turn(placed, seat)


def draw(state: TikalState, action: Action) -> TikalState:
    """Basic game: record the hex the active player drew and placed."""
    tile = read_tile(state, action)
    at = spot_field(state, action) if tile.kind != "volcano" else None
    return place_tile(take_from_stack(state, [tile]), tile, at)


def start_volcano_round(state: TikalState) -> TikalState:
    """The drawer sets the volcano aside; everyone, drawer first, plays and scores."""
    seat = state.active
    order = clockwise_from(state, seat)
    rounds = state.scoring_rounds + 1
    started = replace(
        state,
        scoring=ScoringRound(SCORING_VOLCANO, order),
        scoring_rounds=rounds,
        volcano_aside=True,
        volcano_owner=seat,
        instructions=(msg("tikal.instruction.volcano_aside", player=state.players[seat].name),),
    )
    return fresh_turn(started, seat)


def final_order(state: TikalState) -> tuple[int, ...]:
    """Order of the final round.

    Basic game: clockwise, starting left of whoever placed the last hex.  Auction
    variant: lowest score first; on equal scores the player sitting nearer clockwise
    to the last placer (their left neighbour nearest, themselves furthest) goes first.
    """
    last = state.last_placer if state.last_placer is not None else len(state.players) - 1
    count = len(state.players)
    order = clockwise_from(state, next_seat(state, last))
    if state.variant != "auction":
        return order
    return tuple(sorted(order, key=lambda s: (state.players[s].score, (s - last - 1) % count)))


def start_final_round(state: TikalState) -> TikalState:
    """After the last hex: every player plays once more and scores, then the game ends."""
    order = final_order(state)
    started = replace(
        state,
        scoring=ScoringRound(SCORING_FINAL, order),
        scoring_rounds=state.scoring_rounds + 1,
        instructions=(*state.instructions, msg("tikal.instruction.final_round")),
    )
    return fresh_turn(started, order[0])


def in_scoring_turn(state: TikalState) -> bool:
    """Whether the active player's turn ends with them scoring."""
    return state.scoring is not None and state.phase == Phase.ACTIONS


def record_score(state: TikalState, temples: tuple[int, ...]) -> TikalState:
    """Give the active player their temples' values plus their treasure points."""
    seat = state.active
    treasures = treasure_points(state.players[seat].treasures)
    entry = ScoreEntry(round=state.scoring_rounds, seat=seat, temples=temples,
                       treasures=treasures)
    scored = replace(state, history=(*state.history, entry))
    return change_score(scored, seat, entry.points)


def after_scoring_turn(state: TikalState) -> TikalState:
    """Hand on to the next scorer, or close the scoring round."""
    assert state.scoring is not None
    following = state.scoring.index + 1
    if following < len(state.scoring.order):
        ongoing = replace(state, scoring=replace(state.scoring, index=following))
        return fresh_turn(ongoing, state.scoring.order[following])
    if state.scoring.kind == SCORING_FINAL:
        return replace(state, scoring=None, phase=Phase.FINISHED, turn=Turn())
    return place_volcano(state)


def place_volcano(state: TikalState) -> TikalState:
    """The volcano's drawer places it and takes a normal turn."""
    owner = state.volcano_owner if state.volcano_owner is not None else state.active
    placed = add_hex(replace(state, scoring=None, volcano_aside=False, volcano_owner=None),
                     "volcano")
    note = msg("tikal.instruction.place_volcano", player=state.players[owner].name,
               hex=len(placed.hexes) - 1)
    return fresh_turn(replace(placed, instructions=(*placed.instructions, note)), owner)


def lay_volcano(state: TikalState, action: Action) -> TikalState:
    """Say where the volcano lies on the board (it costs nothing and changes no score)."""
    volcano = unlaid_volcano(state)
    if volcano is None:
        raise IllegalActionError("tikal.error.no_volcano_to_lay")
    spot = spot_field(state, action, volcano=True)
    if spot is None:
        raise IllegalActionError("tikal.error.bad_field", field="at")
    hexes = tuple(replace(hx, at=spot) if hx.id == volcano.id else hx for hx in state.hexes)
    return replace(state, hexes=hexes)


def score_entered(state: TikalState, action: Action) -> TikalState:
    """End a scoring turn with the temples as the table reports them, named by their hex.

    Each entry names a temple hex and who controls it (``controller``, a seat or ``None``)
    or every player's strength there (``strengths``).  A guarded temple always scores for
    its guard.  Temples left out score as tracked in full tracking; a lean game, which
    does not know the pieces, needs every unguarded temple.
    """
    if not in_scoring_turn(state):
        raise IllegalActionError("tikal.error.not_scoring")
    raw = action.get("temples")
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise IllegalActionError("tikal.error.bad_field", field="temples")
    controllers: dict[int, int | None] = {}
    for entry in raw:
        temple, controller = _entered_temple(state, entry)
        if temple.id in controllers:
            raise IllegalActionError("tikal.error.temple_twice", hex=temple.id,
                                     value=temple.value)
        controllers[temple.id] = controller
    values = []
    for temple in state.hexes:
        if temple.kind != "temple":
            continue
        holder: int | None
        if temple.guard is not None:
            holder = temple.guard
        elif temple.id in controllers:
            holder = controllers[temple.id]
        elif state.tracking == "lean":
            raise IllegalActionError("tikal.error.temple_unanswered", hex=temple.id,
                                     value=temple.value)
        else:
            holder = temple_controller(state, temple)
        if holder == state.active:
            values.append(temple.value)
    return after_scoring_turn(record_score(state, tuple(values)))


def _entered_temple(state: TikalState, entry: object) -> tuple[Hex, int | None]:
    """The temple hex an entry names and the seat the table says controls it."""
    if not isinstance(entry, Mapping):
        raise IllegalActionError("tikal.error.bad_field", field="temples")
    temple = state.hexes[int_field(entry, "hex", 0, len(state.hexes) - 1)]
    if temple.kind != "temple":
        raise IllegalActionError("tikal.error.not_temple", hex=temple.id)
    if "strengths" in entry:
        return temple, majority_holder(_strengths(state, entry["strengths"]))
    if entry.get("controller") is None:
        return temple, None
    return temple, int_field(entry, "controller", 0, len(state.players) - 1)


def _strengths(state: TikalState, raw: object) -> tuple[int, ...]:
    """Read one strength per seat, leader counted as 3 by the table."""
    if not isinstance(raw, Sequence) or len(raw) != len(state.players):
        raise IllegalActionError("tikal.error.bad_field", field="strengths")
    if any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in raw):
        raise IllegalActionError("tikal.error.bad_field", field="strengths")
    return tuple(int(x) for x in raw)


def new_auction_round(state: TikalState) -> TikalState:
    """All revealed hexes are placed: reveal again, opened left of the last placer."""
    starter = next_seat(state, state.last_placer if state.last_placer is not None else -1)
    count = min(len(state.players), hexes_left(state))
    note = msg("tikal.instruction.new_round", count=count, player=state.players[starter].name)
    return replace(state, phase=Phase.REVEAL, active=starter, placed_this_round=(), turn=Turn(),
                   instructions=(*state.instructions, note))
