"""The table's effort with phones at the table (Fuji), and how fast an answer shows.

Run with ``python bench/effort_phones.py`` (``--json PATH`` also writes the figures,
``--skip-latency`` / ``--skip-effort`` run one half).

Effort
------
Each Fuji reference record (``examples/fuji/*.json``, prepared die by die as
``bench/effort_fuji.py`` does) is played on the real app through ``bench/effort.py``'s
:class:`Bench`: every step the shared screen enters is found and tapped there, as in the
effort bench.  The steps a seat answers on its own phone are not tapped on the shared
screen: its dice (``set_dice``: one tap per die on the phone, ``enter_die``: one) and its
reroll count (``rerolls_done``: one tap), a card of their own that needs no place on the
map (``use_equipment``: one tap), a Gatherer's energy (``spend_energy``: one tap), its
own move in phase 5 (``resolve``: one tap, the path when it has a choice) and the wound
it takes (``choose_wound``: one tap).  They go through the session path the phones
use (:meth:`App.submit_from_seat`) where the record has them.  Because sealed dice reach
the journal only once the table is in phase 5, a round whose first dice step would
itself have closed phase 4 costs the shared screen one more tap (*Next phase*).

Per round it prints the shared screen's inputs, each seat's phone inputs beside that
seat's dice, and the critical path: per phase, the shared screen's inputs plus the
busiest seat's phone inputs (the seats answer at the same time), summed over the phases.

Latency
-------
Four phones (real WebSocket clients on loopback) sit at a 4-player game and answer at
once (a die behind the screen, then taking it back, over and over).  The time from a
phone sending its answer to the end of the app's loop pass that took it and drew the
shared screen is recorded; p50, p95, p99 and max are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402
from effort import Bench, check_replay, load_driver, records  # noqa: E402
from websockets.sync.client import connect  # noqa: E402
from websockets.typing import Origin  # noqa: E402

from companion.app.phones import SeatPhones  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.core.record import load_record  # noqa: E402
from companion.core.session import Session  # noqa: E402
from companion.ui.app import App  # noqa: E402
from companion.ui.intents import Back  # noqa: E402
from companion.ui.scene import Settings  # noqa: E402

PHONE_STEPS = frozenset({"set_dice", "enter_die", "rerolls_done", "use_equipment",
                         "spend_energy", "resolve", "choose_wound"})
"""Steps a seat answers on its own phone (a card that points at the map excepted)."""
SHARED_TARGET = 8
"""Shared-screen inputs a round may cost (3 players)."""
EXTRA_PHONE_TARGET = 3
"""Phone inputs a seat may spend beyond its dice in a round."""
LATENCY_TARGET_MS = 150.0
"""p99 answer-to-shared-screen, with four phones."""
LATENCY_PLAYERS = ({"name": "Ada", "colour": "blue", "skill": "survivalist"},
                   {"name": "Bo", "colour": "green", "skill": "gatherer"},
                   {"name": "Cy", "colour": "purple", "skill": "scout"},
                   {"name": "Di", "colour": "black", "skill": "buddy"})
"""Four characters for the latency game."""


def phone_taps(action: Mapping[str, Any]) -> int:
    """Taps on the seat's phone that enter ``action`` (0: not a phone's step)."""
    kind = action.get("type")
    seat = action.get("player")
    if kind not in PHONE_STEPS or not isinstance(seat, int) or seat < 0:
        return 0
    if kind == "use_equipment" and ("cell" in action or "cells" in action):
        return 0
    if kind == "set_dice":
        return len(action.get("dice") or ())
    return 1


# ---------------------------------------------------------------------------- effort
def play_with_phones(path: Path) -> dict[str, Any] | None:
    """Play one record: the shared screen taps its steps, the phones answer theirs
    (``None``: a record of typed totals, which has no dice for the phones)."""
    driver = load_driver("fuji")
    record = driver.prepare(load_record(path), "dice")  # type: ignore[attr-defined]
    if record is None:
        return None
    before_play = driver.setup_steps(record)  # type: ignore[attr-defined]
    bench = Bench(driver)
    bench.start(record)
    session = bench.app.session
    assert session is not None
    shared: dict[int, int] = defaultdict(int)
    phones: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    phases: dict[tuple[int, str], dict[str, Any]] = {}
    dice: dict[int, dict[int, int]] = defaultdict(dict)
    kinds: dict[str, int] = defaultdict(int)
    revealed: set[int] = set()
    actions = record.actions
    number = 0
    while number < len(actions):
        action = actions[number]
        state = session.state
        key = (state.round, state.phase.value)
        tally = phases.setdefault(key, {"shared": 0, "seats": defaultdict(int)})
        taps = phone_taps(action) if number >= before_play else 0
        if taps:
            seat = int(action["player"])
            if action["type"] in {"set_dice", "enter_die"} and state.round not in revealed:
                revealed.add(state.round)
                if state.phase.value != "movement":
                    shared[state.round] += 1
                    tally["shared"] += 1
                    kinds["advance (screens off)"] += 1
            bench.app.submit_from_seat(dict(action))
            phones[state.round][seat] += taps
            tally["seats"][seat] += taps
            dice[state.round][seat] = state.players[seat].dice_count
            number += 1
            continue
        following = actions[number + 1:]
        stop = next((i for i, a in enumerate(following) if phone_taps(a)), len(following))
        before = bench.taps
        bench.redraw()  # the screen as it stands after the phones' answers
        number += bench.play(action, following[:stop])
        if number > before_play:
            shared[state.round] += bench.taps - before
            tally["shared"] += bench.taps - before
            kinds[str(action["type"])] += bench.taps - before
    check_replay(bench, record)
    critical: dict[int, int] = defaultdict(int)
    for (round_number, _), tally in phases.items():
        critical[round_number] += tally["shared"] + max(tally["seats"].values(), default=0)
    return {"name": path.name, "shared": dict(shared), "critical": dict(critical),
            "phones": {r: dict(s) for r, s in phones.items()},
            "dice": {r: dict(s) for r, s in dice.items()},
            "players": len(record.setup["players"]), "kinds": dict(kinds)}


def effort_figures(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per-round figures over every record played."""
    shared = [n for g in games for n in g["shared"].values()]
    critical = [n for g in games for n in g["critical"].values()]
    extra = [taps - g["dice"][r].get(seat, 0) for g in games for r, seats in g["phones"].items()
             for seat, taps in seats.items()]
    three = [n for g in games if g["players"] == 3 for n in g["shared"].values()]
    return {
        "records": len(games),
        "rounds": len(shared),
        "shared_per_round": {"mean": round(statistics.mean(shared), 1), "max": max(shared)},
        "shared_per_round_3_players": {"mean": round(statistics.mean(three), 1) if three else 0,
                                       "max": max(three, default=0)},
        "phone_beyond_dice_per_round": {"mean": round(statistics.mean(extra), 1),
                                        "max": max(extra)},
        "critical_path_per_round": {"mean": round(statistics.mean(critical), 1),
                                    "max": max(critical)},
        "targets": {"shared_3_players_max_le_8": max(three, default=0) <= SHARED_TARGET,
                    "phone_max_le_dice_plus_3": max(extra) <= EXTRA_PHONE_TARGET},
    }


# ---------------------------------------------------------------------------- latency
def measure_latency(phones: int = 4, answers: int = 60, rate: float = 5.0) -> dict[str, Any]:
    """Four phones answer at once; answer-to-shared-screen latency in milliseconds."""
    journal = Journal(":memory:")
    journal.set_setting("phones.enabled", True)
    journal.set_setting("phones.network", {"port": 0, "listen": "127.0.0.1",
                                           "address": "127.0.0.1"})
    app = App(journal, Settings(language="en"), (800, 480))
    switch = SeatPhones(app)  # as the composition root attaches them
    app.attach([switch], [switch.follower])
    door = switch.door
    assert door is not None
    setup = {"scenario": 3, "players": list(LATENCY_PLAYERS[:phones]), "level": 2,
             "variant": None, "extreme": False}
    app.open_game(Session.start(journal, "fuji", setup))
    app.perform(Back())  # the seats have scanned: the table plays on its play screen
    sent: dict[tuple[int, int], float] = {}
    shown: dict[tuple[int, int], float] = {}
    taken: list[tuple[int, int]] = []
    answered: dict[int, int] = defaultdict(int)
    original = door.table.take

    def take(event: Any) -> None:
        if getattr(event.message, "ask", None) is not None:
            taken.append((event.seat, answered[event.seat]))
            answered[event.seat] += 1
        original(event)

    door.table.take = take  # type: ignore[method-assign]  # the bench times each answer
    stop = threading.Event()
    workers = [threading.Thread(target=_phone, args=(door, seat, answers, rate, sent, stop))
               for seat in range(phones)]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + answers / rate + 30
    while any(w.is_alive() for w in workers) and time.monotonic() < deadline:
        app.step(max_wait=0.005)
        now = time.monotonic()
        for seat, number in taken:
            shown.setdefault((seat, number), now)
        taken.clear()
    stop.set()
    for worker in workers:
        worker.join(5)
    app.close()
    journal.close()
    delays = sorted(1000 * (shown[key] - sent[key]) for key in sent if key in shown)
    if not delays:
        return {"error": "no answer reached the table"}
    return {"phones": phones, "answers": len(delays), "lost": len(sent) - len(delays),
            "p50_ms": round(_pct(delays, 50), 1), "p95_ms": round(_pct(delays, 95), 1),
            "p99_ms": round(_pct(delays, 99), 1), "max_ms": round(delays[-1], 1),
            "target_p99_le_150_ms": _pct(delays, 99) <= LATENCY_TARGET_MS}


START_PROBE = """
import os, resource, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from companion.core.journal import Journal
from companion.app.phones import SeatPhones
from companion.ui.app import App
from companion.ui.phones_setting import SetPhones
from companion.ui.scene import Settings

def rss_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0

journal = Journal(":memory:")
journal.set_setting("phones.network", {"port": 0, "listen": "127.0.0.1",
                                       "address": "127.0.0.1"})
app = App(journal, Settings(language="en"), (800, 480))
phones = SeatPhones(app)  # as the composition root attaches them (off: nothing started)
app.attach([phones], [phones.follower])
app.draw()
before, cpu = rss_kb(), time.process_time()
app.perform(SetPhones(True))
after, spent = rss_kb(), time.process_time() - cpu
print(after - before, round(spent, 3))
app.close()
"""
"""Measures, in a fresh interpreter, what switching the phones on costs the app."""


def measure_start() -> dict[str, Any]:
    """Memory and CPU time the running app spends switching the phones on."""
    import subprocess

    found = subprocess.run([sys.executable, "-c", START_PROBE], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    return {"memory_mb": round(int(found[-2]) / 1024, 1), "cpu_s": float(found[-1]),
            "target_memory_le_25_mb": int(found[-2]) / 1024 <= 25}


def _pct(values: Sequence[float], percent: float) -> float:
    index = min(len(values) - 1, max(0, round(percent / 100 * len(values)) - 1))
    return values[index]


def _phone(door: Any, seat: int, answers: int, rate: float,
           sent: dict[tuple[int, int], float], stop: threading.Event) -> None:
    """One phone: a die, then taking it back, ``answers`` times at ``rate`` a second (a
    socket keeps its messages in order, so the table's n-th answer is the phone's n-th)."""
    port = door.server.port
    token = door.tokens.token(seat)
    with connect(f"ws://127.0.0.1:{port}/ws", origin=Origin(f"http://127.0.0.1:{port}"),
                 open_timeout=10) as socket:
        socket.send(json.dumps({"t": "hello", "token": token, "lang": "en"}))
        view = _next_view(socket)
        for number in range(answers):
            if stop.is_set():
                return
            ask = view["asks"][number % 2]
            sent[(seat, number)] = time.monotonic()
            socket.send(json.dumps({"t": "answer", "ask": ask["key"],
                                    "version": ask["version"], "answer": 0}))
            time.sleep(1 / rate)
            view = _drain(socket, view)


def _next_view(socket: Any) -> dict[str, Any]:
    while True:
        message = json.loads(socket.recv(timeout=10))
        if message.get("t") == "view":
            return dict(message)


def _drain(socket: Any, view: dict[str, Any]) -> dict[str, Any]:
    """Read what arrived; the newest view."""
    while True:
        try:
            message = json.loads(socket.recv(timeout=0))
        except TimeoutError:
            return view
        if message.get("t") == "view":
            view = message


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bench; ``--json PATH`` also writes the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument("--skip-effort", action="store_true")
    parser.add_argument("--record", help="only records whose file name contains this")
    options = parser.parse_args(argv)
    pygame.init()
    results: dict[str, Any] = {}
    if not options.skip_effort:
        tried = [play_with_phones(path) for path in records("fuji")
                 if options.record is None or options.record in path.name]
        played = [one for one in tried if one is not None]
        results["effort"] = effort_figures(played)
        results["effort"]["per_record"] = {g["name"]: {
            "shared": g["shared"], "phones": g["phones"], "dice": g["dice"],
            "critical": g["critical"], "shared_by_step": g["kinds"]} for g in played}
    if not options.skip_latency:
        results["switching_on"] = measure_start()
        results["latency"] = measure_latency()
    for part, found in results.items():
        print(part)
        for key, value in found.items():
            if key != "per_record":
                print(f"  {key:<30} {value}")
        for name, one in found.get("per_record", {}).items():
            print(f"  {name}: shared taps by step {one['shared_by_step']}")
    if options.json is not None:
        options.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
