"""Full, read-only and deleted journal files: kept, never replaced, and said so on screen.

The full disk is a 1 MiB tmpfs filled to its last byte; the read-only file system is
that tmpfs remounted read-only (``chmod`` when not root, since root ignores modes).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.kiosk import Phase
from companion.ui.app import STORAGE_LOOK
from companion.ui.intents import Navigate, Submit
from companion.ui.kiosk.intents import ContinueGame
from companion.ui.kiosk.pin import PinScene
from hardware.events import ButtonEvent
from tests.clock import FakeClock
from tests.faults.conftest import (
    continued_game,
    fill,
    journal_file,
    lasting_files,
    make_read_only,
    make_writable,
    says,
    start_kiosk,
    stored,
    toast_text,
)


@pytest.fixture
def ro_folder(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """A folder whose file system can be made read-only: a tmpfs as root, else a plain one."""
    if os.geteuid() == 0:
        folder: Path = request.getfixturevalue("small_disk")
        return folder
    folder = tmp_path / "ro"
    folder.mkdir()
    return folder


def test_full_disk_refuses_the_step_and_keeps_everything(
    small_disk: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = small_disk / "journal.sqlite3"
    app = continued_game(path, clock, closing, busy_timeout=0.2)
    journal = app.journal
    session = app.session
    assert session is not None
    content = stored(path)
    filler = fill(small_disk)
    before = lasting_files(small_disk)

    for _ in range(3):  # the WAL may still have room for a step or two: keep pressing
        app.events.put(ButtonEvent("advance", "press", source="gpio"))
        app.step(0)
        if journal.problem == "full":
            break
    assert journal.problem == "full" and app.running
    assert toast_text(app) == says("core.storage.full")
    assert session.cursor == stored(path)["actions"]
    assert lasting_files(small_disk) == before

    filler.unlink()
    cursor = session.cursor
    clock.advance(STORAGE_LOOK)
    app.step(0)
    assert journal.problem is None and toast_text(app) == says("core.storage.recovered")
    app.perform(Submit({"type": "add", "amount": 1}))
    assert session.cursor == cursor + 1 == stored(path)["actions"]
    assert stored(path)["pin"] == content["pin"]


def test_full_disk_at_start_sets_nothing_aside(
    small_disk: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path, content = journal_file(small_disk)
    filler = fill(small_disk)
    before = lasting_files(small_disk)

    for _ in range(3):  # the old app piled up one damaged copy per start
        journal = Journal(path, busy_timeout=0.2)
        closing.append(journal)
        assert journal.recovered_from is None and journal.problem == "full"
        app = start_kiosk(journal, clock)
        assert app.kiosk.state.phase == Phase.RESUME
        assert toast_text(app) == says("core.storage.full")
        assert app.kiosk.lock.pin_state() == "set"
        assert lasting_files(small_disk) == before

    filler.unlink()
    journal = Journal(path)
    closing.append(journal)
    assert journal.problem is None and stored(path) == content
    assert start_kiosk(journal, clock).kiosk.state.phase == Phase.RESUME


def test_read_only_file_system_runs_read_only(
    ro_folder: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path, content = journal_file(ro_folder)
    before = lasting_files(ro_folder)
    make_read_only(ro_folder)
    try:
        journal = Journal(path, busy_timeout=0.2)
        closing.append(journal)
        assert journal.read_only and journal.problem == "read_only"
        app = start_kiosk(journal, clock)
        assert toast_text(app) == says("core.storage.read_only")
        assert app.kiosk.state.phase == Phase.RESUME
        app.perform(ContinueGame())
        assert app.session is not None and app.session.cursor == 2
        app.perform(Submit({"type": "add", "amount": 1}))
        assert app.session.cursor == 2
        assert toast_text(app) == says("core.storage.read_only")
        app.perform(Navigate("kiosk.pin"))
        app.draw()
        assert isinstance(app.scene, PinScene) and app.scene.mode(app.context()) == "unlock"
        assert lasting_files(ro_folder) == before and stored(path) == content
    finally:
        make_writable(ro_folder)
    clock.advance(STORAGE_LOOK)
    app.step(0)
    assert journal.problem is None and not journal.read_only
    app.perform(Submit({"type": "add", "amount": 1}))
    assert app.session.cursor == 3 == stored(path)["actions"]


def test_journal_deleted_while_running_is_written_back(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing)
    session = app.session
    assert session is not None
    for name in lasting_files(tmp_path) | {path.name + "-wal", path.name + "-shm"}:
        (tmp_path / name).unlink(missing_ok=True)

    app.events.put(ButtonEvent("advance", "press", source="gpio"))
    app.step(0)
    assert session.cursor == 2 and app.running
    assert toast_text(app) == says("core.storage.missing")

    clock.advance(STORAGE_LOOK)
    app.step(0)
    assert toast_text(app) == says("core.storage.recovered")
    assert lasting_files(tmp_path) == {path.name}
    assert stored(path)["actions"] == 2 and stored(path)["pin"] is not None
    app.events.put(ButtonEvent("advance", "press", source="gpio"))
    app.step(0)
    assert session.cursor == 3 == stored(path)["actions"]


def test_a_journal_that_cannot_be_opened_is_never_replaced(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    path.mkdir()  # something is there, but SQLite cannot open it (as root too)
    (path / "keep").write_text("not ours to touch", encoding="utf-8")
    before = lasting_files(tmp_path)

    journal = Journal(path, busy_timeout=0.2)
    closing.append(journal)
    assert not journal.available and journal.problem == "unavailable"
    assert journal.recovered_from is None
    app = start_kiosk(journal, clock)
    assert app.running and app.kiosk.state.phase == Phase.START
    assert toast_text(app) == says("core.storage.unavailable")
    app.perform(Navigate("kiosk.pin"))
    app.draw()
    assert isinstance(app.scene, PinScene) and app.scene.mode(app.context()) == "unlock"
    assert app.kiosk.lock.pin_state() == "unreadable"
    app.perform(Submit({"type": "add", "amount": 1}))
    clock.advance(STORAGE_LOOK)
    app.step(0)
    assert toast_text(app) == says("core.storage.unavailable")
    assert lasting_files(tmp_path) == before and (path / "keep").exists()
