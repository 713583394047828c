"""Every finished play is collected exactly once, across broker restarts and table kills."""

from __future__ import annotations

import signal
from pathlib import Path

from companion.core.journal import Journal, outbox_pending
from companion.core.record import load_record, session_from_record
from companion.fleet.reporter import Reporter
from companion.fleet.store import FleetStore
from tests.fleet.conftest import Fleet, needs_mosquitto
from tests.fleet.test_last_will import start_table
from tests.waiting import wait_for

pytestmark = needs_mosquitto
ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "caverna" / "two-players.json"
"""A short real game that plays to its end."""


def play_one(journal: Journal) -> int:
    """Play the record to its end in ``journal``; return the game's number."""
    session = session_from_record(journal, load_record(RECORD))
    assert session.finished
    return session.game_id


def test_broker_restarts_lose_and_duplicate_nothing(fleet: Fleet, store: FleetStore,
                                                     tmp_path: Path) -> None:
    collector = fleet.collector(store)
    journal = Journal(tmp_path / "table.sqlite3")
    reporter = Reporter(fleet.table_config("t1"), journal, read_power=lambda: None)
    reporter.start()
    try:
        assert wait_for(reporter.connected.is_set, timeout=10)
        played = [play_one(journal)]
        assert wait_for(lambda: len(store.plays()) == 1, timeout=10)
        for _ in range(2):
            fleet.broker.stop(kill=True)  # no clean shutdown: nothing saved on the way out
            played.append(play_one(journal))
            reporter.fault("box_unplugged", "hardware.serial.lost")
            fleet.broker.start()
            assert wait_for(lambda: len(store.plays()) == len(played), timeout=20)
        assert wait_for(lambda: outbox_pending(journal) == [], timeout=10)
        plays = store.plays()
        assert sorted(play["game_id"] for play in plays) == played
        assert len({play["id"] for play in plays}) == len(played)
        assert all(play["finished"] and play["scores"] for play in plays)
        assert wait_for(lambda: len(store.tables()[0]["faults"]) == 2, timeout=10)
    finally:
        reporter.stop()
        collector.stop()
        journal.close()


def test_a_table_killed_before_the_acknowledgement_sends_again(
        fleet: Fleet, store: FleetStore) -> None:
    table = start_table(fleet, "t2", str(RECORD))  # no collector yet: nobody acknowledges
    assert table.stdout is not None
    assert table.stdout.readline().strip() == "played 1"
    table.send_signal(signal.SIGKILL)
    table.wait()
    journal = Journal(fleet.folder / "t2.sqlite3")
    assert [item.kind for item in outbox_pending(journal)] == ["play"]
    journal.close()
    collector = fleet.collector(store)
    again = start_table(fleet, "t2")  # the same journal, started anew after the power cut
    try:
        assert wait_for(lambda: len(store.plays()) == 1, timeout=10)
        assert wait_for(lambda: any(f["kind"] == "crash_restart"
                                    for t in store.tables() for f in t["faults"]), timeout=10)
        journal = Journal(fleet.folder / "t2.sqlite3")
        assert wait_for(lambda: outbox_pending(journal) == [], timeout=10)
        journal.close()
        assert len(store.plays()) == 1
    finally:
        again.kill()
        again.wait()
        collector.stop()
