"""Every ``ui_caverna`` key the screens name exists in all four languages, alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, catalogue, parse_po
from tests.catalogues import untranslated

ROOT = Path(__file__).resolve().parents[3]
CODE = ROOT / "companion" / "ui" / "caverna"
LOCALE = ROOT / "companion" / "locale"
KEY = re.compile(r'"(?:@)?((?:ui_caverna|caverna|ui)\.[a-z_0-9]+(?:\.[a-z_0-9]+)+)"')
PREFIX = re.compile(r'f"(?:@)?(ui_caverna\.[a-z_.]+)\{')


def _code() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(CODE.glob("*.py")))


def _domain(lang: str) -> dict[str, str]:
    return parse_po((LOCALE / lang / "ui_caverna.po").read_text(encoding="utf-8"))


def test_the_code_names_keys() -> None:
    assert "ui_caverna.turn.end" in KEY.findall(_code())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_literal_key_is_translated(lang: str) -> None:
    assert untranslated(lang, KEY.findall(_code())) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_built_from_a_prefix_has_entries(lang: str) -> None:
    table = catalogue(lang)
    for prefix in set(PREFIX.findall(_code())):
        assert any(key.startswith(prefix) for key in table), prefix


def test_every_entry_is_used_by_the_screens() -> None:
    code = _code()
    unused = [key for key in _domain("en")
              if key not in code and not any(key.startswith(p) for p in PREFIX.findall(code))]
    assert unused == []
