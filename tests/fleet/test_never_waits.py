"""A broker that is away never makes the table wait: the screen's calls only enqueue."""

from __future__ import annotations

import time
from pathlib import Path

from companion.core.journal import Journal, outbox_pending
from companion.core.record import load_record, session_from_record
from companion.fleet import TableLink
from companion.fleet.broker import free_port
from companion.fleet.config import FleetConfig
from companion.fleet.reporter import Reporter

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "caverna" / "two-players.json"


def test_a_missing_broker_costs_the_screen_nothing(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    config = FleetConfig(enabled=True, port=free_port(), table="t1", keepalive=2,
                         resend_seconds=0.5)  # nobody listens on this port
    reporter = Reporter(config, journal, read_power=lambda: None)
    reporter.start()
    link = TableLink(reporter)
    try:
        session = session_from_record(journal, load_record(RECORD))
        slowest = 0.0
        for _ in range(200):
            began = time.perf_counter()
            link.game_changed(session)
            link.input_status("serial", "hardware.serial.lost")
            slowest = max(slowest, time.perf_counter() - began)
        assert slowest < 0.05  # generous: an enqueue takes microseconds, a connect seconds
        assert not reporter.connected.is_set()
        time.sleep(0.6)
        kinds = sorted(item.kind for item in outbox_pending(journal))
        assert kinds[0] == "fault" and "play" in kinds  # waiting for the broker, not lost
    finally:
        reporter.stop()
        journal.close()



def test_a_journal_that_cannot_be_opened_does_not_stop_the_table(tmp_path: Path) -> None:
    journal = Journal(tmp_path)  # a folder, not a database: the in-memory stand-in serves
    assert not journal.available
    reporter = Reporter(FleetConfig(enabled=True, port=free_port(), table="t1"), journal,
                        read_power=lambda: None)
    reporter.start()  # no StorageError: the table plays on
    reporter.fault("gpio")
    reporter.stop()
    journal.close()
