"""What a Caverna table does on paper: the bookkeeping acts the app takes over.

``paper_acts(record)`` replays a game record through the rules and counts, by kind,
the acts a table playing with the printed components alone does to keep the game's
state — the acts the app does instead when it keeps the goods.  The tile taken, the
rooms dug and furnished and the walls built are moved by hand with or without the app,
so they are not counted; only what the app would otherwise spare.

The model, per recorded action:

``goods marker``
    one act per goods marker moved on a player's goods track: each good whose amount
    changes (a gain, a payment, a conversion to food, a room's exchange, a top-up).
``limit check``
    one act per gain that runs into a limit (the table sees the marker at 9, or gold at
    19, and must notice that the rest is lost).
``food check``
    one act per furnishing, two-cavern dig and Prospecting paid in food: working out
    that round's fee (2, 3 or 4 food) or that the food is there, before paying.
``room check``
    one act per furnishing: the room's wall pattern against the chosen cavern and the
    orange-over-blue rule read off the tile.
``turn count``
    one act per turn ended: counting the turns taken this round (2, 3 or 4 each) and
    whose turn is next, with the double turn of the new start player.
``round start``
    one act per round: passing the start token and saying how many turns the round has.
``final scoring``
    at the end, one act per furnished room and one per player for the gold.

The unit the bench divides by (a turn) is the record's number of ``end_turn`` actions.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.core.record import GameRecord
from companion.games.caverna import GAME
from companion.games.caverna.goods import GOODS
from companion.games.caverna.state import CavernaState

FOOD_PAID = frozenset({"excavate", "prospect"})
"""Action types that may be paid in food besides furnishing."""


def paper_acts(record: GameRecord) -> Counter[str]:
    """The paper bookkeeping acts of the whole ``record``, by kind (see the module)."""
    acts: Counter[str] = Counter()
    state: CavernaState = GAME.new_state(record.setup)
    for action in record.actions:
        after: CavernaState = GAME.apply(state, action)
        acts += _acts_of(state, after, action)
        state = after
    if GAME.is_finished(state):
        for player in state.players:
            acts["final scoring"] += len(player.cave.rooms()) + 1
    return acts


def _acts_of(before: CavernaState, after: CavernaState, action: dict[str, Any]
             ) -> Counter[str]:
    acts: Counter[str] = Counter()
    for old, new in zip(before.players, after.players, strict=True):
        acts["goods marker"] += sum(old.goods.get(good) != new.goods.get(good)
                                    for good in GOODS)
    acts["limit check"] += sum(notice.key == "caverna.notice.lost_to_limit"
                               for notice in after.notices)
    kind = action.get("type")
    food_before = before.players[before.active].goods.food
    food_after = after.players[before.active].goods.food
    if kind == "furnish":
        acts["room check"] += 1
        if action.get("fee") in ("round_food", "five_food"):
            acts["food check"] += 1
    elif kind in FOOD_PAID and food_after < food_before:
        acts["food check"] += 1
    elif kind == "end_turn":
        acts["turn count"] += 1
    elif kind == "reveal":
        acts["round start"] += 1
    return acts


def turns(record: GameRecord) -> int:
    """The unit the paper figure is divided by: the turns of the record."""
    return sum(action.get("type") == "end_turn" for action in record.actions)


if __name__ == "__main__":
    import json

    from companion.core.record import GameRecord as Record

    for path in sorted((Path(__file__).resolve().parent.parent / "examples" / "caverna")
                       .glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        found = Record(game=document["game"], setup=document["setup"],
                       actions=document["actions"])
        counted = paper_acts(found)
        total = sum(counted.values())
        print(f"{path.name}: {total} acts over {turns(found)} turns "
              f"({total / max(1, turns(found)):.2f} a turn) {dict(counted)}")
