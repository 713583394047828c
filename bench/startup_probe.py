"""The start-up probe that ``bench/run.py --startup`` runs as a fresh process.

Before the first frame it imports only what the app itself imports (the benchmark's own
modules are loaded afterwards), resumes the journal's latest game, draws once and prints
``drawn <CPU seconds>`` followed by where that CPU time went, as ``<phase> <seconds>``
pairs: ``interpreter`` (Python itself and ``site``, before this file runs), ``pygame``
(``import pygame``), ``modules`` (the composition root and what it imports), ``open``
(the root's work up to the first frame: sounds, the window opened, the saved game
resumed, its screens imported and drawn).  It then starts the hardware as the root does
right after the first frame (``--inputs keyboard``, no config file) and prints
``hardware <CPU seconds>``.  It then draws the main screens once and prints
``rss <KiB>``, the peak memory with the screens' caches full.

Usage: ``python bench/startup_probe.py JOURNAL``
"""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))


def cpu_seconds() -> float:
    """CPU time (user + system) this process has used so far."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def main() -> None:
    """Open the app on the saved game, draw the first frame, report; then the main screens."""
    marks = [("interpreter", cpu_seconds())]
    import pygame  # noqa: F401  (timed on its own: the app imports it first)

    marks.append(("pygame", cpu_seconds()))
    from companion.app.root import AppOptions, attach_table, build_app
    from companion.core.journal import Journal

    marks.append(("modules", cpu_seconds()))
    options = AppOptions(language="en", database=Path(sys.argv[1]), inputs="keyboard",
                         config=Path(sys.argv[1]).with_name("none.toml"))
    app = build_app(options, Journal(options.database), with_table=False)
    marks.append(("open", cpu_seconds()))
    phases = " ".join(f"{name} {now - before}" for (name, now), (_, before)
                      in zip(marks, [("", 0.0), *marks], strict=False))
    print(f"drawn {marks[-1][1]} {phases}", flush=True)
    before = cpu_seconds()
    attach_table(app, options)
    print(f"hardware {cpu_seconds() - before}", flush=True)
    sys.path.insert(0, str(BENCH))
    from run import MAIN_SCREENS, draw_screen_once

    for name in MAIN_SCREENS:
        draw_screen_once(name, (800, 480))
    print(f"rss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}", flush=True)


if __name__ == "__main__":
    main()
