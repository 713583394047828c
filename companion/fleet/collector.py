"""The collector: hears every table of a venue and keeps what they say in its own SQLite.

It subscribes with a lasting session (QoS 1), so the broker keeps messages for it while
it is away.  Plays and faults carry an id: each is stored once and then acknowledged on
the table's ``reply`` topic, which is what lets the table mark it sent.
"""

from __future__ import annotations

import json
import logging
import ssl
import threading
import time
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.fleet.store import FleetStore
from companion.fleet.topics import EVENTS, REPLY, ROOT, STATE, STATUS, split, topic

_log = logging.getLogger(__name__)


class Collector:
    """Subscribes to ``tc/<venue>/#`` and fills a :class:`FleetStore`."""

    def __init__(self, store: FleetStore, venue: str, host: str, port: int, user: str,
                 password: str, tls: bool = False, ca_file: str = "",
                 keepalive: int = 10) -> None:
        self.store = store
        """Where everything heard is kept."""
        self.venue = venue
        """The café whose tables are collected."""
        self.connected = threading.Event()
        """Set while the broker connection is up."""
        self.heard = 0
        """Messages handled (for the bench and tests)."""
        self._address = (host, port, keepalive)
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"tc-collector-{venue}",
                             protocol=mqtt.MQTTv311, clean_session=False)
        client.username_pw_set(user, password or None)
        if tls:
            client.tls_set(ca_certs=ca_file or None, cert_reqs=ssl.CERT_REQUIRED)
        client.reconnect_delay_set(min_delay=1, max_delay=5)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self.client = client
        """The MQTT client."""

    def start(self) -> None:
        """Connect in the background."""
        host, port, keepalive = self._address
        self.client.connect_async(host, port, keepalive)
        self.client.loop_start()

    def stop(self) -> None:
        """Disconnect (the broker keeps the session for the next start)."""
        self.client.disconnect()
        self.client.loop_stop()

    def answer_call(self, uid: str) -> bool:
        """Staff acknowledged a call: store it and tell the table."""
        table = self.store.answer_call(uid, time.time())
        if table is None:
            return False
        venue, name = table
        call = uid.rsplit("/", 1)[-1]
        self.client.publish(topic(venue, name, REPLY), json.dumps({"answered": call}), qos=1)
        return True

    # ---------------------------------------------------------------- callbacks
    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if getattr(reason, "is_failure", False):
            _log.warning("fleet broker refused the collector: %s", reason)
            return
        client.subscribe(f"{ROOT}/{self.venue}/#", qos=1)
        self.connected.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        self.connected.clear()

    def _on_message(self, client: mqtt.Client, userdata: Any,
                    message: mqtt.MQTTMessage) -> None:
        where = split(message.topic)
        if where is None:
            return
        venue, name, what = where
        try:
            self._take(venue, name, what, message.payload)
        except Exception:  # one bad message must not stop the collector
            _log.exception("fleet collector: cannot take %s", message.topic)
        self.heard += 1

    def _take(self, venue: str, name: str, what: str, payload: bytes | bytearray) -> None:
        now = time.time()
        if what == STATUS:
            self.store.set_status(venue, name, payload.decode("utf-8", "replace"), now)
        elif what == STATE:
            body = json.loads(payload)
            if isinstance(body, dict):
                self.store.set_state(venue, name, body, now)
        elif what == EVENTS:
            body = json.loads(payload)
            if isinstance(body, dict):
                self._event(venue, name, body, now)

    def _event(self, venue: str, name: str, body: dict[str, Any], now: float) -> None:
        kind, uid = body.get("event"), body.get("id")
        if kind == "call" and isinstance(body.get("call"), str):
            self.store.keep_call(f"{venue}/{name}/{body['call']}", venue, name,
                                 float(body.get("at", now)))
            return
        if not isinstance(uid, str):
            return
        kept = f"{venue}/{name}/{uid}"
        if kind == "finished" and isinstance(body.get("play"), dict):
            self.store.keep_play(kept, venue, name, body["play"])
        elif kind == "fault":
            self.store.keep_fault(kept, venue, name, str(body.get("fault", "")),
                                  str(body.get("detail", "")), float(body.get("at", now)))
        else:
            return
        self.client.publish(topic(venue, name, REPLY), json.dumps({"acked": [uid]}), qos=1)
