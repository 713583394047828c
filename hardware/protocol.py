"""The line protocol spoken between the app and the USB button box.

Every line is printable ASCII, at most :data:`MAX_LINE` bytes before its newline,
and ends with a checksum::

    P seat1*42\\n

The checksum is ``*`` followed by two upper-case hex digits: the XOR of every byte
of the body (the text before ``*``).  A carriage return before the newline is
tolerated.  Lines from the box to the app:

==========================  ====================================================
``HELLO tcbox <version>``   sent at power-up and as the answer to ``VER?``
``P <button> [<ms>]``       a button went down (``advance``, ``undo``, ``seat1``..)
``R <button> [<ms>]``       a button came up
``L <button> [<ms>]``       a button has been held for the hold time
``PONG``                    the answer to ``PING``
``ERR <code>``              the box refused a command (``checksum``, ``syntax``..)
==========================  ====================================================

``<ms>`` (version 2) is the box's own clock, in milliseconds, at the edge itself
(before the box's debounce and the USB link delayed it): the app dates the event
from it, so a reader thread that falls behind never stretches chatter into a
second press.  Version 1 boxes send no time; the app then dates a line by its
arrival.

Lines from the app to the box:

==========================  ====================================================
``VER?``                    ask the box to introduce itself
``PING``                    keepalive; the box answers ``PONG``
``LED <light> <mode>``      set a light (``seat1``..``seat4``, ``status``): ``on``, ``off``,
                            ``blink`` (three flashes) or ``fault`` (a short flash twice a second)
``HOLD <ms>``               set the long-press time, 100 to 10000 milliseconds
==========================  ====================================================

Parsing is pure and separate from any I/O: :class:`LineParser` takes arbitrary
bytes in chunks of any size, never raises, yields the messages it understood and
counts the lines it had to reject.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hardware.events import BUTTON_IDS, EventKind
from vocabulary.buttons import LIGHT_IDS
from vocabulary.buttons import LIGHT_MODES as LIGHT_MODES
from vocabulary.buttons import LightMode as LightMode

PROTOCOL_VERSION = 2
"""The protocol version this app speaks (and the firmware beside it announces)."""

SUPPORTED_VERSIONS: tuple[int, ...] = (1, 2)
"""Versions of boxes the app works with: version 1 only lacks the edge times."""

MAX_STAMP_DIGITS = 10
"""Longest box clock value accepted, in decimal digits (over three months of milliseconds)."""

DEVICE_NAME = "tcbox"
"""The device name a Table Companion button box announces in ``HELLO``."""

MAX_LINE = 64
"""Longest accepted line in bytes, checksum included, newline excluded."""

LIGHTS: tuple[str, ...] = LIGHT_IDS
"""The lights a box may drive (:data:`vocabulary.buttons.LIGHT_IDS`)."""

HOLD_RANGE_MS: tuple[int, int] = (100, 10_000)
"""Smallest and largest hold time, in milliseconds, that ``HOLD`` accepts."""

_KIND_BY_LETTER: dict[str, EventKind] = {"P": "press", "R": "release", "L": "long_press"}
_LETTER_BY_KIND: dict[str, str] = {kind: letter for letter, kind in _KIND_BY_LETTER.items()}
_ERROR_CODE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")


@dataclass(frozen=True)
class Hello:
    """The box introduced itself."""

    device: str
    """Device name; :data:`DEVICE_NAME` for our boxes."""
    version: int
    """Protocol version the box speaks."""


@dataclass(frozen=True)
class ButtonMessage:
    """A button on the box was pressed, released or held."""

    button: str
    """Which button, one of :data:`hardware.events.BUTTON_IDS`."""
    kind: EventKind
    """What happened to it."""
    box_ms: int | None = field(default=None, compare=False)
    """The box's clock at the edge, in milliseconds (``None`` from a version 1 box)."""


@dataclass(frozen=True)
class Pong:
    """The box answered a ``PING``."""


@dataclass(frozen=True)
class BoxError:
    """The box refused a line the app sent."""

    code: str
    """Short lower-case reason, e.g. ``checksum`` or ``syntax``."""


BoxMessage = Hello | ButtonMessage | Pong | BoxError
"""Anything the box may say."""


@dataclass(frozen=True)
class Command:
    """A line the app sends to the box, already validated."""

    body: str
    """The line without checksum or newline, e.g. ``LED seat1 on``."""

    def encode(self) -> bytes:
        """Return the line as it goes on the wire, checksum and newline included."""
        return frame(self.body)


@dataclass(frozen=True)
class Rejected:
    """A line that could not be understood."""

    reason: str
    """Why: ``overlong``, ``not-ascii``, ``checksum``, ``no-checksum``, ``syntax``, ..."""


def checksum(body: bytes) -> int:
    """Return the XOR of every byte of ``body``."""
    value = 0
    for byte in body:
        value ^= byte
    return value


def frame(body: str) -> bytes:
    """Return ``body`` with its checksum and newline, ready to write."""
    raw = body.encode("ascii")
    return raw + b"*" + f"{checksum(raw):02X}".encode("ascii") + b"\n"


def version_query() -> Command:
    """The ``VER?`` command."""
    return Command("VER?")


def ping() -> Command:
    """The ``PING`` keepalive command."""
    return Command("PING")


def led(light: str, mode: str) -> Command:
    """The ``LED`` command; raise ``ValueError`` for an unknown light or mode."""
    if light not in LIGHTS:
        raise ValueError(f"unknown light {light!r}")
    if mode not in LIGHT_MODES:
        raise ValueError(f"unknown light mode {mode!r}")
    return Command(f"LED {light} {mode}")


def hold(milliseconds: int) -> Command:
    """The ``HOLD`` command; raise ``ValueError`` outside :data:`HOLD_RANGE_MS`."""
    low, high = HOLD_RANGE_MS
    if not low <= milliseconds <= high:
        raise ValueError(f"hold time {milliseconds} ms is outside {low}..{high}")
    return Command(f"HOLD {milliseconds}")


def box_line(message: BoxMessage) -> bytes:
    """Encode what a box would send for ``message`` (used by tests and simulators)."""
    if isinstance(message, Hello):
        return frame(f"HELLO {message.device} {message.version}")
    if isinstance(message, ButtonMessage):
        stamp = "" if message.box_ms is None else f" {message.box_ms}"
        return frame(f"{_LETTER_BY_KIND[message.kind]} {message.button}{stamp}")
    if isinstance(message, Pong):
        return frame("PONG")
    return frame(f"ERR {message.code}")


def split_checksum(line: bytes, require_checksum: bool = True) -> bytes | Rejected:
    """Check a line's characters and checksum; return its body or why it was rejected."""
    if any(byte < 0x20 or byte > 0x7E for byte in line):
        return Rejected("not-ascii")
    star = line.rfind(b"*")
    if star < 0:
        return Rejected("no-checksum") if require_checksum else line
    body, digits = line[:star], line[star + 1 :]
    if len(digits) != 2 or not all(chr(d) in "0123456789ABCDEF" for d in digits):
        return Rejected("syntax")
    if b"*" in body or int(digits, 16) != checksum(body):
        return Rejected("checksum")
    return body


def parse_box_line(line: bytes, require_checksum: bool = True) -> BoxMessage | Rejected:
    """Parse one line from the box (without its newline)."""
    body = split_checksum(line, require_checksum)
    if isinstance(body, Rejected):
        return body
    return _parse_box_body(body.decode("ascii").split(" "))


def _parse_box_body(words: list[str]) -> BoxMessage | Rejected:
    match words:
        case ["HELLO", device, version] if device and version.isdecimal() and len(version) <= 4:
            return Hello(device, int(version))
        case [letter, button] if letter in _KIND_BY_LETTER:
            if button not in BUTTON_IDS:
                return Rejected("unknown-button")
            return ButtonMessage(button, _KIND_BY_LETTER[letter])
        case [letter, button, stamp] if letter in _KIND_BY_LETTER and _is_stamp(stamp):
            if button not in BUTTON_IDS:
                return Rejected("unknown-button")
            return ButtonMessage(button, _KIND_BY_LETTER[letter], int(stamp))
        case ["PONG"]:
            return Pong()
        case ["ERR", code] if code and set(code) <= _ERROR_CODE_CHARS:
            return BoxError(code)
    return Rejected("syntax")


def _is_stamp(word: str) -> bool:
    return word.isdecimal() and word.isascii() and len(word) <= MAX_STAMP_DIGITS


def parse_command_line(line: bytes, require_checksum: bool = True) -> Command | Rejected:
    """Parse one line from the app (what the box firmware does), for tests and simulators."""
    body = split_checksum(line, require_checksum)
    if isinstance(body, Rejected):
        return body
    text = body.decode("ascii")
    match text.split(" "):
        case ["VER?"] | ["PING"]:
            return Command(text)
        case ["LED", light, mode] if light in LIGHTS and mode in LIGHT_MODES:
            return Command(text)
        case ["HOLD", number] if number.isdecimal() and len(number) <= 5:
            low, high = HOLD_RANGE_MS
            if low <= int(number) <= high:
                return Command(text)
    return Rejected("syntax")


@dataclass
class LineParser:
    """Turns a stream of bytes from the box into messages; never raises.

    Feed it whatever the port returned, in pieces of any size.  Lines longer than
    :attr:`max_line` are dropped whole (up to their newline) and counted once.
    """

    require_checksum: bool = True
    """Reject lines without a ``*XX`` checksum (turn off only for a hand-typed terminal)."""
    max_line: int = MAX_LINE
    """Longest line kept, newline excluded."""
    accepted: int = 0
    """Lines understood so far."""
    rejected: int = 0
    """Lines refused so far."""
    reasons: Counter[str] = field(default_factory=Counter)
    """How many lines were refused for each reason."""
    _buffer: bytearray = field(default_factory=bytearray, repr=False)
    _overflowing: bool = field(default=False, repr=False)

    def feed(self, data: bytes) -> list[BoxMessage]:
        """Take the next bytes from the port; return the messages completed by them."""
        messages: list[BoxMessage] = []
        start = 0
        while start < len(data):
            newline = data.find(b"\n", start)
            end = len(data) if newline < 0 else newline
            self._collect(data[start:end])
            if newline < 0:
                break
            message = self._finish_line()
            if message is not None:
                messages.append(message)
            start = newline + 1
        return messages

    def reset(self) -> None:
        """Forget any half-received line (after the port was reopened)."""
        self._buffer.clear()
        self._overflowing = False

    def _collect(self, piece: bytes) -> None:
        if self._overflowing:
            return
        self._buffer.extend(piece)
        if len(self._buffer) > self.max_line + 1:
            self._buffer.clear()
            self._overflowing = True

    def _finish_line(self) -> BoxMessage | None:
        if self._overflowing:
            self._overflowing = False
            self._reject("overlong")
            return None
        line = bytes(self._buffer).removesuffix(b"\r")
        self._buffer.clear()
        if not line:
            return None
        if len(line) > self.max_line:
            self._reject("overlong")
            return None
        result = parse_box_line(line, self.require_checksum)
        if isinstance(result, Rejected):
            self._reject(result.reason)
            return None
        self.accepted += 1
        return result

    def _reject(self, reason: str) -> None:
        self.rejected += 1
        self.reasons[reason] += 1
