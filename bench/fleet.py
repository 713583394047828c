"""The café fleet against a real Mosquitto: latency to the page, offline time, memory, loss.

    .venv/bin/python bench/fleet.py                      # 30 then 100 tables, 20 cycles
    .venv/bin/python bench/fleet.py --cycles 100 --outage 60
    .venv/bin/python bench/fleet.py --parts restarts --cycles 100   # one part alone

Every table is a real :class:`~companion.fleet.reporter.Reporter` with its own journal
(an SQLite file in ``/dev/shm`` when there is one, so a hundred tables' commits do not
measure this machine's disk); the collector and the fleet page are the real ones, and
the page is read over HTTP once a second, as the page's own script reads it.

Figures, per size:

* ``event→page``: a guest calls staff at a random moment; the time until the page's
  once-a-second read shows that table's call (p50, p99, max).  Target p99 ≤ 2 s.
* ``power cut→offline``: five tables go silent (network thread stopped, socket left
  open: nothing tells the broker) with the production keepalive of 10 s; the time until
  the page shows them offline.  Target ≤ 20 s.
* ``broker RSS``: Mosquitto's resident memory with every table connected.

Then, with the first size: ``--cycles`` rounds of finished plays followed by a broker
kill (SIGKILL) or a table kill (its threads stopped with no clean close, then a new
reporter on the same journal, as after a power cut); at the end every journal's
finished games are compared with the collector's plays: lost and duplicated.  Target 0.

Last, a real app loop (dummy video, 800×480, 30 frames a second) reporting to the
broker while the broker is stopped for ``--outage`` seconds: the gaps between frames.
Target < 100 ms.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.core.journal import Journal, outbox_pending  # noqa: E402
from companion.core.record import load_record, session_from_record  # noqa: E402
from companion.fleet.broker import (  # noqa: E402
    COLLECTOR,
    BrokerProcess,
    free_port,
    write_broker_files,
)
from companion.fleet.collector import Collector  # noqa: E402
from companion.fleet.config import FleetConfig  # noqa: E402
from companion.fleet.reporter import Reporter  # noqa: E402
from companion.fleet.snapshot import Moment  # noqa: E402
from companion.fleet.store import FleetStore  # noqa: E402
from companion.fleet.tiles import Thresholds  # noqa: E402
from companion.fleet.web import FleetSite, serve  # noqa: E402

VENUE = "cafe"
STAFF = "bench-staff"
RECORDS = sorted((ROOT / "examples").glob("*/*.json"))
"""Real game records that play to their ends."""


def pct(values: list[float], share: float) -> float:
    """The ``share`` percentile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


class Bench:
    """A broker, a collector with its page, and ``size`` tables."""

    def __init__(self, folder: Path, size: int, keepalive: int) -> None:
        self.folder = folder
        self.names = [f"t{number:03d}" for number in range(1, size + 1)]
        self.passwords = {name: f"pw-{name}" for name in self.names}
        self.port = free_port()
        conf = write_broker_files(folder / "broker", VENUE,
                                  {COLLECTOR: "pw-collector", **self.passwords}, self.port)
        self.broker = BrokerProcess(conf, self.port)
        self.keepalive = keepalive
        self.store = FleetStore(folder / "fleet.sqlite3")
        self.collector = Collector(self.store, VENUE, "127.0.0.1", self.port, COLLECTOR,
                                   "pw-collector", keepalive=keepalive)
        self.site = FleetSite(self.store, STAFF, Thresholds(), self.collector.answer_call)
        self.server: Any = None
        self.journals: dict[str, Journal] = {}
        self.reporters: dict[str, Reporter] = {}
        self.cut: list[Reporter] = []

    def start(self) -> None:
        self.broker.start()
        self.collector.start()
        self.server = serve(self.site, "127.0.0.1", free_port())
        for name in self.names:
            self.journals[name] = Journal(self.folder / f"{name}.sqlite3")
            self.start_table(name)

    def config(self, name: str) -> FleetConfig:
        return FleetConfig(enabled=True, host="127.0.0.1", port=self.port, venue=VENUE,
                           table=name, password=self.passwords[name],
                           keepalive=self.keepalive, resend_seconds=2.0)

    def start_table(self, name: str) -> None:
        reporter = Reporter(self.config(name), self.journals[name], read_power=lambda: None)
        reporter.start()
        reporter.game_changed(Moment(None, {}, None, 0, 0, time.time()))
        self.reporters[name] = reporter

    def cut_table(self, name: str) -> None:
        """A power cut: the threads stop, nothing says goodbye, the socket stays open."""
        reporter = self.reporters.pop(name)
        self.cut.append(reporter)  # kept: dropping it could close the socket
        reporter._stopping.set()
        reporter._jobs.put(("stop", None))
        reporter.client.loop_stop()

    def page(self) -> Any:
        """A logged-in reader of the page's API."""
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        base = f"http://127.0.0.1:{self.server.server_address[1]}"
        opener.open(urllib.request.Request(f"{base}/api/login",
                                           data=json.dumps({"password": STAFF}).encode(),
                                           method="POST"))
        return lambda: json.load(opener.open(f"{base}/api/tables"))["tables"]

    def wait(self, condition: Any, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        for name in list(self.reporters):
            self.reporters.pop(name).stop()
        self.collector.stop()
        if self.server is not None:
            self.server.shutdown()
        self.broker.stop()
        for journal in self.journals.values():
            journal.close()
        self.store.close()


def measure_size(size: int, folder: Path, rounds: int) -> dict[str, Any]:
    bench = Bench(folder, size, keepalive=FleetConfig().keepalive)
    began = time.monotonic()
    bench.start()
    read = bench.page()
    try:
        assert bench.wait(lambda: sum(t["online"] for t in read()) == size, 60), "not all online"
        figures: dict[str, Any] = {"tables": size,
                                   "all_online_s": round(time.monotonic() - began, 2)}
        figures["broker_rss_mb"] = round(bench.broker.rss_kib() / 1024, 1)
        figures["event_to_page"] = event_to_page(bench, read, rounds)
        figures["broker_rss_after_events_mb"] = round(bench.broker.rss_kib() / 1024, 1)
        figures["power_cut_to_offline"] = power_cut(bench, read, 5)
        return figures
    finally:
        bench.stop()


def event_to_page(bench: Bench, read: Any, rounds: int) -> dict[str, float]:
    """Calls at random moments; the page read once a second, as its script does."""
    delays: list[float] = []
    for _ in range(rounds):
        delays += call_round(bench, read)
        for tile in read():
            if tile["call"]:
                bench.collector.answer_call(tile["call"]["id"])
        bench.wait(lambda: not any(r.calling for r in bench.reporters.values()), 15)
    return {"events": len(delays), "p50_s": round(pct(delays, 0.5), 3),
            "p99_s": round(pct(delays, 0.99), 3), "max_s": round(max(delays), 3)}


def call_round(bench: Bench, read: Any) -> list[float]:
    """Every table calls once, in random order over two seconds: call-to-page delays."""
    called: dict[str, float] = {}
    seen: dict[str, float] = {}
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            now = time.monotonic()
            for tile in read():
                if tile["call"] and tile["table"] in called and tile["table"] not in seen:
                    seen[tile["table"]] = now
            stop.wait(1.0)

    poller = threading.Thread(target=poll)
    poller.start()
    order = list(bench.reporters)
    random.shuffle(order)
    for name in order:
        time.sleep(random.uniform(0, 2.0 / len(order)))
        called[name] = time.monotonic()
        bench.reporters[name].call_staff()
    bench.wait(lambda: len(seen) == len(called), 15)
    stop.set()
    poller.join()
    return [seen.get(name, float("inf")) - called[name] for name in called]


def power_cut(bench: Bench, read: Any, count: int) -> dict[str, float]:
    victims = random.sample(list(bench.reporters), count)
    cut: dict[str, float] = {}
    for name in victims:
        bench.cut_table(name)
        cut[name] = time.monotonic()
    offline: dict[str, float] = {}

    def look() -> bool:
        now = time.monotonic()
        for tile in read():
            if tile["table"] in cut and not tile["online"] and tile["table"] not in offline:
                offline[tile["table"]] = now
        return len(offline) == len(cut)

    bench.wait(look, 40)
    times = [offline.get(name, float("inf")) - cut[name] for name in victims]
    return {"tables": count, "keepalive_s": bench.keepalive, "max_s": round(max(times), 2),
            "mean_s": round(statistics.mean(times), 2)}


def restarts(folder: Path, size: int, cycles: int) -> dict[str, Any]:
    """Plays finished between broker kills and table kills: lost and duplicated."""
    bench = Bench(folder, size, keepalive=5)
    bench.start()
    kinds = {"broker": 0, "table": 0}
    began = time.monotonic()
    try:
        bench.wait(lambda: all(r.connected.is_set() for r in bench.reporters.values()), 60)
        for _ in range(cycles):
            for name in random.sample(bench.names, 2):
                session_from_record(bench.journals[name], load_record(random.choice(RECORDS)))
            if random.random() < 0.5:
                kinds["broker"] += 1
                bench.broker.stop(kill=True)
                time.sleep(random.uniform(0, 0.5))
                bench.broker.start()
            else:
                kinds["table"] += 1
                name = random.choice(bench.names)
                bench.cut_table(name)
                time.sleep(random.uniform(0, 0.3))
                bench.start_table(name)
            time.sleep(random.uniform(0.2, 1.0))
        settled = bench.wait(lambda: all(not outbox_pending(j) for j in bench.journals.values()),
                             120)
        expected: set[tuple[str, int]] = set()
        for name, journal in bench.journals.items():
            expected |= {(name, g.id) for g in journal.list_games("finished")}
        plays = bench.store.plays()
        collected = [(play["table"], int(play["game_id"])) for play in plays]
        return {"cycles": cycles, **{f"{k}_kills": v for k, v in kinds.items()},
                "settled": settled, "finished_plays": len(expected),
                "collected": len(collected), "lost": len(expected - set(collected)),
                "duplicated": len(collected) - len(set(collected)),
                "seconds": round(time.monotonic() - began, 1)}
    finally:
        bench.stop()


def frame_gaps(folder: Path, outage: float) -> dict[str, Any]:
    """A real app loop at 30 frames a second, reporting, with the broker stopped."""
    import pygame

    from companion.app.fleet import FleetOutput
    from companion.fleet import TableLink
    from companion.ui.app import App
    from companion.ui.scene import Settings

    bench = Bench(folder, 1, keepalive=FleetConfig().keepalive)
    bench.broker.start()
    bench.journals["t001"] = journal = Journal(folder / "app.sqlite3")
    app = App(journal, Settings(language="en"), (800, 480))
    record = load_record(ROOT / "examples" / "caverna" / "two-players.json")
    app.open_game(session_from_record(journal, record, steps=20))

    def run(seconds: float) -> list[float]:
        """Frames at 30 a second; the gaps between the ends of successive frames."""
        gaps: list[float] = []
        previous = time.perf_counter()
        end = previous + seconds
        frame = 0
        while previous < end:
            began = time.perf_counter()
            frame += 1
            if frame % 3 == 0:  # a step's worth of reporting ten times a second
                app._game_changed()
            app.dirty = True
            app.step(max_wait=0)
            done = time.perf_counter()
            gaps.append(done - previous)
            previous = done
            time.sleep(max(0.0, 1 / 30 - (done - began)))
        return gaps

    before = run(5.0)  # no reporting at all: the loop as it was before the fleet
    reporter = Reporter(bench.config("t001"), journal, read_power=lambda: None)
    reporter.start()
    app.attach([], [FleetOutput(TableLink(reporter))])
    bench.wait(reporter.connected.is_set, 10)
    try:
        up = run(5.0)
        bench.broker.stop()
        down = run(outage)
        bench.broker.start()
        back = run(5.0)
    finally:
        reporter.stop()
        pygame.quit()
        bench.broker.stop()
        journal.close()

    def summary(gaps: list[float]) -> dict[str, float]:
        return {"frames": len(gaps), "p99_ms": round(1000 * pct(gaps, 0.99), 1),
                "max_ms": round(1000 * max(gaps), 1)}

    return {"outage_s": outage, "no_fleet": summary(before), "broker_up": summary(up),
            "broker_stopped": summary(down), "broker_back": summary(back)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="30,100", help="table counts, comma separated")
    parser.add_argument("--rounds", type=int, default=3, help="call rounds per size")
    parser.add_argument("--cycles", type=int, default=20, help="broker and table kills")
    parser.add_argument("--outage", type=float, default=60.0, help="broker stopped, seconds")
    parser.add_argument("--parts", default="sizes,restarts,frames",
                        help="what to run, comma separated: sizes, restarts, frames")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    random.seed(24)
    shm = Path("/dev/shm")
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as scratch:
        folder = Path(scratch)
        sizes = [int(size) for size in args.sizes.split(",") if size]
        parts = set(args.parts.split(","))
        for size in sizes if "sizes" in parts else []:
            figures[f"size_{size}"] = measure_size(size, folder / f"s{size}", args.rounds)
            print(json.dumps({f"size_{size}": figures[f"size_{size}"]}), flush=True)
        if args.cycles and "restarts" in parts:
            figures["restarts"] = restarts(folder / "restarts", sizes[0], args.cycles)
            print(json.dumps({"restarts": figures["restarts"]}), flush=True)
        if args.outage and "frames" in parts:
            figures["frames"] = frame_gaps(folder / "frames", args.outage)
            print(json.dumps({"frames": figures["frames"]}), flush=True)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
