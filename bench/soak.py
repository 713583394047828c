"""Power-cut soak: play games, kill the player with SIGKILL at random moments, check the journal.

A *worker* process plays random legal actions through a real :class:`Session` on a real
journal file and prints ``ack`` after each ``submit`` returns — the moment the screen
would show the step.  The *controller* kills it at a random moment, starts a new worker
(which resumes the game, as the app does after a power cut) and checks after every cut:

- ``PRAGMA integrity_check`` passes;
- every acknowledged step is in the journal, unchanged;
- nothing else is, except at most the one step that was being committed when the cut
  came — and that step must be exactly the action the worker was submitting.

With ``--hold-lock`` the worker, after a few steps, takes the journal's write lock on
a second connection, writes a row it never commits and waits: it dies holding the
lock, as a backup or shell caught by a power cut would.  After each such cut the
controller also checks that the file was not set aside, that the uncommitted row is
gone, and that the journal opens writable again straight away.

Usage::

    python bench/soak.py                  # 20 cycles on Fuji
    python bench/soak.py --cycles 500     # the long mode
    python bench/soak.py --game tikal --json
    python bench/soak.py --hold-lock      # every cut comes while the write lock is held
    python bench/soak.py --kiosk-minutes 120   # memory and files over a long guest session

``--kiosk-minutes`` is another soak: the real kiosk (``companion --kiosk``) on its own
X server (Xvfb, 800x480) gets random guest input through ``xdotool`` — taps anywhere,
drags, digit keys, Enter, Backspace, Escape, about ``--rate`` a second — for that
many minutes, while its resident memory (``VmRSS``) and open files (``/proc/PID/fd``)
are read every ``--sample`` seconds.  After ``--warmup`` minutes (the caches fill)
the slopes are fitted by least squares and printed in MiB and files per minute.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.core.game import Game  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.core.registry import find_game  # noqa: E402
from companion.core.session import Session  # noqa: E402
from companion.core.upgrade import current  # noqa: E402


def load_game(spec: str) -> Game[Any]:
    """A registered game by name, or ``module:ATTRIBUTE`` for a game defined elsewhere."""
    if ":" in spec:
        module, attribute = spec.split(":", 1)
        game: Game[Any] = getattr(importlib.import_module(module), attribute)
        return game
    return find_game(spec)


def next_action(game: Game[Any], state: Any, seed: int, game_id: int, step: int) -> dict[str, Any]:
    """The action the worker submits at ``step`` (the same every time it is asked)."""
    # Sorted, because a game may list its actions in an order that depends on string
    # hashing, which differs from one process to the next.
    choices = sorted(json.dumps(action, sort_keys=True) for action in game.legal_actions(state))
    rng = random.Random(f"{seed}:{game_id}:{step}")
    chosen: dict[str, Any] = json.loads(rng.choice(choices))
    return chosen


# --------------------------------------------------------------------------- worker
UNCOMMITTED = "soak.uncommitted"
"""Settings key of the row a lock-holding worker writes and never commits."""


def hold_write_lock(db: Path) -> None:
    """Take the write lock on a second connection, write without committing, wait to die."""
    side = sqlite3.connect(db, isolation_level=None)
    side.execute("BEGIN IMMEDIATE")
    side.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, '1')", (UNCOMMITTED,))
    print("holding", flush=True)
    while True:
        time.sleep(60)


def run_worker(db: Path, game_spec: str, seed: int, hold_after: int | None = None) -> None:
    """Play forever, printing ``ack GAME STEP ACTION`` after each committed step.

    With ``hold_after`` the worker takes the write lock after that many steps and waits.
    """
    game = load_game(game_spec)
    journal = Journal(db)
    register_if_needed(game)
    session = Session.resume_latest(journal)
    if session is None:
        session = Session.start(journal, game.name, game.example_setup())
    print("ready", flush=True)
    taken = 0
    while True:
        if hold_after is not None and taken >= hold_after:
            hold_write_lock(db)
        taken += 1
        if session.finished:
            session = Session.start(journal, game.name, game.example_setup())
        step = session.cursor + 1
        action = next_action(game, session.state, seed, session.game_id, step)
        print(f"try {session.game_id} {step}", flush=True)
        session.submit(action)
        print(f"ack {session.game_id} {step} {json.dumps(action, sort_keys=True)}", flush=True)


def register_if_needed(game: Game[Any]) -> None:
    """Make a game defined outside ``companion.games`` findable by name in this process."""
    from companion.core import registry

    games = registry.all_games()
    if game.name not in games:
        games[game.name] = game


# ----------------------------------------------------------------------- controller
@dataclass
class SoakResult:
    """What a soak run did and found."""

    cycles: int = 0
    acknowledged: int = 0
    in_flight_kept: int = 0
    games_finished: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    killed_holding_lock: int = 0


def controller(
    game_spec: str, cycles: int, seed: int, workdir: Path, hold_lock: bool = False
) -> SoakResult:
    """Run ``cycles`` kill/restart cycles and check the journal after each."""
    db = workdir / "soak.sqlite3"
    game = load_game(game_spec)
    rng = random.Random(seed)
    known: dict[tuple[int, int], str] = {}
    result = SoakResult()
    started = time.perf_counter()
    for cycle in range(cycles):
        hold_after = rng.randint(0, 5) if hold_lock else None
        acks, trying = run_until_killed(db, game_spec, seed, rng.uniform(0.0, 0.25),
                                        hold_after)
        result.acknowledged += len(acks)
        known.update(acks)
        result.problems += check_journal(db, game, seed, known, trying, result)
        if hold_lock:
            result.killed_holding_lock += 1
            result.problems += check_after_held_lock(db, workdir)
        result.cycles = cycle + 1
        if result.problems:
            break
    result.seconds = time.perf_counter() - started
    return result


def run_until_killed(
    db: Path, game_spec: str, seed: int, delay: float, hold_after: int | None = None
) -> tuple[dict[tuple[int, int], str], tuple[int, int] | None]:
    """Start a worker, let it play ``delay`` seconds after it is ready, then SIGKILL it.

    With ``hold_after``, the kill comes once the worker says it holds the write lock.
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, __file__, "--worker", "--db", str(db), "--game", game_spec]
    if hold_after is not None:
        command += ["--hold-after", str(hold_after)]
    worker = subprocess.Popen(
        [*command, "--seed", str(seed)], stdout=subprocess.PIPE, text=True, env=env
    )
    assert worker.stdout is not None
    if worker.stdout.readline().strip() != "ready":
        worker.kill()
        raise RuntimeError("the soak worker did not start")
    lines: list[str] = []
    if hold_after is not None:
        for line in worker.stdout:
            lines.append(line)
            if line.strip() == "holding":
                break
    else:
        time.sleep(delay)
    worker.send_signal(signal.SIGKILL)
    output = "".join(lines) + worker.stdout.read()
    worker.wait()
    return parse_worker_output(output)


def check_after_held_lock(db: Path, workdir: Path) -> list[str]:
    """After a cut with the write lock held: nothing set aside, nothing half-written."""
    problems = []
    aside = sorted(p.name for p in workdir.iterdir() if ".damaged" in p.name)
    if aside:
        problems.append(f"the journal was set aside: {aside}")
    journal = Journal(db)
    try:
        if journal.problem is not None:
            problems.append(f"the journal does not open writable: {journal.problem}")
        if journal.get_setting(UNCOMMITTED) is not None:
            problems.append("an uncommitted write survived the cut")
    finally:
        journal.close()
    return problems


def parse_worker_output(
    output: str,
) -> tuple[dict[tuple[int, int], str], tuple[int, int] | None]:
    """Read the acknowledged steps and the step being tried when the worker died."""
    acks: dict[tuple[int, int], str] = {}
    trying: tuple[int, int] | None = None
    for line in output.splitlines():
        parts = line.split(" ", 3)
        if parts[0] == "try" and len(parts) == 3:
            trying = (int(parts[1]), int(parts[2]))
        elif parts[0] == "ack" and len(parts) == 4:
            acks[(int(parts[1]), int(parts[2]))] = parts[3]
            trying = None
    return acks, trying


def check_journal(
    db: Path,
    game: Game[Any],
    seed: int,
    known: dict[tuple[int, int], str],
    trying: tuple[int, int] | None,
    result: SoakResult,
) -> list[str]:
    """Compare the journal with what was acknowledged; adopt a committed in-flight step."""
    journal = Journal(db)
    try:
        problems = [] if journal.integrity_ok() else ["integrity_check failed"]
        stored = stored_steps(journal)
        for key, action in known.items():
            if stored.get(key) != action:
                problems.append(f"acknowledged step {key} is missing or changed")
        extra = sorted(set(stored) - set(known))
        if len(extra) > 1 or (extra and extra[0] != trying):
            problems.append(f"steps nobody acknowledged are stored: {extra}")
        elif extra:
            problems += check_in_flight(journal, game, seed, extra[0], stored[extra[0]])
            known[extra[0]] = stored[extra[0]]
            result.in_flight_kept += 1
        result.games_finished = len(journal.list_games("finished"))
        return problems
    finally:
        journal.close()


def stored_steps(journal: Journal) -> dict[tuple[int, int], str]:
    """Every step in effect in every game of the journal."""
    steps: dict[tuple[int, int], str] = {}
    for summary in journal.list_games():
        saved = journal.load(summary.id)
        for step, action in enumerate(saved.actions[: saved.cursor], start=1):
            steps[(summary.id, step)] = json.dumps(action, sort_keys=True)
    return steps


def check_in_flight(
    journal: Journal, game: Game[Any], seed: int, key: tuple[int, int], stored: str
) -> list[str]:
    """The one unacknowledged step must be exactly what the worker was submitting."""
    game_id, step = key
    saved = journal.load(game_id)
    setup, actions = current(game, saved.setup, saved.actions)
    state = game.new_state(setup)
    for action in actions[: step - 1]:
        state = game.apply(state, action)
    expected = json.dumps(next_action(game, state, seed, game_id, step), sort_keys=True)
    return [] if expected == stored else [f"in-flight step {key} is not the submitted action"]


@dataclass
class KioskSoak:
    """What the kiosk soak measured."""

    minutes: float = 0.0
    """How long the kiosk ran under input."""
    inputs: int = 0
    """Taps, drags and keys sent."""
    samples: list[tuple[float, float, int]] = field(default_factory=list)
    """(minutes since start, RSS MiB, open files) at each reading."""
    rss_slope: float = 0.0
    """MiB per minute after the warm-up."""
    fd_slope: float = 0.0
    """Open files per minute after the warm-up."""
    rss_start: float = 0.0
    """RSS in MiB at the end of the warm-up."""
    rss_end: float = 0.0
    """RSS in MiB at the end."""
    problems: list[str] = field(default_factory=list)
    """The kiosk ended, or could not be read."""


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of ``points`` (0 with fewer than two)."""
    if len(points) < 2:
        return 0.0
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return 0.0 if spread == 0 else sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def process_reading(pid: int) -> tuple[float, int]:
    """Resident memory in MiB and open files of process ``pid``."""
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


GUEST_KEYS = ("Return", "BackSpace", "Escape", "space", "1", "2", "3", "4", "5", "6", "7",
              "8", "9", "0", "Tab", "Up", "Down", "Left", "Right")
"""Keys a guest (or a keyboard-style button encoder) may press."""


def guest_inputs(rng: random.Random, count: int) -> list[str]:
    """``count`` random guest inputs as one ``xdotool`` command line's arguments."""
    words: list[str] = []
    for _ in range(count):
        kind = rng.random()
        x, y = rng.randrange(800), rng.randrange(480)
        if kind < 0.6:
            words += ["mousemove", str(x), str(y), "click", "1"]
        elif kind < 0.7:
            words += ["mousemove", str(x), str(y), "mousedown", "1", "mousemove",
                      str(rng.randrange(800)), str(rng.randrange(480)), "mouseup", "1"]
        else:
            words += ["key", rng.choice(GUEST_KEYS)]
    return words


def kiosk_soak(minutes: float, seed: int, workdir: Path, rate: float = 5.0,
               sample: float = 10.0, warmup: float = 2.0) -> KioskSoak:
    """Run the real kiosk under random guest input; see the module documentation."""
    rng = random.Random(seed)
    result = KioskSoak()
    journal = Journal(workdir / "journal.sqlite3")
    from companion.core.staff import StaffLock

    StaffLock(journal).set_pin("975319")  # staff have one; guests never get in
    journal.close()
    env = dict(os.environ, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               GPIOZERO_PIN_FACTORY="mock", PYTHONPATH=str(ROOT))
    command = ["xvfb-run", "-a", "-s", "-screen 0 800x480x24", "bash", "-c",
               'python3 -m companion --kiosk --db "$1" --inputs keyboard --config "$2" & '
               'app=$!; echo "$DISPLAY $app"; wait $app',
               "soak", str(workdir / "journal.sqlite3"), str(workdir / "none.toml")]
    command[6] = command[6].replace("python3", sys.executable)
    runner = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True,
                              start_new_session=True)
    assert runner.stdout is not None
    display, pid_text = runner.stdout.readline().split()
    pid = int(pid_text)
    x_env = dict(env, DISPLAY=display)
    time.sleep(5.0)  # the first frame
    started = time.monotonic()
    next_sample = started
    try:
        while time.monotonic() - started < minutes * 60:
            if runner.poll() is not None or not Path(f"/proc/{pid}").exists():
                result.problems.append("the kiosk ended during the soak")
                break
            burst = max(1, round(rate))
            subprocess.run(["xdotool", *guest_inputs(rng, burst)], env=x_env,
                           capture_output=True, check=False, timeout=30)
            result.inputs += burst
            now = time.monotonic()
            if now >= next_sample:
                rss, files = process_reading(pid)
                result.samples.append(((now - started) / 60, rss, files))
                next_sample = now + sample
            time.sleep(max(0.0, 1.0 - (time.monotonic() - now)))
    finally:
        result.minutes = (time.monotonic() - started) / 60
        with contextlib.suppress(ProcessLookupError):
            os.killpg(runner.pid, signal.SIGTERM)
        runner.wait(30)
    settled = [point for point in result.samples if point[0] >= warmup] or result.samples
    result.rss_slope = slope([(t, rss) for t, rss, _ in settled])
    result.fd_slope = slope([(t, float(files)) for t, _, files in settled])
    if settled:
        result.rss_start, result.rss_end = settled[0][1], settled[-1][1]
    return result


def main() -> int:
    """Run the worker or the controller, as the arguments say."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="fuji")
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--hold-lock", action="store_true",
                        help="kill every worker while it holds the write lock")
    parser.add_argument("--kiosk-minutes", type=float,
                        help="random guest input through the real kiosk for this long; "
                             "print the RSS and open-file slopes")
    parser.add_argument("--rate", type=float, default=5.0, help="kiosk soak: inputs a second")
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="kiosk soak: minutes left out of the slopes (caches filling)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--hold-after", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        run_worker(args.db, args.game, args.seed, args.hold_after)
        return 0
    if args.kiosk_minutes is not None:
        return print_kiosk_soak(args)
    with tempfile.TemporaryDirectory() as workdir:
        result = controller(args.game, args.cycles, args.seed, Path(workdir), args.hold_lock)
    if args.json:
        print(json.dumps(result.__dict__))
    else:
        print(
            f"{result.cycles} power cuts, {result.acknowledged} acknowledged steps, "
            f"{result.in_flight_kept} in-flight steps kept, {result.games_finished} games "
            f"finished, {result.killed_holding_lock} cut while holding the write lock, "
            f"{result.seconds:.1f} s"
        )
        for problem in result.problems:
            print("PROBLEM:", problem)
    return 1 if result.problems else 0


def print_kiosk_soak(args: argparse.Namespace) -> int:
    """Run :func:`kiosk_soak` and print its figures."""
    with tempfile.TemporaryDirectory() as workdir:
        soak = kiosk_soak(args.kiosk_minutes, args.seed, Path(workdir), args.rate,
                          warmup=args.warmup)
    if args.json:
        print(json.dumps(soak.__dict__))
    else:
        print(f"{soak.minutes:.1f} min, {soak.inputs} inputs, RSS {soak.rss_start:.1f} -> "
              f"{soak.rss_end:.1f} MiB after the warm-up, slope {soak.rss_slope:+.4f} MiB/min, "
              f"open files slope {soak.fd_slope:+.4f}/min")
        for problem in soak.problems:
            print("PROBLEM:", problem)
    return 1 if soak.problems else 0


if __name__ == "__main__":
    sys.exit(main())
