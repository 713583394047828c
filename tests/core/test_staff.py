"""The staff PIN: salted hashing, constant-time checking and the wrong-PIN rate limit."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.core.staff import (
    FIRST_LOCKOUT,
    LOCKOUT_SETTING,
    LONGEST_LOCKOUT,
    PIN_SETTING,
    TRIES_PER_ROUND,
    PinFormatError,
    PinHash,
    StaffLock,
    check_pin_format,
    hash_pin,
    lockout_length,
    pin_matches,
)
from companion.staff_pin import main
from tests.clock import FakeClock
from tests.fuzzing import examples


@pytest.fixture
def journal() -> Journal:
    return Journal(":memory:")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(1_000_000.0)


@pytest.fixture
def lock(journal: Journal, clock: FakeClock) -> StaffLock:
    staff = StaffLock(journal, clock)
    staff.set_pin("246824")
    return staff


def test_the_pin_itself_is_never_stored(journal: Journal, lock: StaffLock) -> None:
    stored = journal.get_setting(PIN_SETTING)
    assert "246824" not in json.dumps(stored)
    assert stored["scheme"] == "scrypt"
    assert len(bytes.fromhex(stored["salt"])) == 16


def test_same_pin_gets_a_different_salt_and_hash_each_time() -> None:
    first, second = hash_pin("1234"), hash_pin("1234")
    assert first.salt != second.salt
    assert first.digest != second.digest
    assert pin_matches("1234", first) and pin_matches("1234", second)


def test_a_given_salt_gives_a_repeatable_hash() -> None:
    salt = bytes(range(16))
    assert hash_pin("9876", salt) == hash_pin("9876", salt)
    assert hash_pin("9876", salt) != hash_pin("9875", salt)


@examples("few")
@given(st.text(alphabet="0123456789", min_size=4, max_size=8),
       st.text(alphabet="0123456789", min_size=4, max_size=8))
def test_only_the_right_pin_matches(pin: str, guess: str) -> None:
    stored = hash_pin(pin)
    assert pin_matches(guess, stored) == (guess == pin)
    assert PinHash.from_json(stored.to_json()) == stored


@pytest.mark.parametrize("pin", ["123", "1234", "12345", "123456789", "12a456", "", "١٢٣٤٥٦",
                                 " 123456"])
def test_badly_formed_pins_are_refused(pin: str) -> None:
    with pytest.raises(PinFormatError):
        check_pin_format(pin)


def test_right_pin_is_accepted(lock: StaffLock) -> None:
    result = lock.check("246824")
    assert result.accepted
    assert result.message is None


def test_no_pin_chosen_means_nothing_opens(journal: Journal, clock: FakeClock) -> None:
    staff = StaffLock(journal, clock)
    result = staff.check("0000")
    assert result.status == "no_pin"
    assert not result.accepted
    assert result.message is not None and result.message.key == "kiosk.staff.no_pin"


def test_wrong_pins_count_down_then_lock(lock: StaffLock) -> None:
    tries = [lock.check("0000") for _ in range(TRIES_PER_ROUND)]
    assert [t.status for t in tries] == ["wrong"] * (TRIES_PER_ROUND - 1) + ["locked"]
    assert [t.tries_left for t in tries[:-1]] == list(range(TRIES_PER_ROUND - 1, 0, -1))
    assert tries[-1].wait_seconds == FIRST_LOCKOUT


def test_even_the_right_pin_is_refused_while_locked(lock: StaffLock, clock: FakeClock) -> None:
    for _ in range(TRIES_PER_ROUND):
        lock.check("0000")
    clock.advance(FIRST_LOCKOUT - 1)
    refused = lock.check("246824")
    assert refused.status == "locked"
    assert refused.wait_seconds == 1
    clock.advance(1)
    assert lock.check("246824").accepted


def test_each_lockout_is_twice_as_long(lock: StaffLock, clock: FakeClock) -> None:
    lengths = []
    for _ in range(4):
        for _ in range(TRIES_PER_ROUND):
            result = lock.check("1111")
        lengths.append(result.wait_seconds)
        clock.advance(result.wait_seconds)
    assert lengths == [FIRST_LOCKOUT * 2**n for n in range(4)]


def test_right_pin_resets_the_doubling(lock: StaffLock, clock: FakeClock) -> None:
    for _ in range(TRIES_PER_ROUND):
        lock.check("1111")
    clock.advance(FIRST_LOCKOUT)
    assert lock.check("246824").accepted
    for _ in range(TRIES_PER_ROUND):
        result = lock.check("1111")
    assert result.wait_seconds == FIRST_LOCKOUT


def test_lockouts_never_grow_past_the_longest() -> None:
    assert lockout_length(0) == FIRST_LOCKOUT
    assert lockout_length(50) == LONGEST_LOCKOUT
    assert all(lockout_length(n) <= lockout_length(n + 1) for n in range(30))


def test_lockout_survives_a_restart(tmp_path: object, clock: FakeClock) -> None:
    path = f"{tmp_path}/journal.sqlite3"
    first = StaffLock(Journal(path), clock)
    first.set_pin("246824")
    for _ in range(TRIES_PER_ROUND):
        first.check("0000")
    after_restart = StaffLock(Journal(path), clock)
    assert after_restart.check("246824").status == "locked"
    assert Journal(path).get_setting(LOCKOUT_SETTING)["lockouts"] == 1


def test_changing_the_pin_needs_the_current_one(lock: StaffLock) -> None:
    with pytest.raises(IllegalActionError) as refused:
        lock.set_pin("135713")
    assert refused.value.key == "kiosk.error.pin_change_refused"
    with pytest.raises(IllegalActionError):
        lock.set_pin("135713", "0000")
    lock.set_pin("135713", "246824")
    assert lock.check("135713").accepted
    assert not lock.check("246824").accepted


def test_wrong_current_pin_counts_as_a_wrong_try(lock: StaffLock) -> None:
    for _ in range(TRIES_PER_ROUND):
        with pytest.raises(IllegalActionError):
            lock.set_pin("135713", "0000")
    assert lock.check("246824").status == "locked"


def test_command_line_sets_and_changes_the_pin(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    path = f"{tmp_path}/journal.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("432143\n"))
    assert main(["--db", path, "--stdin"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("555555\n999999\n"))
    assert main(["--db", path, "--stdin"]) == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("555555\n432143\n"))
    assert main(["--db", path, "--stdin"]) == 0
    assert StaffLock(Journal(path)).check("555555").accepted
