"""Reading the fields of an action, refusing malformed ones with a translated reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.game import Action
from companion.core.messages import IllegalActionError
from companion.games.fuji.state import OPEN_DICE_SEAT, Die, DieColour, Player, Position, State


def seat_of(state: State, action: Action, key: str = "player") -> int:
    """Return the seat named by ``action[key]``; refuse an unknown seat."""
    seat = action.get(key)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise IllegalActionError("fuji.error.bad_field", field=key)
    if not 0 <= seat < len(state.players):
        raise IllegalActionError("fuji.error.no_such_player", seat=seat)
    return seat


def holder_of(state: State, action: Action, key: str = "player") -> int:
    """Like :func:`seat_of`, also accepting the open dice set of variant A."""
    if action.get(key) == OPEN_DICE_SEAT and state.open_dice is not None:
        return OPEN_DICE_SEAT
    return seat_of(state, action, key)


def acting_player(state: State, action: Action) -> Player:
    """Return the player named by ``action["player"]``."""
    return state.players[seat_of(state, action)]


def position_of(action: Action, key: str = "cell") -> Position:
    """Return the ``[row, col]`` position in ``action[key]`` as a tuple."""
    return read_position(action.get(key), key)


def read_position(value: Any, key: str) -> Position:
    """Read one ``[row, col]`` list; refuse anything else."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise IllegalActionError("fuji.error.bad_field", field=key)
    row, col = value
    if not _is_int(row) or not _is_int(col):
        raise IllegalActionError("fuji.error.bad_field", field=key)
    return (int(row), int(col))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_COLOURS = frozenset(colour.value for colour in DieColour)
"""The colour names a die entry may use."""


def read_dice(value: Any) -> tuple[Die, ...]:
    """Read ``[[colour, value], ...]``; refuse unknown colours and values outside 1-6."""
    if not isinstance(value, list | tuple):
        raise IllegalActionError("fuji.error.bad_field", field="dice")
    dice = []
    for entry in value:
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise IllegalActionError("fuji.error.bad_field", field="dice")
        colour, number = entry
        if not isinstance(colour, str) or colour not in _COLOURS:
            raise IllegalActionError("fuji.error.bad_die_colour", colour=str(colour))
        if not _is_int(number) or not 1 <= number <= 6:
            raise IllegalActionError("fuji.error.bad_die_value", value=str(number))
        dice.append(Die(DieColour(colour), int(number)))
    return tuple(dice)


def read_int(action: Action, key: str, default: int | None = None) -> int:
    """Return the integer ``action[key]`` (or ``default`` when absent)."""
    value = action.get(key, default)
    if not _is_int(value):
        raise IllegalActionError("fuji.error.bad_field", field=key)
    assert isinstance(value, int)
    return value


def read_mapping(action: Action, key: str) -> Mapping[str, Any]:
    """Return the object ``action[key]``; refuse anything else."""
    value = action.get(key)
    if not isinstance(value, Mapping):
        raise IllegalActionError("fuji.error.bad_field", field=key)
    return value
