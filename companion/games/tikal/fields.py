"""Reading typed fields out of JSON actions, refusing malformed ones with a reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.messages import IllegalActionError


def int_field(action: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """Return ``action[name]`` as an int within ``low..high`` or refuse the action."""
    value = action.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalActionError("tikal.error.bad_field", field=name)
    if not low <= value <= high:
        raise IllegalActionError("tikal.error.out_of_range", field=name, low=low, high=high)
    return value


def choice_field(action: Mapping[str, Any], name: str, options: tuple[str, ...]) -> str:
    """Return ``action[name]`` if it is one of ``options``, else refuse the action."""
    value = action.get(name)
    if not isinstance(value, str) or value not in options:
        raise IllegalActionError("tikal.error.bad_choice", field=name, options=", ".join(options))
    return value


def piece_field(action: Mapping[str, Any]) -> str:
    """Return the moved piece, ``worker`` (the default) or ``leader``."""
    if "piece" not in action:
        return "worker"
    return choice_field(action, "piece", ("worker", "leader"))
