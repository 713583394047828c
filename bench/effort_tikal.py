"""How the effort bench plays Tikal: the set-up screen, and every action through the
rules' questions (``GAME.ask``) as the screens put them.

The driver taps the button that starts an action (the drawn hex is asked on the play
screen itself; a move starts with a tap on the map's hex its pieces leave, when the map
is shown), then the answer the record gives to each question: a button, a seat colour,
a place on the map or the digits of the number pad.  A scoring of a fully
tracked game is entered on the counting screen: the temples the table counts
differently from the books, then *Record*.  In a lean game the next player's hex ends
the turn with the same tap, so one tap enters two recorded actions.  What the driver
cannot find is left to the bench's search (see ``bench/effort.py``).

Records written before hexes had places on the board (data version 1) are first put
in today's form, as a table would enter them now: each laid hex on the first free field
beside the board (:func:`placed_record`); their scores stay the same.
"""

from __future__ import annotations

import statistics
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from effort import Bench, BenchError, Counts, Spot, default_order

from companion.core.record import GameRecord
from companion.core.upgrade import current, stamped
from companion.games.tikal import GAME
from companion.games.tikal.constants import DEFAULT_STAGE_SIZES, STAGES
from companion.games.tikal.likeness import ALL_KINDS, holding
from companion.games.tikal.queries import free_spots, unlaid_volcano
from companion.games.tikal.scoring import temple_controller
from companion.games.tikal.state import Phase, TikalState
from companion.games.tikal.turn import guard_piece
from companion.ui.widgets import Widget

COUNTED = frozenset({"bring", "move", "camp_move"})
"""Action types whose worker count the screens always enter (older records left out 1)."""

COLOURS_TRIED = 8
"""Most taps on a colour button before the bench gives up on reaching a colour."""


class TikalDriver:
    """Tikal: one input count per player's turn."""

    game = "tikal"
    unit_name = "turn"

    def __init__(self) -> None:
        self._turning: tuple[tuple[int, str, str], str] | None = None
        """The answer being paged to and the pager button chosen for it (kept until the
        answer shows, so an estimate that misses a page never turns back and forth)."""

    def prepare(self, record: GameRecord) -> GameRecord:
        """The record as the screens enter it today (see :func:`placed_record`)."""
        return matched_record(placed_record(record))

    def unit(self, state: Any) -> Hashable:
        """A new value whenever a turn begins: hexes drawn, the active seat and whether it
        is a scoring turn; in the auction game, hexes revealed and hexes placed this round
        (one auction and the winner's actions make a turn)."""
        scoring = state.scoring is not None
        if state.variant == "auction":
            return (state.drawn, len(state.placed_this_round), scoring)
        drawing = 1 if state.phase == Phase.DRAW else 0  # the draw opens the next turn
        return (state.drawn + drawing, state.active, scoring)

    def setup_taps(self, bench: Bench, record: GameRecord) -> Iterator[str | Spot]:
        """Players in seating order with their colours and names, the variant, what the
        app records, and the hexes per letter when they are not the box's."""
        wanted = list(record.setup["players"])
        while len(bench.setup["players"]) < len(wanted):
            yield "setup:add"
        while len(bench.setup["players"]) > len(wanted):
            yield f"setup:remove:{len(bench.setup['players']) - 1}"
        for seat, entry in enumerate(wanted):
            for _ in range(COLOURS_TRIED):
                if bench.setup["players"][seat]["colour"] == entry["colour"]:
                    break
                yield f"setup:colour:{seat}"
            else:
                raise BenchError(f"seat {seat + 1} cannot be given {entry['colour']}")
        for seat, entry in enumerate(wanted):
            yield f"setup:name:{seat}"
            bench.type_name(entry["name"])
        variant = record.setup.get("variant", "basic")
        if bench.setup["variant"] != variant:
            yield f"setup:variant:{variant}"
        tracking = record.setup.get("tracking", "full")
        if bench.setup.get("tracking", "full") != tracking:
            yield f"setup:tracking:{tracking}"
        yield from _stage_taps(bench, record.setup.get("stages"))
        yield "setup:start"

    def pick(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """The button that starts the action, then the answer the record gives to each
        question, on the open dialog, the play screen itself or the map."""
        from companion.ui.questions import QuestionDialog
        from companion.ui.tikal.scoring import TikalScoringScene

        session = bench.app.session
        assert session is not None
        state = session.state
        dialog = bench.app.dialog
        if isinstance(dialog, TikalScoringScene):
            return _count_tap(bench, dialog, state, action)
        if isinstance(dialog, QuestionDialog):
            question = dialog.dialogue.question(state)
            return None if question is None else self._answer(bench, question, action,
                                                              dialog.dialogue)
        if dialog is not None:
            return None
        return self._opener(bench, state, action)

    def _opener(self, bench: Bench, state: Any, action: Mapping[str, Any]) -> Spot | None:
        """What starts ``action`` on the play screen (the drawn hex is asked right there)."""
        kind = str(action.get("type"))
        scene = bench.app.scene
        following = bench.upcoming[0] if bench.upcoming else None
        if kind == "end_turn" and following is not None and following.get("type") == "draw" \
                and scene.inline_state(state) is not None:  # type: ignore[attr-defined]
            return self._inline(bench, state, following)
        if kind == "draw":
            return self._inline(bench, state, action)
        after = scene.auction_after_spent(state)  # type: ignore[attr-defined]
        if kind == "end_turn" and following is not None and after is not None:
            return self._opener(bench, after, following)  # the next entry ends the turn
        level = f"tikal:level:{action.get('hex')}"
        if kind == "uncover" and _shown(bench, level):
            return bench.find(level)
        treasure = f"tikal:treasure:{action.get('hex')}"  # a lean map's treasure hex
        if kind == "take_treasure" and _shown(bench, treasure):
            return bench.find(treasure)
        if kind == "lay_volcano":
            question = scene.volcano_question(state)  # type: ignore[attr-defined]
            return None if question is None else self._answer(
                bench, question, action, scene.volcano)  # type: ignore[attr-defined]
        if kind == "score" and scene.lean_scoring(state):  # type: ignore[attr-defined]
            question = scene.score_inline.question(state)  # type: ignore[attr-defined]
            return None if question is None else self._answer(
                bench, question, action, scene.score_inline)  # type: ignore[attr-defined]
        if kind == "score" and state.tracking == "full":
            if _shown(bench, "tikal:count"):
                return bench.find("tikal:count")
            return bench.find("tikal:tab:round") if _shown(bench, "tikal:tab:round") else None
        keys = {
            "end_turn": "tikal:end_turn", "reveal": "tikal:reveal", "pass": "tikal:pass",
            "choose": f"tikal:choose:{action.get('index')}",
        }
        if kind == "bid":
            prepared = scene.bid_amount(state)  # type: ignore[attr-defined]
            wanted = int(action.get("amount", 0))
            if prepared == wanted:
                return bench.find("tikal:bid")
            step = f"tikal:bid:plus{wanted - prepared}"
            return bench.find(step if _shown(bench, step) else "tikal:bid:pad")
        start = f"tikal:move:{action.get('from')}"
        if kind == "move" and _shown(bench, start):
            return _dragged(bench, state, bench.find(start), action.get("to"))
        key = keys.get(kind, f"tikal:act:{kind}")
        if kind == "choose" and _shown(bench, key) and action.get("at") is not None:
            return _onto_field(bench, bench.find(key), action["at"])
        if kind == "bring" and _shown(bench, key) and _entries(state) > 1:
            return _dragged(bench, state, bench.find(key), action.get("to"))
        return bench.find(key) if _shown(bench, key) else None

    def _inline(self, bench: Bench, state: Any, draw: Mapping[str, Any]) -> Spot | None:
        """The answer to the next-hex question on the play screen that gives ``draw`` (in a
        lean game, the field it lies on first, when the record says)."""
        from companion.ui.questions import answer_key

        scene = bench.app.scene
        at = draw.get("at")
        tile = f"answer:tile:{answer_key(answer_for('tile', draw))}"
        if at is not None and _shown(bench, tile):  # the hex dragged onto its field
            dragged = _onto_field(bench, bench.find(tile), at)
            if dragged.drop is not None:
                return dragged
        spot = f"tikal:spot:{at[0]},{at[1]}" if at is not None else ""
        if at is not None and scene.inline.partial.get("at") != at and _shown(bench, spot):  # type: ignore[attr-defined]
            return bench.find(spot)
        if _shown(bench, "tikal:draw:only"):
            return bench.find("tikal:draw:only")
        inline = scene.inline_state(state)  # type: ignore[attr-defined]
        if inline is None:
            return None
        question = scene.inline.question(inline[0])  # type: ignore[attr-defined]
        return None if question is None else self._answer(bench, question, draw,
                                                          scene.inline)  # type: ignore[attr-defined]

    def _answer(self, bench: Bench, question: Any, action: Mapping[str, Any],
                dialogue: Any) -> Spot | None:
        """The widget giving the record's answer (a digit on the pad, or the next page)."""
        from companion.ui.questions import answer_key

        value = answer_for(question.field, action)
        if value is None:
            return None
        if _shown(bench, "pad:ok"):
            wanted, typed = str(value), dialogue.typed
            if typed == wanted:
                return bench.find("pad:ok")
            if not wanted.startswith(typed):
                return bench.find("pad:erase")
            return bench.find(f"pad:{wanted[len(typed)]}")
        for prefix in ("answer", "place"):
            key = f"{prefix}:{question.field}:{answer_key(value)}"
            if _shown(bench, key):
                return bench.find(key)
        if not _shown(bench, "answers:next"):
            return None
        asked = (id(dialogue), question.field, answer_key(value))
        if self._turning is None or self._turning[0] != asked:
            self._turning = (asked, _page_turn(bench, question, value, dialogue))
        return bench.find(self._turning[1])

    def positions(self, widget: Widget, action: Mapping[str, Any]
                  ) -> list[tuple[int, int]] | None:
        """Every widget is tapped at its centre."""
        return None

    def order(self, widget: Widget, action: Mapping[str, Any]) -> int:
        """Labels naming what the action names first."""
        return default_order(widget, action)

    def figures(self, counts: Sequence[Counts]) -> dict[str, Any]:
        """Per turn for each way of tracking, between scorings, and per temple at a
        lean scoring (the targets of the Tikal issue); then the same for each record."""
        found = self._by_tracking(counts)
        for one in counts:
            if one.record is not None:
                mine = self._by_tracking([one])
                found[one.name or "record"] = {
                    key.split("_", 1)[1]: value["mean"] if isinstance(value, dict) else value
                    for key, value in mine.items()}
        return found

    def _by_tracking(self, counts: Sequence[Counts]) -> dict[str, Any]:
        """The figures of ``counts`` by way of tracking."""
        found: dict[str, Any] = {}
        for tracking in ("full", "lean"):
            mine = [one for one in counts if one.record is not None
                    and one.record.setup.get("tracking", "full") == tracking]
            if not mine:
                continue
            turns = [taps for one in mine for taps in one.units.values()]
            calm = [taps for one in mine for unit, taps in one.units.items()
                    if not _scoring_unit(unit)]
            found[f"{tracking}_per_turn"] = _spread(turns)
            found[f"{tracking}_between_scorings"] = _spread(calm)
            if tracking == "lean":
                scores = [(taps, len(action.get("temples", ()))) for one in mine
                          for action, taps in one.per_step if action.get("type") == "score"]
                temples = sum(n for _, n in scores)
                found["lean_score_inputs_per_temple"] = round(
                    sum(taps for taps, _ in scores) / temples, 2) if temples else 0
        return found


def _scoring_unit(unit: Hashable) -> bool:
    """Whether a unit key (see :meth:`TikalDriver.unit`) is a scoring turn."""
    return bool(isinstance(unit, tuple) and unit and unit[-1] is True)


def _spread(values: Sequence[int]) -> dict[str, Any]:
    """Mean, max and count of a list of tap counts."""
    return {"mean": round(statistics.mean(values), 1) if values else 0,
            "max": max(values, default=0), "count": len(values)}


def _page_turn(bench: Bench, question: Any, value: Any, dialogue: Any) -> str:
    """The pager button that reaches ``value``'s page in fewer taps (the pages wrap round),
    found from the answer's place among the question's cells and the pages shown."""
    from companion.ui.questions import answer_key

    cells = dialogue.slots.place(question)
    index = next((i for i, answer in enumerate(cells) if answer is not None
                  and answer_key(answer.value) == answer_key(value)), None)
    shown = [str(getattr(w, "text", "")) for scene in (bench.app.dialog, bench.app.scene)
             if scene is not None for w in scene.widgets]
    pages = next((int(text.split(" / ")[1]) for text in shown
                  if " / " in text and text.replace(" / ", "").isdigit()), 0)
    if index is None or pages < 2:
        return "answers:next"
    target = index // -(-len(cells) // pages)
    forward = (target - dialogue.page) % pages
    return "answers:previous" if (dialogue.page - target) % pages < forward else "answers:next"


def _dragged(bench: Bench, state: TikalState, spot: Spot, to: Any) -> Spot:
    """``spot`` dragged onto the map's hex ``to`` (the hex the pieces leave dragged to
    where they go, *Bring in* onto where they enter), or tapped when the map does not
    show that hex."""
    layout = getattr(bench.app.scene, "map_layout", None)
    if layout is None or not isinstance(to, int):
        return spot
    end = layout.centre(state.hexes[to])
    return _drag_to(spot, end if layout.area.collidepoint(end) else None)


def _onto_field(bench: Bench, spot: Spot, at: Sequence[int]) -> Spot:
    """``spot`` (a hex drawn or taken) dragged onto the map's empty field ``at``, or
    tapped when the map does not show that field."""
    layout = getattr(bench.app.scene, "map_layout", None)
    field = (int(at[0]), int(at[1]))
    if layout is None or field not in layout.spots:
        return spot
    return _drag_to(spot, layout.centre_of(field))


def _drag_to(spot: Spot, end: tuple[int, int] | None) -> Spot:
    """``spot`` dragged to the screen point ``end`` when its widget carries a drop (else,
    or with no ``end``, tapped)."""
    if end is None or spot.widget.drop_from(spot.pos) is None:
        return spot
    return replace(spot, drop=end)


def _entries(state: TikalState) -> int:
    """How many hexes the active player's pieces may come in at (the base camp and their
    camps): with one, *Bring in* is only tapped."""
    from companion.games.tikal.turn import own_entry_points

    return len(own_entry_points(state, state.active))


def _shown(bench: Bench, key: str) -> bool:
    """Whether a widget with ``key`` is drawn now."""
    return any(spot.widget.key == key for spot in bench.spots())


def _stage_taps(bench: Bench, stages: Mapping[str, int] | None) -> Iterator[str]:
    """The taps on the hexes-per-letter editor that give ``stages`` (none for the box)."""
    if stages is None or dict(stages) == dict(DEFAULT_STAGE_SIZES):
        return
    yield "setup:stages"
    for letter in STAGES:
        while True:
            shown = bench.top.stages[letter]  # type: ignore[attr-defined]
            if shown == stages[letter]:
                break
            yield f"stages:{'plus' if shown < stages[letter] else 'minus'}:{letter}"
    yield "stages:done"


def _count_tap(bench: Bench, scene: Any, state: TikalState,
               action: Mapping[str, Any]) -> Spot | None:
    """On the counting screen: the next temple the table counts differently, the seat
    (or nobody) it gives the temple to, then *Record*."""
    if action.get("type") != "score":
        return bench.find("score:record")
    wanted = {entry["hex"]: entry.get("controller") for entry in action.get("temples", ())}
    books = {hx.id: temple_controller(state, hx) for hx in state.hexes if hx.kind == "temple"}
    differing = [hex_id for hex_id, seat in wanted.items()
                 if hx_open(state, hex_id) and seat != books.get(hex_id)]
    if not differing:
        # The table confirms one temple as the books have it: the score is then written
        # out temple by temple, as the record has it.
        differing = [next(h for h in wanted if hx_open(state, h))]
    for hex_id in differing:
        if scene.entries.get(hex_id) == ("controller", wanted[hex_id]):
            continue
        if scene.selected != hex_id:
            return bench.find(f"score:temple:{hex_id}")
        seat = wanted[hex_id]
        return bench.find("score:nobody" if seat is None else f"score:give:{seat}")
    return bench.find("score:record")


def hx_open(state: TikalState, hex_id: int) -> bool:
    """Whether the temple on ``hex_id`` has no guard (a guarded one is never counted)."""
    return state.hexes[hex_id].guard is None


def answer_for(field: str, action: Mapping[str, Any]) -> Any:
    """The answer a recorded action gives to the question filling ``field`` (``None``:
    the record does not say)."""
    if field == "tile":
        return {key: action[key] for key in ("kind", "value", "masks") if key in action}
    if field == "pieces":
        return {key: action[key] for key in ("piece", "count") if key in action}
    if field == "route":
        return {key: action[key] for key in ("stones", "piece", "count") if key in action}
    if field.startswith("temple_"):
        hex_id = int(field.removeprefix("temple_"))
        entry = next((e for e in action.get("temples", ()) if e.get("hex") == hex_id), None)
        if entry is None:
            return None
        return -1 if entry.get("controller") is None else entry["controller"]
    if field.startswith("hex") and field.removeprefix("hex").isdigit():
        hexes = action.get("hexes", ())
        slot = int(field.removeprefix("hex"))
        return hexes[slot] if slot < len(hexes) else None
    return action.get(field)


def placed_record(record: GameRecord) -> GameRecord:
    """``record`` in today's format, with a place for every hex laid without one.

    Records of data version 1 never said where a hex was laid; the screens now ask.  Each
    such hex goes on the first free field beside the board, nearest the base camp, and so
    does a volcano once its scoring round is over (records of a fully tracked game never
    said where it lay either; the later hexes' own fields are left free for them).  They
    also left out a count of one worker and the piece that became a guard (the rules
    chose it), which the screens enter.  None of this changes a score: the final scores
    are checked to be the record's own.
    """
    setup, actions = current(GAME, record.setup, record.actions)
    state = GAME.new_state(setup)
    placed: list[dict[str, Any]] = []
    lays = any(action.get("type") == "lay_volcano" for action in actions)
    for index, action in enumerate(actions):
        entry = dict(action)
        if entry.get("type") in COUNTED and entry.get("piece") == "worker":
            entry.setdefault("count", 1)
        if entry.get("type") == "place_guard" and state.tracking == "full":
            entry.setdefault("piece", guard_piece(state, entry, state.hexes[entry["hex"]]))
        if _needs_place(state, entry):
            entry["at"] = list(_nearest(free_spots(state)))
        state = GAME.apply(state, entry)
        placed.append(entry)
        if not lays and unlaid_volcano(state) is not None:
            later = {tuple(a["at"]) for a in actions[index + 1:] if a.get("at") is not None}
            lay = {"type": "lay_volcano", "at": list(_nearest(
                [s for s in free_spots(state, volcano=True) if s not in later]))}
            state = GAME.apply(state, lay)
            placed.append(lay)
    before = _final_scores(setup, actions)
    if before != tuple(p.score for p in state.players):
        raise BenchError("placing the hexes of an older record changed its scores")
    return GameRecord(record.game, stamped(GAME, setup), placed, record.expect, record.title)


def matched_record(record: GameRecord) -> GameRecord:
    """``record`` with each treasure numbered the way the screens offer it.

    The screens name a treasure kind by who holds its like and offer one kind for each
    way of being held (the lowest number), since kinds held alike are the same to the
    rules.  A record may have picked another number of the same standing: from that step
    on the two numbers are swapped, which changes no score (checked).
    """
    state = GAME.new_state(record.setup)
    swap = {kind: kind for kind in ALL_KINDS}
    matched: list[dict[str, Any]] = []
    for action in record.actions:
        entry = dict(action)
        if entry.get("type") in ("take_treasure", "exchange"):
            for field in ("kind", "give", "take"):
                if isinstance(entry.get(field), int) and entry[field] in swap:
                    meant = swap[entry[field]]
                    shown = _offered_kind(state, meant, entry.get("give")
                                          if field == "take" else None)
                    _exchange_numbers(swap, meant, shown)
                    entry[field] = shown
        state = GAME.apply(state, entry)
        matched.append(entry)
    if _final_scores(record.setup, record.actions) != tuple(p.score for p in state.players):
        raise BenchError("numbering the treasures as the screens do changed the scores")
    return GameRecord(record.game, record.setup, matched, record.expect, record.title)


def _offered_kind(state: TikalState, kind: int, other_than: object) -> int:
    """The kind the screens offer for ``kind``: the lowest held just like it."""
    alike = [k for k in ALL_KINDS if holding(state, k) == holding(state, kind)
             and k != other_than]
    return min(alike, default=kind)


def _exchange_numbers(swap: dict[int, int], old: int, new: int) -> None:
    """From now on, the record's number that meant ``new`` means ``old`` and vice versa."""
    if old == new:
        return
    for recorded, meant in swap.items():
        if meant == old:
            swap[recorded] = new
        elif meant == new:
            swap[recorded] = old


def _nearest(spots: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The field of ``spots`` nearest the base camp (then the northernmost, westernmost)."""
    return min(spots, key=lambda s: (abs(s[0]) + abs(s[1]) + abs(s[0] + s[1]), s[1], s[0]))


def _needs_place(state: TikalState, action: Mapping[str, Any]) -> bool:
    """Whether ``action`` lays a hex the screens would ask a place for, and has none."""
    if "at" in action or state.tracking == "lean":
        return False
    if action.get("type") == "draw":
        return action.get("kind") != "volcano"
    if action.get("type") == "choose":
        return state.revealed[int(action["index"])].kind != "volcano"
    return False


def _final_scores(setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]
                  ) -> tuple[int, ...]:
    """The players' scores at the end of a record."""
    state = GAME.new_state(setup)
    for action in actions:
        state = GAME.apply(state, action)
    return tuple(p.score for p in state.players)


DRIVER = TikalDriver()
