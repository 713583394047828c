"""Without a screen the app says so and points at the headless commands (no traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("flags", "lang", "start"), [([], "en", "No display"), (["--kiosk"], "pl", "Nie znaleziono")]
)
def test_app_without_a_display_explains_and_exits(
    tmp_path: Path, flags: list[str], lang: str, start: str
) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env["SDL_AUDIODRIVER"] = "dummy"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "--lang",
            lang,
            "--db",
            str(tmp_path / "j.sqlite3"),
            *flags,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 3
    assert start in done.stderr
    assert "companion replay" in done.stderr
    assert "Traceback" not in done.stderr
