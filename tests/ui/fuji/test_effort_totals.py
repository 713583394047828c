"""The effort bench plays the Fuji record of a table typing totals through the screens."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

import effort  # type: ignore[import-not-found]  # noqa: E402


def test_each_total_is_one_tap_and_the_journal_equals_the_record() -> None:
    """Every typed total costs one tap on its number; only the first total of a round
    also opens the dice screen (and, the first time, picks totals). The bench checks that
    the journal ends equal to the record."""
    driver = effort.load_driver("fuji")
    counts = effort.play_record(ROOT / "examples" / "fuji" / "scenario-3-totals.json", driver)
    taps = [(step["type"], count) for step, count in counts.per_step]
    typed = [count for kind, count in taps if kind == "set_movement_values"]
    assert typed and all(count >= 1 for count in typed)
    firsts = [index for index, (kind, _) in enumerate(taps) if kind == "set_movement_values"
              and taps[index - 1][0] != "set_movement_values"]
    extra = sum(typed) - len(typed)
    assert extra <= len(firsts) + 1  # one opening per round, one mode choice
