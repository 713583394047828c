"""A button box in software: the firmware's own logic behind a real pseudo-terminal.

:class:`SimulatedBox` loads ``hardware/firmware/tcbox.py`` (the very file copied to
the Pico) and runs its :class:`Box` on a thread, talking through the master side of
a ``pty.openpty()`` pair.  The app opens the slave side, :attr:`SimulatedBox.port`,
exactly as it opens ``/dev/ttyACM1``.  Tests drive the buttons with raw levels
(contact chatter included), read back the lights, make the box fall silent while the
port stays open, or unplug it.

Run ``python -m hardware.boxsim`` to get a box to try the app with: it prints the
port to put in ``[serial] port`` and turns typed lines such as ``p seat1`` /
``r seat1`` into button levels.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pty
import select
import sys
import termios
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

FIRMWARE = Path(__file__).resolve().parent / "firmware"
"""Where the box firmware lives."""

SCAN_PERIOD = 0.001
"""Seconds between two scans of the simulated buttons (the Pico scans every 2 ms)."""


def load_tcbox() -> ModuleType:
    """Import the firmware's ``tcbox.py`` as a module of its own."""
    spec = importlib.util.spec_from_file_location("tcbox", FIRMWARE / "tcbox.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {FIRMWARE / 'tcbox.py'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class SimulatedBox:
    """The firmware's :class:`Box` on a pseudo-terminal; start with :meth:`start`."""

    def __init__(self, settle_ms: int = 20, hold_ms: int = 1000,
                 clock_ms: Callable[[], int] | None = None) -> None:
        """``clock_ms`` is the firmware's clock (default: milliseconds since made); a test
        that hands in one it drives makes the box's time, and its edge stamps, exact."""
        self.tcbox = load_tcbox()
        """The firmware module."""
        self.box: Any = self.tcbox.Box(settle_ms, hold_ms)
        """The firmware's box logic."""
        self.levels = [False] * len(self.tcbox.BUTTONS)
        """Raw button levels (True = pressed), in the firmware's button order."""
        self.received = bytearray()
        """Every byte the app has sent."""
        self.heard: list[tuple[float, bytes]] = []
        """``(time.monotonic(), line)`` of each line the app has sent."""
        self.answering = True
        """False makes the box fall silent (it still reads) while the port stays open."""
        self._master, self._slave = pty.openpty()
        tty.setraw(self._slave)
        attributes = termios.tcgetattr(self._slave)
        attributes[3] &= ~termios.ECHO
        termios.tcsetattr(self._slave, termios.TCSANOW, attributes)
        self.port = os.ttyname(self._slave)
        """The device path the app opens."""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._partial = b""
        self._started = time.monotonic()
        self._clock_ms = clock_ms
        self.scans = 0
        """How many scans the box has run (a test waits for one after changing a level)."""

    def now_ms(self) -> int:
        """The firmware's clock: milliseconds since the box was made, or the test's."""
        if self._clock_ms is not None:
            return self._clock_ms()
        return int((time.monotonic() - self._started) * 1000)

    def start(self, greet: bool = True) -> SimulatedBox:
        """Power the box up (it says ``HELLO`` unless ``greet`` is False) and run it."""
        if greet:
            self._write(self.box.hello())
        self._thread = threading.Thread(target=self._run, name="simulated-box", daemon=True)
        self._thread.start()
        return self

    def set_level(self, button: str, pressed: bool) -> None:
        """Set the raw level of ``button`` (``advance``, ``seat1``...)."""
        with self._lock:
            self.levels[self.tcbox.BUTTONS.index(button)] = pressed

    def chatter(self, button: str, pattern_ms: list[float]) -> float:
        """Toggle ``button`` once per entry of ``pattern_ms``, waiting that long after each.

        Returns the longest time between two toggles as it really came out, in seconds (a
        loaded machine may sleep far longer than asked).
        """
        longest = 0.0
        previous: float | None = None
        for wait in pattern_ms:
            now = time.monotonic()
            if previous is not None:
                longest = max(longest, now - previous)
            previous = now
            with self._lock:
                index = self.tcbox.BUTTONS.index(button)
                self.levels[index] = not self.levels[index]
            time.sleep(wait / 1000)
        return longest

    def lights(self) -> list[bool]:
        """What each LED shows now, in the firmware's light order."""
        with self._lock:
            return list(self.box.light_levels(self.now_ms()))

    def lines_heard(self) -> list[bytes]:
        """The complete lines the app has sent, oldest first."""
        with self._lock:
            return [line for _, line in self.heard]

    def unplug(self) -> None:
        """Stop the box and close both ends of the pseudo-terminal, like pulling the cable."""
        self.stop()
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)

    def stop(self) -> None:
        """Stop the box's thread (the pseudo-terminal stays open)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)
        self._thread = None

    def _run(self) -> None:
        while not self._stop.is_set():
            readable, _, _ = select.select([self._master], [], [], SCAN_PERIOD)
            moment = self.now_ms()
            out = b""
            with self._lock:
                out += self.box.scan(list(self.levels), moment)
                self.scans += 1
            if readable:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    return
                self._remember(data)
                with self._lock:
                    out += self.box.receive(data, moment)
            if out and self.answering:
                self._write(out)

    def _remember(self, data: bytes) -> None:
        now = time.monotonic()
        with self._lock:
            self.received.extend(data)
            pieces = (self._partial + data).split(b"\n")
            self._partial = pieces.pop()
            self.heard.extend((now, line) for line in pieces)

    def _write(self, data: bytes) -> None:
        with contextlib.suppress(OSError):
            os.write(self._master, data)


def main() -> int:
    """Run a box on a pseudo-terminal and turn typed ``p NAME`` / ``r NAME`` into levels."""
    box = SimulatedBox().start()
    print(f"Button box on {box.port}: put it in [serial] port. Type 'p seat1', 'r seat1', 'q'.")
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["q"]:
            break
        if len(words) == 2 and words[0] in ("p", "r") and words[1] in box.tcbox.BUTTONS:
            box.set_level(words[1], words[0] == "p")
        print("lights:", " ".join(f"{name}={'on' if on else 'off'}"
                                  for name, on in zip(box.tcbox.LIGHTS, box.lights(),
                                                      strict=True)))
    box.unplug()
    return 0


if __name__ == "__main__":
    sys.exit(main())
