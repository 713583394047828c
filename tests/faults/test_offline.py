"""The README's two commands work offline once set up (issue 27).

``./run-app`` after ``./run-tests`` used to reinstall (the app's install stamp was
missing, though the test install holds everything the app needs) and failed without
the network: the app never started. Both commands run here in a network namespace
of their own with no network at all (``unshare -n``), on this checkout's environment,
which ``./run-tests`` set up.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def offline(*command: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` from the checkout with the network cut."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               COMPANION_TEST_WORKERS="0")
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(["unshare", "-n", *command], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


@pytest.fixture
def set_up() -> None:
    """This checkout's environment, installed by ./run-tests (which runs this test)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("cutting the network needs unshare and root")
    venv = Path(os.environ.get("COMPANION_VENV", ROOT / ".venv"))
    if not list(venv.glob(".installed-*-test")):
        pytest.skip("this environment was not set up by ./run-tests")
    probe = offline("python3", "-c", "import socket; socket.create_connection(('1.1.1.1', 80), 2)")
    assert probe.returncode != 0  # the network really is cut


def test_run_app_after_run_tests_starts_without_the_network(set_up: None) -> None:
    result = offline("./run-app", "--lang", "en", "screenshot", "--list")
    assert result.returncode == 0, result.stderr
    assert "Installing" not in result.stdout + result.stderr
    assert "kiosk.start" in result.stdout


def test_run_tests_runs_without_the_network(set_up: None) -> None:
    result = offline("./run-tests", "-q", "-p", "no:cacheprovider",
                     "tests/faults/test_stored_limits.py::test_reasonable_json_reads_as_it_always_did")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "Installing" not in result.stdout + result.stderr
    assert result.stdout.lstrip().startswith(".")  # the one test ran and passed
