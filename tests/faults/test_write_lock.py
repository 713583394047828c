"""Another program holds the journal's write lock: nothing is set aside, nothing is lost.

The lock is held by a second process with ``BEGIN IMMEDIATE`` — what a backup tool
or an ``sqlite3`` shell does.  Readers still read; every write waits a moment, then
is refused with a message, and the screen never shows a step that is not on disk.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.core.journal import Journal
from companion.core.kiosk import Phase
from companion.ui.app import STORAGE_LOOK
from companion.ui.intents import Navigate, Redo, Submit, Undo
from companion.ui.kiosk.intents import ChooseFirstPin, ContinueGame, UnlockStaff
from companion.ui.kiosk.pin import PinScene
from companion.ui.kiosk.start import ResumeScene
from hardware.events import ButtonEvent
from tests.clock import FakeClock
from tests.faults.conftest import (
    PIN,
    WriteLock,
    continued_game,
    kiosk_on,
    lasting_files,
    make_journal,
    says,
    stored,
    toast_text,
)


def test_lock_held_at_start_keeps_the_journal_and_the_pin(
    tmp_path: Path, clock: FakeClock, write_lock: list[WriteLock], closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    before, content = lasting_files(tmp_path), stored(path)
    write_lock.append(WriteLock(path))

    app = kiosk_on(path, clock, closing, busy_timeout=0.2)

    assert lasting_files(tmp_path) == before and stored(path) == content
    assert app.journal.problem == "busy" and app.journal.recovered_from is None
    assert app.kiosk.state.phase == Phase.RESUME and isinstance(app.scene, ResumeScene)
    app.step(0)
    assert toast_text(app) == says("core.storage.busy")
    # The PIN is read: the pad asks for it and never offers to choose a new one.
    app.perform(Navigate("kiosk.pin"))
    app.draw()
    assert isinstance(app.scene, PinScene) and app.scene.mode(app.context()) == "unlock"
    app.perform(ChooseFirstPin("1111"))
    assert not app.kiosk.staff_open
    app.perform(UnlockStaff("0000"))
    assert not app.kiosk.staff_open
    app.perform(UnlockStaff(PIN))
    assert app.kiosk.staff_open
    assert stored(path) == content

    write_lock[0].release()
    assert app.journal.lock_watch_done(30.0)  # the background wait sees the lock free
    clock.advance(STORAGE_LOOK)
    app.step(0)
    assert app.journal.problem is None
    assert toast_text(app) == says("core.storage.recovered")


def test_buttons_and_keys_with_the_lock_held_change_nothing(
    tmp_path: Path, clock: FakeClock, write_lock: list[WriteLock], closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing, busy_timeout=0.2)
    session = app.session
    assert session is not None and session.cursor == 2
    content = stored(path)
    write_lock.append(WriteLock(path))

    # Keyboard: Enter stands for the advance button.
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.process(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
    assert app.running and session.cursor == 2 and session.state.total == 2
    assert toast_text(app) == says("core.storage.busy")
    # GPIO and the serial box go through the hardware queue.
    app.toast = None
    app.events.put(ButtonEvent("advance", "press", source="gpio"))
    app.step(0)
    assert app.running and session.cursor == 2
    assert toast_text(app) == says("core.storage.busy")
    # Touch.
    app.perform(Submit({"type": "add", "amount": 1}))
    assert session.cursor == 2 and stored(path) == content

    write_lock[0].release()
    app.events.put(ButtonEvent("advance", "press", source="serial"))
    app.step(0)
    assert session.cursor == 3 and stored(path)["actions"] == 3


def test_undo_and_redo_are_written_before_they_are_shown(
    tmp_path: Path, clock: FakeClock, write_lock: list[WriteLock], closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    game_id = make_journal(path, steps=3)
    app = kiosk_on(path, clock, closing, busy_timeout=0.2)
    app.perform(ContinueGame())
    session = app.session
    assert session is not None
    app.perform(Undo())
    assert (game_id, "active", 2) in stored(path)["games"]  # type: ignore[operator]
    write_lock.append(WriteLock(path))

    for intent in (Undo(), Redo()):
        app.perform(intent)
        assert session.cursor == 2 and session.state.total == 2
        assert (game_id, "active", 2) in stored(path)["games"]  # type: ignore[operator]
        assert toast_text(app) == says("core.storage.busy")
