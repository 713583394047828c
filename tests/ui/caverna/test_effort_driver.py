"""The effort bench plays the Caverna example records through the real screens."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from companion.core.record import GameRecord, load_record, save_record

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import effort  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "caverna"


@pytest.fixture(autouse=True)
def _pygame() -> object:
    pygame.init()
    yield None
    pygame.quit()


def _opening(name: str, steps: int, folder: Path) -> Path:
    """The first ``steps`` actions of an example record, saved as a record of their own."""
    record = load_record(EXAMPLES / f"{name}.json")
    path = folder / f"{name}-{steps}.json"
    save_record(GameRecord(record.game, record.setup, record.actions[:steps]), path)
    return path


def test_the_solo_opening_is_played_through_the_screens(tmp_path: Path) -> None:
    """A furnishing whose room fits one cavern is placed with one tap and ends the turn
    by itself: the bench takes both recorded steps from that tap, and the journal still
    equals the record (checked by ``play_record``)."""
    counts = effort.play_record(_opening("solo", 12, tmp_path), effort.load_driver("caverna"))
    assert counts.steps == 12
    assert counts.setup_inputs == 11
    assert counts.forced_questions == 0 and counts.refusable_offers == 0
    first_turn = next(iter(counts.units.values()))
    assert first_turn == 3, "the tile (turned up with it), +1 food, the shelf (turn ends itself)"


def test_the_two_player_opening_takes_one_tap_per_room_used_in_the_cave(
        tmp_path: Path) -> None:
    """The first four turns of the two-player example: the tile (the round's tile is
    turned up with that tap), +1 food and a furnishing picked from three rooms (4); tile
    and a furnishing picked from two (3); tile, +1 emmer, the Grindstone tapped in the
    cave, +1 flax (4); tile, the Spinning wheel tapped in the cave, +1 wood (3).  Every
    turn ends by itself."""
    counts = effort.play_record(_opening("two-players", 17, tmp_path),
                                effort.load_driver("caverna"))
    assert counts.steps == 17
    assert list(counts.units.values()) == [4, 3, 4, 3]
