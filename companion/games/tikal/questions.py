"""The questions that build a Tikal action, as plain data (see ``companion/core/questions.py``).

``ask(state, partial)`` returns the next question of a partly built action, or the
finished action.  The first question is the action's type; later ones are answered in
the table's terms: a tap on a hex of the map (``Style.PLACE``, the place key is the
hex's position or, for a board without positions, its id), a seat colour, a count on a
number pad.  Only answers that can still lead to an accepted action are offered as
legal; the others are greyed with the reason the rules give.  Questions whose answer
is forced (a single legal answer) are taken by ``core.questions.advance``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.questions import Answer, Complete, Partial, Question, Step, Style
from companion.games.tikal.constants import (
    ACTION_POINTS,
    HEX_KINDS,
    HIGHEST_TEMPLE_VALUE,
    MAX_MASKS,
    MIN_MASKS,
    TREASURE_KINDS,
)
from companion.games.tikal.flow import in_scoring_turn, letter_tiles, take_from_stack
from companion.games.tikal.likeness import ALL_KINDS, distinct_kinds, kind_words, takeable_kinds
from companion.games.tikal.queries import free_spots, has_places, hexes_left, unlaid_volcano
from companion.games.tikal.serialise import tile_json
from companion.games.tikal.state import LEADER_IN_RESERVE, Hex, HexTile, Phase, TikalState
from companion.games.tikal.turn import own_entry_points
from companion.games.tikal.where import temple_place

Apply = Callable[[TikalState, Mapping[str, Any]], TikalState]

PHASE_TYPES: Mapping[str, tuple[str, ...]] = {
    Phase.DRAW: ("draw",),
    Phase.REVEAL: ("reveal",),
    Phase.AUCTION: ("bid", "pass"),
    Phase.CHOOSE: ("choose",),
    Phase.ACTIONS: ("bring", "move", "camp_move", "uncover", "take_treasure", "exchange",
                    "build_camp", "place_guard", "score", "end_turn"),
}
"""The action types each phase offers, in the order the screens show them."""

LEAN_TYPES = frozenset({"uncover", "take_treasure", "exchange", "place_guard", "score",
                        "end_turn"})
"""The turn actions a lean game records: only what changes a scoring."""

NOBODY = -1
"""Answer value of a temple question: nobody holds the temple."""

TEMPLE_FIELD = "temple_"
"""Prefix of the per-temple fields of a score being entered (``temple_<hex id>``)."""


def _apply() -> Apply:
    """The rules' dispatcher (imported late: ``game`` imports this module)."""
    from companion.games.tikal.rules import apply_action

    return apply_action


def refusal(state: TikalState, action: Mapping[str, Any]) -> Msg | None:
    """Why the rules refuse ``action`` here, or ``None`` if they accept it."""
    try:
        _apply()(state, action)
    except IllegalActionError as error:
        return Msg(error.key, dict(error.params))
    return None


# ---------------------------------------------------------------- names in table terms
def place_key(hx: Hex) -> str:
    """The key of a hex on the map view: its position, or ``#id`` when it has none."""
    return f"{hx.at[0]},{hx.at[1]}" if hx.at is not None else f"#{hx.id}"


def hex_name(hx: Hex) -> Msg:
    """What the table sees on a laid hex: its kind and printed or uncovered number (a
    treasure hex: the tokens still on it)."""
    if hx.kind == "treasure":
        return msg("tikal.name.treasure", left=hx.treasures)
    return tile_name(HexTile(hx.kind, hx.value))


def _hex_answer(state: TikalState, hx: Hex, reason: Msg | None) -> Answer:
    """A hex offered as an answer: tapped on the map, named by what it shows."""
    return Answer(hx.id, hex_name(hx), reason, place=place_key(hx))


def _seat_answer(state: TikalState, seat: int, reason: Msg | None = None) -> Answer:
    """A seat offered as an answer, shown in the seat's colour."""
    return Answer(seat, Msg(state.players[seat].name), reason, seat=seat)


def _numbers(field: str, prompt: Msg, low: int, high: int, seat: int) -> Question:
    """A count or amount from ``low`` to ``high``, entered on a number pad."""
    answers = tuple(Answer(n, msg("tikal.answer.number", n=n)) for n in range(low, high + 1))
    return Question(field, prompt, answers, Style.NUMBER, seat)


def _question(field: str, prompt: str, answers: tuple[Answer, ...], state: TikalState,
              style: Style = Style.CHOICE) -> Question:
    """A question for the active player."""
    return Question(field, Msg(prompt), answers, style, state.active)


# ---------------------------------------------------------------- entry point
def ask(state: TikalState, partial: Partial) -> Step:
    """The next question of ``partial`` in ``state``, or the finished action."""
    kind = partial.get("type")
    if kind is None:
        return _type_question(state)
    if kind not in ASKERS:
        raise IllegalActionError("tikal.error.unknown_action", type=str(kind))
    return ASKERS[str(kind)](state, partial)


def offered_types(state: TikalState) -> tuple[str, ...]:
    """The action types the phase offers (lean games leave out the piece actions)."""
    types = PHASE_TYPES.get(state.phase, ())
    if state.phase == Phase.ACTIONS:
        if state.tracking == "lean":
            types = tuple(t for t in types if t in LEAN_TYPES)
        if not in_scoring_turn(state):
            types = tuple(t for t in types if t != "score")
    return types


def _type_question(state: TikalState) -> Question:
    """Which kind of action: each greyed with a reason when it cannot be completed."""
    answers = tuple(
        Answer(kind, Msg(f"tikal.action.{kind}"), type_refusal(state, kind))
        for kind in offered_types(state)
    )
    return _question("type", "tikal.ask.type", answers, state)


def type_refusal(state: TikalState, kind: str) -> Msg | None:
    """Why no action of ``kind`` can be completed now, or ``None`` if one can."""
    first_refusal: Msg | None = None
    for action in _first_completions(state, {"type": kind}):
        reason = refusal(state, action)
        if reason is None:
            return None
        first_refusal = first_refusal or reason
    step = ask(state, {"type": kind})
    if isinstance(step, Question):
        for answer in step.answers:
            if answer.reason is not None:
                return answer.reason
    if kind == "take_treasure" and not any(hx.kind == "treasure" for hx in state.hexes):
        return Msg("tikal.error.no_treasure_hex")  # the hex question has nothing to offer
    return first_refusal or Msg("tikal.ask.nothing_possible")


def _first_completions(state: TikalState, partial: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The first completed action along legal answers (depth first), if any."""
    step = ask(state, partial)
    if isinstance(step, Complete):
        yield step.action
        return
    for answer in step.legal_answers():
        found = list(_first_completions(state, {**partial, step.field: answer.value}))
        if found:
            yield found[0]
            return


def _done(partial: Partial, **extra: Any) -> Complete:
    """The finished action: the answers given plus any fields settled by the rules."""
    return Complete({**dict(partial), **extra})


# ---------------------------------------------------------------- drawing and revealing
COUNTED_ORDER: tuple[str, ...] = ("jungle", "temple", "treasure", "volcano")
"""The order of the tiles a hand-counted stack may give: the jungle (the commonest single
tile) on the first page with the low temples, the volcano last, one page back."""


def tile_options(state: TikalState) -> list[dict[str, Any]]:
    """Every distinct tile the stack can give now (kind and printed number or masks), in
    one fixed order whatever the letter (jungle, temples by number, treasures by masks,
    volcano): two answers never swap places from one turn to the next."""
    if state.box is not None:
        seen: list[dict[str, Any]] = []
        for tile in letter_tiles(state):
            entry = tile_json(HexTile(tile.kind, tile.value, tile.masks))
            if entry not in seen:
                seen.append(entry)
        return sorted(seen, key=lambda entry: (COUNTED_ORDER.index(str(entry["kind"])),
                                               int(entry.get("value", 0)),
                                               int(entry.get("masks", 0))))
    options: list[dict[str, Any]] = []
    left_of = dict(zip(HEX_KINDS, state.kinds_left, strict=True))
    for kind in COUNTED_ORDER:
        if left_of[kind] <= 0:
            continue
        if kind == "temple":
            options += [{"kind": kind, "value": v} for v in range(1, HIGHEST_TEMPLE_VALUE + 1)]
        elif kind == "treasure":
            options += [{"kind": kind, "masks": m} for m in range(MIN_MASKS, MAX_MASKS + 1)
                        if m <= state.tokens_left]
        else:
            options.append({"kind": kind})
    return options


TILE_FIELD = "tile"
"""The question field naming a drawn or revealed hex (kind and printed number in one)."""


def _tile_question(state: TikalState, field: str, prompt: Msg | None = None) -> Question:
    """Which hex came from the stack: one answer per distinct tile it can give now.

    The answer's value holds the action fields (``kind`` and ``value`` or ``masks``), so
    a tile is named in one tap by what the table sees on it.  Every such question is the
    same question (``slot_group``): a tile keeps its button from one revealed hex to the
    next, and one the stack can no longer give leaves a gap.
    """
    answers = tuple(Answer(entry, tile_name(HexTile(str(entry["kind"]),
                                                      int(entry.get("value", 0)),
                                                      int(entry.get("masks", 0)))))
                    for entry in tile_options(state))
    return Question(field, prompt or Msg("tikal.ask.drawn_kind"), answers, Style.CHOICE,
                    state.active, slot_group=TILE_FIELD)


def _tile_fields(partial: Partial, field: str) -> dict[str, Any]:
    """The action fields of the tile answered in ``field``."""
    chosen = partial[field]
    return dict(chosen) if isinstance(chosen, Mapping) else {}


def _spot_question(state: TikalState, partial: Partial) -> Question | None:
    """Where the new hex lies: a tap on an empty field beside the laid hexes (full tracking)."""
    if state.tracking == "lean" or "at" in partial:
        return None
    if not has_places(state):
        return None
    answers = tuple(Answer([q, r], msg("tikal.answer.spot", q=q, r=r), place=f"{q},{r}")
                    for q, r in free_spots(state))
    return _question("at", "tikal.ask.spot", answers, state, Style.PLACE)


def _ask_draw(state: TikalState, partial: Partial) -> Step:
    """Basic game: the drawn hex and where it was laid."""
    if TILE_FIELD not in partial:
        return _tile_question(state, TILE_FIELD)
    tile = _tile_fields(partial, TILE_FIELD)
    if tile.get("kind") != "volcano":
        spot = _spot_question(state, partial)
        if spot is not None:
            return spot
    action = {"type": "draw", **tile}
    if "at" in partial and tile.get("kind") != "volcano":
        action["at"] = partial["at"]
    return Complete(action)


def _ask_reveal(state: TikalState, partial: Partial) -> Step:
    """Auction game: each revealed hex in turn, each one the stack can still give.

    When the top letter of a published-box stack holds exactly the hexes still to reveal,
    they are known: nothing is asked (the table turns them up and lays them out).
    """
    wanted = min(len(state.players), hexes_left(state))
    counted = state
    tiles: list[dict[str, Any]] = []
    for slot in range(wanted):
        field = f"hex{slot}"
        rest = letter_tiles(counted)
        if field not in partial and len(rest) == wanted - slot:
            tiles += [tile_json(HexTile(tile.kind, tile.value, tile.masks)) for tile in rest]
            break
        if field not in partial:
            prompt = msg("tikal.ask.revealed_kind", number=slot + 1, count=wanted) \
                if wanted > 1 else None
            return _tile_question(counted, field, prompt)
        entry = _tile_fields(partial, field)
        tile = HexTile(str(entry.get("kind")), int(entry.get("value", 0)),
                       int(entry.get("masks", 0)))
        counted = _counted(counted, tile)
        tiles.append(tile_json(tile))
    return Complete({"type": "reveal", "hexes": tiles})


def _counted(state: TikalState, tile: HexTile) -> TikalState:
    """The state with ``tile`` taken from the stack and its tokens set aside."""
    taken = take_from_stack(state, [tile])
    return replace(taken, tokens_left=taken.tokens_left - tile.masks)


def _ask_bid(state: TikalState, partial: Partial) -> Step:
    """The amount, on a number pad, from one over the highest bid up to the bidder's score."""
    assert state.auction is not None
    if "amount" not in partial:
        low = state.auction.high_bid + 1
        high = state.players[state.auction.current].score
        return _numbers("amount", Msg("tikal.ask.amount"), low, high, state.auction.current)
    return _done(partial)


def _ask_choose(state: TikalState, partial: Partial) -> Step:
    """The revealed hex the winner takes, then where it was laid."""
    if "index" not in partial:
        answers = tuple(Answer(i, tile_name(tile)) for i, tile in enumerate(state.revealed))
        return _question("index", "tikal.ask.choose", answers, state)
    tile = state.revealed[int(partial["index"])]
    if tile.kind != "volcano":
        spot = _spot_question(state, partial)
        if spot is not None:
            return spot
    return _done(partial)


def tile_name(tile: HexTile) -> Msg:
    """A tile from the stack by what it shows: "Temple 4", "Treasure, 3 masks"."""
    if tile.kind == "temple":
        return msg("tikal.name.temple", value=tile.value)
    if tile.kind == "treasure":
        return msg("tikal.answer.masks", count=tile.masks)
    return Msg(f"tikal.name.{tile.kind}")


# ---------------------------------------------------------------- turn actions
def points_left(state: TikalState) -> int:
    """Action points the active player still has (10 in a lean game, which does not count)."""
    return ACTION_POINTS - state.turn.spent


def _pieces(state: TikalState, hex_id: int) -> tuple[int, bool]:
    """The active player's workers on a hex and whether their leader stands there."""
    seat = state.active
    return state.workers[hex_id][seat], state.players[seat].leader == hex_id


def _piece_answers(state: TikalState, source: int) -> tuple[Answer, ...]:
    """Worker or leader of the active player on ``source``, each greyed when not there."""
    workers, leader = _pieces(state, source)
    return (
        Answer("worker", Msg("tikal.piece.worker"),
               None if workers else msg("tikal.error.no_worker_there", hex=source)),
        Answer("leader", Msg("tikal.piece.leader"),
               None if leader else msg("tikal.error.no_leader_there", hex=source)),
    )


def _ask_bring(state: TikalState, partial: Partial) -> Step:
    """Where the pieces come in, then which of them (the leader, or how many workers)."""
    player = state.players[state.active]
    entries = sorted(own_entry_points(state, state.active))
    if "to" not in partial:
        answers = tuple(_hex_answer(state, state.hexes[h], None) for h in entries)
        return _question("to", "tikal.ask.enter_at", answers, state, Style.PLACE)
    leader = player.leader == LEADER_IN_RESERVE and points_left(state) > 0
    return _which_pieces(state, partial, leader, min(player.reserve, points_left(state)))


PIECES_FIELD = "pieces"
"""The question field naming the pieces of one entry: the leader, or a number of workers
(its answer holds the action fields ``piece`` and ``count``)."""


def _which_pieces(state: TikalState, partial: Partial, leader: bool, most: int) -> Step:
    """The leader or 1 to ``most`` workers, in one question; an entry whose ``piece`` was
    already given asks only the count it still lacks.

    The leader is always the first answer, greyed with the rules' reason when it cannot
    go, so "2 workers" sits in the same place on every turn."""
    if PIECES_FIELD in partial:
        rest = {k: v for k, v in partial.items() if k != PIECES_FIELD}
        return _done(rest, **_tile_fields(partial, PIECES_FIELD))
    if "piece" in partial:
        if partial["piece"] == "worker" and "count" not in partial:
            return _numbers("count", Msg("tikal.ask.count"), 1, max(1, most), state.active)
        return _done(partial)
    leader_answer = _greyed_unless(state, partial, {"piece": "leader"},
                                   Msg("tikal.answer.leader"), leader)
    answers: tuple[Answer, ...] = (leader_answer,)
    answers += tuple(Answer({"piece": "worker", "count": n}, msg("tikal.answer.workers", count=n))
                     for n in range(1, most + 1))
    if most < 1:  # no worker can go: one greyed answer says why
        answers += (_greyed_unless(state, partial, {"piece": "worker", "count": 1},
                                   msg("tikal.answer.workers", count=1), False),)
    return _question(PIECES_FIELD, "tikal.ask.pieces", answers, state)


def _greyed_unless(state: TikalState, partial: Partial, pieces: dict[str, Any], label: Msg,
                   goes: bool) -> Answer:
    """The answer ``pieces``: legal when it ``goes``, else greyed with the rules' reason."""
    if goes:
        return Answer(pieces, label)
    reason = refusal(state, {**dict(partial), **pieces}) or Msg("tikal.ask.nothing_possible")
    return Answer(pieces, label, reason)


def _ask_camp_move(state: TikalState, partial: Partial) -> Step:
    """From one of the own entry points to another, which piece, how many."""
    entries = sorted(own_entry_points(state, state.active))
    if "from" not in partial:
        answers = tuple(
            _hex_answer(state, state.hexes[h],
                        None if sum(_pieces(state, h)) or _pieces(state, h)[1]
                        else msg("tikal.error.no_piece_there", hex=h))
            for h in entries)
        if len(entries) < 2:
            answers = tuple(replace(a, reason=Msg("tikal.error.not_camp_link")) for a in answers)
        return _question("from", "tikal.ask.from", answers, state, Style.PLACE)
    source = int(partial["from"])
    if "to" not in partial:
        answers = tuple(_hex_answer(state, state.hexes[h], None) for h in entries if h != source)
        return _question("to", "tikal.ask.to", answers, state, Style.PLACE)
    return _piece_and_count(state, partial, source, cost=1)


def _piece_and_count(state: TikalState, partial: Partial, source: int, cost: int) -> Step:
    """Which of the pieces on ``source`` go, ``cost`` points each: the leader or a number of
    workers the points left can pay for."""
    workers, leader = _pieces(state, source)
    most = min(workers, points_left(state) // cost)
    return _which_pieces(state, partial, leader and cost <= points_left(state), most)


ROUTE_FIELD = "route"
"""The question field naming a move's stones and pieces in one answer: which pieces go and
how many stones each crosses (its answer holds the action fields ``stones``, ``piece`` and
``count``)."""


def _piece_options(state: TikalState, source: int) -> list[dict[str, Any]]:
    """The pieces on ``source`` that may go in one entry, if one stone each is paid for:
    the leader, or 1 up to as many workers as stand there."""
    workers, leader = _pieces(state, source)
    points = points_left(state)
    options: list[dict[str, Any]] = [{"piece": "leader"}] if leader and points >= 1 else []
    return options + [{"piece": "worker", "count": n} for n in range(1, min(workers, points) + 1)]


def _pieces_going(option: Mapping[str, Any]) -> int:
    """How many pieces an entry moves (each pays the stones)."""
    return int(option.get("count", 1)) + (1 if option.get("leader") is True else 0)


def _piece_name(option: Mapping[str, Any]) -> Msg:
    """The pieces of an entry as the table says them: "Leader", "2 workers"."""
    if option["piece"] == "leader":
        return Msg("tikal.answer.leader")
    if option.get("leader") is True:
        return msg("tikal.answer.leader_and_workers", count=int(option["count"]))
    return msg("tikal.answer.workers", count=int(option["count"]))


def _route_question(state: TikalState, partial: Partial, source: int) -> Question | None:
    """Which pieces go and over how many stones each, in one table: a row per choice of
    pieces, a cell per number of stones the points left pay for that many pieces.

    ``None`` when one of the two is settled (a single choice of pieces, a single number of
    stones, or a field already given): the one question left is asked alone then.
    """
    if any(key in partial for key in ("stones", "piece", "count", PIECES_FIELD)):
        return None
    points = points_left(state)
    options = _piece_options(state, source)
    if len(options) < 2 or points < 2:
        return None
    answers = tuple(
        Answer({"stones": stones, **option}, msg("tikal.answer.number", n=stones),
               row=_piece_name(option))
        for option in options
        for stones in range(1, points // _pieces_going(option) + 1))
    return _question(ROUTE_FIELD, "tikal.ask.route", answers, state)


def _ask_move(state: TikalState, partial: Partial) -> Step:
    """From a hex with own pieces to another open hex, then which pieces go and how many
    stones each crosses: both in one table when both are open, else the open one alone
    (only as many pieces as the points left pay for at that many stones each)."""
    if "from" not in partial:
        answers = tuple(
            _hex_answer(state, hx, None if sum(_pieces(state, hx.id))
                        else msg("tikal.error.no_piece_there", hex=hx.id))
            for hx in state.hexes if hx.kind != "volcano")
        return _question("from", "tikal.ask.from", answers, state, Style.PLACE)
    source = int(partial["from"])
    if "to" not in partial:
        answers = tuple(_hex_answer(state, hx, None) for hx in state.hexes
                        if hx.id != source and hx.kind != "volcano")
        return _question("to", "tikal.ask.to", answers, state, Style.PLACE)
    if ROUTE_FIELD in partial:
        rest = {k: v for k, v in partial.items() if k != ROUTE_FIELD}
        return _done(rest, **_tile_fields(partial, ROUTE_FIELD))
    route = _route_question(state, partial, source)
    if route is not None:
        return route
    if "stones" not in partial:
        count = int(partial.get("count", 1))
        high = points_left(state) // count
        return _numbers("stones", Msg("tikal.ask.stones"), 1, high, state.active)
    return _piece_and_count(state, partial, source, cost=int(partial["stones"]))


def _probe_hexes(state: TikalState, partial: Partial, hexes: Iterator[Hex],
                 field: str = "hex", **extra: Any) -> tuple[Answer, ...]:
    """Hexes offered for a one-hex action, each judged by the rules themselves."""
    return tuple(
        _hex_answer(state, hx, refusal(state, {**dict(partial), field: hx.id, **extra}))
        for hx in hexes)


def _ask_uncover(state: TikalState, partial: Partial) -> Step:
    """Which temple gets its next level."""
    if "hex" not in partial:
        temples = (hx for hx in state.hexes if hx.kind == "temple")
        return _question("hex", "tikal.ask.temple", _probe_hexes(state, partial, temples),
                         state, Style.PLACE)
    return _done(partial)


def _ask_take_treasure(state: TikalState, partial: Partial) -> Step:
    """Which treasure hex, then which treasure the token shows (a lean game entered before
    data version 4 names no hex)."""
    if not (state.tracking == "lean" and state.legacy_lean) and "hex" not in partial:
        kinds = takeable_kinds(state)
        hexes = (hx for hx in state.hexes if hx.kind == "treasure")
        answers = _probe_hexes(state, partial, hexes, kind=kinds[0] if kinds else 1)
        return _question("hex", "tikal.ask.treasure_hex", answers, state, Style.PLACE)
    if "kind" not in partial:
        answers = tuple(
            Answer(k, kind_words(state, k), refusal(state, {**dict(partial), "kind": k}))
            for k in takeable_kinds(state))
        return _question("kind", "tikal.ask.treasure_kind", answers, state)
    return _done(partial)


def _ask_exchange(state: TikalState, partial: Partial) -> Step:
    """With whom, which single treasure to give, which single one to take."""
    seat = state.active
    mine = state.players[seat].treasures
    if "with" not in partial:
        answers = tuple(
            _seat_answer(state, other.seat, None if _swappable(mine, other.treasures)
                         else Msg("tikal.ask.no_swap"))
            for other in state.players if other.seat != seat)
        return _question("with", "tikal.ask.with", answers, state, Style.SEAT)
    theirs = state.players[int(partial["with"])].treasures
    if "give" not in partial:
        singles = (k for k in ALL_KINDS if mine[k - 1] == 1
                   and any(theirs[t - 1] == 1 and t != k for t in ALL_KINDS))
        answers = tuple(Answer(k, kind_words(state, k)) for k in distinct_kinds(state, singles))
        return _question("give", "tikal.ask.give", answers, state)
    if "take" not in partial:
        give = int(partial["give"])
        singles = (k for k in ALL_KINDS if theirs[k - 1] == 1 and k != give)
        answers = tuple(Answer(k, kind_words(state, k)) for k in distinct_kinds(state, singles))
        return _question("take", "tikal.ask.take", answers, state)
    return _done(partial)


def _swappable(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Whether two hands hold single treasures of different kinds to swap."""
    return any(mine[g] == 1 and theirs[t] == 1 and g != t
               for g in range(TREASURE_KINDS) for t in range(TREASURE_KINDS))


def _ask_build_camp(state: TikalState, partial: Partial) -> Step:
    """Which jungle or emptied treasure hex gets the camp."""
    if "hex" not in partial:
        grounds = (hx for hx in state.hexes if hx.kind in ("jungle", "treasure"))
        return _question("hex", "tikal.ask.camp_hex", _probe_hexes(state, partial, grounds),
                         state, Style.PLACE)
    return _done(partial)


def _ask_place_guard(state: TikalState, partial: Partial) -> Step:
    """Which temple, then which own piece there becomes its guard (full tracking)."""
    if "hex" not in partial:
        temples = (hx for hx in state.hexes if hx.kind == "temple")
        answers = tuple(_hex_answer(state, hx, _guard_refusal(state, hx.id)) for hx in temples)
        return _question("hex", "tikal.ask.temple", answers, state, Style.PLACE)
    if state.tracking != "lean" and "piece" not in partial:
        return _guard_piece(state, partial)
    return _done(partial)


def _guard_refusal(state: TikalState, hex_id: int) -> Msg | None:
    """Why no piece can guard the temple on ``hex_id``, or ``None``."""
    return refusal(state, {"type": "place_guard", "hex": hex_id})


def _guard_piece(state: TikalState, partial: Partial) -> Step:
    """Leader or worker: which own piece on the temple becomes the guard."""
    answers = _piece_answers(state, int(partial["hex"]))
    return _question("piece", "tikal.ask.guard_piece", answers, state)


def _ask_lay_volcano(state: TikalState, partial: Partial) -> Step:
    """Where the volcano placed after its scoring round lies: a tap on an empty field."""
    if "at" not in partial:
        reason = None if unlaid_volcano(state) else Msg("tikal.error.no_volcano_to_lay")
        answers = tuple(Answer([q, r], msg("tikal.answer.spot", q=q, r=r), reason,
                               place=f"{q},{r}") for q, r in free_spots(state, volcano=True))
        return _question("at", "tikal.ask.volcano_spot", answers, state, Style.PLACE)
    return _done(partial)


def _ask_end_turn(state: TikalState, partial: Partial) -> Step:
    """Nothing to ask: the turn ends (a scoring turn scores from the books)."""
    return _done(partial)


def open_temples(state: TikalState) -> tuple[Hex, ...]:
    """The temples a scoring asks about: every unguarded one."""
    return tuple(hx for hx in state.hexes if hx.kind == "temple" and hx.guard is None)


def _ask_score(state: TikalState, partial: Partial) -> Step:
    """Who holds each unguarded temple now: one seat colour (or nobody) per temple."""
    for temple in open_temples(state):
        field = f"{TEMPLE_FIELD}{temple.id}"
        if field not in partial:
            answers = (*(_seat_answer(state, p.seat) for p in state.players),
                       Answer(NOBODY, Msg("tikal.answer.nobody")))
            return Question(field, _holder_prompt(state, temple), answers, Style.SEAT,
                            state.active, slot_group=TEMPLE_FIELD)
    entries = [
        {"hex": temple.id,
         "controller": None if partial[f"{TEMPLE_FIELD}{temple.id}"] == NOBODY
         else partial[f"{TEMPLE_FIELD}{temple.id}"]}
        for temple in open_temples(state)
    ]
    return Complete({"type": "score", "temples": entries})


def _holder_prompt(state: TikalState, temple: Hex) -> Msg:
    """Who holds ``temple``: by its number, and where it lies on the board when another
    temple shows the same number (the map rings the one asked about)."""
    where = temple_place(state, temple)
    if where is None:
        return msg("tikal.ask.holder", value=temple.value)
    return Msg("tikal.ask.holder_at", {"value": temple.value, **where})


ASKERS: Mapping[str, Callable[[TikalState, Partial], Step]] = {
    "draw": _ask_draw,
    "reveal": _ask_reveal,
    "bid": _ask_bid,
    "pass": lambda state, partial: _done(partial),
    "choose": _ask_choose,
    "bring": _ask_bring,
    "camp_move": _ask_camp_move,
    "move": _ask_move,
    "uncover": _ask_uncover,
    "take_treasure": _ask_take_treasure,
    "exchange": _ask_exchange,
    "build_camp": _ask_build_camp,
    "place_guard": _ask_place_guard,
    "end_turn": _ask_end_turn,
    "score": _ask_score,
    "lay_volcano": _ask_lay_volcano,
}
"""The questions of each action type."""
