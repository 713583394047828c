"""Floods through the real loop: every source limited alike, every pass short, the screen alive.

A keyboard-style arcade encoder is a documented way to wire buttons, so 5,000 key
presses must cost the table no more than 5,000 box presses: the same one rate limit,
and a pass that ends when its work budget is spent (what is left waits for the next
pass, after a redraw and a watchdog ping).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.kiosk.intents import ContinueGame
from companion.ui.loop import PASS_BUDGET, TableLoop
from companion.ui.sources import PRESS_BURST, Output
from hardware.events import ButtonEvent
from tests.clock import FakeClock
from tests.faults.conftest import SETUP, start_kiosk, stored
from tests.ui.tally_game import GAME as TALLY

KEY_PRESSES = 5000
"""Presses of the advance key in the flood (each a key down and a key up)."""
GENEROUS_PASS = 2.0
"""Seconds no pass may reach even on a loaded machine (the old loop took 77.8 s for one).

The 100 ms figure is measured by ``bench/run.py --flood``; here only the count of work
per pass is held exactly."""


class PassCounter(Output):
    """An output that counts the passes it is told of, and the table changes."""

    def __init__(self) -> None:
        self.passes = 0
        self.changes = 0

    def pass_done(self) -> None:
        self.passes += 1

    def game_changed(self, session: Session | None) -> None:
        self.changes += 1


def _flooded_kiosk(tmp_path: Path, clock: FakeClock, closing: list[Journal]) -> tuple[
        TableLoop, Path, PassCounter]:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    closing.append(journal)
    Session.start(journal, TALLY.name, {**SETUP, "target": 100_000})
    app = start_kiosk(journal, clock)
    counter = PassCounter()
    app.outputs.append(counter)
    app.perform(ContinueGame())
    return app, path, counter


def _post_key_presses(count: int) -> None:
    for _ in range(count):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0,
                                             scancode=0))


def _run_until_caught_up(app: TableLoop, limit: int = 10_000) -> int:
    passes = 0
    app.step(0)
    passes += 1
    while app.behind and passes < limit:
        app.step(0)
        passes += 1
    return passes


def test_five_thousand_key_presses_pass_the_same_limit_as_the_box(
        tmp_path: Path, clock: FakeClock, closing: list[Journal]) -> None:
    """Keys are limited like GPIO and the box: a burst, then the rate; the rest dropped."""
    app, path, counter = _flooded_kiosk(tmp_path, clock, closing)
    _post_key_presses(KEY_PRESSES)
    passes = _run_until_caught_up(app)
    session = app.session  # type: ignore[attr-defined]
    assert session is not None
    assert session.cursor == PRESS_BURST  # the hand-driven clock never refills the bucket
    assert stored(path)["actions"] == PRESS_BURST
    assert app.dropped_presses >= KEY_PRESSES - PRESS_BURST
    assert counter.passes == passes  # the watchdog heard every pass
    assert app.longest_pass < GENEROUS_PASS


def test_keys_and_box_presses_share_one_bucket(
        tmp_path: Path, clock: FakeClock, closing: list[Journal]) -> None:
    """Half the flood by keys, half by the box: together still one burst."""
    app, path, _counter = _flooded_kiosk(tmp_path, clock, closing)
    _post_key_presses(KEY_PRESSES // 2)
    for _ in range(KEY_PRESSES // 2):
        app.events.put(ButtonEvent("advance", "press", source="serial"))
    _run_until_caught_up(app)
    assert stored(path)["actions"] == PRESS_BURST


def test_the_limit_refills_with_time(
        tmp_path: Path, clock: FakeClock, closing: list[Journal]) -> None:
    """After a quiet second, presses count again (a flood does not lock the buttons out)."""
    app, path, _counter = _flooded_kiosk(tmp_path, clock, closing)
    _post_key_presses(KEY_PRESSES)
    _run_until_caught_up(app)
    clock.advance(1.0)
    _post_key_presses(1)
    _run_until_caught_up(app)
    assert stored(path)["actions"] == PRESS_BURST + 1


def test_a_flood_is_spread_over_passes_that_each_draw(
        tmp_path: Path, clock: FakeClock, closing: list[Journal]) -> None:
    """With a refilling clock, the work is spread: the screen is drawn between passes."""
    app, _path, counter = _flooded_kiosk(tmp_path, clock, closing)
    for _ in range(200):
        app.events.put(ButtonEvent("advance", "press", source="serial"))
        clock.advance(0.05)  # 20 a second: every press is allowed
    redraws = app.redraws
    passes = _run_until_caught_up(app)
    session = app.session  # type: ignore[attr-defined]
    assert session is not None and session.cursor >= PRESS_BURST
    assert counter.passes == passes
    assert app.redraws - redraws >= 1


class SteppingClock:
    """A work clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_pass_stops_when_its_budget_is_spent_and_the_next_goes_on(
        tmp_path: Path, clock: FakeClock, closing: list[Journal]) -> None:
    """Each key press here "costs" more than half the budget: a pass takes at most two,
    draws, pings, and the following passes take the rest without sleeping."""
    app, path, counter = _flooded_kiosk(tmp_path, clock, closing)
    app.work_clock = SteppingClock(PASS_BUDGET * 0.6)
    _post_key_presses(10)
    app.step(0)
    session = app.session  # type: ignore[attr-defined]
    assert session is not None
    assert session.cursor <= 2
    assert app.behind
    passes = 1 + _run_until_caught_up(app)
    assert session.cursor == 10 == stored(path)["actions"]
    assert counter.passes == passes >= 10
