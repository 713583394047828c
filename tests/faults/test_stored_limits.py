"""Stored content is read within limits (issue 27, fault 8).

An action nested 1,100 levels deep made the kiosk exit at every start (a crash loop
under systemd), and ``companion replay`` printed tracebacks for deep nesting and for a
100,000-digit number. Now such content is refused with a clear message: the kiosk
puts the game away and starts, the command says what is wrong.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.kiosk import QUARANTINE_PREFIX, Phase
from companion.core.limits import MAX_DEPTH, JsonLimitError, load_json
from companion.core.record import load_record
from tests.clock import FakeClock
from tests.faults.conftest import kiosk_on, make_journal, stored, tally_registered, toast_text

__all__ = ["tally_registered"]

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           GPIOZERO_PIN_FACTORY="mock", PYTHONPATH=str(ROOT))
DEEP = '{"type": "add", "amount": 1, "x": ' + "[" * 1100 + "]" * 1100 + "}"
HUGE = '{"type": "add", "amount": ' + "9" * 100_000 + "}"


def poisoned(path: Path, text: str) -> int:
    """A fault journal whose game's first stored action is ``text``; the game's number."""
    game_id = make_journal(path)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND step = 1",
                   (text, game_id))
    db.close()
    return game_id


@pytest.mark.parametrize("text", [DEEP, HUGE], ids=["deep", "huge-number"])
def test_the_kiosk_puts_such_a_game_away_and_starts(
    tmp_path: Path, clock: FakeClock, closing: list[Journal], text: str, tally_registered: None
) -> None:
    path = tmp_path / "journal.sqlite3"
    game_id = poisoned(path, text)
    app = kiosk_on(path, clock, closing)
    assert app.kiosk.state.phase == Phase.START
    assert "could not be" in toast_text(app) or str(game_id) in toast_text(app)
    assert app.journal.get_setting(QUARANTINE_PREFIX + str(game_id))["detail"].startswith(
        "refused:")
    assert stored(path)["games"] == [(game_id, "archived", 2)]


def test_the_real_kiosk_process_keeps_running_on_a_deep_action(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    poisoned(path, DEEP)
    app = subprocess.Popen(
        [sys.executable, "-m", "companion", "--kiosk", "--db", str(path), "--inputs",
         "keyboard", "--config", str(tmp_path / "none.toml")],
        env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and app.poll() is None:
            games = stored(path)["games"]
            if isinstance(games, list) and games and games[0][1] == "archived":
                break
            time.sleep(0.1)
        time.sleep(1.0)
        assert app.poll() is None, app.stderr.read() if app.stderr else ""
    finally:
        app.send_signal(signal.SIGTERM)
        app.wait(20)
    assert "RecursionError" not in (app.stderr.read() if app.stderr else "")


def record_file(folder: Path, action: str) -> Path:
    """A game-record file whose one action is the JSON text ``action``."""
    path = folder / "record.json"
    path.write_text('{"format": "table-companion-record", "version": 1, "game": "tally",'
                    ' "setup": {"seats": 2, "target": 40}, "actions": [' + action + "]}",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("action", "says"), [(DEEP, "nested too deep"),
                                              (HUGE, "too many digits")],
                         ids=["deep", "huge-number"])
def test_replay_says_what_is_wrong_without_a_traceback(
    tmp_path: Path, action: str, says: str
) -> None:
    path = record_file(tmp_path, action)
    result = subprocess.run([sys.executable, "-m", "companion", "--lang", "en", "replay",
                             str(path)], env=ENV, capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.returncode == 1
    assert says in result.stderr
    assert "Traceback" not in result.stderr


def test_a_record_file_too_big_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = record_file(tmp_path, json.dumps({"type": "add", "amount": 1, "pad": "x" * 100}))
    with path.open("a", encoding="utf-8") as out:
        out.write(" " * (16 * 1024 * 1024))
    with pytest.raises(ValueError) as refused:
        load_record(path)
    assert "faults.record.too_size" in str(refused.value)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=30))
def test_reasonable_json_reads_as_it_always_did(value: object) -> None:
    """Within the limits, the limited reader gives exactly what the decoder gives."""
    text = json.dumps(value)
    try:
        assert load_json(text) == json.loads(text)
    except JsonLimitError as error:  # only when the value really is beyond a limit
        assert error.what in ("depth", "number")
        assert error.what != "depth" or text.count("[") + text.count("{") > MAX_DEPTH
