"""Write the example Tikal records.

``basic.json`` and ``auction.json``: the stack is a fixed, seeded shuffle of a full box
(36 hexes, each letter shuffled on its own, in the companion's former letter split);
players follow a simple greedy habit with seeded tie-breaks, one piece per step, and
the game is then written as a table enters it on today's screens (see
:func:`todays_entries`).  ``board.json`` and the lean records are the published box,
answered question by question.  Running the script again gives byte-identical files:
``python examples/tikal/generate.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core.messages import IllegalActionError
from companion.core.questions import Complete
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.constants import FORMER_STAGE_SIZES, STAGES
from companion.games.tikal.queries import free_spots, unlaid_volcano
from companion.games.tikal.scoring import temple_controller
from companion.games.tikal.state import TikalState
from companion.games.tikal.tiles import neighbours
from companion.games.tikal.turn import guard_piece

HERE = Path(__file__).resolve().parent
TEMPLE_VALUES = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6)
"""Printed numbers given to the 15 temple hexes of the sample box."""
TREASURE_MASKS = (2, 2, 3, 3, 3, 3, 4, 4)
"""Masks on the 8 treasure hexes of the sample box (24 tokens in all)."""
WEIGHTS: Mapping[str, int] = {
    "place_guard": 40, "take_treasure": 30, "uncover": 30, "build_camp": 4, "exchange": 3,
    "move": 12, "camp_move": 2, "bring": 10, "end_turn": 2, "bid": 2, "pass": 3, "choose": 1,
}
"""How strongly the sample players prefer each kind of action."""


def sample_stack(rng: random.Random) -> list[dict[str, Any]]:
    """A full stack, letter A on top, with the hexes of each letter shuffled."""
    tiles: list[dict[str, Any]] = [{"kind": "temple", "value": v} for v in TEMPLE_VALUES]
    tiles += [{"kind": "jungle"} for _ in range(10)]
    tiles += [{"kind": "treasure", "masks": m} for m in TREASURE_MASKS]
    tiles += [{"kind": "volcano"} for _ in range(3)]
    rng.shuffle(tiles)
    stack: list[dict[str, Any]] = []
    for letter in STAGES:
        stage = tiles[len(stack): len(stack) + FORMER_STAGE_SIZES[letter]]
        rng.shuffle(stage)
        stack += stage
    return stack


def next_action(state: TikalState, stack: list[dict[str, Any]],
                rng: random.Random) -> dict[str, Any]:
    """The action the sample table takes: the stack decides draws, habits decide the rest."""
    if state.phase == "draw":
        return {"type": "draw", **stack[state.drawn]}
    if state.phase == "reveal":
        count = min(len(state.players), len(stack) - state.drawn)
        return {"type": "reveal", "hexes": stack[state.drawn: state.drawn + count]}
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in GAME.legal_actions(state):
        if action["type"] == "score":
            continue  # these sample tables score from the books
        by_type.setdefault(str(action["type"]), []).append(dict(action))
    kinds = sorted(by_type)
    kind = rng.choices(kinds, weights=[WEIGHTS.get(k, 1) for k in kinds])[0]
    return rng.choice(by_type[kind])


def record(variant: str, names: list[str], seed: int) -> dict[str, Any]:
    """Play a whole sample game and describe it as a record with its final scores."""
    colours = ["red", "blue", "yellow", "white"]
    setup = {"variant": variant,
             "players": [{"name": n, "colour": c} for n, c in zip(names, colours, strict=False)]}
    rng = random.Random(seed)
    stack = sample_stack(rng)
    state = GAME.new_state({**setup, "stages": dict(FORMER_STAGE_SIZES)})
    actions: list[dict[str, Any]] = []
    while not GAME.is_finished(state):
        action = next_action(state, stack, rng)
        state = GAME.apply(state, action)
        actions.append(action)
    return document(1, f"Tikal sample game ({variant}, {len(names)} players)", setup,
                    actions, state)


def document(version: int, title: str, setup: Mapping[str, Any],
             actions: list[dict[str, Any]], end: TikalState) -> dict[str, Any]:
    """A record file's contents: the game, its set-up and actions, and the scores at
    ``end``; a set-up of version 2 or later carries its data version."""
    stamped = dict(setup) if version == 1 else {**setup, "data_version": GAME.data_version}
    return {
        "format": "table-companion-record",
        "version": version,
        "game": "tikal",
        "title": title,
        "setup": stamped,
        "actions": actions,
        "expect": {"scores": GAME.state_to_json(end)["scores"]},
    }


ASKED_WEIGHTS: Mapping[str, int] = {
    "place_guard": 40, "take_treasure": 30, "uncover": 30, "build_camp": 4, "exchange": 3,
    "move": 20, "camp_move": 2, "bring": 14, "end_turn": 6, "score": 1, "pass": 3, "bid": 2,
}
"""How strongly the players of the asked games prefer each kind of action."""


def asked_action(state: TikalState, rng: random.Random) -> dict[str, Any]:
    """An action built through the questions, as the table answers them on the screens.

    A new hex goes where it touches the most laid hexes, as tables tend to lay them.
    """
    partial: dict[str, Any] = {}
    while True:
        step = GAME.ask(state, partial)
        if isinstance(step, Complete):
            return step.action
        legal = list(step.legal_answers())
        if step.field == "type":
            weights = [ASKED_WEIGHTS.get(str(a.value), 1) for a in legal]
            partial["type"] = rng.choices(legal, weights=weights)[0].value
        elif step.field == "at":
            laid = {hx.at for hx in state.hexes if hx.at is not None}
            best = max(sum(n in laid for n in neighbours(tuple(a.value))) for a in legal)
            spots = [a for a in legal if sum(n in laid for n in neighbours(tuple(a.value)))
                     == best]
            partial["at"] = rng.choice(spots).value
        else:
            partial[step.field] = rng.choice(legal).value


def asked_record(tracking: str, seed: int) -> dict[str, Any]:
    """A whole game of the published box built through the questions, in today's format."""
    colours = ["red", "blue", "yellow"]
    players = [{"name": n, "colour": c} for n, c in zip(["Ada", "Bo", "Cy"], colours,
                                                         strict=True)]
    setup = {"variant": "basic", "tracking": tracking, "players": players}
    rng = random.Random(seed)
    state = GAME.new_state(setup)
    actions: list[dict[str, Any]] = []
    while not GAME.is_finished(state):
        action = asked_action(state, rng)
        state = GAME.apply(state, action)
        actions.append(action)
    return document(2, f"Tikal sample game (published box, {tracking} tracking, 3 players)",
                    setup, actions, state)


LEAN_KEPT = frozenset({"draw", "uncover", "take_treasure", "exchange", "place_guard", "score",
                       "end_turn"})
"""Actions of a full game that a lean game records too."""


def lean_record(full: Mapping[str, Any], placed: bool = False) -> dict[str, Any]:
    """The same game as ``full``, entered in lean tracking.

    Only what changes a scoring is kept (hexes drawn, levels uncovered, treasures taken
    and swapped, guards), and at each scoring the table says who holds every open
    temple, as the full game's books had it then.  With ``placed`` the table also taps
    where each hex lies (the lean map then grows like the full one), and lays each
    volcano after its scoring round on a field no later hex takes.
    """
    setup = {key: value for key, value in full["setup"].items() if key != "data_version"}
    state = GAME.new_state(setup)
    lean = GAME.new_state({**setup, "tracking": "lean"})
    actions: list[dict[str, Any]] = []
    later = [tuple(a["at"]) for a in full["actions"] if "at" in a]
    for action in full["actions"]:
        entered = _lean_action(state, action, placed)
        state = GAME.apply(state, action)
        if "at" in action:
            later.remove(tuple(action["at"]))
        if entered is not None:
            lean = GAME.apply(lean, entered)
            actions.append(entered)
        if placed and unlaid_volcano(lean) is not None:
            free = [spot for spot in free_spots(lean, volcano=True) if spot not in later]
            lay = {"type": "lay_volcano", "at": list(free[0])}
            lean = GAME.apply(lean, lay)
            actions.append(lay)
    title = "lean tracking, hexes placed" if placed else "lean tracking"
    return document(2, f"Tikal sample game (published box, {title}, 3 players)",
                    {**setup, "tracking": "lean"}, actions, lean)


def _lean_action(state: TikalState, action: Mapping[str, Any], placed: bool
                 ) -> dict[str, Any] | None:
    """What the lean table enters for one action of the full game (``None``: nothing)."""
    kind = action["type"]
    if kind not in LEAN_KEPT and not (placed and kind == "lay_volcano"):
        return None
    dropped = {"draw": () if placed else ("at",),
               "place_guard": ("piece",)}
    entered = {k: v for k, v in action.items() if k not in dropped.get(kind, ())}
    if kind == "end_turn" and state.scoring is not None:
        temples = [{"hex": hx.id, "controller": temple_controller(state, hx)}
                   for hx in state.hexes if hx.kind == "temple" and hx.guard is None]
        return {"type": "score", "temples": temples}
    return entered


GROUPED = frozenset({"bring", "move"})
"""Actions whose pieces a table enters together (``count``) when they go the same way."""


def todays_entries(old: Mapping[str, Any], title: str) -> dict[str, Any]:
    """The game of the data version 1 record ``old`` as a table enters it today.

    The set-up names its letter split; every laid hex gets the first free field nearest
    the base camp, and each volcano, once its scoring round is over, the nearest field no
    later hex takes; a worker count and the piece that becomes a guard are written out.
    Pieces of one turn that go the same way come in one entry: a later bring or move of
    workers joins an earlier one of the same turn with the same start, end and stones,
    and a move that goes on from where the previous one ended becomes one move along the
    whole path.  A join is kept only when the turn then reaches the same state at that
    point, so the game, its end and its scores stay the old record's.
    """
    setup, actions = current(GAME, old["setup"], old["actions"])
    placed = _placed(setup, actions)
    state = GAME.new_state(setup)
    entries: list[dict[str, Any]] = []
    turn_start, turn_from = state, 0
    for action in placed:
        state = GAME.apply(state, action)
        if action["type"] in GROUPED and action.get("piece", "worker") == "worker":
            joined = _joined(turn_start, entries[turn_from:], action, state)
            if joined is not None:
                entries[turn_from:] = joined
                continue
        entries.append(dict(action))
        if action["type"] not in GROUPED and action["type"] not in _WITHIN_TURN:
            turn_start, turn_from = state, len(entries)
    end = _replayed(setup, entries)
    if end != state:
        raise ValueError("writing the entries of today changed the game")
    return document(2, title, setup, entries, end)


_WITHIN_TURN = frozenset({"uncover", "take_treasure", "exchange", "build_camp",
                          "place_guard", "camp_move"})
"""Actions that leave the turn open (a join may reach back past them)."""


def _joined(start: TikalState, turn: list[dict[str, Any]], action: Mapping[str, Any],
            reached: TikalState) -> list[dict[str, Any]] | None:
    """The turn's entries with ``action`` joined to an earlier one, if that reaches the
    same state ``reached`` (``None``: no join keeps the game)."""
    for index in range(len(turn) - 1, -1, -1):
        earlier = turn[index]
        merged = _merge(earlier, action)
        if merged is None:
            continue
        tried = [*turn[:index], merged, *turn[index + 1:]]
        if _reaches(start, tried, reached):
            return tried
    return None


def _merge(earlier: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any] | None:
    """``earlier`` carrying ``action``'s pieces too, when both go the same way."""
    if earlier.get("piece", "worker") != "worker" or earlier["type"] != action["type"]:
        return None
    if action["type"] == "bring" and earlier["to"] == action["to"]:
        return {**earlier, "count": earlier["count"] + action["count"]}
    if action["type"] != "move":
        return None
    same = all(earlier[key] == action[key] for key in ("from", "to", "stones"))
    if same:
        return {**earlier, "count": earlier["count"] + action["count"]}
    onward = (earlier["to"] == action["from"] and earlier["count"] == action["count"]
              and earlier["stones"] + action["stones"] <= 10)
    if onward:
        return {**earlier, "to": action["to"], "stones": earlier["stones"] + action["stones"]}
    return None


def _reaches(start: TikalState, entries: list[dict[str, Any]], reached: TikalState) -> bool:
    """Whether ``entries`` are legal from ``start`` and end in ``reached``."""
    state = start
    try:
        for entry in entries:
            state = GAME.apply(state, entry)
    except IllegalActionError:
        return False
    return state == reached


def _replayed(setup: Mapping[str, Any], actions: list[dict[str, Any]]) -> TikalState:
    """The state after ``actions``."""
    state = GAME.new_state(setup)
    for action in actions:
        state = GAME.apply(state, action)
    return state


def _placed(setup: Mapping[str, Any], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``actions`` with a field for every laid hex and volcano, worker counts and guards."""
    state = GAME.new_state(setup)
    placed: list[dict[str, Any]] = []
    for index, action in enumerate(actions):
        entry = dict(action)
        if entry["type"] in GROUPED | {"camp_move"} and entry.get("piece", "worker") == "worker":
            entry.setdefault("count", 1)
        if entry["type"] == "place_guard":
            entry.setdefault("piece", guard_piece(state, entry, state.hexes[entry["hex"]]))
        if _lays(state, entry):
            entry["at"] = list(_nearest(free_spots(state)))
        state = GAME.apply(state, entry)
        placed.append(entry)
        if unlaid_volcano(state) is not None:
            later = {tuple(a["at"]) for a in actions[index + 1:] if "at" in a}
            lay = {"type": "lay_volcano",
                   "at": list(_nearest([s for s in free_spots(state, volcano=True)
                                        if s not in later]))}
            state = GAME.apply(state, lay)
            placed.append(lay)
    return placed


def _lays(state: TikalState, action: Mapping[str, Any]) -> bool:
    """Whether ``action`` lays a hex on the board now (a volcano waits for its round)."""
    if action["type"] == "draw":
        return bool(action["kind"] != "volcano")
    if action["type"] == "choose":
        return state.revealed[int(action["index"])].kind != "volcano"
    return False


def _nearest(spots: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The field of ``spots`` nearest the base camp (then the northernmost, westernmost)."""
    return min(spots, key=lambda s: (abs(s[0]) + abs(s[1]) + abs(s[0] + s[1]), s[1], s[0]))


def main() -> None:
    """Write the example records next to this script.

    ``basic.json`` and ``auction.json`` replay the sample games first written in data
    version 1 (kept as they were in ``tests/games/tikal/fixtures/``), entered as today.
    """
    games = {
        "basic.json": todays_entries(record("basic", ["Ada", "Bo", "Cy"], seed=1999),
                                     "Tikal sample game (basic, 3 players)"),
        "auction.json": todays_entries(record("auction", ["Ada", "Bo", "Cy", "Di"], seed=2000),
                                       "Tikal sample game (auction, 4 players)"),
        "board.json": asked_record("full", seed=2026),
    }
    games["lean.json"] = lean_record(games["board.json"])
    games["lean-placed.json"] = lean_record(games["board.json"], placed=True)
    for name, document in games.items():
        text = json.dumps(document, ensure_ascii=False, indent=1)
        (HERE / name).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
