"""Power-cut soak in the suite: SIGKILL at random moments never loses an acknowledged step."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.registry import all_games

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("soak", ROOT / "bench" / "soak.py")
assert spec is not None and spec.loader is not None
soak = importlib.util.module_from_spec(spec)
sys.modules["soak"] = soak
spec.loader.exec_module(soak)

GAME_SPECS = ["tests.core.counting_game:GAME", *sorted(all_games())]


@pytest.mark.parametrize("game_spec", GAME_SPECS)
def test_power_cuts_lose_nothing_acknowledged(
    game_spec: str, tmp_path: Path, long_mode: bool
) -> None:
    cycles = 500 if long_mode else 20
    result = soak.controller(game_spec, cycles, seed=5, workdir=tmp_path)
    assert result.problems == []
    assert result.cycles == cycles
    assert result.acknowledged > cycles


def test_the_check_notices_a_lost_step(tmp_path: Path) -> None:
    game = soak.load_game("tests.core.counting_game:GAME")
    soak.register_if_needed(game)
    db = tmp_path / "j.sqlite3"
    Journal(db).create_game("counting", game.example_setup())
    claimed = {(1, 1): json.dumps({"amount": 1, "type": "add"}, sort_keys=True)}
    problems = soak.check_journal(db, game, 1, claimed, None, soak.SoakResult())
    assert problems == ["acknowledged step (1, 1) is missing or changed"]


def test_the_check_notices_an_unacknowledged_step(tmp_path: Path) -> None:
    game = soak.load_game("tests.core.counting_game:GAME")
    soak.register_if_needed(game)
    db = tmp_path / "j.sqlite3"
    from companion.core.session import Session

    session = Session.start(Journal(db), "counting", game.example_setup())
    session.submit({"type": "add", "amount": 2})
    session.submit({"type": "add", "amount": 2})
    problems = soak.check_journal(db, game, 1, {}, None, soak.SoakResult())
    assert problems and problems[0].startswith("steps nobody acknowledged")
