"""Checking the message catalogues in tests."""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.i18n import catalogue


def untranslated(lang: str, keys: Iterable[str]) -> list[str]:
    """The ``keys`` that have no text in ``lang``'s catalogue, sorted."""
    table = catalogue(lang)
    return sorted(key for key in set(keys) if not table.get(key))
