"""How the effort bench plays Tikal: the set-up screen, and every action through the
rules' questions (``GAME.ask``) as the screens put them.

The driver taps the button that starts an action (the drawn hex is asked on the play
screen itself), then the answer the record gives to each question: a button, a seat
colour, a place on the map or the digits of the number pad.  What it cannot find is
left to the bench's search (see ``bench/effort.py``).
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
        """A new value whenever a turn begins: hexes drawn and the active seat; in the
        auction game, hexes revealed and hexes placed this round (one auction and the
        winner's actions make a turn)."""
        if state.variant == "auction":
            return (state.drawn, len(state.placed_this_round))
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
        tracking = record.setup.get("tracking", "full")
        if bench.top.setup.get("tracking", "full") != tracking:
            yield f"setup:tracking:{tracking}"
        yield "setup:start"

    def pick(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """The button that starts the action, then the answer the record gives to each
        question, on the open dialog, the play screen itself or the map."""
        from companion.ui.questions import QuestionDialog

        session = bench.app.session
        assert session is not None
        state = session.state
        dialog = bench.app.dialog
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
        if kind == "draw":
            if self._shown(bench, "tikal:draw:only"):
                return bench.find("tikal:draw:only")
            inline = scene.inline_state(state)  # type: ignore[attr-defined]
            if inline is None:
                return None
            question = scene.inline.question(inline[0])  # type: ignore[attr-defined]
            return None if question is None else self._answer(bench, question, action,
                                                              scene.inline)  # type: ignore[attr-defined]
        keys = {
            "end_turn": "tikal:end_turn", "reveal": "tikal:reveal", "pass": "tikal:pass",
            "choose": f"tikal:choose:{action.get('index')}",
        }
        if kind == "bid":
            prepared = scene.bid_amount(state)  # type: ignore[attr-defined]
            return bench.find("tikal:bid" if prepared == action.get("amount")
                              else "tikal:bid:pad")
        key = keys.get(kind, f"tikal:act:{kind}")
        return bench.find(key) if self._shown(bench, key) else None

    @staticmethod
    def _shown(bench: Bench, key: str) -> bool:
        """Whether a widget with ``key`` is drawn now."""
        return any(spot.widget.key == key for spot in bench.spots())

    def _answer(self, bench: Bench, question: Any, action: Mapping[str, Any],
                dialogue: Any) -> Spot | None:
        """The widget giving the record's answer (a digit on the pad, or the next page)."""
        from companion.ui.questions import answer_key

        value = answer_for(question.field, action)
        if value is None:
            return None
        if self._shown(bench, "pad:ok"):
            wanted, typed = str(value), dialogue.typed
            if typed == wanted:
                return bench.find("pad:ok")
            if not wanted.startswith(typed):
                return bench.find("pad:erase")
            return bench.find(f"pad:{wanted[len(typed)]}")
        for prefix in ("answer", "place"):
            key = f"{prefix}:{question.field}:{answer_key(value)}"
            if self._shown(bench, key):
                return bench.find(key)
        return bench.find("answers:next") if self._shown(bench, "answers:next") else None

    def positions(self, widget: Widget, action: Mapping[str, Any]
                  ) -> list[tuple[int, int]] | None:
        """Every widget is tapped at its centre."""
        return None

    def order(self, widget: Widget, action: Mapping[str, Any]) -> int:
        """Labels naming what the action names first."""
        return default_order(widget, action)


def answer_for(field: str, action: Mapping[str, Any]) -> Any:
    """The answer a recorded action gives to the question filling ``field`` (``None``:
    the record does not say, e.g. where a hex of an older record was laid)."""
    if field == "tile":
        return {key: action[key] for key in ("kind", "value", "masks") if key in action}
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


DRIVER = TikalDriver()
