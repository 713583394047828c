"""Render the fleet page with 30 tables in several states, in four languages.

    .venv/bin/python scripts/fleet_screenshots.py [--out docs/screenshots]

The tables' states are built by the reporter's own code from real games (the example
records stopped part-way), the plays of the statistics from those records' real
results spread over a week of opening hours; the page is the real one, served by the
real server and drawn by headless chromium (desktop 1280 wide, phone 360×740).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.core.journal import Journal  # noqa: E402
from companion.core.record import load_record, session_from_record  # noqa: E402
from companion.fleet.broker import free_port  # noqa: E402
from companion.fleet.snapshot import Moment, describe  # noqa: E402
from companion.fleet.store import FleetStore  # noqa: E402
from companion.fleet.tiles import Thresholds  # noqa: E402
from companion.fleet.web import FleetSite, serve  # noqa: E402
from tests.fleet.page import browser  # noqa: E402

NOW = time.mktime((2026, 11, 27, 20, 30, 0, 0, 0, -1))
"""A Friday evening, so the times on the page read the same in every run."""
RECORDS = sorted((ROOT / "examples").glob("*/*.json"))
NAMES = ["Ada", "Borys", "Chloé", "Diego", "Ewa", "Farid", "Gosia", "Hugo", "Inès", "Jan"]
STATES = (["playing"] * 14 + ["idle"] * 3 + ["stuck"] * 2 + ["offline"] * 3 + ["fault"] * 3
          + ["call"] * 2 + ["free"] * 2 + ["finished"])
"""How the 30 tables stand."""
PAST = (55 * 60.0, 70 * 60.0, 80 * 60.0)
"""Lengths of a table's earlier plays, for a game whose progress says no "of all"."""


def fill(store: FleetStore, rng: random.Random) -> None:
    journal = Journal(":memory:")
    for number, condition in enumerate(STATES, 1):
        name = f"T{number:02d}"
        record = load_record(rng.choice(RECORDS))
        steps = len(record.actions) if condition == "finished" else rng.randint(
            len(record.actions) // 5, len(record.actions) * 4 // 5)
        session = session_from_record(journal, record, steps=steps)
        quiet = {"idle": 13 * 60, "stuck": 31 * 60}.get(condition, rng.uniform(5, 200))
        started = NOW - rng.uniform(20, 95) * 60
        moment = Moment(session.game, session.setup, session.state, session.game_id,
                        session.cursor, NOW - quiet)
        state: dict[str, object] = (describe(moment, started, NOW, PAST) if condition != "free"
                                    else {"game": None})
        state.update(updated=NOW - quiet, call=None)
        store.set_state("cafe", name, state, NOW - quiet)
        online = "offline" if condition == "offline" else "online"
        store.set_status("cafe", name, online, NOW - rng.uniform(3, 40) * 60)
        if condition == "fault":
            kind = ["box_unplugged", "storage", "under_voltage"][number % 3]
            store.keep_fault(f"cafe/{name}/f{number}", "cafe", name, kind, "", NOW - 120)
        if condition == "call":
            store.keep_call(f"cafe/{name}/c{number}", "cafe", name, NOW - 40)


def plays(store: FleetStore, rng: random.Random) -> None:
    journal = Journal(":memory:")
    finals = []
    for path in RECORDS:
        session = session_from_record(journal, load_record(path))
        finals.append((session.game.name, session.game.result(session.state, session.setup)))
    for number in range(140):
        game, result = rng.choice(finals)
        day = NOW - rng.randint(0, 6) * 86400
        hour = rng.choices(range(11, 24), weights=[1, 2, 2, 2, 3, 4, 5, 7, 9, 9, 7, 4, 2])[0]
        start = time.mktime((*time.localtime(day)[:3], hour, rng.randint(0, 59), 0, 0, 0, -1))
        length = rng.uniform(25, 110) * 60
        scores = [max(0, s + rng.randint(-12, 12)) for s in result.scores]
        outcome = (rng.choice(["won", "lost", "won"]) if result.outcome else "")
        store.keep_play(f"cafe/T{number % 30 + 1:02d}/j/play:{number}", "cafe",
                        f"T{number % 30 + 1:02d}", {
                            "game_id": number, "game": game, "created": start,
                            "updated": start + length, "finished": True,
                            "players": list(result.players), "scores": scores,
                            "winners": list(result.winners), "outcome": outcome,
                            "scenario": result.scenario,
                            "level": rng.choice([1, 2, 2, 3]) if result.outcome else 0})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    rng = random.Random(24)
    store = FleetStore(":memory:")
    fill(store, rng)
    plays(store, rng)
    site = FleetSite(store, "staff", Thresholds(), lambda call: False, clock=lambda: NOW)
    server = serve(site, "127.0.0.1", free_port())
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        for lang in ("en", "pl", "fr", "es"):
            for kind, width, height in (("tables", 1280, 900), ("phone", 360, 740),
                                        ("stats", 360, 740)):
                shoot(base, lang, kind, width, height, args.out / f"fleet-{kind}-{lang}.png")
    finally:
        server.shutdown()
    table_shots(args.out)
    return 0


def table_shots(out: Path) -> None:
    """The table's play screen with "Call staff" in the bar (and once while it waits)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.fleet import TableLink
    from companion.fleet.config import FleetConfig
    from companion.fleet.reporter import Reporter
    from companion.ui.app import App
    from companion.ui.call_staff import CallButton
    from companion.ui.scene import Settings

    for lang, calling in (("en", False), ("pl", False), ("fr", True), ("es", False)):
        journal = Journal(":memory:")
        app = App(journal, Settings(language=lang), (800, 480))
        record = load_record(ROOT / "examples" / "fuji" / "scenario-1.json")
        app.open_game(session_from_record(journal, record, steps=5))
        reporter = Reporter(FleetConfig(enabled=True, port=free_port(), table="T01"), journal,
                            read_power=lambda: None)
        if calling:
            reporter.call_staff()
            reporter._handle("call", None)  # what the worker does with the tap
        app.call_button = CallButton(TableLink(reporter))
        app.draw()
        target = out / f"fleet-table-call-{lang}.png"
        pygame.image.save(app.surface, str(target))
        print(target)
        pygame.quit()
        journal.close()


def shoot(base: str, lang: str, kind: str, width: int, height: int, target: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser(width, height)
    view(driver, width, height)
    try:
        driver.get(f"{base}/?lang={lang}")
        wait = WebDriverWait(driver, 10)
        wait.until(lambda d: d.find_element(By.ID, "password").is_displayed())
        driver.find_element(By.ID, "password").send_keys("staff")
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.tile")) == 30)
        if kind == "stats":
            driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab='stats']").click()
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#stats a.csv"))
        if kind != "phone":
            full = driver.execute_script("return document.documentElement.scrollHeight")
            view(driver, width, max(height, int(full)))
            time.sleep(0.3)
        driver.save_screenshot(str(target))
        print(target)
    finally:
        driver.quit()


def view(driver: Any, width: int, height: int) -> None:
    """Set the page's viewport exactly (headless windows have a minimum width)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


if __name__ == "__main__":
    sys.exit(main())
