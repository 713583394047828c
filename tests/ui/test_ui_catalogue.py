"""Every message key the UI code names exists in all four languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, LOCALE_DIR, catalogue, domains, parse_po
from companion.core.registry import all_games
from tests.catalogues import untranslated

UI_DIR = Path(__file__).resolve().parents[2] / "companion" / "ui"
KEY = re.compile(r'"((?:ui|core)\.[a-z_]+(?:\.[a-z_]+)+)"')
PREFIXED = re.compile(r'"ui\.settings\.text_[a-z]+"|"@core\.status\.')


def _ui_sources() -> list[Path]:
    return [path for path in UI_DIR.glob("*.py") if path.name != "diagnostics.py"]


def keys_named_in_code() -> set[str]:
    """Every literal ``ui.*``/``core.*`` key in the game-independent UI modules."""
    found: set[str] = set()
    for path in _ui_sources():
        found.update(KEY.findall(path.read_text(encoding="utf-8")))
    return found


def test_code_names_keys_at_all() -> None:
    keys = keys_named_in_code()
    assert "ui.bar.undo" in keys and "ui.home.delete" in keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_in_code_is_translated(lang: str) -> None:
    assert untranslated(lang, keys_named_in_code()) == []


@pytest.mark.parametrize("status", ["active", "finished", "archived"])
def test_game_statuses_shown_on_home_are_translated(status: str) -> None:
    for lang in LANGUAGES:
        assert catalogue(lang).get(f"core.status.{status}")




SCREEN_DOMAINS = [f"ui_{name}" for name in all_games() if f"ui_{name}" in domains()]
"""The catalogues of the games' own screens (``ui_<game>``)."""


@pytest.mark.parametrize("domain", SCREEN_DOMAINS)
def test_a_game_screen_catalogue_holds_only_its_own_keys(domain: str) -> None:
    english = parse_po((LOCALE_DIR / "en" / f"{domain}.po").read_text(encoding="utf-8"))
    assert english
    assert [key for key in english if not key.startswith(f"{domain}.")] == []
