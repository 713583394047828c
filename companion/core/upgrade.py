"""Stored games keep replaying when a game's set-up or action format changes.

A game whose data format has changed declares ``data_version`` (an int, 1 when absent)
and ``upgrade(setup, actions, from_version)``, which returns the set-up and actions of
``from_version`` rewritten in the format of ``from_version + 1``.  The version a game
was stored in travels inside its set-up under :data:`VERSION_KEY`, so journals, exported
records and example files all carry it; a set-up without it is version 1.

An upgrade must leave data that is already in the newer format unchanged, because a
journal game resumed after an update keeps its old actions and appends new ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.messages import IllegalActionError

VERSION_KEY = "data_version"
"""The set-up field that records which data format of its game a set-up was written in."""


def data_version_of(game: object) -> int:
    """The data format the rules read now (1 for a game that never changed its format)."""
    version = getattr(game, "data_version", 1)
    return version if isinstance(version, int) and version >= 1 else 1


def stamped(game: object, setup: Mapping[str, Any]) -> dict[str, Any]:
    """``setup`` marked with the game's current data version, as it is stored."""
    return {**setup, VERSION_KEY: data_version_of(game)}


def stored_version(setup: Mapping[str, Any]) -> int:
    """The data version a stored set-up was written in."""
    version = setup.get(VERSION_KEY, 1)
    if type(version) is not int or version < 1:
        raise IllegalActionError("core.error.bad_action", detail=VERSION_KEY)
    return version


def current(
    game: object, setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The stored set-up (without its version mark) and actions in today's format.

    Raises :class:`IllegalActionError` for data written by a newer version of the game.
    """
    version = stored_version(setup)
    newest = data_version_of(game)
    if version > newest:
        raise IllegalActionError("core.error.record_too_new", version=version, supported=newest)
    plain = {key: value for key, value in setup.items() if key != VERSION_KEY}
    moved = [dict(action) for action in actions]
    upgrade = getattr(game, "upgrade", None)
    while version < newest:
        if upgrade is None:
            raise IllegalActionError("core.error.record_too_new", version=version,
                                     supported=newest)
        plain, moved = upgrade(plain, moved, version)
        version += 1
    return plain, moved
