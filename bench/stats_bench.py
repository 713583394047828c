"""Statistics on thousands of finished games: does the screen keep drawing?

Builds a real journal file with ``--games`` finished games (the example records of
every game, cycled; each stored once through the real :class:`Session`, then copied
row for row), opens the kiosk's statistics screen in the real :class:`KioskApp` on
the dummy video driver, and runs the app's loop until the statistics are shown.

It reports:

- ``first_open_s``: from tapping *Statistics* to the charts, with nothing cached;
- ``frame_gap_ms.max`` / ``.p99`` / ``.median``: time between two drawn frames while
  the games are read in the background (the screen draws a progress bar);
- ``frames``: how many frames were drawn meanwhile;
- ``touch_ms.max``: a tap on the screen every 0.2 s (on the progress panel, so it
  only keeps the staff menu awake), from the event to the loop having handled it;
- ``worst_gap_at``: how far the reading had come when the longest gap happened;
- ``cached``: the same figures for the second visit, reading the cache only;
- ``idle_gap_ms``: for comparison, the same loop redrawing the same screen for
  ``--idle`` seconds with nothing running in the background (on a shared machine
  the longest gap comes from other programs, not from the app);
- ``sync_estimate_s``: what the old screen froze for — reading every game on the UI
  thread — estimated from a sample of ``--sample`` games read without the cache.

Usage::

    python bench/stats_bench.py                 # 10,000 games (several minutes)
    python bench/stats_bench.py --games 1000 --json stats.json
    python bench/stats_bench.py --games 1000 --old-journal   # figures filled in once
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from companion.core.journal import Journal  # noqa: E402
from companion.core.record import load_record, session_from_record  # noqa: E402
from companion.core.staff import StaffLock  # noqa: E402
from companion.core.stats import CACHE_PREFIX, collect_plays  # noqa: E402

PIN = "246824"


def build_journal(path: Path, games: int, figures: bool = True) -> None:
    """A journal with ``games`` finished games: every example record, cycled."""
    journal = Journal(path)
    StaffLock(journal).set_pin(PIN)
    templates = []
    for record_file in sorted((ROOT / "examples").glob("*/*.json")):
        record = load_record(record_file)
        session = session_from_record(journal, dataclasses.replace(record, title=record_file.stem))
        if session.finished:
            templates.append(session.game_id)
    journal.close()
    copy_games(path, templates, games - len(templates), figures)


def copy_games(path: Path, templates: list[int], copies: int, figures: bool = True) -> None:
    """Add ``copies`` games, row for row copies of the templates, in one transaction.

    ``figures``: the figures each template stored when it finished are copied too, as
    this version stores them for every finished game; without them the journal is an
    older one, whose games are read (replayed) once in the background.
    """
    import sqlite3

    db = sqlite3.connect(path)
    with db:
        for number in range(copies):
            template = templates[number % len(templates)]
            cursor = db.execute(
                "INSERT INTO games (game, title, setup, status, cursor, created, updated)"
                " SELECT game, title, setup, status, cursor, created + ?, updated + ?"
                " FROM games WHERE id = ?", (number + 1, number + 1, template))
            db.execute(
                "INSERT INTO actions (game_id, step, action, label, created)"
                " SELECT ?, step, action, label, created FROM actions WHERE game_id = ?",
                (cursor.lastrowid, template))
            if figures:
                db.execute("INSERT INTO settings (key, value) SELECT ?, value FROM settings"
                           " WHERE key = ?", (f"{CACHE_PREFIX}{cursor.lastrowid}",
                                              f"{CACHE_PREFIX}{template}"))
        if not figures:
            db.execute("DELETE FROM settings WHERE key LIKE ?", (CACHE_PREFIX + "%",))
    db.close()


def open_statistics(journal: Journal) -> Any:
    """The kiosk app with the staff menu open, on the statistics screen."""
    from companion.ui.intents import Navigate
    from companion.ui.kiosk.app import KioskApp
    from companion.ui.kiosk.intents import UnlockStaff
    from companion.ui.scene import Settings
    from companion.ui.sounds import SilentPlayer

    pygame.display.init()
    app = KioskApp(journal, Settings(language="en"), (800, 480), sound=SilentPlayer())
    app.perform(Navigate("kiosk.pin"))
    app.perform(UnlockStaff(PIN))
    app.draw()
    app.perform(Navigate("kiosk.stats"))
    return app


def watch(app: Any) -> dict[str, Any]:
    """Run the loop until the charts are shown; time frames and taps meanwhile."""
    from companion.ui.kiosk.stats_screen import StatsScene

    started = last_frame = time.perf_counter()
    gaps: list[float] = []
    taps: list[float] = []
    worst = (0.0, "")
    next_tap = started + 0.2
    app.draw()
    scene = app.scene
    while isinstance(app.scene, StatsScene) and app.scene.statistics(app.context()) is None:
        now = time.perf_counter()
        if now >= next_tap:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=(400, 420), button=1))
            tapped = now
            app.step(0)
            taps.append(time.perf_counter() - tapped)
            next_tap = now + 0.2
        before = app.redraws
        app.step()
        if app.redraws > before:
            frame = time.perf_counter()
            gaps.append(frame - last_frame)
            if gaps[-1] > worst[0]:
                job = scene.job
                worst = (gaps[-1], f"{job.done}/{job.total}" if job is not None else "-")
            last_frame = frame
    app.dirty = True
    app.draw()
    total = time.perf_counter() - started
    return {
        "first_open_s": round(total, 2),
        "frames": len(gaps),
        "frame_gap_ms": {
            "median": round(statistics.median(gaps) * 1000, 1) if gaps else 0.0,
            "p99": round(sorted(gaps)[int(0.99 * (len(gaps) - 1))] * 1000, 1) if gaps else 0.0,
            "max": round(max(gaps, default=0.0) * 1000, 1),
        },
        "touch_ms": {"max": round(max(taps, default=0.0) * 1000, 1), "count": len(taps)},
        "worst_gap_at": worst[1],
        "still_on_statistics": isinstance(app.scene, StatsScene),
        "plays_shown": _plays_shown(app),
    }


def _plays_shown(app: Any) -> int:
    from companion.ui.kiosk.stats_screen import StatsScene

    scene = app.scene
    stats = scene.statistics(app.context()) if isinstance(scene, StatsScene) else None
    return -1 if stats is None else stats.total_plays


def idle_gaps(app: Any, seconds: float) -> dict[str, float]:
    """Frame gaps of the statistics screen redrawn every pass with nothing else running."""
    gaps: list[float] = []
    last = started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        app.dirty = True
        app.step(0.05)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    ordered = sorted(gaps)
    return {"median": round(statistics.median(gaps) * 1000, 1),
            "p99": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1),
            "max": round(ordered[-1] * 1000, 1)}


def cached_open(app: Any) -> dict[str, Any]:
    """The second visit of the statistics screen: every play comes from the cache."""
    from companion.ui.intents import Navigate

    app.perform(Navigate("kiosk.stats", replace=True))
    return watch(app)


def sync_estimate(path: Path, games: int, sample: int) -> float:
    """Seconds the old screen froze: reading ``games`` games on the UI thread (sampled)."""
    import shutil

    copy = path.with_name("sample.sqlite3")
    shutil.copy(path, copy)
    journal = Journal(copy)
    keep = [summary.id for summary in journal.list_games()][:sample]
    with journal._transaction() as db:  # a smaller journal holding only the sample
        db.execute(f"DELETE FROM games WHERE id NOT IN ({','.join(map(str, keep))})")
    started = time.perf_counter()
    read = len(collect_plays(journal, use_cache=False))
    took = time.perf_counter() - started
    journal.close()
    return round(took / max(1, read) * games, 1)


def main() -> int:
    """Build the journal, open the statistics, print (and optionally save) the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--sample", type=int, default=200,
                        help="games read on one thread for the old-screen estimate")
    parser.add_argument("--idle", type=float, default=20.0,
                        help="seconds of the no-work comparison loop")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--old-journal", action="store_true",
                        help="no figures stored at the games' ends (a journal written by an "
                             "older version): every game is replayed once, in the background")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=ROOT / "bench") as folder:
        path = Path(folder) / "journal.sqlite3"
        started = time.perf_counter()
        build_journal(path, args.games, figures=not args.old_journal)
        results: dict[str, Any] = {"games": args.games,
                                   "build_s": round(time.perf_counter() - started, 1)}
        journal = Journal(path)
        app = open_statistics(journal)
        results.update(watch(app))
        results["cached"] = cached_open(app)
        results["idle_gap_ms"] = idle_gaps(app, args.idle)
        results["staff_menu_open"] = app.kiosk.staff_open
        app.close()
        journal.close()
        results["sync_estimate_s"] = sync_estimate(path, args.games, args.sample)
    print(json.dumps(results, indent=1))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
