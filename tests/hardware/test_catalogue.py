"""Every message key the hardware layer and the table buttons use exists in all four languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, LOCALE_DIR, parse_po

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *sorted((ROOT / "hardware").glob("*.py")),
    ROOT / "companion" / "core" / "table_buttons.py",
    ROOT / "companion" / "ui" / "diagnostics.py",
]
KEY = re.compile(r'"(hardware\.[a-z_]+\.[a-z_.]+)"')


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in SOURCES:
        if path.exists():
            keys.update(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def hardware_catalogue(lang: str) -> dict[str, str]:
    path = LOCALE_DIR / lang / "hardware.po"
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def test_sources_use_some_keys() -> None:
    assert len(used_keys()) > 20


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_used_key_is_translated(lang: str) -> None:
    table = hardware_catalogue(lang)
    missing = sorted(key for key in used_keys() if not table.get(key))
    assert missing == []


