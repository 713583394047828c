"""Private files and a staff PIN that holds (issue 27: files, PIN, lock-out, install).

The journal, its side files, backups, exports and reports are ``0600`` in a ``0700``
folder; a new PIN has at least six digits while an older four-digit one still opens
the pad; a lock-out never keeps staff out more than five minutes while guessing
stays slow; a kiosk without a PIN never lets the person at the screen choose one.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.journal import Journal, UnreplayableGameError, backup_journal
from companion.core.kiosk import write_quarantine_report
from companion.core.staff import (
    LONGEST_LOCKOUT,
    PIN_SETTING,
    TRIES_PER_ROUND,
    PinFormatError,
    StaffLock,
    hash_pin,
)
from companion.core.stats import write_plays
from companion.ui.intents import Navigate
from companion.ui.kiosk.intents import ChooseFirstPin, UnlockStaff
from companion.ui.kiosk.pin import PinScene
from tests.clock import FakeClock
from tests.faults.conftest import kiosk_on, make_journal, says, tally_registered, toast_text

__all__ = ["tally_registered"]

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    """The permission bits of ``path``."""
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_journal_and_everything_written_beside_it_is_private(
    tmp_path: Path, tally_registered: None
) -> None:
    folder = tmp_path / "data" / "table-companion"
    path = folder / "journal.sqlite3"
    game_id = make_journal(path)
    journal = Journal(path)
    try:
        journal.set_setting("touch", 1)
        assert mode(folder) == 0o700
        for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-shm"):
            assert mode(folder / name) == 0o600, name
        assert mode(backup_journal(path, tmp_path / "copy.sqlite3")) == 0o600
        assert mode(journal.backup(tmp_path / "copy2.sqlite3")) == 0o600
        report = write_quarantine_report(journal, UnreplayableGameError(game_id, 1, "test"))
        assert report is not None and mode(report) == 0o600
    finally:
        journal.close()
    exported = write_plays([], tmp_path / "exports", "csv")
    assert mode(exported) == 0o600 and mode(tmp_path / "exports") == 0o700


def test_a_journal_readable_by_others_is_tightened_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    os.chmod(path, 0o644)
    Journal(path).close()
    assert mode(path) == 0o600


def test_new_pins_have_six_digits_and_older_short_ones_still_open(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        lock = StaffLock(journal, FakeClock())
        with pytest.raises(PinFormatError):
            lock.set_pin("4711")
        journal.set_setting(PIN_SETTING, hash_pin("4711").to_json())  # an older kiosk's PIN
        assert lock.check("4711").accepted
        lock.set_pin("471147", "4711")
        assert lock.check("471147").accepted and not lock.check("4711").accepted
    finally:
        journal.close()


def test_lock_out_never_longer_than_five_minutes_and_guessing_stays_slow(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    clock = FakeClock()
    try:
        lock = StaffLock(journal, clock, boot=lambda: "one boot")
        lock.set_pin("246824")
        day, guesses, longest = 24 * 3600.0, 0, 0
        started = clock()
        while clock() - started < day:
            wait = lock.wait_seconds()
            if wait:
                longest = max(longest, wait)
                clock.advance(wait)
                continue
            lock.check(f"{guesses:06d}" if f"{guesses:06d}" != "246824" else "000000")
            guesses += 1
        assert longest <= LONGEST_LOCKOUT <= 300
        assert guesses <= TRIES_PER_ROUND * day / LONGEST_LOCKOUT + 20  # about 864 a day
        assert lock.check("246824").accepted or lock.wait_seconds() <= LONGEST_LOCKOUT
    finally:
        journal.close()


def test_a_kiosk_without_a_pin_never_lets_the_screen_choose_one(
    tmp_path: Path, clock: FakeClock, closing: list[Journal]
) -> None:
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    app = kiosk_on(path, clock, closing)
    app.perform(Navigate("kiosk.pin"))
    app.draw()
    assert isinstance(app.scene, PinScene) and app.scene.mode(app.context()) == "unlock"
    app.perform(ChooseFirstPin("123456"))
    assert toast_text(app) == says("faults.pin.set_at_install")
    app.perform(UnlockStaff("123456"))
    assert not app.kiosk.staff_open and app.journal.get_setting(PIN_SETTING) is None


def test_the_install_asks_the_pin_until_one_is_set(tmp_path: Path) -> None:
    """The install script's PIN step, and the tool it runs, refusing a short PIN."""
    script = (ROOT / "hardware" / "kiosk" / "install.sh").read_text(encoding="utf-8")
    assert "until run sudo -u \"$TARGET_USER\" -H \"$ROOT/.venv/bin/python\" -m " \
        "companion.staff_pin" in script
    dry = subprocess.run(["bash", str(ROOT / "hardware" / "kiosk" / "install.sh"), "--dry-run",
                          "--user", "nobody", "--mode", "kms", "--no-boot-changes"],
                         capture_output=True, text=True, timeout=60, check=False)
    assert "companion.staff_pin" in dry.stdout
    env = dict(os.environ, PYTHONPATH=str(ROOT), LANG="en_GB.UTF-8")
    path = tmp_path / "journal.sqlite3"
    tool = [sys.executable, "-m", "companion.staff_pin", "--db", str(path), "--stdin"]
    short = subprocess.run(tool, input="4711\n", capture_output=True, text=True, env=env,
                           timeout=60, check=False)
    assert short.returncode == 1 and "6" in short.stderr
    good = subprocess.run(tool, input="471147\n", capture_output=True, text=True, env=env,
                          timeout=60, check=False)
    assert good.returncode == 0
    journal = Journal(path)
    try:
        assert StaffLock(journal).check("471147").accepted
    finally:
        journal.close()
