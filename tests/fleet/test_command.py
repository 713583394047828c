"""``companion fleet``: the collector and the page as the café runs them, a process of its own."""

from __future__ import annotations

import http.cookiejar
import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.fleet.broker import free_port
from companion.fleet.reporter import Reporter
from tests.fleet.conftest import COLLECTOR_PASSWORD, Fleet, needs_mosquitto
from tests.waiting import wait_for

pytestmark = needs_mosquitto
ROOT = Path(__file__).resolve().parents[2]


def test_the_command_collects_and_serves_behind_the_staff_password(
        fleet: Fleet, tmp_path: Path) -> None:
    (tmp_path / "broker-password").write_text(COLLECTOR_PASSWORD + "\n", encoding="utf-8")
    (tmp_path / "staff-password").write_text("open sesame\n", encoding="utf-8")
    port = free_port()
    command = subprocess.Popen(
        [sys.executable, "-m", "companion", "fleet", "--venue", "cafe",
         "--broker", f"127.0.0.1:{fleet.port}", "--listen", f"127.0.0.1:{port}",
         "--store", str(tmp_path / "fleet.sqlite3"),
         "--broker-password-file", str(tmp_path / "broker-password"),
         "--staff-password-file", str(tmp_path / "staff-password")],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    journal = Journal(tmp_path / "table.sqlite3")
    reporter = Reporter(fleet.table_config("t3"), journal, read_power=lambda: None)
    try:
        assert command.stdout is not None
        assert command.stdout.readline().startswith("fleet page on http://127.0.0.1:")
        base = f"http://127.0.0.1:{port}"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/api/tables")
        assert refused.value.code == 401
        reporter.start()
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        login = urllib.request.Request(f"{base}/api/login", method="POST",
                                       data=json.dumps({"password": "open sesame"}).encode())
        opener.open(login)

        def tables() -> list[str]:
            found = json.load(opener.open(f"{base}/api/tables"))["tables"]
            return [tile["table"] for tile in found if tile["online"]]

        assert wait_for(lambda: tables() == ["t3"], timeout=10)
        page = opener.open(f"{base}/").read().decode()
        assert "fleet.js" in page and "http" not in page.split("<body>")[1]  # no CDN
        command.send_signal(signal.SIGTERM)
        assert command.wait(timeout=10) == 0
    finally:
        reporter.stop()
        journal.close()
        if command.poll() is None:
            command.kill()
            command.wait()
