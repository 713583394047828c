"""The questions that build a Caverna action, one field at a time (``GAME.ask``).

Every action type lists its complete candidates in the current state: the tile to take,
the option of the tile in use with the place it goes (a face-down space, an empty
cavern, a border), the room and its choice.  A question offers every value its field
takes among the candidates still matching the answers so far; a value is legal when at
least one of its candidates is accepted by the rules, and greyed with the rules' own
refusal otherwise.  So every legal answer leads to an accepted action and a greyed one
says why it cannot.

The room a dig or the solo pile turns face up is not asked: it joins the display
unnamed and is named when it is furnished (a furnishing then offers every dark-backed
room not named yet).

Each legal answer that fixes the whole outcome carries a ``detail``: what the player's
goods become (goods in and out, points gained) and what a limit would take away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

from companion.core.messages import IllegalActionError, Msg, counted, msg
from companion.core.questions import (
    Answer,
    Complete,
    Partial,
    Progress,
    Question,
    Step,
    Style,
    advance,
)
from companion.games.caverna.cave import EMPTY, HIDDEN, Cave, Pos, wall_spots
from companion.games.caverna.cavework import EXTRA, furnishable_rooms
from companion.games.caverna.goods import FOOD_SOURCES, GOODS, LIMITS
from companion.games.caverna.roomuse import JUNCTION_GIVE, choices
from companion.games.caverna.rules import apply_action, unnamed_candidates, unrevealed_backs
from companion.games.caverna.scoring import score
from companion.games.caverna.setup import back_for_round
from companion.games.caverna.state import ACT, CHOOSE, DRAW, FINISHED, REVEAL, CavernaState
from companion.games.caverna.tiles import FURNISH_FEES, Option, tile_parts

TYPE = "type"
"""The first field of every action."""

PHASE_TYPES: Mapping[str, tuple[str, ...]] = {
    REVEAL: ("reveal",),
    CHOOSE: ("take_tile", "convert"),
    DRAW: ("draw_pile",),
    ACT: ("gain", "trade", "prospect", "excavate", "furnish", "build_wall", "remove_wall",
          "use_room", "place_extra_cavern", "convert", "end_turn"),
}
"""The action types each phase may offer, in the order they are shown."""


@dataclass(frozen=True)
class Candidate:
    """One complete answer path: the fields as asked, and the action they make."""

    fields: Mapping[str, Any]
    """Field -> value, in the order the fields are asked."""
    action: Mapping[str, Any]
    """The action sent to the rules."""


Enumerate = Callable[[CavernaState], Iterator[Candidate]]
"""Lists the candidates of one action type."""


def ask(state: CavernaState, partial: Partial) -> Step:
    """The next question for ``partial`` in ``state``, or the completed action."""
    if TYPE not in partial:
        return _type_question(state)
    kind = str(partial[TYPE])
    if kind not in ENUMERATORS:
        raise IllegalActionError("caverna.error.unknown_action", type=kind)
    matching = [c for c in ENUMERATORS[kind](state) if _matches(c, partial)]
    if not matching:
        raise IllegalActionError("caverna.error.unknown_action", type=kind)
    open_fields = [name for name in matching[0].fields if name not in partial]
    if not open_fields:
        return Complete(dict(matching[0].action))
    name = open_fields[0]
    matching = [candidate for candidate in matching if name in candidate.fields]
    return _field_question(state, name, matching, partial)


def _matches(candidate: Candidate, partial: Partial) -> bool:
    return all(candidate.fields.get(key) == value for key, value in partial.items()
               if key != TYPE)


def refusal(state: CavernaState, action: Mapping[str, Any]) -> Msg | None:
    """Why the rules refuse ``action`` in ``state`` (``None``: accepted)."""
    try:
        apply_action(state, action)
    except IllegalActionError as error:
        return Msg(error.key, dict(error.params))
    return None


def _type_question(state: CavernaState) -> Question:
    answers = []
    for kind in PHASE_TYPES.get(state.phase, ()):
        candidates = list(ENUMERATORS[kind](state))
        if not candidates:
            continue
        reason = _first_reason(state, candidates, Msg("caverna.ask.nothing"))
        answers.append(Answer(kind, Msg(f"caverna.ask.type.{kind}"), reason))
    return Question(TYPE, Msg("caverna.ask.type"), tuple(answers), seat=state.active)


def _first_reason(state: CavernaState, candidates: Sequence[Candidate],
                  fallback: Msg) -> Msg | None:
    """``None`` if any candidate is accepted, else the first refusal."""
    first: Msg | None = None
    for candidate in candidates:
        reason = refusal(state, candidate.action)
        if reason is None:
            return None
        first = first or reason
    return first or fallback


def _field_question(state: CavernaState, name: str, matching: Sequence[Candidate],
                    partial: Partial) -> Question:
    values: dict[str, list[Candidate]] = {}
    raw: dict[str, Any] = {}
    for candidate in matching:
        value = candidate.fields[name]
        key = repr(value)
        values.setdefault(key, []).append(candidate)
        raw[key] = value
    answers = []
    for key, group in values.items():
        value = raw[key]
        reason = _first_reason(state, group, Msg("caverna.ask.nothing"))
        if reason is None and name == "choice" and _changes_nothing(state, group):
            reason = Msg("caverna_table.ask.no_change")
        detail = _detail(state, group) if reason is None else None
        answers.append(Answer(value, _label(name, value), reason, _place(name, value),
                              detail=detail))
    style = Style.PLACE if name in PLACE_FIELDS else Style.CHOICE
    prompt = Msg(f"caverna.ask.{name}")
    if name == "choice" and "room_used" in partial:
        prompt = msg("caverna.ask.choice_of", room=f"@caverna.room.{partial['room_used']}")
    return Question(name, prompt, tuple(answers), style, state.active)


def _changes_nothing(state: CavernaState, group: Sequence[Candidate]) -> bool:
    """Whether every candidate of a room's choice leaves the player's goods as they are
    (a top-up to a level already reached, e.g. the Shelf's wood at 2): offered greyed
    with that reason, not as a choice that seems to do something.  The rules still
    accept it (records holding one replay the same)."""
    seat = state.active
    before = state.players[seat].goods
    for candidate in group:
        try:
            after = apply_action(state, candidate.action)
        except IllegalActionError:
            continue
        if after.players[seat].goods != before:
            return False
    return True


# ---------------------------------------------------------------- labels and details
PLACE_FIELDS = frozenset({"space", "space2", "between", "side"})
"""Fields answered by a tap on the cave."""


def _label(name: str, value: Any) -> Msg:
    if name in ("tile",):
        return Msg(f"caverna.tile.{value}")
    if name in ("good", "give_good"):
        return Msg(f"caverna.good.{value}")
    if name.startswith("room"):
        return Msg(f"caverna.room.{value}")
    if name == "walls":
        sides = {f"s{number}": f"@ui_caverna.side.{side}"
                 for number, side in enumerate(value, start=1)}
        return Msg(f"caverna.ask.sides{len(value)}", sides)
    if name == "side":
        return Msg(f"ui_caverna.side.{value}")
    if name == "fee":
        return Msg(f"caverna.fee.{value}")
    if name == "choice":
        return Msg(f"caverna.choice.{value}") if value else Msg("caverna.ask.use")
    if name in ("space", "space2"):
        if value == EXTRA:
            return Msg("caverna.ask.extra_cavern")
        return msg("caverna.ask.cell", row=value[0] + 1, col=value[1] + 1)
    if name == "between":
        (r1, c1), (r2, c2) = value
        return msg("caverna.ask.border", row=r1 + 1, col=c1 + 1, row2=r2 + 1, col2=c2 + 1)
    if name == "give":
        items = [(good, value[good]) for good in GOODS if value.get(good)]
        return _goods_msg("caverna.ask.give_items", items)
    if name == "count":
        return msg("caverna.ask.count", count=value)
    return Msg(f"caverna.ask.value.{value}")


def _place(name: str, value: Any) -> str | None:
    if name in ("space", "space2"):
        return EXTRA if value == EXTRA else f"{value[0]}:{value[1]}"
    if name == "between":
        (r1, c1), (r2, c2) = value
        return f"{r1}:{c1}-{r2}:{c2}"
    if name == "side":
        return f"extra:{value}"
    return None


def _goods_params(items: Sequence[tuple[str, int | str]]) -> dict[str, str | int]:
    """``n1``, ``g1``…: each amount, and the good counted in the form its number asks."""
    params: dict[str, str | int] = {}
    for number, (good, amount) in enumerate(items[:4], start=1):
        params[f"n{number}"] = amount
        params[f"g{number}"] = counted(f"caverna.count.{good}", amount)
    return params


def _goods_msg(prefix: str, items: Sequence[tuple[str, int | str]]) -> Msg:
    return Msg(f"{prefix}{min(4, len(items))}", _goods_params(items))


def loses_goods(result: Msg | None) -> bool:
    """Whether an outcome from :func:`outcome` says a limit takes some goods away."""
    return result is not None and "lost" in result.params


def outcome(state: CavernaState, action: Mapping[str, Any]) -> Msg | None:
    """What ``action`` does to the active player's goods and points, as one line
    (losses to a limit named); ``None`` when the rules refuse it."""
    seat = state.active
    try:
        after = apply_action(state, action)
    except IllegalActionError:
        return None
    before_goods = state.players[seat].goods.as_dict()
    after_goods = after.players[seat].goods.as_dict()
    items: list[tuple[str, int | str]] = []
    for good in GOODS:
        change = after_goods[good] - before_goods[good]
        if change:
            items.append((good, f"{change:+d}".replace("-", "−")))
    rooms = (score(after, seat) - after_goods["gold"]) - (score(state, seat) -
                                                          before_goods["gold"])
    if rooms:
        items.append((POINTS, f"+{rooms}"))
    lost = [notice for notice in after.notices if notice.key == "caverna.notice.lost_to_limit"]
    if lost:
        params = _goods_params(items)
        params["lost"] = int(str(lost[0].params.get("count", 0)))
        params["lost_good"] = str(lost[0].params.get("amount", ""))
        return Msg(f"caverna.ask.result_{LOST}{min(4, len(items))}", params)
    return _goods_msg("caverna.ask.result", items)


POINTS = "points"
"""Stands for the points of furnished rooms among the goods of an outcome."""

LOST = "lost"
"""The outcome keys that also name goods lost to a limit carry this after ``result_``."""

DETAIL_PROBES = 24
"""Most candidates tried when checking that an answer has one outcome."""


def _detail(state: CavernaState, group: Sequence[Candidate]) -> Msg | None:
    """The outcome when every accepted candidate of an answer ends the same way."""
    found: Msg | None = None
    for candidate in group[:DETAIL_PROBES]:
        result = outcome(state, candidate.action)
        if result is None:
            continue
        if found is not None and result != found:
            return None
        found = result
    return found


# ---------------------------------------------------------------- candidates
def _cand(action: dict[str, Any], **fields: Any) -> Candidate:
    return Candidate(fields, action)


def _reveal(state: CavernaState) -> Iterator[Candidate]:
    if back_for_round(state.round, state.rounds) in unrevealed_backs(state):
        yield _cand({"type": "reveal"})


def _take(state: CavernaState) -> Iterator[Candidate]:
    for tile in (*state.revealed_tiles, *unnamed_candidates(state)):
        yield _cand({"type": "take_tile", "tile": tile}, tile=tile)


def _draw(state: CavernaState) -> Iterator[Candidate]:
    if state.pile > 0:
        yield _cand({"type": "draw_pile"})


def _end(state: CavernaState) -> Iterator[Candidate]:
    yield _cand({"type": "end_turn"})


def _convert(state: CavernaState) -> Iterator[Candidate]:
    for good in FOOD_SOURCES:
        yield _cand({"type": "convert", "good": good, "count": 1}, good=good)


def _options(state: CavernaState, kind: str) -> list[Any]:
    if state.turn is None:
        return []
    return [option for part in tile_parts(state.turn.tile, state.config.tile_rules)
            for option in part if option.kind == kind]


def _gain(state: CavernaState) -> Iterator[Candidate]:
    for option in _options(state, "gain"):
        yield _cand({"type": "gain", "good": option.good}, good=option.good)


def _trade(state: CavernaState) -> Iterator[Candidate]:
    for option in _options(state, "trade"):
        yield _cand({"type": "trade", "give": option.good}, good=option.good)


def _prospect(state: CavernaState) -> Iterator[Candidate]:
    if _options(state, "prospect"):
        yield _cand({"type": "prospect"})


def _cave(state: CavernaState) -> Cave:
    return state.players[state.active].cave


def _hidden(cave: Cave) -> list[Pos]:
    return [pos for pos in cave.positions() if (space := cave.at(pos)) and
            space.state == HIDDEN]


def _excavate(state: CavernaState) -> Iterator[Candidate]:
    counts = sorted({option.amount for option in _options(state, "excavate")})
    hidden = _hidden(_cave(state))
    for count in counts:
        if count == 1:
            for pos in hidden:
                yield _cand({"type": "excavate", "digs": [{"space": list(pos)}]},
                            count=1, space=list(pos))
        else:
            for first in hidden:
                for second in hidden:
                    if first != second:
                        yield _cand({"type": "excavate",
                                     "digs": [{"space": list(first)}, {"space": list(second)}]},
                                    count=2, space=list(first), space2=list(second))


def _furnish(state: CavernaState) -> Iterator[Candidate]:
    fees = [fee for fee in FURNISH_FEES if fee in {o.fee for o in _options(state, "furnish")}]
    cave = _cave(state)
    targets: list[Any] = [list(pos) for pos in cave.positions()
                          if (space := cave.at(pos)) and space.state == EMPTY]
    if cave.extra is not None and cave.extra.placed and not cave.extra.room:
        targets.append(EXTRA)
    for room in furnishable_rooms(state):
        for fee in fees:
            for target in targets:
                yield _cand({"type": "furnish", "room": room, "space": target, "fee": fee},
                            fee=fee, room_furnished=room, space=target)


def _walls(state: CavernaState, remove: bool) -> Iterator[Candidate]:
    kind = "remove_wall" if remove else "build_wall"
    if not _options(state, "breach" if remove else "wall"):
        return
    cave = _cave(state)
    edges = sorted(cave.walls) if remove else wall_spots(cave)
    for first, second in edges:
        between = [list(first), list(second)]
        yield _cand({"type": kind, "between": between}, between=between)
    extra = cave.extra
    if extra is not None and extra.placed:
        walled = extra.natural_sides | extra.built_sides
        for side in ("n", "e", "s", "w"):
            if (side in extra.built_sides) if remove else (side not in walled):
                yield _cand({"type": kind, "side": side}, side=side)


def _use_room(state: CavernaState) -> Iterator[Candidate]:
    if state.turn is None or not (_options(state, "rooms") or state.turn.room_uses_left):
        return
    for room in dict.fromkeys(_cave(state).rooms()):
        for choice in choices(room):
            action: dict[str, Any] = {"type": "use_room", "room": room}
            if choice:
                action["choice"] = choice
            if room == "junction_room":
                yield from _junction(action)
            elif room == "digging_cave":
                for pos in _hidden(_cave(state)):
                    yield _cand({**action, "dig": {"space": list(pos)}}, room_used=room,
                                space=list(pos))
            else:
                yield _cand(action, room_used=room, choice=choice)


def _junction(action: dict[str, Any]) -> Iterator[Candidate]:
    seen: set[tuple[str, ...]] = set()
    for combo in combinations_with_replacement(GOODS, JUNCTION_GIVE):
        if combo in seen:
            continue
        seen.add(combo)
        give = {good: combo.count(good) for good in dict.fromkeys(combo)}
        yield _cand({**action, "give": give}, room_used="junction_room", give=give)


def _extra(state: CavernaState) -> Iterator[Candidate]:
    owner = state.extra_cavern_owner
    if owner is None:
        return
    extra = state.players[owner].cave.extra
    if extra is None or extra.placed:
        return
    for size in (2, 3):
        for sides in combinations(("n", "e", "s", "w"), size):
            yield _cand({"type": "place_extra_cavern", "player": owner, "walls": list(sides)},
                        walls=list(sides))


ENUMERATORS: Mapping[str, Enumerate] = {
    "reveal": _reveal,
    "take_tile": _take,
    "draw_pile": _draw,
    "end_turn": _end,
    "convert": _convert,
    "gain": _gain,
    "trade": _trade,
    "prospect": _prospect,
    "excavate": _excavate,
    "furnish": _furnish,
    "build_wall": lambda state: _walls(state, False),
    "remove_wall": lambda state: _walls(state, True),
    "use_room": _use_room,
    "place_extra_cavern": _extra,
}
"""Every action type and the candidates it offers."""


OPEN_ANY_TIME = frozenset({"end_turn", "convert"})
"""Action types that do not keep a turn going: ending it, and turning goods into food."""


def answers(state: CavernaState, partial: Partial, name: str) -> tuple[Answer, ...]:
    """The answers offered for field ``name`` after ``partial`` (each greyed with the
    rules' reason when refused); empty when that field is not what is asked next."""
    try:
        step = ask(state, partial)
    except IllegalActionError:
        return ()
    if isinstance(step, Complete) or step.field != name:
        return ()
    return step.answers


def furnish_rooms(state: CavernaState, fee: str) -> tuple[Answer, ...]:
    """The rooms of the display for the tile's furnishing with ``fee``: each greyed with
    the reason when it cannot be paid for or fits no empty cavern."""
    return answers(state, {TYPE: "furnish", "fee": fee}, "room_furnished")


def furnish_spaces(state: CavernaState, fee: str, room: str) -> tuple[Answer, ...]:
    """Where ``room`` may go with ``fee``: every empty cavern, lit when the room fits."""
    return answers(state, {TYPE: "furnish", "fee": fee, "room_furnished": room}, "space")


def answer_refusal(state: CavernaState, partial: Partial, name: str, value: Any,
                   fallback: Msg) -> Msg | None:
    """Why no action goes through answering ``name`` with ``value`` after ``partial``
    (``None``: some way through it is accepted; ``fallback`` when it is not offered)."""
    for answer in answers(state, partial, name):
        if answer.value == value:
            return answer.reason
    return fallback


def nothing_left(state: CavernaState) -> bool:
    """Whether the active player can do nothing more with the tile in use, even after
    turning goods into food.

    Rulebook (paraphrased): a player may use some or all of a tile's actions, in any
    order, each once a turn; and at any moment, as often as they like, they may turn
    emmer, flax or gold into food, one for one (never back).  So an action refused now
    only for want of food is still open when conversions can pay for it (a furnishing
    fee, the second dig's food, the Prospecting site's 1 food for 1 gold at 0 food), and
    the turn must not end by itself.
    """
    if state.phase != ACT:
        return False
    short: dict[str, Mapping[str, Any]] = {}
    for kind in PHASE_TYPES[ACT]:
        if kind in OPEN_ANY_TIME:
            continue
        for candidate in ENUMERATORS[kind](state):
            reason = refusal(state, candidate.action)
            if reason is None:
                return False
            if short_of_food(reason):
                short.setdefault(_cost_key(candidate.action), candidate.action)
    return not any(food_plan(state, _refused_by(action)) is not None
                   for action in short.values())


SPOT_FIELDS = frozenset({"space", "between", "side"})
"""Fields of an action naming only where it happens, never what it costs."""


def _cost_key(action: Mapping[str, Any]) -> str:
    """Actions equal but for where they happen cost the same."""
    return repr(sorted((key, repr(value)) for key, value in action.items()
                       if key not in SPOT_FIELDS))


def _refused_by(action: Mapping[str, Any]) -> Callable[[CavernaState], Msg | None]:
    return lambda now: refusal(now, action)


def short_of_food(reason: Msg | None) -> bool:
    """Whether a refusal names food as the good that is short."""
    return (reason is not None and reason.key == "caverna.error.not_enough"
            and reason.params.get("good") == "@caverna.good.food")


def food_plan(state: CavernaState, refused: Callable[[CavernaState], Msg | None]
              ) -> list[dict[str, Any]] | None:
    """The fewest conversions of the active player's emmer, flax and gold into food after
    which an answer is accepted (``refused`` gives the rules' reason in a state): ``[]``
    when it already is, ``None`` when no conversions make it so.

    Rulebook (paraphrased): emmer, flax and gold may be turned into food at any time, one
    for one; food never goes past 9.  Only food can be gained this way, so only an
    answer short of food can be helped, and converting more than the shortfall only
    loses goods; every split of the shortfall among the three goods is tried, since the
    answer may need some of them too (a Parlor's gold, the altar's emmer and flax)."""
    reason = refused(state)
    if reason is None:
        return []
    seat = state.active
    goods = state.players[seat].goods
    holdings = [goods.get(good) for good in FOOD_SOURCES]
    room = min(LIMITS["food"] - goods.food, sum(holdings))
    tried = 0
    while short_of_food(reason):
        assert reason is not None
        shortfall = max(tried + 1, int(str(reason.params.get("needed", 0))) - goods.food)
        if shortfall > room:
            return None
        tried = shortfall
        reason = None
        for split in _splits(shortfall, holdings):
            converts = [{"type": "convert", "player": seat, "good": good, "count": count}
                        for good, count in zip(FOOD_SOURCES, split, strict=True) if count]
            after = state
            for convert_action in converts:
                after = apply_action(after, convert_action)
            now = refused(after)
            if now is None:
                return converts
            if short_of_food(now) and reason is None:
                reason = now
    return None


def _splits(total: int, most: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way of taking ``total`` from piles holding ``most`` (in order)."""
    if len(most) == 1:
        if total <= most[0]:
            yield (total,)
        return
    for first in range(min(total, most[0]), -1, -1):
        for rest in _splits(total - first, most[1:]):
            yield (first, *rest)


def ends_turn_after(state: CavernaState, action: Mapping[str, Any]) -> bool:
    """Whether ``action`` is accepted and uses up the last thing the tile offers, so the
    turn may end by itself right after it."""
    if action.get(TYPE) in OPEN_ANY_TIME or state.phase != ACT:
        return False
    try:
        after = apply_action(state, action)
    except IllegalActionError:
        return False
    return nothing_left(after)


OPTION_TYPES: Mapping[str, str] = {"prospect": "prospect", "rooms": "use_room",
                                   "wall": "build_wall", "breach": "remove_wall"}
"""The action type of each tile option that is asked from its type on."""


def option_refusal(state: CavernaState, option: Option) -> Msg | None:
    """Why no action through a tile's option is accepted now (``None``: one is)."""
    nothing = Msg("caverna.ask.nothing")
    if option.kind == "gain":
        return refusal(state, {TYPE: "gain", "good": option.good})
    if option.kind == "trade":
        return refusal(state, {TYPE: "trade", "give": option.good})
    if option.kind == "excavate":
        return answer_refusal(state, {TYPE: "excavate"}, "count", option.amount, nothing)
    if option.kind == "furnish":
        return answer_refusal(state, {TYPE: "furnish"}, "fee", option.fee, nothing)
    return answer_refusal(state, {}, TYPE, OPTION_TYPES[option.kind], nothing)


def settle(state: CavernaState, partial: Partial) -> Progress | None:
    """``partial`` with every answer the rules leave as the only one taken: the finished
    action when nothing is left to ask (``None`` when no way through is accepted)."""
    try:
        return advance(ask, state, partial)
    except IllegalActionError:
        return None


def settled_action(progress: Progress | None) -> dict[str, Any] | None:
    """The finished action of a settled dialogue, if nothing was left to ask."""
    if progress is not None and isinstance(progress.step, Complete):
        return progress.step.action
    return None


def table_steps(state: CavernaState) -> tuple[list[dict[str, Any]], CavernaState]:
    """The steps the table takes without answering anything from ``state`` on: the solo
    pile's room turned up after a turn with exactly one dig, the round's new tile turned
    up (both named later); and the state they lead to."""
    steps: list[dict[str, Any]] = []
    while state.phase in (DRAW, REVEAL):
        done = settled_action(settle(state, {TYPE: PHASE_TYPES[state.phase][0]}))
        if done is None:
            break
        steps.append(done)
        state = apply_action(state, done)
    return steps, state


def closing_actions(state: CavernaState, actions: Sequence[Mapping[str, Any]]
                    ) -> list[dict[str, Any]]:
    """The table's own steps after ``actions`` when they finish the game (otherwise they
    are taken with the next player's first tap, so one undo still brings a turn back)."""
    try:
        for action in actions:
            state = apply_action(state, action)
    except IllegalActionError:
        return []
    steps, after = table_steps(state)
    return steps if after.phase == FINISHED else []
