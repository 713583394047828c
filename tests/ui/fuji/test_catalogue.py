"""Every text the Fuji screens show exists in all four languages with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES
from companion.games.fuji.state import CHARACTER_COLOURS, EQUIPMENT_CARDS, Phase, Skill, WoundSlot
from companion.ui.fuji import editor, equipment, setup
from tests.catalogues import keys_in_sources, untranslated

SOURCE = Path(editor.__file__).resolve().parent
LITERAL = re.compile(r'"(ui_fuji\.[a-z0-9_.]+[a-z0-9_])"')


def _literal_keys() -> set[str]:
    return keys_in_sources(SOURCE, LITERAL)


def _built_keys() -> set[str]:
    steps = {step for steps in equipment.CARD_STEPS.values() for step in steps}
    return {
        *(f"ui_fuji.phase.{phase.value}" for phase in Phase),
        *(f"ui_fuji.editor.tool_{tool}" for tool in editor.TOOLS),
        *(f"ui_fuji.setup.tab_{page}" for page in setup.PAGES),
        *(f"ui_fuji.equipment.step_{step}" for step in steps),
        *(f"ui_fuji.editor.combine_{combine}" for combine in ("or", "and")),
        *(f"ui_fuji.editor.die_{colour}" for colour in ("yellow", "blue", "pink")),
    }


def _borrowed_keys() -> set[str]:
    """Keys of the rules package the screens show."""
    return {
        *(f"fuji.reminder.{phase.value}" for phase in Phase),
        *(f"fuji.skill.{skill.value}" for skill in Skill),
        *(f"fuji.colour.{colour}" for colour in CHARACTER_COLOURS),
        *(f"fuji.wound.{slot.value}" for slot in WoundSlot),
        *(f"fuji.equipment.{card}" for card in EQUIPMENT_CARDS),
        *(f"fuji.equipment.{card}.help" for card in EQUIPMENT_CARDS),
    }


def test_source_keys_were_found() -> None:
    assert len(_literal_keys()) > 50


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_translated(lang: str) -> None:
    assert untranslated(lang, _literal_keys() | _built_keys() | _borrowed_keys()) == []
