"""What a Tikal table does on paper (without the companion) to keep its books: the paper figure.

A table without the app keeps the same books by hand: the pieces lie on the board, but
someone counts.  This module counts those bookkeeping acts for a whole record, replaying
it through the rules, by kind of act:

* ``action points`` — one tally per action entry that costs points (bring, move, camp move,
  uncover, treasure, exchange, camp, guard): the player adds its cost to what the turn has
  spent.  A lean record does not hold the moves; each of its turns is counted as one tally
  for the moves it left out, plus one per recorded action.
* ``majority`` — at each scoring, one count per unguarded temple: whose pieces are there
  and who has the most (a guarded temple is its guard's without counting).
* ``temple sum`` — at each scoring, one addition per temple a player scores.
* ``treasure sets`` — at each scoring, one count per player holding treasures (singles,
  pairs, triples).
* ``cube move`` — one score-track move per player who gains points at a scoring, and one per
  auction won with a bid (the winner pays).
* ``bid check`` — one comparison per bid (higher than the last, not more than the bidder's
  score).

Laying hexes, taking tokens and moving pieces are handling, not bookkeeping: the app asks
about them too, so they count as inputs, not paper acts.  ``bench/effort.py`` divides
these by the same unit as the inputs (a turn) and prints the ratio.
"""

from __future__ import annotations

import collections
from collections.abc import Mapping
from typing import Any

from companion.core.record import GameRecord
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.state import TikalState

PAID = frozenset({"bring", "move", "camp_move", "uncover", "take_treasure", "exchange",
                  "build_camp", "place_guard"})
"""Action types that cost action points."""


def paper_acts(record: GameRecord) -> collections.Counter[str]:
    """The bookkeeping acts a paper table does for the whole of ``record``, by kind."""
    setup, actions = current(GAME, record.setup, record.actions)
    state = GAME.new_state(setup)
    acts: collections.Counter[str] = collections.Counter()
    lean = state.tracking == "lean"
    for action in actions:
        before = state
        state = GAME.apply(state, action)
        _count(acts, before, state, action, lean)
    return acts


def _count(acts: collections.Counter[str], before: TikalState, after: TikalState,
           action: Mapping[str, Any], lean: bool) -> None:
    """Add the acts one recorded action stands for."""
    kind = action.get("type")
    if kind in PAID:
        acts["action points"] += 1
    if kind == "end_turn" and lean and before.scoring is None and before.phase == "actions":
        acts["action points"] += 1  # the moves a lean record leaves out
    if kind == "bid":
        acts["bid check"] += 1
    if before.auction is not None and after.auction is None \
            and before.auction.high_bidder is not None:
        acts["cube move"] += 1  # the winner pays
    if after.scoring_rounds > before.scoring_rounds:
        acts["majority"] += sum(1 for hx in after.hexes
                                if hx.kind == "temple" and hx.guard is None)
    for entry in after.history[len(before.history):]:
        acts["temple sum"] += len(entry.temples)
        if entry.treasures:
            acts["treasure sets"] += 1
        if entry.temples or entry.treasures:
            acts["cube move"] += 1


def turns(record: GameRecord) -> int:
    """Turns played in ``record`` (the unit the input figures use)."""
    _, actions = current(GAME, record.setup, record.actions)
    return sum(1 for action in actions if action.get("type") == "end_turn")


def main() -> None:
    """Print each example record's paper acts a turn."""
    from pathlib import Path

    from companion.core.record import load_record

    for path in sorted((Path(__file__).resolve().parents[1] / "examples" / "tikal")
                       .glob("*.json")):
        record = load_record(path)
        acts = paper_acts(record)
        played = max(1, turns(record))
        print(f"{path.name:18} paper acts {sum(acts.values()):4}  turns {played:3}  "
              f"per turn {sum(acts.values()) / played:.2f}  {dict(acts)}")


if __name__ == "__main__":
    main()
