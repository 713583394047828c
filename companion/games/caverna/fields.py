"""Reading the fields of an action (plain JSON data), refusing malformed ones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.caverna.cave import Edge, Pos, edge


def field(action: Mapping[str, Any], key: str) -> Any:
    """Return ``action[key]``, refusing an action that lacks it."""
    if key not in action:
        raise IllegalActionError("caverna.error.missing_field", field=key)
    return action[key]


def text(action: Mapping[str, Any], key: str) -> str:
    """Return a string field of ``action``."""
    value = field(action, key)
    if not isinstance(value, str):
        raise IllegalActionError("caverna.error.bad_field", field=key)
    return value


def optional_text(action: Mapping[str, Any], key: str) -> str:
    """Return a string field of ``action``, or ``""`` when it is absent."""
    return text(action, key) if key in action else ""


def whole(action: Mapping[str, Any], key: str, default: int | None = None) -> int:
    """Return a whole-number field of ``action`` (``default`` when absent, if given)."""
    if key not in action and default is not None:
        return default
    value = field(action, key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalActionError("caverna.error.bad_field", field=key)
    return value


def position(value: Any, key: str = "space") -> Pos:
    """Read a ``[row, col]`` position."""
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str)
        or len(value) != 2
        or not all(isinstance(part, int) and not isinstance(part, bool) for part in value)
    ):
        raise IllegalActionError("caverna.error.bad_field", field=key)
    return (int(value[0]), int(value[1]))


def border(value: Any, key: str = "between") -> Edge:
    """Read a ``[[row, col], [row, col]]`` pair of neighbouring positions."""
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise IllegalActionError("caverna.error.bad_field", field=key)
    return edge(position(value[0], key), position(value[1], key))


def goods_map(value: Any, key: str) -> dict[str, int]:
    """Read a ``{"good": amount}`` object."""
    if not isinstance(value, Mapping):
        raise IllegalActionError("caverna.error.bad_field", field=key)
    result: dict[str, int] = {}
    for good, amount in value.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise IllegalActionError("caverna.error.bad_field", field=key)
        result[str(good)] = amount
    return result


def as_entered(action: Mapping[str, Any]) -> dict[str, Any]:
    """``action`` as the screens enter it: a room turned face up by a dig or from the
    pile is not named there (it is named when it is furnished), nor is the tile a round
    turns up (it is named when it is taken)."""
    entered = {key: value for key, value in action.items()
               if not (key == "room" and action["type"] == "draw_pile")
               and not (key == "tile" and action["type"] == "reveal")}
    if "digs" in entered:
        entered["digs"] = [{"space": dig["space"]} for dig in entered["digs"]]
    if "dig" in entered:
        entered["dig"] = {"space": entered["dig"]["space"]}
    return entered
