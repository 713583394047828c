"""Tikal history labels: who did what, in the players' language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.messages import Msg, msg
from companion.games.tikal.rules import HANDLERS, Action
from companion.games.tikal.state import TikalState

LABEL_DEFAULTS: Mapping[str, Mapping[str, str | int]] = {
    "bring": {"piece": "worker"},
    "camp_move": {"piece": "worker"},
    "move": {"piece": "worker"},
}
"""Fields an action may leave out, filled in so every label placeholder has a value."""


def label(before: TikalState, action: Action) -> Msg:
    """History label: who did what, e.g. "Ada uncovered a level of temple 5"."""
    kind = action.get("type")
    name = before.players[before.active].name
    if not isinstance(kind, str) or kind not in HANDLERS:
        return msg("tikal.label.unknown", player=name)
    params: dict[str, str | int] = {"player": name, **LABEL_DEFAULTS.get(kind, {})}
    for key, value in action.items():
        if key != "type":
            params[key] = _label_value(key, value, before)
    return Msg(f"tikal.label.{kind}", params)


def _label_value(key: str, value: object, before: TikalState) -> str | int:
    """A label parameter: words become catalogue keys, seats become names, lists their size."""
    if key == "piece" and isinstance(value, str):
        return f"@tikal.piece.{value}"
    if key == "kind" and isinstance(value, str):
        return f"@tikal.hex.{value}"
    if key == "with" and isinstance(value, int) and 0 <= value < len(before.players):
        return before.players[value].name
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence):
        return len(value)
    return str(value)
