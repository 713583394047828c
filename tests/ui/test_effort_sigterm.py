"""The effort bench ends cleanly on SIGTERM: what it measured is printed, no traceback,
and the exit status says it was stopped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_sigterm_ends_the_effort_bench_cleanly() -> None:
    """Started, then sent SIGTERM once it says it is playing: it stops, prints its table
    with the game cut short named, and exits with 128 + SIGTERM."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    bench = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "effort.py"), "--game", "fuji", "--quick"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert bench.stderr is not None
    for line in bench.stderr:
        if line.startswith("effort: playing"):
            break
    bench.send_signal(signal.SIGTERM)
    out, err = bench.communicate(timeout=300)
    assert bench.returncode == 128 + signal.SIGTERM, err
    assert "Traceback" not in err
    assert "stopped by SIGTERM" in out
