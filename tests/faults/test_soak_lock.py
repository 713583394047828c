"""Power cuts while the write lock is held: the journal opens writable, nothing is set aside."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("soak", ROOT / "bench" / "soak.py")
assert _spec is not None and _spec.loader is not None
soak = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("soak", soak)
_spec.loader.exec_module(soak)


def test_cuts_while_holding_the_write_lock_lose_nothing(tmp_path: Path) -> None:
    cycles = 10
    result = soak.controller("tests.core.counting_game:GAME", cycles, seed=3, workdir=tmp_path,
                             hold_lock=True)
    assert result.problems == []
    assert result.cycles == result.killed_holding_lock == cycles
    assert result.acknowledged > 0
    assert not [p for p in tmp_path.iterdir() if ".damaged" in p.name]
