"""Whole Tikal games played through the real screens by the effort bench's Tikal driver:
every recorded step entered by taps, the journal equal to the record at the end, and the
inputs counted against the targets of lean and full tracking."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.core.record import GameRecord, load_record, replay
from companion.games.tikal import GAME
from companion.ui.tikal.demo import EXAMPLES

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import effort  # type: ignore[import-not-found]
import effort_tikal  # type: ignore[import-not-found]

FIXTURES = Path(__file__).resolve().parents[2] / "games" / "tikal" / "fixtures"
"""Tikal records kept as first written (data version 1)."""


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    """A headless display for the bench's app."""
    pygame.init()
    yield
    pygame.quit()


def _play(record: GameRecord, observe: bool = True, layout: str = "upright") -> effort.Counts:
    """The record played through the screens, checked against itself at the end."""
    bench = effort.Bench(effort_tikal.DRIVER, layout)
    if not observe:
        bench.observe = lambda target: None
    bench.counts.record = record
    bench.start(record)
    number = 0
    while number < len(record.actions):
        number += bench.play(record.actions[number], record.actions[number + 1:])
    effort.check_replay(bench, record)
    return bench.counts


@pytest.mark.parametrize("layout", ["upright", "flat"])
@pytest.mark.parametrize("name", ["lean", "lean-placed"])
def test_a_lean_game_meets_its_targets_through_the_screens(name: str, layout: str) -> None:
    """Lean tracking, upright or flat, hexes named alone or placed on their fields: at
    most 3 inputs a turn between scorings and one per temple at a scoring, every offered
    option accepted by the rules, no question with one answer; the next hex ends a turn
    in the same tap, so some taps enter two recorded steps."""
    record = effort_tikal.DRIVER.prepare(load_record(EXAMPLES / f"{name}.json"))
    counts = _play(record, layout=layout)
    figures = effort_tikal.DRIVER.figures([counts])
    assert figures["lean_between_scorings"]["mean"] <= 3
    assert figures["lean_score_inputs_per_temple"] <= 1
    assert counts.forced_questions == 0 and counts.refusable_offers == 0
    assert counts.steps == len(record.actions) > len(counts.per_step)


def test_a_fully_tracked_game_meets_its_target_through_the_screens() -> None:
    """Full tracking: at most 10 inputs a turn, scorings counted on the counting screen."""
    record = effort_tikal.DRIVER.prepare(load_record(EXAMPLES / "board.json"))
    counts = _play(record, observe=False)
    figures = effort_tikal.DRIVER.figures([counts])
    assert figures["full_per_turn"]["mean"] <= 10


def test_a_game_of_scattered_single_moves_meets_the_target_with_drags(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The basic sample game moves single pieces to scattered hexes; with each move
    dragged from the hex left to the hex reached (and pieces brought in, hexes laid by a
    drag onto their place) it stays within 10 inputs a turn. Each drag is one input."""
    record = effort_tikal.DRIVER.prepare(load_record(EXAMPLES / "basic.json"))
    drags: list[str] = []
    tap = effort.Bench.tap

    def counting(bench: effort.Bench, where: effort.Spot | tuple[int, int]) -> None:
        if isinstance(where, effort.Spot) and where.drop is not None:
            drags.append(where.widget.key)
        tap(bench, where)

    monkeypatch.setattr(effort.Bench, "tap", counting)
    counts = _play(record, observe=False)
    figures = effort_tikal.DRIVER.figures([counts])
    assert figures["full_per_turn"]["mean"] <= 10
    moves = sum(1 for action in record.actions if action.get("type") == "move")
    assert sum(key.startswith("tikal:move:") for key in drags) >= moves // 2
    assert any(key.startswith("answer:tile:") for key in drags)
    assert any(key == "tikal:act:bring" for key in drags)


def test_an_older_record_is_entered_as_the_screens_ask_today() -> None:
    """A record of data version 1 never said where hexes lay: each gets a free field
    beside the board, its scores stay its own, and the screens enter it step by step."""
    older = load_record(FIXTURES / "basic-v1.json")
    assert "data_version" not in older.setup
    record = effort_tikal.DRIVER.prepare(older)
    draws = [a for a in record.actions if a["type"] == "draw" and a["kind"] != "volcano"]
    assert draws and all("at" in a for a in draws)
    assert record.setup["stages"]  # the split those records used, entered at set-up
    short = GameRecord(record.game, record.setup, record.actions[:60])
    counts = _play(short, observe=False)
    assert counts.steps == 60
    final = effort_tikal._final_scores(record.setup, record.actions)
    assert list(final) == list(older.expect["scores"].values())


@pytest.mark.parametrize("name", ["basic", "auction", "board", "lean"])
def test_every_example_record_replays_to_the_same_scores_once_placed(name: str) -> None:
    older = load_record(EXAMPLES / f"{name}.json")
    if name in ("basic", "auction"):
        assert effort_tikal.placed_record(older).actions == older.actions  # entered as today
    placed = effort_tikal.DRIVER.prepare(older)
    assert GAME.state_to_json(replay(placed).state)["scores"] == \
        GAME.state_to_json(replay(older).state)["scores"] == older.expect["scores"]


@pytest.mark.parametrize("name", ["basic", "auction", "board", "lean"])
def test_treasures_are_renumbered_as_the_screens_offer_them(name: str) -> None:
    """Each treasure of the prepared record is the kind the screens offer for it (the
    lowest number held the same way), and only kind numbers changed."""
    older = effort_tikal.placed_record(load_record(EXAMPLES / f"{name}.json"))
    matched = effort_tikal.matched_record(older)
    state = GAME.new_state(matched.setup)
    for before, action in zip(older.actions, matched.actions, strict=True):
        kinds = {"kind", "give", "take"} if action["type"] in ("take_treasure", "exchange") \
            else set()
        assert {k: v for k, v in action.items() if k not in kinds} == \
            {k: v for k, v in before.items() if k not in kinds}
        for field in sorted(kinds & action.keys()):
            other = action.get("give") if field == "take" else None
            assert effort_tikal._offered_kind(state, action[field], other) == action[field]
        state = GAME.apply(state, action)
