"""Rewriting Tikal set-ups and actions of older data versions in today's format.

Version 1 to 2:

* a set-up that named no letter split used the companion's own guess (A2 B4 C5 D5 E6
  F7 G7); it now names that split, because the default became the published box's;
* a typed-in score named temples by value only; each entry now names the temple's hex.
  The old scoring screen listed every temple of the board in order, so each value is
  matched to the first temple of that value not yet named, as the board stood then.

Version 2 to 3:

* version 3 refuses a hex (other than a volcano) laid where only volcanoes touch it,
  and a lean treasure taken when every token laid on the treasure hexes is already held.
  A game with such a step is marked ``legacy_checks`` so those two checks stay off for
  it and it replays to the same end; every other game is left as it was.

Version 3 to 4:

* a lean game's treasure names the hex it comes from, so the hex loses its token and
  keeps the book's limit of two a turn; a turn takes three treasures at most (a fourth
  would cost 12 action points).  A lean game whose treasures name no hex, or with a step
  those limits refuse, is marked ``legacy_lean``: it keeps taking them as it did.

Version 4 to 5:

* a move may carry ``leader: true``: the leader goes with the workers, the same way, in
  one entry (each piece paying the stones).  Older entries mean what they meant, so the
  upgrade changes nothing; the version says that an older app cannot read such a move.

Every replay an upgrade makes runs today's rules with the checks of later versions off
(``REPLAY_AS_OLD``), so it sees the game as it was played.

A version 1 score naming a temple value that no temple of the board then showed cannot
be matched to a hex: today's rules would score it differently, so the record is refused
with a reason (``tikal.error.old_score_no_temple``) rather than replayed to another end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core.messages import IllegalActionError, SetupError
from companion.games.tikal.constants import FORMER_STAGE_SIZES
from companion.games.tikal.state import TikalState

DATA_VERSION = 5
"""The data format the Tikal rules read now."""

NEW_IN_3 = frozenset({"tikal.error.spot_behind_volcano", "tikal.error.no_treasure_hex",
                      "tikal.error.treasures_all_taken"})
"""Reasons the version 3 checks give that version 2 did not."""

NEW_IN_4 = frozenset({"tikal.error.treasure_hex_needed", "tikal.error.two_treasures",
                      "tikal.error.not_enough_points", "tikal.error.no_treasure_there"})
"""Reasons a lean treasure gets from version 4 that version 3 did not give it."""

REPLAY_AS_OLD: Mapping[str, bool] = {"legacy_checks": True, "legacy_lean": True}
"""Set-up marks that turn off every check added since data version 2."""

Setup = dict[str, Any]
Actions = list[dict[str, Any]]
Start = Callable[[Mapping[str, Any]], TikalState]
Apply = Callable[[TikalState, Mapping[str, Any]], TikalState]


def upgrade(setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], from_version: int,
            start: Start, apply: Apply) -> tuple[Setup, Actions]:
    """The set-up and actions of ``from_version`` in the format of ``from_version + 1``."""
    if from_version == 4:
        return dict(setup), [dict(action) for action in actions]
    if from_version == 3:
        return _legacy_lean(dict(setup), actions, start, apply), \
            [dict(action) for action in actions]
    if from_version == 2:
        return _legacy_checks(dict(setup), actions, start, apply), \
            [dict(action) for action in actions]
    if from_version != 1:
        return dict(setup), [dict(action) for action in actions]
    new_setup = dict(setup)
    if new_setup.get("stages") is None:
        new_setup["stages"] = dict(FORMER_STAGE_SIZES)
    return new_setup, _scores_by_hex(new_setup, actions, start, apply)


def _legacy_checks(setup: Setup, actions: Sequence[Mapping[str, Any]], start: Start,
                   apply: Apply) -> Setup:
    """``setup``, marked ``legacy_checks`` if one of ``actions`` is refused only by a check
    that version 3 added (replaying with today's rules until then)."""
    try:
        state = start({**setup, "legacy_lean": True})
        for action in actions:
            state = apply(state, action)
    except SetupError:
        return setup
    except IllegalActionError as error:
        if error.key in NEW_IN_3:
            return {**setup, "legacy_checks": True}
    return setup


def _legacy_lean(setup: Setup, actions: Sequence[Mapping[str, Any]], start: Start,
                 apply: Apply) -> Setup:
    """``setup``, marked ``legacy_lean`` for a lean game whose treasures name no hex or
    that takes one the version 4 limits refuse."""
    if setup.get("tracking") != "lean":
        return setup
    if any(action.get("type") == "take_treasure" and action.get("hex") is None
           for action in actions):
        return {**setup, "legacy_lean": True}
    try:
        state = start(setup)
        for action in actions:
            state = apply(state, action)
    except SetupError:
        return setup
    except IllegalActionError as error:
        if error.key in NEW_IN_4 and action.get("type") == "take_treasure":
            return {**setup, "legacy_lean": True}
    return setup


def _scores_by_hex(setup: Setup, actions: Sequence[Mapping[str, Any]], start: Start,
                   apply: Apply) -> Actions:
    """The actions with every score entry naming its temple's hex (replaying as it goes)."""
    result = [dict(action) for action in actions]
    try:
        state = start({**setup, **REPLAY_AS_OLD})
    except SetupError:
        return result
    for index, action in enumerate(result):
        if action.get("type") == "score":
            result[index] = _score_by_hex(state, action, index + 1)
        try:
            state = apply(state, result[index])
        except IllegalActionError:
            return result
    return result


def _score_by_hex(state: TikalState, action: Mapping[str, Any], step: int) -> dict[str, Any]:
    """One score action (step ``step`` of its record) with its value-only entries matched
    to the board's temples.

    An entry whose value no temple left to name shows is refused: dropping it, as the
    upgrade once did, replays the game to another score without a word.
    """
    raw = action.get("temples")
    if not isinstance(raw, list):
        return dict(action)
    named = {entry["hex"] for entry in raw if isinstance(entry, Mapping) and "hex" in entry}
    entries: list[Any] = []
    for entry in raw:
        if not isinstance(entry, Mapping) or "hex" in entry or "value" not in entry:
            entries.append(entry)
            continue
        match = next((hx.id for hx in state.hexes if hx.kind == "temple"
                      and hx.value == entry["value"] and hx.id not in named), None)
        if match is None:
            raise IllegalActionError("tikal.error.old_score_no_temple", step=step,
                                     value=entry["value"])
        named.add(match)
        moved = {key: value for key, value in entry.items() if key != "value"}
        entries.append({"hex": match, **moved})
    return {**action, "temples": entries}
