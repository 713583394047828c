"""How the effort bench plays Caverna: the set-up screen, turns, and dig choices.

Every other tap is found by the bench's search over the drawn widgets (see
``bench/effort.py``); this driver only enters the set-up and names the spaces and
spaces of an excavation, which is too long a series for the search: one cavern is dug
by a tap on its space in the cave, two through the tile's option.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import Any

import pygame
from effort import Bench, Spot, default_order

from companion.core.record import GameRecord
from companion.games.caverna.setup import SOLO_DISPLAY_SIZE
from companion.ui.widgets import Widget


class CavernaDriver:
    """Caverna: one input count per turn (a tile taken, its options, the end of the turn)."""

    game = "caverna"
    unit_name = "turn"

    def unit(self, state: Any) -> Hashable:
        """Round and turns taken: a new value whenever the turn passes."""
        return (state.round, state.turns_taken)

    def setup_taps(self, bench: Bench, record: GameRecord) -> Iterator[str | Spot]:
        """Players (solo or two), their names, the start player and the solo display."""
        setup = record.setup
        names = list(setup["players"])
        if len(names) == 1:
            yield "setup:mode:solo"
            wanted = list(setup.get("display", []))[:SOLO_DISPLAY_SIZE]
            shown = list(bench.setup["display"])
            for room in [r for r in shown if r not in wanted]:
                yield f"setup:display:{room}"
            for room in [r for r in wanted if r not in shown]:
                yield f"setup:display:{room}"
        for seat, name in enumerate(names):
            yield f"setup:name:{seat}"
            bench.type_name(name)
        start = int(setup.get("start_player", 0))
        if len(names) > 1 and bench.setup["start_player"] != start:
            yield f"setup:start_player:{start}"
        yield "setup:start"

    def pick(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """In a dig picker, the next space of a recorded excavation."""
        if action.get("type") != "excavate":
            return None
        if bench.app.dialog is None:
            row, col = action["digs"][0]["space"]
            keys = {spot.widget.key: spot for spot in bench.spots()}
            on_cave = keys.get(f"caverna:cave:dig:{row}:{col}")
            if on_cave is not None and len(action["digs"]) == 1:
                return on_cave
            return _dig_opener(bench, len(action["digs"]))
        picker = getattr(bench.app.dialog, "picker", None)
        if picker is None or not hasattr(picker, "digs"):
            return None
        digs = action["digs"]
        done = len(picker.digs)
        if done >= len(digs):
            return None
        row, col = digs[done]["space"]
        return bench.find(f"dig:cell:{row}:{col}")

    def positions(self, widget: Widget, action: Mapping[str, Any]
                  ) -> list[tuple[int, int]] | None:
        """Every widget is tapped at its centre."""
        return None

    def order(self, widget: Widget, action: Mapping[str, Any]) -> int:
        """Labels naming what the action names first."""
        return default_order(widget, action)


def _dig_opener(bench: Bench, count: int) -> Spot | None:
    """The enabled option that opens a dig picker for ``count`` caverns."""
    from companion.ui.intents import ShowDialog
    from companion.ui.widgets import Button

    for spot in bench.spots():
        widget = spot.widget
        if not isinstance(widget, Button) or not widget.enabled:
            continue
        for intent in widget.intents:
            picker = getattr(intent.dialog, "picker", None) if isinstance(
                intent, ShowDialog) else None
            if type(getattr(intent, "dialog", None)).__name__ == "DigDialog" and \
                    picker is not None and picker.count == count:
                return spot

    return None


DRIVER = CavernaDriver()
_ = pygame
