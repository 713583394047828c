"""A table killed with no clean close (a power cut) shows offline through its last will."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.fleet.store import FleetStore
from tests.fleet.conftest import TABLES, Fleet, needs_mosquitto
from tests.waiting import wait_for

pytestmark = needs_mosquitto
ROOT = Path(__file__).resolve().parents[2]


def table_config(fleet: Fleet, table: str, keepalive: int = 2) -> Path:
    """A TOML file with the table's ``[fleet]`` section."""
    path = fleet.folder / f"{table}.toml"
    path.write_text("\n".join([
        "[fleet]", "enabled = true", 'host = "127.0.0.1"', f"port = {fleet.port}",
        'venue = "cafe"', f'table = "{table}"', f'password = "{TABLES[table]}"',
        f"keepalive = {keepalive}", "resend_seconds = 0.5", ""]), encoding="utf-8")
    return path


def start_table(fleet: Fleet, table: str, *records: str) -> subprocess.Popen[str]:
    """A table process; returns once it said ``ready`` (connected)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.fleet.table_process", str(table_config(fleet, table)),
         str(fleet.folder / f"{table}.sqlite3"), *records],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    return process


def test_a_killed_table_goes_offline(fleet: Fleet, store: FleetStore) -> None:
    collector = fleet.collector(store)
    table = start_table(fleet, "t2")
    try:
        def status() -> str:
            found = [t["status"] for t in store.tables() if t["name"] == "t2"]
            return found[0] if found else ""

        assert wait_for(lambda: status() == "online", timeout=10)
        table.send_signal(signal.SIGKILL)
        table.wait()
        killed = time.monotonic()
        # keepalive 2 s: the broker gives up after 1.5 keepalives and sends the will
        assert wait_for(lambda: status() == "offline", timeout=15)
        assert time.monotonic() - killed < 15
    finally:
        if table.poll() is None:
            table.kill()
        collector.stop()


def test_a_frozen_table_goes_offline_when_its_keepalive_runs_out(
        fleet: Fleet, store: FleetStore) -> None:
    """A power cut closes no socket: a stopped process (SIGSTOP) is what the broker sees."""
    collector = fleet.collector(store)
    table = start_table(fleet, "t3")
    try:
        def status() -> str:
            found = [t["status"] for t in store.tables() if t["name"] == "t3"]
            return found[0] if found else ""

        assert wait_for(lambda: status() == "online", timeout=10)
        table.send_signal(signal.SIGSTOP)
        frozen = time.monotonic()
        time.sleep(1.0)
        assert status() == "online"  # nothing closed the connection: only the keepalive tells
        assert wait_for(lambda: status() == "offline", timeout=15)
        assert time.monotonic() - frozen >= 2.0  # 1.5 keepalives of 2 s, not a closed socket
    finally:
        table.send_signal(signal.SIGCONT)
        table.kill()
        table.wait()
        collector.stop()
