"""Frozen value classes that cost next to nothing to define.

``@dataclass(frozen=True)`` writes and compiles six methods for every class it decorates
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``),
about half a millisecond per class on a desktop and several on a Pi Zero 2 W.  For
modules that define many small classes and are imported at start-up, :class:`Value`
gives the same behaviour with methods shared by every subclass:

* the fields are the class's annotations, in order, after those of its bases; a value
  assigned in the class body is the field's default;
* ``__init__`` takes them by position or by keyword; a missing one without a default,
  an unknown keyword or too many arguments is a :class:`TypeError`;
* instances are frozen (:class:`dataclasses.FrozenInstanceError`), equal when of the
  same class with equal fields, hashed by their fields, shown as ``Name(field=value)``,
  and ``__match_args__`` lists the fields for ``match`` statements.

Type checkers see subclasses as frozen dataclasses (``dataclass_transform``).  The
:mod:`dataclasses` helpers (``fields``, ``replace``, ``asdict``) do not apply: use a
dataclass where those are needed.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import itemgetter
from typing import Any, ClassVar, dataclass_transform


@dataclass_transform(eq_default=True, frozen_default=True)
class Value:
    """Base of a frozen value class; see the module documentation."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _getter: ClassVar[Callable[[dict[str, Any]], tuple[Any, ...]]]
    _names: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Collect the subclass's fields (its own annotations) and their defaults."""
        super().__init_subclass__(**kwargs)
        own = tuple(name for name, kind in inspect.get_annotations(cls).items()
                    if not str(kind).startswith(("ClassVar", "typing.ClassVar")))
        cls._fields = names = (*cls._fields, *own)
        type.__setattr__(cls, "__match_args__", cls._fields)
        cls._defaults = {
            **cls._defaults, **{name: cls.__dict__[name] for name in own if name in cls.__dict__}}
        cls._getter = staticmethod(_tuple_getter(names))
        cls._names = frozenset(names)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Set every field from ``args`` (in field order) and ``kwargs``, else its default."""
        names = self._fields
        own = self.__dict__
        given = len(args)
        if not kwargs and given == len(names):
            own.update(zip(names, args, strict=True))
            return
        if (given > len(names) or not kwargs.keys() <= self._names
                or not kwargs.keys().isdisjoint(names[:given])):
            self._init_checked(args, kwargs)
            return
        own.update(zip(names, args, strict=False))
        own.update(kwargs)
        if len(own) < len(names):
            defaults = self._defaults
            for name in names[given:]:
                if name not in own:
                    if name not in defaults:
                        own.clear()
                        self._init_checked(args, kwargs)
                        return
                    own[name] = defaults[name]

    def _init_checked(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """The general case of :meth:`__init__`, with the errors a dataclass would raise."""
        names = self._fields
        title = type(self).__qualname__
        if len(args) > len(names):
            raise TypeError(f"{title}() takes {len(names)} positional arguments "
                            f"but {len(args)} were given")
        given = dict(zip(names, args, strict=False))
        for name, value in kwargs.items():
            if name not in names:
                raise TypeError(f"{title}() got an unexpected keyword argument {name!r}")
            if name in given:
                raise TypeError(f"{title}() got multiple values for argument {name!r}")
            given[name] = value
        missing = [name for name in names if name not in given and name not in self._defaults]
        if missing:
            raise TypeError(f"{title}() missing required argument: {missing[0]!r}")
        self.__dict__.update((name, given[name] if name in given else self._defaults[name])
                             for name in names)

    def _values(self) -> tuple[Any, ...]:
        return type(self)._getter(self.__dict__)

    def __eq__(self, other: object) -> bool:
        """Equal to a value of exactly the same class with equal fields."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        return self._values() == other._values()

    def __hash__(self) -> int:
        """The hash of the fields (an unhashable field makes the value unhashable)."""
        return hash(self._values())

    def __repr__(self) -> str:
        """``Name(field=value, ...)``, like a dataclass."""
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        """Refuse: values are frozen."""
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        """Refuse: values are frozen."""
        raise FrozenInstanceError(f"cannot delete field {name!r}")


def _tuple_getter(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """A function reading the fields ``names`` from an instance dictionary, as a tuple."""
    if len(names) >= 2:
        return itemgetter(*names)
    if names:
        name = names[0]
        return lambda own: (own[name],)
    return lambda own: ()
