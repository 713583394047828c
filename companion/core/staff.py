"""The staff lock: a PIN that opens the kiosk's staff menu.

The PIN is never stored.  The journal's settings keep only a random salt and the
scrypt hash of the PIN (:data:`PIN_SETTING`), and a guess is compared with
:func:`hmac.compare_digest` so the time taken says nothing about how close it was.

Wrong guesses are rate-limited: after :data:`TRIES_PER_ROUND` wrong PINs in a row
the pad locks for :data:`FIRST_LOCKOUT` seconds, and every further lock-out lasts
twice as long as the one before (up to :data:`LONGEST_LOCKOUT`).  The count is kept
in the settings too (:data:`LOCKOUT_SETTING`), so pulling the plug does not reset it.
The right PIN clears everything.

A lock-out is measured on the steady clock (``time.monotonic``), never the wall
clock: a Pi without a clock battery may boot with its date years off.  The steady
clock starts again at each boot, so the lock-out also records the boot it was taken
in (:func:`current_boot`); after a reboot only the time the new boot has run counts,
and the time the device was off counts for nothing.

A PIN that cannot be read (the journal is unavailable, or it was lost with a damaged
journal) keeps the pad locked: :meth:`StaffLock.pin_state` says ``unreadable`` and
the pad never offers to choose a new PIN then.

The clock and the boot are injectable, so tests can walk through lock-outs and
reboots without waiting.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal, Protocol

from companion.core.journal import RECOVERY_SETTING, StorageError
from companion.core.messages import IllegalActionError, Msg

PIN_SETTING = "kiosk.staff_pin"
"""Settings key of the stored salt and hash."""
LOCKOUT_SETTING = "kiosk.staff_lockout"
"""Settings key of the wrong-guess counter and lock-out end."""

MIN_PIN_LENGTH = 6
"""Fewest digits a new PIN may have: a million PINs to try, against ten thousand."""
SHORTEST_KNOWN_PIN = 4
"""Fewest digits of a PIN the pad still accepts: PINs chosen before the six-digit rule
keep opening the staff menu until staff change them."""
MAX_PIN_LENGTH = 8
"""Most digits a PIN may have."""
TRIES_PER_ROUND = 3
"""Wrong PINs allowed in a row before the pad locks."""
FIRST_LOCKOUT = 30.0
"""Length of the first lock-out, in seconds; each next one is twice as long."""
LONGEST_LOCKOUT = 300.0
"""Lock-outs never grow beyond five minutes: staff locked out by a guest wait at most
that long, while guessing stays slow — after the first few lock-outs three guesses
per five minutes is 864 a day, so half the million six-digit PINs take about 580
days at the pad."""

_SCRYPT_N = 2**14
_SCRYPT_R = 8
_SCRYPT_P = 1
"""The scrypt cost of a new PIN hash: N = 2**14, r = 8, p = 1 (16 MiB of memory).

Chosen so that one guess against a stolen hash costs at least 50 ms on a Raspberry
Pi 4.  Measured on the development machine (x86-64, 2 cores shared with other work,
load average about 10): 111 ms at best, 120 ms median, for one hash; N = 2**15 took
205 ms at best.  scrypt is memory-bound, and a Pi 4's Cortex-A72 with LPDDR4 is slower
at it than that machine, so a guess costs well over 50 ms there (not measured on a Pi
4 itself).  A higher N would make the staff's own unlock wait longer on the Pi (it is
checked on the screen's thread) for little gain: with six digits the hash holds out
for days on one core, and the journal that holds it is private (``0600``).  The
parameters are stored with each hash, so a future change keeps old PINs working."""
_HASH_BYTES = 32
_SALT_BYTES = 16

Clock = Callable[[], float]
"""Returns steady time in seconds since boot (``time.monotonic`` by default)."""

BootId = Callable[[], str]
"""Returns a name of the current boot of the machine (:func:`current_boot` by default)."""

CheckStatus = Literal["accepted", "wrong", "locked", "no_pin", "unreadable"]
"""The outcome of a PIN check."""

PinState = Literal["set", "none", "unreadable"]
"""Whether a PIN was chosen, none was, or the stored one cannot be read."""

_BOOT_ID_FILE = "/proc/sys/kernel/random/boot_id"


def current_boot() -> str:
    """The kernel's random id of this boot (changes at every start of the machine)."""
    try:
        with open(_BOOT_ID_FILE, encoding="ascii") as source:
            return source.read().strip()
    except OSError:
        return f"started-{round(time.time() - time.monotonic(), -2):.0f}"


class SettingsStore(Protocol):
    """Where the lock keeps its data: the journal's settings table."""

    def get_setting(self, key: str, default: Any = None) -> Any:
        """Read a JSON setting."""
        ...

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON setting."""
        ...


class PinFormatError(IllegalActionError):
    """A new PIN that is too short, too long or not all digits."""


@dataclass(frozen=True)
class PinHash:
    """A salted scrypt hash of a PIN, as stored in the settings."""

    salt: str
    """The random salt, hex."""
    digest: str
    """The scrypt output, hex."""
    n: int = _SCRYPT_N
    """scrypt cost parameter."""
    r: int = _SCRYPT_R
    """scrypt block size."""
    p: int = _SCRYPT_P
    """scrypt parallelism."""

    def to_json(self) -> dict[str, Any]:
        """The hash as plain JSON data."""
        return {"scheme": "scrypt", **asdict(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PinHash:
        """Rebuild a hash written by :meth:`to_json`."""
        return cls(str(data["salt"]), str(data["digest"]), int(data["n"]), int(data["r"]),
                   int(data["p"]))


def check_pin_format(pin: str) -> None:
    """Refuse a new PIN that is not 6 to 8 digits with :class:`PinFormatError`."""
    if not (pin.isascii() and pin.isdigit()):
        raise PinFormatError("kiosk.error.pin_digits")
    if not MIN_PIN_LENGTH <= len(pin) <= MAX_PIN_LENGTH:
        raise PinFormatError(
            "kiosk.error.pin_length", shortest=MIN_PIN_LENGTH, longest=MAX_PIN_LENGTH
        )


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=_HASH_BYTES,
        maxmem=128 * r * (n + p + 2) + 1024 * 1024,
    )


def hash_pin(pin: str, salt: bytes | None = None) -> PinHash:
    """Hash ``pin`` with a fresh random salt (or the given one)."""
    salt = salt if salt is not None else secrets.token_bytes(_SALT_BYTES)
    digest = _scrypt(pin, salt, _SCRYPT_N, _SCRYPT_R, _SCRYPT_P)
    return PinHash(salt.hex(), digest.hex())


def pin_matches(pin: str, stored: PinHash) -> bool:
    """Whether ``pin`` hashes to ``stored`` (compared in constant time)."""
    digest = _scrypt(pin, bytes.fromhex(stored.salt), stored.n, stored.r, stored.p)
    return hmac.compare_digest(digest, bytes.fromhex(stored.digest))


@dataclass(frozen=True)
class Lockout:
    """The wrong-guess book-keeping, as stored in the settings."""

    wrong_in_a_row: int = 0
    """Wrong PINs since the last lock-out or success."""
    lockouts: int = 0
    """Lock-outs since the last success (decides the next one's length)."""
    boot: str = ""
    """The boot the lock-out was measured in (see :func:`current_boot`)."""
    until: float = 0.0
    """Steady-clock time, in that boot, the lock-out ends."""
    left: float = 0.0
    """Seconds of lock-out still to serve when this was written (0: not locked)."""

    def to_json(self) -> dict[str, Any]:
        """The counters as plain JSON data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Lockout:
        """Rebuild from :meth:`to_json` output (a missing value means a clean slate).

        The older layout kept a wall-clock end (``locked_until``); what was left of it
        is served again from the next reading of the steady clock.
        """
        if not isinstance(data, Mapping) or not data:
            return cls()
        wrong, lockouts = int(data.get("wrong_in_a_row", 0)), int(data.get("lockouts", 0))
        if "locked_until" in data and "left" not in data:
            left = float(data["locked_until"]) - time.time()
            return cls(wrong, lockouts, "", 0.0, min(LONGEST_LOCKOUT, max(0.0, left)))
        return cls(wrong, lockouts, str(data.get("boot", "")), float(data.get("until", 0.0)),
                   min(LONGEST_LOCKOUT, max(0.0, float(data.get("left", 0.0)))))


def lockout_length(lockouts_before: int) -> float:
    """Seconds of the lock-out that follows ``lockouts_before`` earlier ones."""
    doublings = min(max(0, lockouts_before), 20)
    return min(LONGEST_LOCKOUT, FIRST_LOCKOUT * float(1 << doublings))


@dataclass(frozen=True)
class PinCheck:
    """What happened when a PIN was tried."""

    status: CheckStatus
    """Accepted, wrong, refused because the pad is locked, or no PIN set yet."""
    tries_left: int = TRIES_PER_ROUND
    """Wrong PINs still allowed before the next lock-out."""
    wait_seconds: int = 0
    """Seconds until the pad accepts PINs again (0: not locked)."""

    @property
    def accepted(self) -> bool:
        """Whether the PIN opened the lock."""
        return self.status == "accepted"

    @property
    def message(self) -> Msg | None:
        """What to tell the person at the pad (``None`` when accepted)."""
        if self.status == "wrong":
            return Msg("kiosk.staff.wrong_pin", {"tries": self.tries_left})
        if self.status == "locked":
            return Msg("kiosk.staff.locked", {"seconds": self.wait_seconds})
        if self.status == "no_pin":
            return Msg("kiosk.staff.no_pin")
        if self.status == "unreadable":
            return Msg("kiosk.staff.pin_unreadable")
        return None


class StaffLock:
    """Checks staff PINs against the hash kept in the journal's settings."""

    def __init__(
        self, store: SettingsStore, clock: Clock = time.monotonic, boot: BootId = current_boot
    ) -> None:
        self.store = store
        """The journal (or anything with ``get_setting``/``set_setting``)."""
        self.clock = clock
        """Steady time source: seconds since the machine started."""
        self.boot = boot
        """Names the current boot."""
        self._unsaved: Lockout | None = None

    @property
    def has_pin(self) -> bool:
        """Whether a staff PIN has been chosen (and can be read)."""
        return self.pin_state() == "set"

    def pin_state(self) -> PinState:
        """``set``, ``none`` (a fresh install), or ``unreadable`` (never offer a new one then)."""
        if not getattr(self.store, "available", True):
            return "unreadable"
        try:
            stored = self.store.get_setting(PIN_SETTING)
            if stored is None:
                recovery = self.store.get_setting(RECOVERY_SETTING)
                lost = isinstance(recovery, Mapping) and not recovery.get("settings_salvaged")
                return "unreadable" if lost else "none"
            PinHash.from_json(stored)
        except (StorageError, KeyError, TypeError, ValueError):
            return "unreadable"
        return "set"

    def set_pin(self, new_pin: str, current_pin: str | None = None) -> None:
        """Choose a new PIN; once one exists, the current PIN must be given and right."""
        check_pin_format(new_pin)
        if self.has_pin and (current_pin is None or not self.check(current_pin).accepted):
            raise IllegalActionError("kiosk.error.pin_change_refused")
        self.store.set_setting(PIN_SETTING, hash_pin(new_pin).to_json())
        self._save(Lockout())

    def lockout(self) -> Lockout:
        """The current wrong-guess counters (moved onto this boot's clock if need be)."""
        if self._unsaved is not None:
            book = self._unsaved
        else:
            try:
                book = Lockout.from_json(self.store.get_setting(LOCKOUT_SETTING))
            except (StorageError, TypeError, ValueError):
                book = Lockout()
        boot = self.boot()
        if book.left > 0 and book.boot != boot:
            left = max(0.0, book.left - max(0.0, self.clock()))
            book = Lockout(book.wrong_in_a_row, book.lockouts, boot, self.clock() + left, left)
            self._save(book)
        return book

    def wait_seconds(self) -> int:
        """Whole seconds left in the current lock-out (0 when the pad is open)."""
        book = self.lockout()
        if book.left <= 0:
            return 0
        left = min(book.left, book.until - self.clock())
        return max(0, int(left + 0.999))

    def check(self, pin: str) -> PinCheck:
        """Try ``pin``; count a wrong one and lock the pad when too many come in a row."""
        state = self.pin_state()
        if state != "set":
            return PinCheck("no_pin" if state == "none" else "unreadable")
        wait = self.wait_seconds()
        if wait > 0:
            return PinCheck("locked", 0, wait)
        if pin_matches(pin, PinHash.from_json(self.store.get_setting(PIN_SETTING))):
            self._save(Lockout())
            return PinCheck("accepted")
        return self._count_wrong()

    def _count_wrong(self) -> PinCheck:
        book = self.lockout()
        wrong = book.wrong_in_a_row + 1
        if wrong < TRIES_PER_ROUND:
            self._save(Lockout(wrong, book.lockouts))
            return PinCheck("wrong", TRIES_PER_ROUND - wrong)
        length = lockout_length(book.lockouts)
        self._save(Lockout(0, book.lockouts + 1, self.boot(), self.clock() + length, length))
        return PinCheck("locked", 0, int(length))

    def _save(self, book: Lockout) -> None:
        """Store the counters; while the journal refuses, they are kept in memory."""
        try:
            self.store.set_setting(LOCKOUT_SETTING, book.to_json())
        except StorageError:
            self._unsaved = book
            return
        self._unsaved = None
