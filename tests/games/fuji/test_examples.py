"""Replay the Fuji example game records (examples/fuji/) and check what they promise."""

from __future__ import annotations

import importlib.util
import json
import sys
from itertools import pairwise
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError
from companion.core.registry import find_game
from companion.games.fuji import GAME
from companion.games.fuji.state import State
from tests.fuzzing import examples

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fuji"
SCENARIOS = range(1, 8)


def load(number: int) -> dict[str, Any]:
    """The record of scenario ``number``."""
    data: dict[str, Any] = json.loads(
        (EXAMPLES / f"scenario-{number}.json").read_text(encoding="utf-8")
    )
    return data


def replay(record: dict[str, Any]) -> list[State]:
    """Every state of the record, from the set-up to the last action."""
    states = [GAME.new_state(record["setup"])]
    for action in record["actions"]:
        states.append(GAME.apply(states[-1], action))
    return states


def tokens_set_off(before: State, after: State) -> int:
    """Eruption tokens that left the board without their card burning."""
    count = 0
    for position in before.board.positions():
        old, new = before.board.cell(position), after.board.cell(position)
        assert old is not None and new is not None
        if old.eruption_token and not new.eruption_token and not new.lava:
            count += 1
    return count


@pytest.mark.parametrize("number", SCENARIOS)
def test_record_header(number: int) -> None:
    record = load(number)
    assert record["format"] == "table-companion-record"
    assert record["version"] == 1
    assert record["game"] == "fuji"
    assert find_game(record["game"]) is GAME
    assert record["setup"]["scenario"] == number
    assert record["expect"]["outcome"] in ("won", "lost")


@pytest.mark.parametrize("number", SCENARIOS)
def test_record_replays_to_its_expected_end(number: int) -> None:
    record = load(number)
    final = replay(record)[-1]
    expect = record["expect"]
    assert GAME.is_finished(final)
    assert final.outcome is not None and final.outcome.value == expect["outcome"]
    if expect["outcome"] == "won":
        assert final.score == expect["score"]
    else:
        assert "score" not in expect and final.score is None


@pytest.mark.parametrize("number", SCENARIOS)
def test_record_ends_exactly_at_its_last_action(number: int) -> None:
    states = replay(load(number))
    assert all(not GAME.is_finished(state) for state in states[:-1])


@pytest.mark.parametrize("number", SCENARIOS)
def test_record_actions_are_plain_json(number: int) -> None:
    record = load(number)
    for action in record["actions"]:
        assert json.loads(json.dumps(action)) == action


def test_records_mix_wins_and_losses() -> None:
    outcomes = [load(number)["expect"]["outcome"] for number in SCENARIOS]
    assert outcomes.count("won") >= 2 and outcomes.count("lost") >= 2


def test_records_use_equipment_skills_wounds_and_eruption_tokens() -> None:
    kinds: set[str] = set()
    wounds = 0
    tokens = 0
    for number in SCENARIOS:
        record = load(number)
        states = replay(record)
        kinds |= {action["type"] for action in record["actions"]}
        wounds += sum(someone.wounds.count() for someone in states[-1].players)
        tokens += sum(tokens_set_off(a, b) for a, b in pairwise(states))
    assert {"use_equipment", "give_equipment", "set_die_aside", "spend_energy"} <= kinds
    assert {"choose_wound", "draw_equipment"} <= kinds
    assert wounds > 0
    assert tokens > 0


def test_records_cover_the_player_counts_and_variants() -> None:
    setups = [load(number)["setup"] for number in SCENARIOS]
    assert {len(setup["players"]) for setup in setups} >= {2, 3, 4}
    assert {setup.get("variant") for setup in setups} >= {None, "two_player_a", "two_player_b"}
    assert any(setup.get("extreme") for setup in setups)


def generator() -> ModuleType:
    """The script that wrote the records, loaded as a module."""
    spec = importlib.util.spec_from_file_location("make_records", EXAMPLES / "make_records.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_the_same_record_again(tmp_path: Path) -> None:
    script = generator()
    first = script.STORIES[0]
    [written] = script.write_records([first], tmp_path)
    assert written.read_text(encoding="utf-8") == (
        EXAMPLES / f"scenario-{first.scenario}.json"
    ).read_text(encoding="utf-8")


OWN_TYPES = frozenset({"use_equipment", "give_equipment", "set_die_aside", "spend_energy"})
"""The equipment and skill actions."""

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 9) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)


def card_and_skill_steps() -> list[tuple[State, dict[str, Any]]]:
    """Every equipment or skill action of the records, with the state it was applied to."""
    steps = []
    for number in SCENARIOS:
        record = load(number)
        for before, action in zip(replay(record), record["actions"], strict=False):
            if action["type"] in OWN_TYPES:
                steps.append((before, action))
    return steps


STEPS = card_and_skill_steps()


@examples("fuzz")
@given(
    step=st.sampled_from(STEPS),
    key=st.sampled_from(
        [
            "player",
            "card",
            "to",
            "from",
            "target",
            "bars",
            "die",
            "dice",
            "cell",
            "cells",
            "copy",
            "rerolls",
            "face",
        ]
    ),
    value=JSON_VALUES,
)
def test_mutated_card_and_skill_actions_are_refused_cleanly(
    step: tuple[State, dict[str, Any]], key: str, value: Any
) -> None:
    before, action = step
    mutated = {**action, key: value}
    try:
        GAME.apply(before, mutated)
    except IllegalActionError as error:
        assert error.key.startswith("fuji.error.")


def test_the_totals_record_goes_as_its_dice_record() -> None:
    """The totals record types, for each set of dice, the total they show under each card
    they are compared under; the game then goes exactly the same way."""
    dice = load(3)
    totals = json.loads((EXAMPLES / "scenario-3-totals.json").read_text(encoding="utf-8"))
    assert totals["setup"] == dice["setup"]
    assert not any(action["type"] in ("set_dice", "enter_die") for action in totals["actions"])
    typed = [action for action in totals["actions"] if action["type"] == "set_movement_values"]
    assert typed and all(len(action["values"]) == 1 for action in typed)
    ends = replay(dice)[-1], replay(totals)[-1]
    assert ends[0].outcome == ends[1].outcome and ends[0].score == ends[1].score
    assert [(p.position, p.stamina_lost, p.wounds) for p in ends[0].players] == [
        (p.position, p.stamina_lost, p.wounds) for p in ends[1].players]
    assert totals["expect"]["outcome"] == ends[1].outcome.value  # type: ignore[union-attr]
