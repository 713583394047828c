"""Button-box logic shared by the firmware and its tests: debouncing and the line protocol.

This file runs on CircuitPython (copied to the Pico next to ``code.py``) and on
CPython (the tests).  It therefore uses only what both offer: plain classes and
built-in types, ``str.isdigit`` rather than ``str.isdecimal``, no zip keywords.
It mirrors ``hardware/protocol.py`` of the app; the tests check that the two
understand each other.
"""

DEVICE = "tcbox"
"""Name announced in ``HELLO``."""
VERSION = 2
"""Protocol version announced in ``HELLO`` (2: button lines carry the edge's time)."""
MAX_LINE = 64
"""Longest command line kept, newline excluded."""
BUTTONS = ("advance", "undo", "seat1", "seat2", "seat3", "seat4")
"""Button names, in wiring order."""
LIGHTS = ("seat1", "seat2", "seat3", "seat4", "status")
"""Light names, in wiring order."""
MODES = ("on", "off", "blink", "fault")
"""What a light can be told to do."""
HOLD_MIN_MS = 100
"""Shortest hold time ``HOLD`` accepts."""
HOLD_MAX_MS = 10000
"""Longest hold time ``HOLD`` accepts."""
BLINK_PERIOD_MS = 300
"""One on-and-off cycle of a blinking light."""
BLINK_FLASHES = 3
"""Flashes of a ``blink`` before the light goes back to what it was."""
SEAT_COLOURS = ((220, 60, 60), (60, 140, 230), (70, 180, 90), (235, 200, 60))
"""RGB colour of each seat's optional NeoPixel, the app's seat colours in seat order."""
FAULT_PERIOD_MS = 500
"""One cycle of the ``fault`` pattern: a short flash twice a second, until told otherwise."""
FAULT_ON_MS = 100
"""How long the light is lit in each ``fault`` cycle."""


def checksum(body: bytes) -> int:
    """XOR of every byte of ``body``."""
    value = 0
    for byte in body:
        value ^= byte
    return value


def frame(body: str) -> bytes:
    """``body`` with ``*XX`` checksum and newline."""
    raw = body.encode()
    return raw + b"*" + f"{checksum(raw):02X}".encode() + b"\n"


def _printable(line: bytes) -> bool:
    return all(0x20 <= byte <= 0x7E for byte in line)


def check_line(line: bytes) -> tuple[str | None, str | None]:
    """Return ``(body_text, None)`` for a sound line or ``(None, error_code)``."""
    if not _printable(line):
        return None, "ascii"
    star = line.rfind(b"*")
    if star < 0:
        return line.decode(), None
    body, digits = line[:star], line[star + 1 :]
    if len(digits) != 2:
        return None, "syntax"
    try:
        expected = int(digits.decode(), 16)
    except ValueError:
        return None, "syntax"
    if expected != checksum(body) or b"*" in body:
        return None, "checksum"
    return body.decode(), None


def parse_command(text: str) -> tuple[str | None, str | int | None, str | None]:
    """Split a command into ``(name, argument, argument)``; ``(None, error_code, None)`` if bad."""
    words = text.split(" ")
    if words == ["VER?"] or words == ["PING"]:
        return words[0], None, None
    if len(words) == 3 and words[0] == "LED" and words[1] in LIGHTS and words[2] in MODES:
        return "LED", words[1], words[2]
    if len(words) == 2 and words[0] == "HOLD" and words[1].isdigit() and len(words[1]) <= 5:
        milliseconds = int(words[1])
        if HOLD_MIN_MS <= milliseconds <= HOLD_MAX_MS:
            return "HOLD", milliseconds, None
        return None, "range", None
    return None, "syntax", None


class Debouncer:
    """One button: a level must stay put for ``settle_ms`` before it counts.

    :meth:`update` takes the raw level (True = pressed) and the time in
    milliseconds and returns ``"P"``, ``"R"``, ``"L"`` or ``None``.
    """

    def __init__(self, settle_ms: int = 20, hold_ms: int = 1000) -> None:
        self.settle_ms = settle_ms
        self.hold_ms = hold_ms
        self.pressed = False
        self._raw = False
        self._raw_since = 0
        self._pressed_since = 0
        self._held = False
        self.edge_ms = 0
        """When the level just reported first appeared (before it settled), or the hold."""

    def update(self, raw: bool, now_ms: int) -> str | None:
        """Feed the current raw level; return the event it completes, if any."""
        if raw != self._raw:
            self._raw = raw
            self._raw_since = now_ms
        if raw != self.pressed and now_ms - self._raw_since >= self.settle_ms:
            self.pressed = raw
            self.edge_ms = self._raw_since
            if raw:
                self._pressed_since = now_ms
                self._held = False
                return "P"
            return "R"
        if self.pressed and not self._held and now_ms - self._pressed_since >= self.hold_ms:
            self._held = True
            self.edge_ms = now_ms
            return "L"
        return None


class Light:
    """One light: steady on or off, the lasting fault pattern, or a few flashes then back."""

    def __init__(self) -> None:
        self.steady = False
        self.fault = False
        self._blink_until = -1
        self._blink_from = 0

    def set(self, mode: str, now_ms: int) -> None:
        """Apply an ``LED`` command."""
        if mode == "blink":
            self._blink_from = now_ms
            self._blink_until = now_ms + BLINK_FLASHES * BLINK_PERIOD_MS
        else:
            self.steady = mode == "on"
            self.fault = mode == "fault"
            self._blink_until = -1

    def level(self, now_ms: int) -> bool:
        """Whether the LED should be lit at ``now_ms``."""
        if now_ms < self._blink_until:
            return (now_ms - self._blink_from) % BLINK_PERIOD_MS < BLINK_PERIOD_MS // 2
        if self.fault:
            return now_ms % FAULT_PERIOD_MS < FAULT_ON_MS
        return self.steady


class Box:
    """The whole box without its pins: buttons in, lines out, commands in, lights out."""

    def __init__(self, settle_ms: int = 20, hold_ms: int = 1000) -> None:
        self.buttons = [Debouncer(settle_ms, hold_ms) for _ in BUTTONS]
        self.lights = [Light() for _ in LIGHTS]
        self._incoming = b""
        self._overflow = False

    def hello(self) -> bytes:
        """The ``HELLO`` line sent at power-up and in answer to ``VER?``."""
        return frame(f"HELLO {DEVICE} {VERSION}")

    def scan(self, levels: list[bool], now_ms: int) -> bytes:
        """Debounce the raw button levels; return the lines to send."""
        out = b""
        for index, button in enumerate(self.buttons):
            event = button.update(levels[index], now_ms)
            if event is not None:
                out += frame(event + " " + BUTTONS[index] + " " + str(button.edge_ms))
        return out

    def receive(self, data: bytes, now_ms: int) -> bytes:
        """Take bytes from the app; return the answers to send."""
        out = b""
        for byte in data:
            if byte == 0x0A:
                out += self._finish(now_ms)
            elif self._overflow or len(self._incoming) >= MAX_LINE + 1:
                self._overflow = True
                self._incoming = b""
            else:
                self._incoming += bytes((byte,))
        return out

    def light_levels(self, now_ms: int) -> list[bool]:
        """What each LED should show now, in :data:`LIGHTS` order."""
        return [light.level(now_ms) for light in self.lights]

    def pixel_colours(self, now_ms: int) -> list[tuple[int, int, int]]:
        """Colour of each seat's RGB LED now: its seat colour while lit, else dark."""
        colours = []
        for index, colour in enumerate(SEAT_COLOURS):
            colours.append(colour if self.lights[index].level(now_ms) else (0, 0, 0))
        return colours

    def _finish(self, now_ms: int) -> bytes:
        line, self._incoming = self._incoming, b""
        if self._overflow:
            self._overflow = False
            return frame("ERR overlong")
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line:
            return b""
        text, error = check_line(line)
        if text is None:
            return frame("ERR " + str(error))
        return self._obey(text, now_ms)

    def _obey(self, text: str, now_ms: int) -> bytes:
        name, first, second = parse_command(text)
        if name is None:
            return frame("ERR " + str(first))
        if name == "VER?":
            return self.hello()
        if name == "PING":
            return frame("PONG")
        if name == "HOLD":
            for button in self.buttons:
                button.hold_ms = int(str(first))
            return b""
        self.lights[LIGHTS.index(str(first))].set(str(second), now_ms)
        return b""
