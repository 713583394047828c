"""The fleet's pieces without a broker: config, progress, tiles, café statistics, power."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import Msg
from companion.fleet import fault_of_status
from companion.fleet.cafestats import cafe_statistics, plays_csv
from companion.fleet.config import parse_fleet, read_fleet_config
from companion.fleet.power import parse_throttled, under_voltage
from companion.fleet.snapshot import progress, time_left
from companion.fleet.tiles import Thresholds, condition
from hardware.config import parse_config


def test_fleet_is_off_by_default(tmp_path: Path) -> None:
    assert not read_fleet_config(None).enabled
    assert not read_fleet_config(tmp_path / "missing.toml").enabled
    path = tmp_path / "hardware.toml"
    path.write_text('[inputs]\nkeyboard = true\n', encoding="utf-8")
    assert not read_fleet_config(path).enabled


def test_a_mistake_switches_reporting_off_and_says_why() -> None:
    config = parse_fleet({"enabled": True, "venue": "cafe", "table": "t 1", "port": 0})
    assert not config.enabled
    assert any("table" in problem for problem in config.problems)
    assert any("port" in problem for problem in config.problems)
    good = parse_fleet({"enabled": True, "venue": "cafe", "table": "t1", "port": 8883,
                        "tls": True, "resend_seconds": 5})
    assert good.enabled and good.tls and good.account == "t1" and good.problems == ()


def test_the_hardware_config_accepts_a_fleet_section() -> None:
    loaded = parse_config({"fleet": {"enabled": False}})
    assert loaded.problems == ()


def test_progress_reads_done_of_all_from_the_summary() -> None:
    assert progress(Msg("x", {"round": 2, "rounds": 8})) == 0.25
    assert progress(Msg("x", {"drawn": 30, "total": 40})) == 0.75
    assert progress(Msg("x", {"round": 3})) is None
    assert progress(None) is None


@given(st.floats(1, 10_000), st.floats(0.05, 1.0))
def test_time_left_never_negative_and_zero_at_the_end(elapsed: float, done: float) -> None:
    left = time_left(elapsed, done, ())
    assert left is not None and left >= 0
    assert time_left(elapsed, 1.0, ()) == 0
    assert time_left(0.0, 1.0, ()) == 0


def test_time_left_falls_back_on_earlier_plays() -> None:
    assert time_left(600, None, [1800, 2400, 3000]) == 1800
    assert time_left(600, None, []) is None


def test_a_tile_turns_quiet_then_stuck_and_offline_wins() -> None:
    limits = Thresholds(idle=600, stuck=1500)
    table: dict[str, Any] = {"status": "online", "state": {"game": "g", "last_input": 1000.0},
             "faults": [], "call": None}
    assert condition(table, 1000 + 599, limits) == "playing"
    assert condition(table, 1000 + 600, limits) == "idle"
    assert condition(table, 1000 + 1500, limits) == "stuck"
    assert condition({**table, "call": {"id": "c"}}, 1000, limits) == "call"
    assert condition({**table, "status": "offline", "call": {"id": "c"}}, 1000,
                     limits) == "offline"


def test_cafe_statistics_chart_what_each_game_asks() -> None:
    from companion.core.registry import all_games

    games = all_games()
    outcome_game = next(name for name, game in games.items() if game.info.chart == "outcomes")
    score_game = next(name for name, game in games.items() if game.info.chart == "scores")
    start = time.mktime((2026, 11, 27, 19, 0, 0, 0, 0, -1))
    plays = [
        {"game": outcome_game, "created": start, "updated": start + 3600, "outcome": "won",
         "level": 2, "players": ["A"]},
        {"game": outcome_game, "created": start, "updated": start + 1800, "outcome": "lost",
         "level": 2, "players": ["A"]},
        {"game": score_game, "created": start + 7200, "updated": start + 9000,
         "scores": [10, 30], "players": ["A", "B"]},
    ]
    stats = cafe_statistics(plays)
    assert stats["per_game"] == {outcome_game: 2, score_game: 1}
    assert stats["per_hour"][19] == 2 and stats["per_hour"][21] == 1
    assert stats["median_minutes"][outcome_game] == 45
    assert stats["outcomes"][outcome_game] == {"2": {"won": 1, "lost": 1}}
    assert stats["scores"][score_game]["min"] == 10 and stats["scores"][score_game]["max"] == 30
    rows = list(csv.reader(io.StringIO(plays_csv(plays))))
    assert len(rows) == 4 and rows[3][7] == "A;B" and rows[3][8] == "10;30"


def test_under_voltage_is_read_from_the_throttled_word() -> None:
    assert parse_throttled("throttled=0x50005\n") == 0x50005
    assert under_voltage(parse_throttled("throttled=0x50005"))
    assert not under_voltage(parse_throttled("throttled=0x50000"))  # only in the past
    assert parse_throttled("error") is None and not under_voltage(None)


def test_input_trouble_becomes_a_fault() -> None:
    assert fault_of_status("serial", "hardware.serial.lost") == "box_unplugged"
    assert fault_of_status("serial", "hardware.serial.reconnected") is None
    assert fault_of_status("gpio", "hardware.gpio.unavailable") == "gpio"
    assert fault_of_status("gpio", "hardware.gpio.ready") is None
