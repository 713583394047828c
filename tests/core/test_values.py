"""Value classes behave like frozen dataclasses with the same fields."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.values import Value


class Move(Value):
    """A value with a required field and a default."""

    seat: int
    """Required."""
    kind: str = "press"
    """Has a default."""


@dataclasses.dataclass(frozen=True)
class MoveData:
    """The same fields as a frozen dataclass, to compare with."""

    seat: int
    kind: str = "press"


class Empty(Value):
    """A value without fields."""


class Other(Value):
    """Another class without fields: never equal to :class:`Empty`."""


class Held(Move):
    """A subclass adds its own field after the inherited ones."""

    seconds: float = 0.0
    """Added field."""


def _renamed(text: str) -> str:
    return text.replace("MoveData(", "Move(")


@given(st.integers(), st.text(max_size=8), st.integers(), st.text(max_size=8))
def test_a_value_behaves_like_the_frozen_dataclass(
    seat: int, kind: str, other_seat: int, other_kind: str
) -> None:
    """Equality, hash, repr and match fields agree with ``@dataclass(frozen=True)``."""
    ours, theirs = Move(seat, kind=kind), MoveData(seat, kind=kind)
    ours_b, theirs_b = Move(other_seat, other_kind), MoveData(other_seat, other_kind)
    assert repr(ours) == _renamed(repr(theirs))
    assert (ours == ours_b) == (theirs == theirs_b)
    assert hash(ours) == hash(theirs)
    assert Move.__match_args__ == MoveData.__match_args__
    assert Move(seat) == Move(seat, "press") == Move(kind="press", seat=seat)


def test_a_value_is_frozen() -> None:
    """Assigning or deleting a field is refused as on a frozen dataclass."""
    move = Move(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.seat = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del move.kind
    assert move == Move(1, "press")


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        ((), {}, "missing required argument: 'seat'"),
        ((1, "a", 3), {}, "takes 2 positional arguments but 3 were given"),
        ((1,), {"colour": "red"}, "unexpected keyword argument 'colour'"),
        ((1,), {"seat": 2}, "multiple values for argument 'seat'"),
    ],
)
def test_wrong_arguments_are_refused(
    args: tuple[Any, ...], kwargs: dict[str, Any], words: str
) -> None:
    """Missing, surplus, unknown or doubled arguments raise :class:`TypeError`."""
    with pytest.raises(TypeError, match=words):
        Move(*args, **kwargs)


def test_classes_without_fields_differ_by_class() -> None:
    """Two field-less values are equal only within one class, as dataclasses are."""
    assert Empty() == Empty()
    assert Empty() != Other()
    assert repr(Empty()) == "Empty()"


def test_a_subclass_keeps_the_inherited_fields_first() -> None:
    """Inherited fields come first, then the subclass's own; a parent value differs."""
    held = Held(2, "long_press", 1.5)
    assert Held.__match_args__ == ("seat", "kind", "seconds")
    assert held == Held(seat=2, kind="long_press", seconds=1.5)
    assert held != Move(2, "long_press")
    match held:
        case Held(seat, kind, seconds):
            assert (seat, kind, seconds) == (2, "long_press", 1.5)


def test_unhashable_fields_make_an_unhashable_value() -> None:
    """A mapping field is compared by value but cannot be hashed, like a dataclass's."""

    class Action(Value):
        action: dict[str, int]

    assert Action({"a": 1}) == Action({"a": 1})
    with pytest.raises(TypeError):
        hash(Action({"a": 1}))


def test_copies_and_pickles_are_equal_values() -> None:
    """``copy`` and ``pickle`` round-trip a value (the app's values need not, but may)."""
    move = Move(3, "release")
    assert copy.copy(move) == move
    assert copy.deepcopy(move) == move
    assert pickle.loads(pickle.dumps(move)) == move


def test_a_dialog_made_on_show_is_made_once_when_first_read() -> None:
    """``show_made`` makes its dialog only when ``dialog`` is read, and keeps it."""
    from companion.ui.intents import ShowDialog, show_made
    from companion.ui.scene import Scene

    made: list[Scene] = []

    def make() -> Scene:
        made.append(Scene())
        return made[-1]

    intent = show_made(make)
    assert isinstance(intent, ShowDialog) and made == []
    assert intent == show_made(make) and hash(intent) == hash(show_made(make))
    assert intent.dialog is made[0] and intent.dialog is made[0] and len(made) == 1
    assert intent != show_made(lambda: Scene())
    with pytest.raises(AttributeError):
        _ = intent.seat  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        intent.dialog = Scene()  # type: ignore[misc]
