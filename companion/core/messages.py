"""Translatable messages and the typed error raised for illegal actions.

Rules never produce finished sentences.  They produce a :class:`Msg` — a catalogue
key plus parameters — and the screen translates it at draw time, so switching the
language re-labels everything, including the history stored in the journal.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

ParamValue = str | int | float | bool | None
"""A value that may fill a placeholder in a message."""


@dataclass(frozen=True)
class Msg:
    """A message key with its placeholder values, translated only when shown."""

    key: str
    """Catalogue key, e.g. ``"chess.error.king_in_check"``."""
    params: Mapping[str, ParamValue] = field(default_factory=dict)
    """Values for the ``{name}`` placeholders of the translated text."""

    def to_json(self) -> dict[str, Any]:
        """Return the message as plain JSON data."""
        return {"key": self.key, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        """Rebuild a message written by :meth:`to_json`."""
        return cls(str(data["key"]), dict(data.get("params", {})))

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.params.items()))))


def msg(key: str, **params: ParamValue) -> Msg:
    """Build a :class:`Msg` from a key and keyword parameters."""
    return Msg(key, params)


COUNTED_MARK = "#"
"""Separates the key and the number in a counted parameter (``@key#3``)."""


def counted(key: str, count: int | str) -> str:
    """A parameter that is itself a counted message: ``key`` translated with ``count`` as
    its ``{count}``, in the plural form that number asks for ("2 kamienie", "5 kamieni").
    ``count`` may carry a sign ("+2", "−1")."""
    return f"@{key}{COUNTED_MARK}{count}"


class IllegalActionError(ValueError):
    """An action the rules refuse; the state it was applied to stays unchanged."""

    def __init__(self, key: str, **params: ParamValue) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.message = Msg(key, params)
        """What to tell the players, as a translatable message."""

    @property
    def key(self) -> str:
        """The catalogue key of the reason."""
        return self.message.key

    @property
    def params(self) -> Mapping[str, ParamValue]:
        """The placeholder values of the reason."""
        return self.message.params


class SetupError(IllegalActionError):
    """A game set-up that cannot be played (wrong player count, broken map, ...)."""


def require_distinct(values: Sequence[Hashable], key: str) -> None:
    """Raise :class:`SetupError` ``key`` when a value stands twice in ``values``."""
    if len(set(values)) != len(values):
        raise SetupError(key)


class RecordError(ValueError):
    """A game record or saved game that cannot be read or replayed."""

    def __init__(self, key: str, cause: Msg | None = None, **params: ParamValue) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.message = Msg(key, params)
        """What to tell the user, as a translatable message."""
        self.cause = cause
        """The rules' own reason, when a step of the record was refused."""
