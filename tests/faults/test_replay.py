"""Stored games that no longer replay, and real damage: only damage sets a file aside.

A stored action row is changed by hand — to text that is not JSON, or to an action
the rules refuse.  The kiosk must come up on its start screen, name the game and the
step, write the game's rows beside the journal for a bug report, and never offer the
game again.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.core.journal import RECOVERY_SETTING, Journal
from companion.core.kiosk import Phase, quarantine_report_path
from companion.core.staff import PIN_SETTING
from companion.ui.intents import Navigate
from companion.ui.kiosk.intents import ChooseFirstPin, UnlockStaff
from companion.ui.kiosk.pin import PinScene
from companion.ui.kiosk.start import StartScene
from tests.clock import FakeClock
from tests.faults.conftest import (
    PIN,
    kiosk_on,
    lasting_files,
    make_journal,
    says,
    start_kiosk,
    stored,
    toast_text,
)


def mutate_step(path: Path, game_id: int, step: int, text: str) -> None:
    """Overwrite one stored action row with ``text``, as a bad edit or a bug would."""
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND step = ?",
                   (text, game_id, step))
    db.close()


@pytest.mark.parametrize("row", [
    '{"type": "add", "amount": ',  # cut off: not JSON
    '{"type": "add", "amount": 99}',  # the rules refuse it (at most 3 at a time)
    '["add", 1]',  # JSON, but not an action
])
def test_unreplayable_game_is_put_away_with_a_report(
    tmp_path: Path, clock: FakeClock, closing: list[Journal], row: str
) -> None:
    path = tmp_path / "journal.sqlite3"
    game_id = make_journal(path, steps=3)
    mutate_step(path, game_id, 2, row)
    before = lasting_files(tmp_path)

    app = kiosk_on(path, clock, closing)
    assert app.running and app.kiosk.state.phase == Phase.START
    assert isinstance(app.scene, StartScene) and app.session is None
    report = quarantine_report_path(app.journal, game_id)
    assert toast_text(app) == says("kiosk.app.quarantined").format(
        game=game_id, step=2, path=report)
    assert lasting_files(tmp_path) == before | {report.name}
    written = json.loads(report.read_text(encoding="utf-8"))
    assert written["game_id"] == game_id and written["step"] == 2
    assert written["game"]["actions"][1]["action"] == row
    assert (game_id, "archived", 3) in stored(path)["games"]  # type: ignore[operator]

    again = kiosk_on(path, clock, closing)
    assert again.kiosk.state.phase == Phase.START and again.toast is None


def test_damaged_file_is_set_aside_and_its_pin_carried_over(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    pin = stored(path)["pin"]
    db = sqlite3.connect(path)
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    size = len(data) // pages
    data[(root - 1) * size:(root - 1) * size + 64] = b"\xff" * 64  # break the actions table
    path.write_bytes(bytes(data))

    journal = Journal(path)
    closing.append(journal)
    assert journal.recovered_from is not None and journal.recovered_from.exists()
    assert lasting_files(tmp_path) == {path.name, journal.recovered_from.name}
    assert journal.get_setting(PIN_SETTING) == json.loads(pin[0])  # type: ignore[index]
    app = start_kiosk(journal, clock)
    app.perform(UnlockStaff(PIN))
    assert app.kiosk.staff_open


def test_pin_lost_with_a_damaged_file_keeps_the_kiosk_locked(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    path.write_bytes(b"not a database at all" * 200)
    for side in ("-wal", "-shm"):
        Path(str(path) + side).unlink(missing_ok=True)

    journal = Journal(path)
    closing.append(journal)
    assert journal.recovered_from is not None
    assert journal.get_setting(RECOVERY_SETTING)["settings_salvaged"] is False
    for _ in range(2):  # also after a restart, when nothing is being recovered any more
        app = start_kiosk(journal, clock)
        app.perform(Navigate("kiosk.pin"))
        app.draw()
        assert isinstance(app.scene, PinScene)
        assert app.scene.mode(app.context()) == "unlock"
        app.perform(ChooseFirstPin("1111"))
        assert not app.kiosk.staff_open
        assert toast_text(app) == says("kiosk.staff.pin_unreadable")
        app.perform(UnlockStaff("1111"))
        assert not app.kiosk.staff_open
        journal.close()
        journal = Journal(path)
        closing.append(journal)
        assert journal.recovered_from is None
