"""sd_notify over a real unix datagram socket, and the app loop's watchdog pings."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.app.table import WatchdogOutput
from companion.core.journal import Journal
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Settings
from hardware.systemd import READY, STOPPING, WATCHDOG, Watchdog, notify, watchdog_interval


@pytest.fixture
def manager(tmp_path: Path) -> Iterator[socket.socket]:
    """The service manager's end: a bound datagram socket."""
    channel = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    channel.bind(str(tmp_path / "notify"))
    channel.settimeout(2.0)
    yield channel
    channel.close()


def received(channel: socket.socket, wait: float = 0.05) -> list[str]:
    messages = []
    channel.settimeout(wait)
    while True:
        try:
            messages.append(channel.recv(4096).decode())
        except TimeoutError:
            return messages


def test_notify_reaches_a_path_socket(manager: socket.socket) -> None:
    environ = {"NOTIFY_SOCKET": manager.getsockname()}
    assert notify(READY, environ)
    assert received(manager) == ["READY=1"]


def test_notify_reaches_an_abstract_socket() -> None:
    name = f"table-companion-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as channel:
        channel.bind("\0" + name)
        assert notify(WATCHDOG, {"NOTIFY_SOCKET": "@" + name})
        assert received(channel) == ["WATCHDOG=1"]


def test_without_a_manager_nothing_happens(tmp_path: Path) -> None:
    assert not notify(READY, {})
    assert not notify(READY, {"NOTIFY_SOCKET": str(tmp_path / "nobody-listens")})
    assert not notify(READY, {"NOTIFY_SOCKET": "relative/path"})


def test_watchdog_interval_is_a_third_of_the_period_for_this_process_only() -> None:
    assert watchdog_interval({"WATCHDOG_USEC": "30000000"}) == pytest.approx(10.0)
    assert watchdog_interval({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}) is None
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "soon"}) is None


def test_ready_once_then_pings_when_due(manager: socket.socket) -> None:
    now = [100.0]
    environ = {"NOTIFY_SOCKET": manager.getsockname(), "WATCHDOG_USEC": "3000000"}
    dog = Watchdog(environ, clock=lambda: now[0])
    dog.tick()
    assert received(manager) == [READY, WATCHDOG]
    dog.tick()
    now[0] += 0.5
    dog.tick()
    assert received(manager) == []
    now[0] += 0.6
    dog.tick()
    assert received(manager) == [WATCHDOG]
    dog.stopping()
    assert received(manager) == [STOPPING]


def test_the_app_loop_says_ready_and_keeps_pinging(
    manager: socket.socket, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", manager.getsockname())
    monkeypatch.setenv("WATCHDOG_USEC", "150000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    pygame.init()
    app = App(Journal(":memory:"), Settings(language="en"), (800, 480),
              outputs=[WatchdogOutput()])
    try:
        assert app.next_timeout() <= 0.05
        started = time.monotonic()
        while time.monotonic() - started < 1.0:
            app.step()
        messages = received(manager)
        assert messages[0] == READY
        assert messages.count(WATCHDOG) >= 4
    finally:
        app.close()
        clear_cache()
    assert received(manager)[-1:] == [STOPPING]


def test_a_manager_that_is_behind_never_stalls_the_sender(manager: socket.socket) -> None:
    environ = {"NOTIFY_SOCKET": manager.getsockname()}
    started = time.monotonic()
    sent = [notify(WATCHDOG, environ) for _ in range(200)]
    assert time.monotonic() - started < 1.0
    assert sent[0] and not all(sent)  # the queue filled up; the rest were dropped, not waited on
