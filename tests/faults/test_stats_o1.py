"""Statistics in O(1) per game (issue 27): a finished game's figures are stored with its
last step, so the statistics read them instead of replaying the game.

Real finished games (the example records, played through a real session on a real
journal file); the stored figures must equal what a full replay gives, survive the
game being put away, and stop counting the moment the last step is undone.
"""

from __future__ import annotations

from pathlib import Path

from companion.core.journal import Journal
from companion.core.record import load_record, session_from_record
from companion.core.session import Session
from companion.core.stats import collect_plays, uncached_games

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ("fuji/scenario-1.json", "tikal/basic.json")


def finished(journal: Journal) -> list[Session]:
    """Every record's game played to its end through the session."""
    sessions = [session_from_record(journal, load_record(ROOT / "examples" / name))
                for name in RECORDS]
    assert all(session.finished for session in sessions)
    return sessions


def test_finished_games_need_no_replay_and_read_as_a_replay_would(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        sessions = finished(journal)
        assert uncached_games(journal) == 0  # stored when they finished
        stored = collect_plays(journal)
        assert stored == collect_plays(journal, use_cache=False)  # the same as replaying

        journal.archive(sessions[0].game_id)  # a kiosk puts a finished game away
        assert uncached_games(journal) == 0
        assert {play.status for play in collect_plays(journal)} == {"archived", "finished"}
        assert collect_plays(journal) == collect_plays(journal, use_cache=False)
    finally:
        journal.close()


def test_figures_stop_counting_when_the_last_step_is_undone(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        session = finished(journal)[1]
        session.undo()
        assert uncached_games(journal) == 1  # no longer the end the figures describe
        plays = collect_plays(journal)
        assert plays == collect_plays(journal, use_cache=False)
        assert not next(p for p in plays if p.game_id == session.game_id).finished
        session.redo()
        assert collect_plays(journal) == collect_plays(journal, use_cache=False)
        assert uncached_games(journal) == 0  # read once more, then kept
    finally:
        journal.close()
