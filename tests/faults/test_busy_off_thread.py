"""A busy journal never holds up the screen (issue 27, fault 3).

Another process holds SQLite's write lock. Every refused step used to wait out the
2 s busy timeout on the screen's thread: 20 presses made a 47.8 s gap between
watchdog pings against ``WatchdogSec=30``. Now a step waits at most
:data:`~companion.core.journal.WRITE_WAIT` once, the long wait for the lock happens on
a background thread, the watchdog keeps pinging (counted on a real notify socket)
and the table is told, then told again when the lock is free.
"""

from __future__ import annotations

import socket
import time
from itertools import pairwise
from pathlib import Path

from companion.core.journal import BUSY_TIMEOUT, Journal
from companion.ui.app import STORAGE_LOOK
from hardware.events import ButtonEvent
from hardware.systemd import Watchdog
from tests.clock import FakeClock
from tests.faults.conftest import WriteLock, continued_game, says, stored, toast_text

PRESSES_PER_PASS = 5
"""Undo presses arriving between two loop passes."""


def test_presses_on_a_busy_journal_keep_the_watchdog_pinging(
    tmp_path: Path, clock: FakeClock, closing: list[Journal], write_lock: list[WriteLock]
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing)  # the real 2 s busy timeout
    assert app.journal.busy_timeout == BUSY_TIMEOUT
    session = app.session
    assert session is not None
    cursor, content = session.cursor, stored(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(tmp_path / "notify"))
    listener.setblocking(False)
    app.watchdog = Watchdog({"NOTIFY_SOCKET": str(tmp_path / "notify"),
                             "WATCHDOG_USEC": "600000"})  # a ping every 0.2 s
    write_lock.append(WriteLock(path))

    pings: list[float] = []
    started = time.monotonic()
    while time.monotonic() - started < 3.0:
        for _ in range(PRESSES_PER_PASS):
            app.events.put(ButtonEvent("undo", "press", source="gpio"))
        app.step(0)
        pings.extend(received_pings(listener))
        time.sleep(0.01)
    listener.close()
    gaps = [later - earlier for earlier, later in pairwise(pings)]
    assert len(pings) >= 5 and max(gaps) < 2.0  # old code: at least 5 × 2 s per pass
    assert session.cursor == cursor and stored(path) == content
    assert toast_text(app) == says("core.storage.busy")

    write_lock[0].release()
    deadline = time.monotonic() + 30
    while app.journal.problem is not None and time.monotonic() < deadline:
        clock.advance(STORAGE_LOOK)
        app.step(0)
        time.sleep(0.05)
    assert app.journal.problem is None
    assert toast_text(app) == says("core.storage.recovered")
    app.events.put(ButtonEvent("undo", "press", source="gpio"))
    app.step(0)
    assert session.cursor == cursor - 1 and stored(path)["games"] != content["games"]


def received_pings(listener: socket.socket) -> list[float]:
    """When each ``WATCHDOG=1`` waiting on the socket was read."""
    found: list[float] = []
    while True:
        try:
            message = listener.recv(64)
        except BlockingIOError:
            return found
        if message == b"WATCHDOG=1":
            found.append(time.monotonic())
