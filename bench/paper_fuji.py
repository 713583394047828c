"""What a Fuji table does on paper, without the app: the bookkeeping acts of a record.

The model counts one act for each thing a table must work out itself from the rulebook,
the level card and the map, and nothing for moving its pieces (the table moves them with
or without the app):

* ``comparison``: each resolution compares the player's total with both neighbours'
  under the player's own card's condition (one act per resolution);
* ``level-card look-up``: each resolution reads the stamina loss for the lead off the
  level card (one act per resolution);
* ``reroll allowance``: each player works out their phase-3 rerolls from the distance
  to the destination, its ↻ symbol and their wounds and skill (one act per player per
  round that reaches phase 3);
* ``wound check``: each stamina loss is checked against the wound spaces of the track
  (one act per loss greater than nothing);
* ``lava scan``: each eruption wave, at the end of the round or from a token reached,
  has the table find every card next to the lava (one act per wave).

The acts are read by replaying the record through the rules and watching what each step
changes (a new phase 3, a resolution, a stamina instruction, an eruption's flips).
"""

from __future__ import annotations

import collections

from companion.core.record import GameRecord
from companion.core.registry import find_game
from companion.core.session import plain_action

WAVE_KEYS = frozenset({"fuji.instruction.flip_cards", "fuji.instruction.nothing_flips"})
"""Instructions that close one eruption wave (the cards found next to the lava)."""


def paper_acts(record: GameRecord) -> collections.Counter[str]:
    """The bookkeeping acts a table does on paper for the whole of ``record``, by kind."""
    game = find_game(record.game)
    state = game.new_state(record.setup)
    acts: collections.Counter[str] = collections.Counter()
    for action in record.actions:
        after = game.apply(state, plain_action(action))
        acts.update(_acts_of_step(state, after, action))
        state = after
    return acts


def _acts_of_step(before: object, after: object,
                  action: dict[str, object]) -> collections.Counter[str]:
    """The acts one step stands for (see the module documentation)."""
    acts: collections.Counter[str] = collections.Counter()
    if action.get("type") == "resolve":
        acts["comparison"] += 1
        acts["level-card look-up"] += 1
    phase_before = getattr(before, "phase", None)
    phase_after = getattr(after, "phase", None)
    if phase_after is not None and phase_after != phase_before and \
            getattr(phase_after, "value", "") == "rerolls":
        acts["reroll allowance"] += len(getattr(after, "players", ()))
    for told in _new_instructions(before, after):
        key = told.message.key
        if key == "fuji.instruction.stamina":
            acts["wound check"] += 1
        elif key in WAVE_KEYS:
            acts["lava scan"] += 1
    return acts


def _new_instructions(before: object, after: object) -> tuple:  # type: ignore[type-arg]
    """The instructions ``after`` adds to ``before``'s."""
    kept = getattr(before, "instructions", ())
    fresh = getattr(after, "instructions", ())
    return fresh[len(kept):] if fresh[:len(kept)] == kept else fresh
