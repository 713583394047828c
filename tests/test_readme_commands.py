"""Every ``./run-app`` command the README prints works as printed.

Each command is taken from README.md itself (code blocks and inline code), run
through the real ``./run-app`` in a scratch folder holding what the commands name
(the examples, a ``hardware.toml`` copied from ``config.example.toml``) and a
journal with three saved games.  Commands with a sub-command must end with exit code
0; commands that start the app must reach ``READY=1`` on a stand-in for systemd's
notify socket (first frame drawn) and then end cleanly on SIGTERM.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.record import load_record
from companion.core.session import Session

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SUBCOMMANDS = {"replay", "games", "export", "screenshot", "backup"}
READY_TIMEOUT = 120.0
"""Seconds the app may take to draw its first frame on a busy machine."""


def readme_commands() -> list[str]:
    """``./run-app`` command lines in the README, without their trailing comments."""
    text = README.read_text(encoding="utf-8")
    found: list[str] = []
    for block in re.findall(r"```\n(.*?)```", text, flags=re.S):
        found += [line.split("  #")[0].strip() for line in block.splitlines()]
    found += re.findall(r"`(\./run-app[^`]*)`", text)
    commands = [line for line in found if line.startswith("./run-app")]
    return list(dict.fromkeys(commands))


def scratch(tmp_path: Path) -> dict[str, str]:
    """The folder the commands run in, and their environment."""
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    shutil.copy(ROOT / "config.example.toml", tmp_path / "hardware.toml")
    keep_the_test_install()
    database = tmp_path / "journal.sqlite3"
    journal = Journal(database)
    record = load_record(ROOT / "examples" / "fuji" / "scenario-1.json")
    for _ in range(3):
        Session.start(journal, record.game, record.setup)
    journal.close()
    return {**os.environ, "COMPANION_DB": str(database), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}


def keep_the_test_install() -> None:
    """Let ``./run-app`` take the environment ``./run-tests`` set up as it is.

    ``scripts/bootstrap.sh`` stamps the environment per mode, and ``./run-app`` would
    otherwise reinstall the app (reaching the network) in the middle of the test run,
    although the test install holds everything the app needs.
    """
    venv = Path(os.environ.get("COMPANION_VENV", ROOT / ".venv"))
    for stamp in venv.glob(".installed-*-test"):
        stamp.with_name(stamp.name.removesuffix("-test") + "-app").touch()


def argv(command: str) -> list[str]:
    words = shlex.split(command)
    return [str(ROOT / "run-app"), *words[1:]]


def starts_the_app(command: str) -> bool:
    words = shlex.split(command)[1:]
    return not any(word in SUBCOMMANDS or word == "--help" for word in words)


def test_the_readme_has_the_commands_it_promises() -> None:
    commands = readme_commands()
    assert "./run-app screenshot fuji.play --lang fr -o play.png" in commands
    assert any(starts_the_app(command) for command in commands)
    assert len(commands) >= 8


@pytest.mark.parametrize("command", [c for c in readme_commands() if not starts_the_app(c)])
def test_each_headless_command_works_as_printed(command: str, tmp_path: Path) -> None:
    environment = scratch(tmp_path)
    done = subprocess.run(argv(command), cwd=tmp_path, env=environment, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    for word in shlex.split(command):
        if word.endswith((".png", ".json")) and not word.startswith("examples/"):
            assert (tmp_path / word).stat().st_size > 0


@pytest.mark.parametrize("command", [c for c in readme_commands() if starts_the_app(c)])
def test_each_command_that_starts_the_app_draws_and_stops_cleanly(
    command: str, tmp_path: Path,
) -> None:
    environment = scratch(tmp_path)
    manager = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    manager.bind(str(tmp_path / "notify"))
    manager.settimeout(READY_TIMEOUT)
    environment["NOTIFY_SOCKET"] = str(tmp_path / "notify")
    environment["PYTHONFAULTHANDLER"] = "1"  # a stop that hangs shows where (SIGABRT below)
    app = subprocess.Popen(argv(command), cwd=tmp_path, env=environment,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        heard = manager.recv(4096).decode()
        assert "READY=1" in heard
        app.send_signal(signal.SIGTERM)
        try:
            _out, errors = app.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            app.send_signal(signal.SIGABRT)  # every thread's stack to stderr, then fail
            _out, errors = app.communicate(timeout=30)
            pytest.fail(f"no exit 60 s after SIGTERM; the threads were at:\n{errors[-8000:]}")
        assert app.returncode == 0, errors
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        manager.close()
