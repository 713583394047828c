"""The PIN lock-out runs on the steady clock and counts boots, never the wall clock.

A Pi without a clock battery can start with its date a day (or years) off, and the
date may jump when the network sets it.  Neither may shorten or stretch a lock-out.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.staff import FIRST_LOCKOUT, LOCKOUT_SETTING, TRIES_PER_ROUND, StaffLock
from tests.clock import FakeClock
from tests.faults.conftest import PIN, make_journal


class Boot:
    """The machine's boot id, changed by a test to stand for a reboot."""

    def __init__(self) -> None:
        self.number = 1

    def __call__(self) -> str:
        return f"boot-{self.number}"


def lock_out(lock: StaffLock) -> None:
    for _ in range(TRIES_PER_ROUND):
        lock.check("0000")


@pytest.mark.parametrize("jump", [-86_400.0, 86_400.0, -3.0e8])
def test_wall_clock_moves_do_not_change_the_lock_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jump: float
) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    clock, boot = FakeClock(), Boot()
    journal = Journal(path)
    lock = StaffLock(journal, clock, boot)
    lock_out(lock)
    assert lock.wait_seconds() == FIRST_LOCKOUT

    wall = time.time() + jump
    monkeypatch.setattr(time, "time", lambda: wall)
    assert lock.wait_seconds() == FIRST_LOCKOUT
    assert lock.check(PIN).status == "locked"
    clock.advance(FIRST_LOCKOUT)
    assert lock.wait_seconds() == 0
    assert lock.check(PIN).accepted
    journal.close()


def test_a_reboot_counts_only_the_time_the_new_boot_has_run(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    clock, boot = FakeClock(), Boot()
    lock = StaffLock(Journal(path), clock, boot)
    lock_out(lock)
    clock.advance(10)
    assert lock.wait_seconds() == FIRST_LOCKOUT - 10

    boot.number, clock.now = 2, 5.0  # power cut: the steady clock starts again at 0
    after = StaffLock(Journal(path), clock, boot)
    assert after.wait_seconds() == FIRST_LOCKOUT - 5
    assert after.check(PIN).status == "locked"
    boot.number, clock.now = 3, 1.0  # and again, before the lock-out was over
    again = StaffLock(Journal(path), clock, boot)
    assert again.wait_seconds() == FIRST_LOCKOUT - 5 - 1
    clock.advance(FIRST_LOCKOUT)
    assert again.check(PIN).accepted


def test_an_old_wall_clock_lock_out_is_served_on_the_steady_clock(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    journal = Journal(path)
    journal.set_setting(LOCKOUT_SETTING, {"wrong_in_a_row": 0, "lockouts": 1,
                                          "locked_until": time.time() + 20})
    clock, boot = FakeClock(), Boot()
    clock.now = 0.0
    lock = StaffLock(journal, clock, boot)
    assert 19 <= lock.wait_seconds() <= 20
    assert lock.check(PIN).status == "locked"
    clock.advance(20)
    assert lock.check(PIN).accepted
    journal.close()
