"""Statistics are read in the background: the screen keeps drawing, the cache fills.

The journal holds real finished games (the example records of every game, stored
through a real session and copied row for row), so a reader process replays them
through the installed rules while the app's loop keeps drawing its progress bar.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.kiosk import Phase
from companion.core.messages import Msg
from companion.core.record import load_record, session_from_record
from companion.core.staff import StaffLock
from companion.core.stats import CACHE_PREFIX, plays_from_csv
from companion.ui.intents import Navigate
from companion.ui.kiosk.app import KioskApp
from companion.ui.kiosk.intents import ExportStatistics, UnlockStaff
from companion.ui.kiosk.stats_screen import StatsScene
from companion.ui.widgets import Button, Widget
from tests.clock import FakeClock
from tests.faults.conftest import PIN, kiosk_on, toast_text

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ("fuji/scenario-1.json", "fuji/scenario-4.json", "tikal/basic.json")
COPIES = 3
"""Each record's game is stored this many times."""


def finished_games(path: Path) -> dict[str, int]:
    """Store every record's game, then copies of it; return finished games per game name."""
    journal = Journal(path)
    StaffLock(journal).set_pin(PIN)
    counts: dict[str, int] = {}
    templates = []
    for name in RECORDS:
        record = load_record(ROOT / "examples" / name)
        session = session_from_record(journal, record)
        assert session.finished
        templates.append(session.game_id)
        counts[record.game] = counts.get(record.game, 0) + COPIES
    journal.close()
    db = sqlite3.connect(path)
    with db:
        for template in templates:
            for _ in range(COPIES - 1):
                new = db.execute("INSERT INTO games (game, title, setup, status, cursor, created,"
                                 " updated) SELECT game, title, setup, status, cursor, created,"
                                 " updated FROM games WHERE id = ?", (template,)).lastrowid
                db.execute("INSERT INTO actions SELECT ?, step, action, label, created"
                           " FROM actions WHERE game_id = ?", (new, template))
    db.close()
    return counts


def stats_screen(folder: Path, clock: FakeClock, closing: list[Journal]
                 ) -> tuple[dict[str, int], KioskApp]:
    """A journal of many finished games in ``folder``, the kiosk on it, staff on the
    statistics screen; also how many games of each kind were stored."""
    path = folder / "journal.sqlite3"
    counts = finished_games(path)
    app = kiosk_on(path, clock, closing)
    app.perform(Navigate("kiosk.pin"))
    app.perform(UnlockStaff(PIN))
    app.perform(Navigate("kiosk.stats"))
    return counts, app


def test_statistics_compute_while_the_screen_keeps_drawing(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    counts, app = stats_screen(tmp_path, clock, closing)
    app.step(0)
    scene = app.scene
    assert isinstance(scene, StatsScene) and scene.computing
    assert any(widget.key == "stats:progress" for widget in scene.widgets)
    assert scene.job is not None and scene.job.in_process

    # The screen keeps drawing: counted in frames, not timed (a busy machine makes any
    # wall-clock bound flaky; bench/stats_bench.py measures the frame gaps).
    redraws = app.redraws
    while scene.computing:
        app.step()
    app.step(0)
    assert app.redraws - redraws >= 5  # progress was drawn again and again
    stats = scene.statistics(app.context())
    assert stats is not None and stats.plays_per_game == counts
    assert len(app.journal.settings_with_prefix(CACHE_PREFIX)) == sum(counts.values())

    app.perform(Navigate("kiosk.stats", replace=True))
    app.step(0)
    again = app.scene
    assert isinstance(again, StatsScene) and again.job is not None
    again.job.finished.wait(10)
    assert not again.job.in_process  # everything is cached: nothing to replay
    assert again.statistics(app.context()) == stats


def keyed(widgets: list[Widget], key: str) -> Widget | None:
    """The widget with ``key``, if the screen has one."""
    return next((widget for widget in widgets if widget.key == key), None)


def test_an_export_shows_its_progress_and_keeps_the_staff_menu_open(
    tmp_path: Path, clock: FakeClock, closing: list[Journal], monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the plays are written, the screen shows how far, and the menu does not lock."""
    monkeypatch.chdir(tmp_path)
    counts, app = stats_screen(tmp_path, clock, closing)
    app.perform(ExportStatistics("csv"))
    app.step(0)
    scene = app.scene
    assert isinstance(scene, StatsScene)
    assert keyed(scene.widgets, "stats:export-progress") is not None
    csv_button = keyed(scene.widgets, "stats:bar:0")
    assert isinstance(csv_button, Button) and not csv_button.enabled
    timeout = app.kiosk.settings.staff_timeout
    said = set()
    while app.working:
        clock.advance(timeout + 1)  # far past the staff menu's idle time, every pass
        app.step()
        assert app.kiosk.state.phase == Phase.STAFF
        said.add(toast_text(app))
    app.step(0)
    assert keyed(app.scene.widgets, "stats:export-progress") is None
    written = list((tmp_path / "exports").glob("plays-*.csv"))
    assert len(written) == 1
    assert translate(Msg("kiosk.app.exported", {"path": str(written[0])}), "en") in said
    plays = plays_from_csv(written[0].read_text(encoding="utf-8"))
    assert len(plays) == sum(counts.values())
    clock.advance(timeout + 1)  # the work is over: idle time counts again
    app.step(0)
    assert app.kiosk.state.phase != Phase.STAFF
