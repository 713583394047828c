"""How the effort bench plays Tikal: the set-up screen and the auction's revealed hexes.

Every other tap is found by the bench's search over the drawn widgets (see
``bench/effort.py``); this driver enters the set-up and the several hexes of an
auction round's reveal, which is too long a series for the search.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import Any

from effort import Bench, BenchError, Spot, default_order

from companion.core.record import GameRecord
from companion.ui.widgets import Widget

COLOURS_TRIED = 8
"""Most taps on a colour button before the bench gives up on reaching a colour."""


class TikalDriver:
    """Tikal: one input count per player's turn."""

    game = "tikal"
    unit_name = "turn"

    def unit(self, state: Any) -> Hashable:
        """Hexes drawn and the active seat: a new value whenever a turn begins."""
        return (state.drawn, state.active)

    def setup_taps(self, bench: Bench, record: GameRecord) -> Iterator[str | Spot]:
        """Players in seating order with their colours and names, and the variant."""
        wanted = list(record.setup["players"])
        while len(bench.top.setup["players"]) < len(wanted):
            yield "setup:add"
        while len(bench.top.setup["players"]) > len(wanted):
            yield f"setup:remove:{len(bench.top.setup['players']) - 1}"
        for seat, entry in enumerate(wanted):
            for _ in range(COLOURS_TRIED):
                if bench.top.setup["players"][seat]["colour"] == entry["colour"]:
                    break
                yield f"setup:colour:{seat}"
            else:
                raise BenchError(f"seat {seat + 1} cannot be given {entry['colour']}")
        for seat, entry in enumerate(wanted):
            yield f"setup:name:{seat}"
            bench.type_name(entry["name"])
        variant = record.setup.get("variant", "basic")
        if bench.top.setup["variant"] != variant:
            yield f"setup:variant:{variant}"
        yield "setup:start"

    def pick(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """The question dialog of the action's kind and its answers; the reveal dialog's
        hexes, then *Record*."""
        dialog = bench.app.dialog
        if type(dialog).__name__ == "StepDialog" and dialog.kind == action.get("type"):
            return self._answer(bench, dialog, action)
        if dialog is None and action.get("type") == "reveal":
            return bench.find("tikal:reveal")
        if dialog is None:
            return self._opener(bench, action)
        if action.get("type") != "reveal" or type(dialog).__name__ != "RevealDialog":
            return None
        from companion.ui.tikal.steps import next_step

        hexes = action["hexes"]
        entered = dialog.tiles
        if len(entered) >= len(hexes):
            return bench.find("reveal:record")
        session = bench.app.session
        assert session is not None
        step = next_step(session.state, "draw", dialog.answers)
        if step is None:
            return None
        wanted = hexes[len(entered)].get(step.field)
        for number, option in enumerate(step.options):
            if option.value == wanted:
                return bench.find(f"step:{step.field}:{number}")
        return None

    @staticmethod
    def _answer(bench: Bench, dialog: Any, action: Mapping[str, Any]) -> Spot | None:
        """The option of the dialog's question that the recorded action gives."""
        from companion.ui.tikal.steps import next_step

        session = bench.app.session
        assert session is not None
        step = next_step(session.state, dialog.kind, dialog.answers)
        if step is None or step.field not in action:
            return None
        for number, option in enumerate(step.options):
            if option.value == action[step.field]:
                return bench.find(f"step:{step.field}:{number}")
        return None

    @staticmethod
    def _opener(bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """The drawn button that opens the question dialog of the action's kind."""
        from companion.ui.intents import ShowDialog
        from companion.ui.widgets import Button

        for spot in bench.spots():
            widget = spot.widget
            if not isinstance(widget, Button) or not widget.enabled:
                continue
            for intent in widget.intents:
                if isinstance(intent, ShowDialog) and type(intent.dialog).__name__ == \
                        "StepDialog" and getattr(intent.dialog, "kind", None) == action.get("type"):
                    return spot
        return None

    def positions(self, widget: Widget, action: Mapping[str, Any]
                  ) -> list[tuple[int, int]] | None:
        """Every widget is tapped at its centre."""
        return None

    def order(self, widget: Widget, action: Mapping[str, Any]) -> int:
        """Labels naming what the action names first."""
        return default_order(widget, action)


DRIVER = TikalDriver()
