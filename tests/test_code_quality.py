"""The project's own style gates: ruff over everything, mypy --strict over the app."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_tool(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=900
    )


def test_ruff_is_clean() -> None:
    done = run_tool("ruff", "check", ".")
    assert done.returncode == 0, done.stdout[-4000:]


def test_mypy_strict_is_clean_on_the_app_and_hardware() -> None:
    done = run_tool("mypy", "--strict", "companion", "hardware")
    assert done.returncode == 0, done.stdout[-4000:]
