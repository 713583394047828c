"""The effort bench plays every Fuji record the way the app enters dice by default:
typed totals, derived from each record's dice; die by die stays a figure of its own."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

import effort  # type: ignore[import-not-found]  # noqa: E402
import effort_fuji  # type: ignore[import-not-found]  # noqa: E402

from companion.core.record import expectation_mismatches, load_record  # noqa: E402
from companion.games.fuji import GAME  # noqa: E402
from companion.games.fuji.queries import owed_totals  # noqa: E402

EXAMPLES = ROOT / "examples" / "fuji"
DICE_RECORDS = sorted(path.name for path in EXAMPLES.glob("*.json")
                      if '"set_dice"' in path.read_text(encoding="utf-8"))


@cache
def _played(name: str, way: str | None) -> Any:
    """The bench's counts for one record entered ``way`` (``None``: the default)."""
    return effort.play_record(EXAMPLES / name, effort.load_driver("fuji"), way=way)


def test_the_dice_of_a_game_give_the_totals_record_of_the_same_game() -> None:
    """scenario-3 and scenario-3-totals are one game entered both ways: the totals the
    bench derives from the dice are exactly the totals the table typed."""
    typed = effort_fuji.table_record(load_record(EXAMPLES / "scenario-3.json"), "totals")
    kept = effort_fuji.table_record(load_record(EXAMPLES / "scenario-3-totals.json"), "totals")
    assert typed is not None and kept is not None
    assert typed.actions == kept.actions


@pytest.mark.parametrize("name", DICE_RECORDS)
def test_each_dice_record_types_the_owed_totals_and_ends_the_same(name: str) -> None:
    """No die is entered; every typed total is the one the screens ask next
    (``owed_totals``), and the game meets the record's expected end."""
    record = effort_fuji.table_record(load_record(EXAMPLES / name), "totals")
    assert record is not None
    state = GAME.new_state(record.setup)
    for action in record.actions:
        assert action["type"] not in ("set_dice", "enter_die")
        if action["type"] == "set_movement_values":
            ((holder, row),) = action["values"].items()
            ((seat, _),) = row.items()
            assert owed_totals(state)[0] == (int(holder), int(seat))
        state = GAME.apply(state, action)
    assert not owed_totals(state)
    assert expectation_mismatches(GAME, state, record.expect) == []


def test_a_record_of_typed_totals_has_no_die_by_die_play() -> None:
    """A record typed as totals holds no dice to enter one by one."""
    record = load_record(EXAMPLES / "scenario-3-totals.json")
    assert effort_fuji.table_record(record, "dice") is None


def test_by_default_a_dice_record_is_played_as_typed_totals_within_the_target() -> None:
    """The app's default entry is typed totals: the three-player dice record of scenario 3
    costs at most 20 inputs a round that way, nothing forced or refusable; entering each
    die stays its own, higher figure."""
    default = _played("scenario-3.json", None)
    assert not any(step["type"] in ("set_dice", "enter_die") for step, _ in default.per_step)
    rounds = list(default.units.values())
    assert sum(rounds) / len(rounds) <= 20
    assert default.forced_questions == 0 and default.refusable_offers == 0
    by_die = _played("scenario-3.json", "dice")
    found = effort_fuji.DRIVER.figures([default, by_die])
    line = found["scenario-3.json"]
    assert line["per_round_totals"] < line["per_round_dice"]
    assert found["per_round_totals_3p"]["mean"] == line["per_round_totals"]


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.glob("*.json")))
def test_destinations_come_in_the_order_the_play_screen_asks(name: str) -> None:
    """With no card tapped the play screen selects the first player the table waits for;
    the bench enters each run of destinations in that order (so no card is tapped first),
    and the game still ends as the record (checked inside ``table_record``)."""
    from companion.ui.fuji.view import default_seat

    record = effort_fuji.table_record(load_record(EXAMPLES / name), "totals")
    assert record is not None
    state = GAME.new_state(record.setup)
    actions = record.actions
    for index, action in enumerate(actions):
        if action["type"] == "set_destination":
            run = []
            for later in actions[index:]:
                if later["type"] != "set_destination":
                    break
                run.append(later["player"])
            if default_seat(state) in run:
                assert action["player"] == default_seat(state), (index, run)
        state = GAME.apply(state, action)
