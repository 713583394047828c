"""The action examples in docs/fuji-actions.md are real actions of the engine."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from companion.games.fuji.rules import HANDLERS
from companion.games.fuji.state import EQUIPMENT_CARDS

DOC = Path(__file__).resolve().parents[3] / "docs" / "fuji-actions.md"
EXAMPLE = re.compile(r'`(\{"type": [^`]*\})`')


def documented_actions() -> list[dict[str, Any]]:
    """Every inline JSON action example of the document."""
    return [json.loads(found) for found in EXAMPLE.findall(DOC.read_text(encoding="utf-8"))]


def test_every_example_parses_and_names_a_known_action() -> None:
    """Each example is JSON and its type is handled by the engine."""
    examples = documented_actions()
    assert examples
    assert {example["type"] for example in examples} <= set(HANDLERS)


def test_every_action_type_and_every_card_has_an_example() -> None:
    """No action type and no equipment card is left undocumented."""
    examples = documented_actions()
    assert {example["type"] for example in examples} == set(HANDLERS)
    cards = {ex["card"] for ex in examples if ex["type"] == "use_equipment"}
    assert cards == set(EQUIPMENT_CARDS)
