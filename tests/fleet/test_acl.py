"""The broker's ACL confines a table to its own topics; only the collector reads them all."""

from __future__ import annotations

import time

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.fleet.store import FleetStore
from tests.fleet.conftest import TABLES, Fleet, needs_mosquitto
from tests.waiting import wait_for

pytestmark = needs_mosquitto


def _client(fleet: Fleet, user: str, password: str) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"test-{user}")
    client.username_pw_set(user, password)
    client.connect("127.0.0.1", fleet.port, 5)
    client.loop_start()
    return client


def test_a_table_cannot_post_as_another(fleet: Fleet, store: FleetStore) -> None:
    collector = fleet.collector(store)
    spoofer = _client(fleet, "t1", TABLES["t1"])
    try:
        spoofed = spoofer.publish("tc/cafe/t2/status", "online", qos=1, retain=True)
        own = spoofer.publish("tc/cafe/t1/status", "online", qos=1, retain=True)
        spoofed.wait_for_publish(5)
        own.wait_for_publish(5)
        assert wait_for(lambda: any(t["name"] == "t1" for t in store.tables()), timeout=5)
        time.sleep(0.3)  # the spoofed message would have come first: it was sent first
        assert [t["name"] for t in store.tables()] == ["t1"]
    finally:
        spoofer.loop_stop()
        spoofer.disconnect()
        collector.stop()


def test_a_table_cannot_read_another_tables_replies(fleet: Fleet) -> None:
    heard: list[str] = []
    listener = _client(fleet, "t1", TABLES["t1"])
    listener.on_message = lambda client, userdata, message: heard.append(message.topic)
    listener.subscribe("tc/cafe/#", qos=1)
    sender = _client(fleet, "collector", "pw-collector")
    try:
        time.sleep(0.3)
        sender.publish("tc/cafe/t2/reply", '{"acked": []}', qos=1).wait_for_publish(5)
        sender.publish("tc/cafe/t1/reply", '{"acked": []}', qos=1).wait_for_publish(5)
        assert wait_for(lambda: "tc/cafe/t1/reply" in heard, timeout=5)
        assert "tc/cafe/t2/reply" not in heard
    finally:
        for client in (listener, sender):
            client.loop_stop()
            client.disconnect()


def test_a_wrong_password_is_refused(fleet: Fleet) -> None:
    refused: list[object] = []
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="test-wrong")
    client.username_pw_set("t1", "not-the-password")
    client.on_connect = lambda c, u, f, reason, p: refused.append(reason.is_failure)
    client.connect("127.0.0.1", fleet.port, 5)
    client.loop_start()
    try:
        assert wait_for(lambda: refused, timeout=5)
        assert refused == [True]
    finally:
        client.loop_stop()
