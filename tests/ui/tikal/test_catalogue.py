"""Every text the Tikal screens show exists in all four languages with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, LOCALE_DIR, parse_po
from companion.games.tikal.constants import COLOURS, HEX_KINDS, TRACKING
from companion.games.tikal.questions import LEAN_TYPES, PHASE_TYPES
from companion.ui.tikal import panels, play
from companion.ui.tikal.view import ACTION_COSTS
from tests.catalogues import keys_in_sources, untranslated

SOURCE = Path(play.__file__).resolve().parent
LITERAL = re.compile(r'"(ui_tikal\.[a-z0-9_.]+[a-z0-9_])"')


def _literal_keys() -> set[str]:
    return keys_in_sources(SOURCE, LITERAL)


def _built_keys() -> set[str]:
    kinds = {kind for kind, _ in ACTION_COSTS} | {
        kind for kind in PHASE_TYPES["actions"] if kind != "end_turn"} | {"draw"}
    return {
        *(f"ui_tikal.action.{kind}" for kind in kinds),
        *(f"ui_tikal.tab.{tab}" for tab in (*panels.INFO_TABS, *panels.PHASE_TABS)),
        *(f"ui_tikal.kind.{kind}" for kind in HEX_KINDS),
        *(f"ui_tikal.setup.tracking_{tracking}" for tracking in TRACKING),
        *(f"ui_tikal.lean.{kind}" for kind in sorted(LEAN_TYPES - {"end_turn"})),
        *(f"ui_tikal.round.{status}" for status in ("done", "now", "waiting")),
        *(f"ui_tikal.title.scoring_{kind}" for kind in ("volcano", "final")),
        *(f"ui_tikal.score.title_{kind}" for kind in ("volcano", "final")),
    }


def _borrowed_keys() -> set[str]:
    """Keys of the rules package the screens show."""
    return {
        *(f"tikal.colour.{colour}" for colour in COLOURS),
        *(f"tikal.variant.{variant}" for variant in ("basic", "auction")),
        *(f"tikal.phase.{phase}" for phase in ("draw", "reveal", "auction", "choose", "actions",
                                               "finished")),
        "tikal.scoring.volcano", "tikal.scoring.final",
    }


def test_source_keys_were_found() -> None:
    assert len(_literal_keys()) > 70


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_translated(lang: str) -> None:
    assert untranslated(lang, _literal_keys() | _built_keys() | _borrowed_keys()) == []



def test_no_unused_keys() -> None:
    english = set(parse_po((LOCALE_DIR / "en" / "ui_tikal.po").read_text(encoding="utf-8")))
    assert english <= _literal_keys() | _built_keys()
