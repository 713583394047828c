"""The Tikal screens stay readable: no class in ``companion/ui/tikal`` grows past 600 lines
(the play screen is split along its seams: map and drags, auction panel, inline scoring)."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.ui.tikal

MOST_LINES = 600
"""The longest a class may be."""


def test_no_tikal_screen_class_is_over_600_lines() -> None:
    folder = Path(companion.ui.tikal.__file__).parent
    sizes = {}
    for path in sorted(folder.glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                sizes[f"{path.name}:{node.name}"] = node.end_lineno - node.lineno + 1
    assert "play.py:TikalPlayScene" in sizes
    assert {name: size for name, size in sizes.items() if size > MOST_LINES} == {}
