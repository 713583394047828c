"""Writing a Fuji state as plain JSON data (for replays and bug reports)."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from companion.core.messages import Msg
from companion.games.fuji.state import State


def to_json(value: Any) -> Any:
    """Turn model values into JSON data: lists for tuples, sorted lists for sets."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, frozenset | set):
        return sorted(to_json(item) for item in value)
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    return value


def state_to_json(state: State) -> dict[str, Any]:
    """Describe ``state`` as plain JSON data."""
    data = to_json(state)
    assert isinstance(data, dict)
    return data
