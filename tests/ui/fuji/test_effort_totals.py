"""The effort bench plays the Fuji record of a table typing totals through the screens."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

import effort  # type: ignore[import-not-found]  # noqa: E402


@cache
def _played() -> Any:
    """The bench's counts for the record of typed totals (played once)."""
    driver = effort.load_driver("fuji")
    return effort.play_record(ROOT / "examples" / "fuji" / "scenario-3-totals.json", driver)


def test_each_total_is_one_tap_and_the_journal_equals_the_record() -> None:
    """Every typed total costs one tap on its number; only the first total of a round
    also opens the dice screen (and, the first time, picks totals). The bench checks that
    the journal ends equal to the record."""
    counts = _played()
    taps = [(step["type"], count) for step, count in counts.per_step]
    typed = [count for kind, count in taps if kind == "set_movement_values"]
    assert typed and all(count >= 1 for count in typed)
    firsts = [index for index, (kind, _) in enumerate(taps) if kind == "set_movement_values"
              and taps[index - 1][0] != "set_movement_values"]
    extra = sum(typed) - len(typed)
    assert extra <= len(firsts) + 1  # one opening per round, one mode choice


def test_a_free_order_resolves_everyone_with_one_tap() -> None:
    """Rulebook, phase 5: players resolve one at a time "in an order the table chooses".
    In the first two rounds no order changes the game, so the tap of the last total
    resolves everyone around the table, no Resolve tap at all (the journal still holds one
    step each); in the third round the order changes how the game ends and each player is
    tapped."""
    taps = [(step["type"], step.get("player")) for step, _ in _played().per_step]
    rounds: list[list[Any]] = [[]]
    for kind, seat in taps:
        if kind == "set_destination" and rounds[-1] and rounds[-1][-1] != "dest":
            rounds.append([])
        rounds[-1].append("dest" if kind == "set_destination" else (kind, seat))
    tapped = [sum(1 for step in one if step != "dest" and step[0] == "resolve")
              for one in rounds]
    assert tapped == [0, 0, 0, 2]


def test_a_round_of_typed_totals_costs_at_most_twenty_inputs() -> None:
    """The table's target: three players typing totals spend at most 20 inputs a round on
    average (own totals first, only the totals that can still matter, a card one tap away,
    the eruption started by the tap that ends phase 5)."""
    rounds = list(_played().units.values())
    assert sum(rounds) / len(rounds) <= 20


def test_a_map_the_table_dealt_costs_at_most_ten_inputs() -> None:
    """The table deals its own shuffled cards: choosing that on the set-up screen and
    every card question asked in play together stay within ten inputs; the app's own
    deal costs none."""
    driver = effort.load_driver("fuji")
    counts = effort.play_record(ROOT / "examples" / "fuji" / "scenario-3-table-deals.json",
                                driver)
    found = driver.figures([counts, _played()])
    assert found["scenario-3-table-deals.json"]["map"] <= 10
    assert found["scenario-3-totals.json"]["map"] == 0


def test_on_a_flat_table_nothing_offered_is_refused() -> None:
    """On a flat table the shared column's phase reminder only shows a text with a way back;
    the bench must not count it as an offer the rules refuse, and nothing else offered on
    the flat screens (the seats' totals pads, the turned questions) may be refusable."""
    driver = effort.load_driver("fuji")
    counts = effort.play_record(ROOT / "examples" / "fuji" / "scenario-3-totals.json", driver,
                                "flat")
    assert counts.refusable_offers == 0
    assert counts.forced_questions == 0
