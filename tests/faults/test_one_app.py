"""One journal, one app (issue 27, fault 4): a second instance is refused, clearly.

Real processes on a real journal file: the kiosk runs, a second start on the same
journal exits at once with a message naming the running one and changes nothing;
once the first is killed (kill -9: no clean-up at all) the next start is let in.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.core.i18n import translate
from companion.core.journal import lock_path
from companion.core.messages import Msg
from tests.faults.conftest import make_journal, stored

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           GPIOZERO_PIN_FACTORY="mock", PYTHONPATH=str(ROOT))


def start_app(path: Path, folder: Path) -> subprocess.Popen[str]:
    """``companion --kiosk`` on the journal at ``path``, headless."""
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "--kiosk", "--db", str(path), "--inputs",
         "keyboard", "--config", str(folder / "none.toml"), "--lang", "en"],
        env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def running(app: subprocess.Popen[str], path: Path) -> None:
    """Wait until ``app`` has opened the journal and is still running."""
    wal = Path(str(path) + "-wal")
    deadline = time.monotonic() + 60
    while not wal.exists() and time.monotonic() < deadline and app.poll() is None:
        time.sleep(0.05)
    time.sleep(0.5)
    assert app.poll() is None, app.stderr.read() if app.stderr else ""


def test_a_second_app_on_the_same_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    before = stored(path)
    first = start_app(path, tmp_path)
    try:
        running(first, path)
        second = start_app(path, tmp_path)
        code = second.wait(60)
        _, errors = second.communicate()
        assert code == 1
        expected = translate(Msg("faults.journal.in_use",
                                 {"path": str(path), "pid": str(first.pid)}), "en")
        assert expected in errors
        assert "Traceback" not in errors
        assert first.poll() is None  # the running app was not disturbed
    finally:
        first.send_signal(signal.SIGKILL)  # the lock must die with the process
        first.wait(10)
    assert stored(path) == before

    third = start_app(path, tmp_path)
    try:
        holder = lock_path(path)
        deadline = time.monotonic() + 60
        while holder.read_text() != str(third.pid) and time.monotonic() < deadline:
            assert third.poll() is None, third.stderr.read() if third.stderr else ""
            time.sleep(0.05)
        assert holder.read_text() == str(third.pid)  # let in: the killed app's lock is gone
    finally:
        third.send_signal(signal.SIGKILL)
        third.wait(10)
