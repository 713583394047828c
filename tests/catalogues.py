"""Checking the message catalogues in tests."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from companion.core.i18n import catalogue


def untranslated(lang: str, keys: Iterable[str]) -> list[str]:
    """The ``keys`` that have no text in ``lang``'s catalogue, sorted."""
    table = catalogue(lang)
    return sorted(key for key in set(keys) if not table.get(key))


def keys_in_sources(folder: Path, pattern: re.Pattern[str]) -> set[str]:
    """Every key ``pattern`` finds in the Python files of ``folder``."""
    found: set[str] = set()
    for path in folder.glob("*.py"):
        found.update(pattern.findall(path.read_text(encoding="utf-8")))
    return found
