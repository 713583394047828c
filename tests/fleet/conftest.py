"""A real Mosquitto on a free loopback port, with generated accounts and ACL, per test."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.fleet.broker import (
    COLLECTOR,
    HOME_ASSISTANT,
    BrokerProcess,
    free_port,
    write_broker_files,
)
from companion.fleet.collector import Collector
from companion.fleet.config import FleetConfig
from companion.fleet.store import FleetStore
from tests.waiting import wait_for

VENUE = "cafe"
TABLES = {"t1": "pw-one", "t2": "pw-two", "t3": "pw-three"}
"""The tables' accounts (account name = table name)."""
COLLECTOR_PASSWORD = "pw-collector"
HASS_PASSWORD = "pw-hass"

needs_mosquitto = pytest.mark.skipif(shutil.which("mosquitto") is None,
                                     reason="mosquitto is not installed (.ci/run installs it)")


@dataclass
class Fleet:
    """The broker of one test and how to reach it."""

    broker: BrokerProcess
    folder: Path

    @property
    def port(self) -> int:
        return self.broker.port

    def table_config(self, table: str = "t1", **changes: object) -> FleetConfig:
        """The ``[fleet]`` settings of one table (short keepalive: tests end quickly)."""
        values: dict[str, object] = {"enabled": True, "host": "127.0.0.1", "port": self.port,
                                     "venue": VENUE, "table": table,
                                     "password": TABLES[table], "keepalive": 2,
                                     "resend_seconds": 0.5}
        values.update(changes)
        return FleetConfig(**values)  # type: ignore[arg-type]

    def collector(self, store: FleetStore) -> Collector:
        """A started collector filling ``store``."""
        collector = Collector(store, VENUE, "127.0.0.1", self.port, COLLECTOR,
                              COLLECTOR_PASSWORD, keepalive=2)
        collector.start()
        assert wait_for(collector.connected.is_set, timeout=10)
        return collector


@pytest.fixture
def fleet(tmp_path: Path) -> Iterator[Fleet]:
    """A started broker; stopped (killed if need be) after the test."""
    port = free_port()
    accounts = {COLLECTOR: COLLECTOR_PASSWORD, HOME_ASSISTANT: HASS_PASSWORD, **TABLES}
    conf = write_broker_files(tmp_path / "broker", VENUE, accounts, port)
    broker = BrokerProcess(conf, port)
    broker.start()
    try:
        yield Fleet(broker, tmp_path)
    finally:
        broker.stop(kill=True)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[FleetStore]:
    """The collector's database."""
    kept = FleetStore(tmp_path / "fleet.sqlite3")
    yield kept
    kept.close()
