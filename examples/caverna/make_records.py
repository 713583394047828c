"""Write the example Caverna records (two players and solo) by playing a greedy table.

Run ``python examples/caverna/make_records.py``.  The play is deterministic: every choice
is the best one by a simple value of the position, ties broken by a fixed seed.  The rooms
that come up when digging are named in catalogue order while playing, standing in for what a
real table would report; the record names each room only when it is furnished and each
new tile only when it is taken, as the screens do.
The final scores are written as the record's expectation.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.core.record import RECORD_VERSION  # noqa: E402
from companion.core.upgrade import stamped  # noqa: E402
from companion.games.caverna import GAME  # noqa: E402
from companion.games.caverna.cave import EMPTY  # noqa: E402
from companion.games.caverna.fields import as_entered  # noqa: E402
from companion.games.caverna.scoring import score  # noqa: E402
from companion.games.caverna.state import ACT, CHOOSE, CavernaState  # noqa: E402

TWO_PLAYERS: Mapping[str, Any] = {"players": ["Ada", "Borys"], "start_player": 0}
"""The two-player example's set-up."""
SOLO: Mapping[str, Any] = {"players": ["Sola"], "display": ["shelf", "tunnel", "parlor"]}
"""The solo example's set-up."""


def value(state: CavernaState, seat: int) -> float:
    """A rough worth of ``seat``'s position: points first, then goods and room to build."""
    player = state.players[seat]
    goods = sum(player.goods.as_dict().values()) - player.goods.gold
    empty = player.cave.count(EMPTY)
    walls = len(player.cave.walls)
    return 4 * score(state, seat) + goods + 2 * empty + walls


def best_step(state: CavernaState, rng: random.Random) -> Mapping[str, Any]:
    """The option that raises the active player's value most, or ending the turn."""
    seat = state.active
    base = value(state, seat)
    best: tuple[float, float] = (0.0, 0.0)
    chosen: Mapping[str, Any] = {"type": "end_turn"}
    for action in GAME.legal_actions(state):
        if action["type"] in ("end_turn", "convert"):
            continue
        gain = value(GAME.apply(state, action), seat) - base
        key = (gain, rng.random())
        if gain > 0 and key > best:
            best, chosen = key, action
    return chosen


def finish_turn(state: CavernaState, rng: random.Random) -> tuple[CavernaState, list[Any]]:
    """Play the turn in progress greedily to its end."""
    actions: list[Any] = []
    while state.phase == ACT:
        action = best_step(state, rng)
        actions.append(action)
        state = GAME.apply(state, action)
    return state, actions


def choose_tile(state: CavernaState, rng: random.Random) -> list[Any]:
    """Try every free tile with a greedy turn and keep the best whole turn."""
    seat = state.active
    best: tuple[float, float] | None = None
    chosen: list[Any] = []
    for take in GAME.legal_actions(state):
        trial = GAME.apply(state, take)
        trial, rest = finish_turn(trial, random.Random(rng.random()))
        key = (value(trial, seat), rng.random())
        if best is None or key > best:
            best, chosen = key, [take, *rest]
    return chosen


def play(setup: Mapping[str, Any], seed: int) -> tuple[CavernaState, list[Any]]:
    """Play a whole game from ``setup``; return the end state and every action."""
    rng = random.Random(seed)
    state = GAME.new_state(setup)
    actions: list[Any] = []
    while not GAME.is_finished(state):
        if state.phase == CHOOSE:
            steps: Sequence[Any] = choose_tile(state, rng)
        else:
            steps = [GAME.legal_actions(state)[0]]
        for action in steps:
            state = GAME.apply(state, action)
            actions.append(action)
    return state, actions


def record(setup: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """Build the record document of one example game."""
    state, played = play(setup, seed)
    actions = [as_entered(action) for action in played]
    return {
        "format": "table-companion-record",
        "version": RECORD_VERSION,
        "game": "caverna",
        "setup": stamped(GAME, setup),
        "actions": actions,
        "expect": {"scores": GAME.state_to_json(state)["scores"]},
    }


def main() -> None:
    """Write both example records next to this script."""
    here = Path(__file__).resolve().parent
    for name, setup, seed in (("two-players", TWO_PLAYERS, 2024), ("solo", SOLO, 3)):
        document = record(setup, seed)
        path = here / f"{name}.json"
        path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", "utf-8")
        print(f"{path.name}: {len(document['actions'])} actions, {document['expect']}")


if __name__ == "__main__":
    main()
