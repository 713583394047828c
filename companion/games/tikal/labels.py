"""Tikal history labels: who did what, in the players' language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.messages import Msg, ParamValue, counted, msg
from companion.games.tikal.likeness import ALL_KINDS, holders_words, holding
from companion.games.tikal.rules import HANDLERS, Action
from companion.games.tikal.state import TikalState
from companion.games.tikal.where import field_params, temple_place

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
    if kind in TREASURE_LABELS:
        return TREASURE_LABELS[kind](before, action, name)
    if kind in SEEN_LABELS:
        return seen_label(before, action, kind, name)
    if kind == "draw":
        return draw_label(action, name)
    if kind == "choose":
        return _choose_label(before, action, name)
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
    where = _twin_place(before, action.get("hex")) if kind in ("uncover", "place_guard") else None
    if where is not None:
        return Msg(f"tikal.seen.{kind}_at", {**params, **where})
    if kind == "move" and action.get("leader") is True:
        return Msg("tikal.seen.move_with_leader", params)
    return Msg(f"tikal.seen.{kind}", params)


def take_label(before: TikalState, action: Action, name: str) -> Msg:
    """A treasure taken, named by who already held its like ("a treasure like Bo's")."""
    kind = action.get("kind")
    if not isinstance(kind, int) or isinstance(kind, bool) or not 1 <= kind <= len(ALL_KINDS):
        return msg("tikal.seen.take_treasure_new", player=name)
    if not any(holding(before, kind)):
        return msg("tikal.seen.take_treasure_new", player=name)
    return msg("tikal.seen.take_treasure_like", player=name,
               holders=holders_words(before, kind))


def exchange_label(before: TikalState, action: Action, name: str) -> Msg:
    """A swap of single treasures, naming the other player."""
    other = action.get("with")
    if isinstance(other, int) and not isinstance(other, bool) \
            and 0 <= other < len(before.players):
        return msg("tikal.seen.exchange", player=name, other=before.players[other].name)
    return msg("tikal.label.unknown", player=name)


TREASURE_LABELS = {"take_treasure": take_label, "exchange": exchange_label}
"""Treasure actions, labelled without the kind numbers the table cannot see."""


def draw_label(action: Action, name: str) -> Msg:
    """The drawn hex as the table sees it: a temple with its number, a treasure hex with
    its masks, and the field it was laid on (counted from the base camp) when known."""
    tile = _seen_tile(action)
    if tile is None:
        return msg("tikal.label.draw", player=name, kind=f"@tikal.hex.{action.get('kind')}")
    return _laid_label("draw", name, tile, action.get("at"))


def _choose_label(before: TikalState, action: Action, name: str) -> Msg:
    """The revealed hex the auction's winner takes, as the table sees it, and its field."""
    index = action.get("index")
    if not isinstance(index, int) or isinstance(index, bool) \
            or not 0 <= index < len(before.revealed):
        return msg("tikal.label.choose", player=name)
    chosen = before.revealed[index]
    tile = _seen_tile({"kind": chosen.kind, "value": chosen.value, "masks": chosen.masks})
    if tile is None:
        return msg("tikal.label.choose", player=name)
    return _laid_label("choose", name, tile, action.get("at"))


def _laid_label(kind: str, name: str, tile: str, at: object) -> Msg:
    """``tikal.seen.<kind>``, with ``_at`` and the field's words when ``at`` names one."""
    params: dict[str, ParamValue] = {"player": name, "tile": tile}
    place = tuple(at) if isinstance(at, (list, tuple)) and len(at) == 2 else None
    where = field_params(place) if place is not None else None
    if where is None:
        return Msg(f"tikal.seen.{kind}", params)
    return Msg(f"tikal.seen.{kind}_at", {**params, **where})


def _seen_tile(action: Action) -> str | None:
    """The drawn tile's words (``None``: a kind the labels do not know)."""
    kind = action.get("kind")
    if kind == "temple":
        return counted("tikal.seen.temple_tile", int(action.get("value", 0)))
    if kind == "treasure":
        return counted("tikal.seen.treasure_tile", int(action.get("masks", 0)))
    if kind in ("jungle", "volcano"):
        return f"@tikal.seen.{kind}_tile"
    return None


def _seen_hex(before: TikalState, value: object, entry: bool) -> str:
    """A hex as the table sees it: its kind (a temple with its number), or the player's
    own camp (where pieces brought in enter, ``entry``)."""
    if not isinstance(value, int) or isinstance(value, bool) \
            or not 0 <= value < len(before.hexes):
        return "@tikal.seen.somewhere"
    hx = before.hexes[value]
    if hx.kind != "base" and (entry or hx.camp == before.active):
        return "@tikal.seen.camp"
    if hx.kind == "temple":
        return counted("tikal.seen.temple_hex", hx.value)  # the number on top of it
    return f"@tikal.hex.{hx.kind}"


def _temple_number(before: TikalState, value: object) -> int | str:
    """The number on top of the temple on hex ``value`` before the action."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(before.hexes):
        return before.hexes[value].value
    return "?"


def _twin_place(before: TikalState, value: object) -> dict[str, ParamValue] | None:
    """Where the temple on hex ``value`` lies, when another temple shows its number."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(before.hexes) \
            and before.hexes[value].kind == "temple":
        return temple_place(before, before.hexes[value])
    return None
