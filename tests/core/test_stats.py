"""Statistics from real journal data, and CSV/JSON export round trips."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.game import Game
from companion.core.journal import Journal
from companion.core.registry import find_game
from companion.core.session import Session
from companion.core.stats import (
    Play,
    collect_plays,
    compute,
    export_plays,
    histogram,
    journal_statistics,
    plays_from_csv,
    plays_from_json,
    plays_to_csv,
    plays_to_json,
)
from tests.fuzzing import lots, many

FUJI_SETUPS = [(3, 2), (3, 2), (1, 1), (5, 4)]
"""(scenario, level) of the Fuji games played into the test journal."""


def play_out(session: Session, seed: int, max_steps: int = 2000) -> None:
    """Submit random legal actions through the session until the game ends."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        if session.finished:
            return
        session.submit(json.loads(json.dumps(rng.choice(list(session.game.legal_actions(
            session.state))))))
    raise AssertionError(f"{session.game.name} did not end in {max_steps} steps")


def fuji_setup(scenario: int, level: int) -> dict[str, Any]:
    setup = dict(find_game("fuji").example_setup())
    setup.update(scenario=scenario, level=level)
    return setup


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Session], Session]:
    """A journal with finished Fuji, Tikal and Caverna games and one abandoned game."""
    path = tmp_path_factory.mktemp("stats") / "journal.sqlite3"
    journal = Journal(path)
    sessions = []
    for seed, (scenario, level) in enumerate(FUJI_SETUPS):
        sessions.append(Session.start(journal, "fuji", fuji_setup(scenario, level)))
        play_out(sessions[-1], seed)
    for name in ("tikal", "tikal", "caverna", "caverna"):
        game = find_game(name)
        sessions.append(Session.start(journal, name, game.example_setup()))
        play_out(sessions[-1], len(sessions))
    abandoned = Session.start(journal, "tikal", find_game("tikal").example_setup())
    abandoned.submit(abandoned.game.legal_actions(abandoned.state)[0])
    journal.archive(abandoned.game_id)
    return path, sessions, abandoned


def described(session: Session) -> dict[str, Any]:
    return session.game.state_to_json(session.state)


def test_plays_per_game_count_finished_games(played: tuple[Path, list[Session], Session]) -> None:
    path, sessions, _ = played
    stats = journal_statistics(Journal(path))
    assert stats.plays_per_game == dict(sorted(Counter(s.game.name for s in sessions).items()))
    assert stats.abandoned_per_game == {"tikal": 1}
    assert stats.total_plays == len(sessions)


def test_fuji_results_by_scenario_and_level(played: tuple[Path, list[Session], Session]) -> None:
    path, sessions, _ = played
    stats = journal_statistics(Journal(path))
    fuji = [s for s in sessions if s.game.name == "fuji"]
    expected: Counter[tuple[str, int, str]] = Counter(
        (str(s.setup["scenario"]), int(s.setup["level"]), described(s)["outcome"]) for s in fuji
    )
    found = {(r.scenario, r.level): (r.won, r.lost) for r in stats.outcomes["fuji"]}
    assert set(found) == {(str(sc), lv) for sc, lv in FUJI_SETUPS}
    for (scenario, level), (won, lost) in found.items():
        assert won == expected[(scenario, level, "won")]
        assert lost == expected[(scenario, level, "lost")]
    assert found[("3", 2)][0] + found[("3", 2)][1] == 2
    rows = stats.outcomes["fuji"]
    assert [r.scenario for r in rows] == sorted((r.scenario for r in rows), key=int)


@pytest.mark.parametrize("name", ["tikal", "caverna"])
def test_score_distributions_hold_every_final_score(
    played: tuple[Path, list[Session], Session], name: str
) -> None:
    path, sessions, _ = played
    stats = journal_statistics(Journal(path))
    games = [s for s in sessions if s.game.name == name]
    every = sorted(score for s in games for score in described(s)["scores"].values())
    tops = sorted(max(described(s)["scores"].values()) for s in games)
    assert stats.scores[name] == tuple(every)
    assert stats.winning_scores[name] == tuple(tops)
    assert sum(bucket.count for bucket in histogram(stats.scores[name])) == len(every)


def test_plays_carry_players_and_winners(played: tuple[Path, list[Session], Session]) -> None:
    path, sessions, _ = played
    plays = {play.game_id: play for play in collect_plays(Journal(path))}
    for session in sessions:
        play = plays[session.game_id]
        assert play.finished and play.steps == session.cursor
        data = described(session)
        if session.game.name == "caverna":
            assert list(play.winners) == data["winners"]
        if session.game.name == "tikal":
            best = max(data["scores"].values())
            assert set(play.winners) == {n for n, v in data["scores"].items() if v == best}
        if session.game.name == "fuji":
            assert play.players == tuple(p["name"] for p in session.setup["players"])
            assert play.outcome == data["outcome"]


def test_cached_plays_need_no_replay(played: tuple[Path, list[Session], Session]) -> None:
    path, _, _ = played
    journal = Journal(path)
    first = collect_plays(journal)

    def no_rules(name: str) -> Game[Any]:
        raise AssertionError("replayed although cached")

    assert collect_plays(journal, no_rules) == first


def test_a_changed_game_is_read_again(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    session = Session.start(journal, "caverna", find_game("caverna").example_setup())
    assert collect_plays(journal)[0].finished is False
    play_out(session, 3)
    assert collect_plays(journal)[0].finished is True


def test_games_without_rules_are_skipped(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    Session.start(journal, "fuji", fuji_setup(1, 1))
    journal.create_game("chess", {"players": 2})

    def only_fuji(name: str) -> Game[Any]:
        if name != "fuji":
            raise ModuleNotFoundError(name)
        return find_game(name)

    assert [play.game for play in collect_plays(journal, only_fuji)] == ["fuji"]


def test_exports_of_real_plays_round_trip(played: tuple[Path, list[Session], Session]) -> None:
    plays = collect_plays(Journal(played[0]))
    assert plays_from_csv(plays_to_csv(plays)) == plays
    assert plays_from_json(plays_to_json(plays)) == plays
    assert compute(plays_from_csv(plays_to_csv(plays))) == compute(plays)


NAMES = st.text(min_size=1, max_size=12).filter(lambda t: t.strip() == t and "\r" not in t)
PLAYS = st.builds(
    Play,
    game_id=st.integers(1, 10**6),
    game=st.sampled_from(["fuji", "tikal", "caverna"]),
    title=st.text(max_size=20).filter(lambda t: "\r" not in t),
    status=st.sampled_from(["active", "finished", "archived"]),
    created=st.floats(0, 2e9, allow_nan=False),
    updated=st.floats(0, 2e9, allow_nan=False),
    steps=st.integers(0, 5000),
    finished=st.booleans(),
    players=st.lists(NAMES, max_size=4).map(tuple),
    scores=st.lists(st.integers(-5, 200), max_size=4).map(tuple),
    winners=st.lists(NAMES, max_size=2).map(tuple),
    outcome=st.sampled_from(["", "won", "lost"]),
    scenario=st.sampled_from(["", "1", "7", "custom"]),
    level=st.integers(0, 4),
)


@many()
@given(st.lists(PLAYS, max_size=6))
def test_any_plays_round_trip_through_csv_and_json(plays: list[Play]) -> None:
    assert plays_from_csv(plays_to_csv(plays)) == plays
    assert plays_from_json(plays_to_json(plays)) == plays


def test_json_import_refuses_other_documents() -> None:
    with pytest.raises(ValueError):
        plays_from_json(json.dumps({"format": "something-else", "plays": []}))


@lots()
@given(st.lists(st.integers(-50, 300), max_size=60), st.integers(1, 12))
def test_histogram_covers_every_score_once(values: list[int], bars: int) -> None:
    buckets = histogram(values, bars)
    assert sum(bucket.count for bucket in buckets) == len(values)
    assert len(buckets) <= max(bars, 1)
    for before, after in itertools.pairwise(buckets):
        assert after.low == before.high + 1
    for value in values:
        assert sum(1 for b in buckets if b.low <= value <= b.high) == 1


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_files_read_back_to_the_journal_plays(
    played: tuple[Path, list[Session], Session], tmp_path: Path, fmt: str
) -> None:
    journal = Journal(played[0])
    path = export_plays(journal, tmp_path / "exports", fmt, now=1_800_000_000.0)
    assert path.parent == tmp_path / "exports" and path.suffix == f".{fmt}"
    reader = plays_from_csv if fmt == "csv" else plays_from_json
    assert reader(path.read_text(encoding="utf-8")) == collect_plays(journal)


def test_export_refuses_unknown_formats(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        export_plays(Journal(":memory:"), tmp_path, "xlsx")
