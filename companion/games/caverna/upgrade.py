"""Stored Caverna games in older data formats, rewritten so they replay to the same end.

Version 1 set-ups without a ``cave`` were played on the stand-in board, and their
Junction room took any three goods.  Version 2 makes the printed board and the printed
Junction room (three different goods) the defaults, so the upgrade writes the old
choices into old set-ups explicitly.

Version 3 no longer names the room a dig or the solo pile turns face up: the display
counts it as unnamed, and it is named when it is furnished.  Nor does it name the tile
a round turns up: it is named when a player takes it.  A version 2 dig, pile room or
reveal that names its room or tile still means the same in version 3 (it joins the
display or the face-up tiles by name), so version 2 actions are kept as they are and
replay to the same end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.caverna.cave import LEGACY_LAYOUT

DATA_VERSION = 3
"""The set-up and action format the rules read now."""

LEGACY_JUNCTION = "any"
"""The Junction room reading every version 1 game was played with."""


def upgrade(
    setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], from_version: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Rewrite ``setup`` and ``actions`` of ``from_version`` into the next version."""
    new_setup = dict(setup)
    if from_version == 1:
        new_setup.setdefault("cave", list(LEGACY_LAYOUT))
        rules = new_setup.get("tile_rules", {})
        if isinstance(rules, Mapping):
            new_setup["tile_rules"] = {"junction_goods": LEGACY_JUNCTION, **rules}
    return new_setup, [dict(action) for action in actions]
