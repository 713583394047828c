"""Faults reach the fleet page's store; Home Assistant finds the tables by discovery."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.core.journal import Journal, StorageError
from companion.core.record import load_record, session_from_record
from companion.fleet.reporter import Reporter
from companion.fleet.store import FleetStore
from tests.fleet.conftest import HASS_PASSWORD, Fleet, needs_mosquitto
from tests.waiting import wait_for

pytestmark = needs_mosquitto
ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "caverna" / "two-players.json"


def fault_kinds(store: FleetStore) -> list[str]:
    return sorted(f["kind"] for table in store.tables() for f in table["faults"])


def test_storage_trouble_and_under_voltage_become_faults(
        fleet: Fleet, store: FleetStore, tmp_path: Path) -> None:
    """A journal another program locks cannot take the step, nor the fault: sent from memory."""
    collector = fleet.collector(store)
    path = tmp_path / "table.sqlite3"
    journal = Journal(path)
    journal.busy_timeout = 0.1
    journal._db.execute("PRAGMA busy_timeout = 100")
    words = iter([0x50005])  # vcgencmd's word: under-voltage now, then the tool is gone
    reporter = Reporter(fleet.table_config("t1"), journal,
                        read_power=lambda: next(words, None))
    reporter.start()
    session = session_from_record(journal, load_record(RECORD), steps=3)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        assert wait_for(lambda: fault_kinds(store) == ["under_voltage"], timeout=10)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StorageError):
            session.submit(load_record(RECORD).actions[3])
        assert journal.problem == "busy"
        assert wait_for(lambda: "storage" in fault_kinds(store), timeout=10)
    finally:
        other.execute("ROLLBACK")
        other.close()
        reporter.stop()
        collector.stop()
        journal.close()


def test_home_assistant_finds_the_table_and_its_availability(
        fleet: Fleet, tmp_path: Path) -> None:
    configs: dict[str, dict[str, object]] = {}
    hass = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="hass")
    hass.username_pw_set("homeassistant", HASS_PASSWORD)
    hass.on_message = lambda c, u, m: configs.__setitem__(m.topic, json.loads(m.payload))
    hass.connect("127.0.0.1", fleet.port, 5)
    hass.subscribe("homeassistant/#", qos=1)
    hass.loop_start()
    journal = Journal(tmp_path / "table.sqlite3")
    reporter = Reporter(fleet.table_config("t2", home_assistant=True), journal,
                        read_power=lambda: None)
    reporter.start()
    try:
        assert wait_for(lambda: len(configs) == 3, timeout=10)
        online = configs["homeassistant/binary_sensor/tc_cafe_t2/online/config"]
        assert online["state_topic"] == "tc/cafe/t2/status"
        game = configs["homeassistant/sensor/tc_cafe_t2/game/config"]
        assert game["availability_topic"] == "tc/cafe/t2/status"
        assert game["payload_not_available"] == "offline"
    finally:
        reporter.stop()
        hass.loop_stop()
        journal.close()
