"""At home, a wall clock set back never reopens the wrong game (issue 27).

Two games on a real journal file: the second is played last, but after the clock
was set back (a Pi without a clock battery, a wrong time server). The next start
must reopen the game played last in the journal's order, not the one whose wall
time looks newest.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Settings
from tests.faults.conftest import SETUP, tally_registered
from tests.ui.tally_game import GAME as TALLY

__all__ = ["tally_registered"]

ADD = {"type": "add", "amount": 1}


def test_the_game_played_last_reopens_whatever_the_clock_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tally_registered: None
) -> None:
    path = tmp_path / "journal.sqlite3"
    wall = [2_000_000_000.0]
    monkeypatch.setattr(time, "time", lambda: wall[0])
    journal = Journal(path)
    first = Session.start(journal, TALLY.name, SETUP)
    first.submit(ADD)
    wall[0] += 3600
    second = Session.start(journal, TALLY.name, SETUP)
    second.submit(ADD)
    wall[0] -= 86_400  # the clock is set back a day
    first.submit(ADD)  # ... and the first game is played on: it is the latest now
    first.undo()
    journal.close()

    journal = Journal(path)
    try:
        assert journal.latest_active() is not None
        assert journal.latest_active().id == first.game_id  # type: ignore[union-attr]
        app = App(journal, Settings(language="en"), (800, 480))
        assert app.session is not None and app.session.game_id == first.game_id
        assert app.session.cursor == 1
        order = [summary.id for summary in journal.list_games("active")]
        assert order == [first.game_id, second.game_id]
    finally:
        journal.close()
        clear_cache()
        pygame.quit()
