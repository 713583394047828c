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


SEEN_LABELS = frozenset({"bring", "camp_move", "move", "uncover", "take_treasure",
                         "build_camp", "place_guard"})
"""Actions whose label names their hexes as the table sees them (``tikal.seen.*``): by kind,
a temple by its number.  Older journals keep their ``tikal.label.*`` labels, which named
hexes by the order they were laid."""


def label(before: TikalState, action: Action) -> Msg:
    """History label: who did what, e.g. "Ada uncovers a level of temple 5"."""
    kind = action.get("type")
    name = before.players[before.active].name
    if not isinstance(kind, str) or kind not in HANDLERS:
        return msg("tikal.label.unknown", player=name)
    if kind in SEEN_LABELS:
        return seen_label(before, action, kind, name)
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


def seen_label(before: TikalState, action: Action, kind: str, name: str) -> Msg:
    """The label of an action on hexes, each hex named by what the table sees on it."""
    params: dict[str, str | int] = {"player": name}
    piece = action.get("piece", "worker")
    params["piece"] = f"@tikal.piece.{piece if piece in ('worker', 'leader') else 'worker'}"
    count = action.get("count", 1)
    params["count"] = count if isinstance(count, int) and not isinstance(count, bool) else 1
    for key in ("from", "to", "hex"):
        if key in action:
            params[key] = _seen_hex(before, action[key], key == "to" and kind == "bring")
    if kind in ("uncover", "place_guard"):
        params["temple"] = _temple_number(before, action.get("hex"))
    for key in ("kind", "stones"):
        if isinstance(action.get(key), int) and not isinstance(action.get(key), bool):
            params[key] = int(action[key])
    return Msg(f"tikal.seen.{kind}", params)


def _seen_hex(before: TikalState, value: object, entry: bool) -> str:
    """A hex as the table sees it: its kind, or the player's own camp (where pieces
    brought in enter, ``entry``)."""
    if not isinstance(value, int) or isinstance(value, bool) \
            or not 0 <= value < len(before.hexes):
        return "@tikal.seen.somewhere"
    hx = before.hexes[value]
    if hx.kind != "base" and (entry or hx.camp == before.active):
        return "@tikal.seen.camp"
    return f"@tikal.hex.{hx.kind}"


def _temple_number(before: TikalState, value: object) -> int | str:
    """The number on top of the temple on hex ``value`` before the action."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(before.hexes):
        return before.hexes[value].value
    return "?"
