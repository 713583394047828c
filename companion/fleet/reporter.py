"""A table reporting to the café's broker, on threads of its own.

The screen's thread only puts small immutable things on a queue (:meth:`Reporter.game_changed`,
:meth:`Reporter.fault`, :meth:`Reporter.call_staff`); it never waits for the network or for
the broker.  The reporter's worker thread builds the messages and hands them to the MQTT
client, whose own network thread (``loop_start``) connects, reconnects and delivers.

Plays and faults go through the journal's outbox: a finished play is written there in the
transaction of the finishing step, a fault in its own transaction.  The worker publishes
each pending row with an id (QoS 1) again and again until the collector acknowledges that
id on the table's ``reply`` topic; only then is the row marked sent.  The collector keeps
each id once, so every play is collected exactly once whatever restarts in between.
"""

from __future__ import annotations

import json
import logging
import queue
import ssl
import threading
import time
import uuid
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.core.journal import (
    Journal,
    OutboxItem,
    StorageError,
    open_outbox,
    outbox_add,
    outbox_pending,
    outbox_sent,
)
from companion.core.registry import find_game
from companion.core.stats import read_play
from companion.fleet import power
from companion.fleet.config import FleetConfig
from companion.fleet.hass import discovery
from companion.fleet.snapshot import Moment, describe
from companion.fleet.topics import EVENTS, OFFLINE, ONLINE, REPLY, STATE, STATUS, topic

_log = logging.getLogger(__name__)

JOURNAL_ID_SETTING = "fleet.journal_id"
"""Setting holding this journal's random name: play ids stay unique if it is replaced."""
RUNNING_SETTING = "fleet.running"
"""Setting that is true while the app runs: still true at start means it crashed."""
POWER_LOOK = 30.0
"""Seconds between looks at the supply voltage."""
STORAGE_LOOK = 2.0
"""Seconds between looks at the journal's health."""

FAULT_KINDS = ("storage", "box_unplugged", "gpio", "crash_restart", "under_voltage")
"""The faults a table reports."""


class Reporter:
    """Reports one table: status, state, events and the outbox."""

    def __init__(self, config: FleetConfig, journal: Journal,
                 clock: Callable[[], float] = time.time,
                 read_power: Callable[[], int | None] = power.read_throttled) -> None:
        self.config = config
        """Where and as whom to report."""
        self.journal = journal
        """The table's journal (its outbox, its finished games)."""
        self.clock = clock
        self._read_power = read_power
        self._jobs: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="fleet-reporter", daemon=True)
        self._stopping = threading.Event()
        self._in_flight: dict[str, float] = {}
        self._moment: Moment | None = None
        self._started: dict[int, float] = {}
        self._call: str | None = None
        self._journal_id = ""
        self.connected = threading.Event()
        """Set while the broker connection is up."""
        self.call_changed: Callable[[], None] | None = None
        """Told (on the reporter's thread) when a call for staff starts or is answered."""
        self.client = self._make_client()
        """The MQTT client (its network thread runs from :meth:`start`)."""

    # ------------------------------------------------------------ doors (any thread)
    def game_changed(self, moment: Moment) -> None:
        """The open game changed (or closed): cheap, never blocks."""
        self._jobs.put(("moment", moment))

    def fault(self, kind: str, detail: str = "") -> None:
        """Report a fault (one of :data:`FAULT_KINDS`): cheap, never blocks."""
        self._jobs.put(("fault", {"fault": kind, "detail": detail, "at": self.clock()}))

    def call_staff(self) -> None:
        """A guest asked for staff: shown on the fleet page until staff acknowledge."""
        self._jobs.put(("call", None))

    @property
    def calling(self) -> bool:
        """Whether a call for staff is waiting for an answer."""
        return self._call is not None

    # ---------------------------------------------------------------- life
    def start(self) -> None:
        """Prepare the outbox, connect in the background and start the worker.

        A journal in trouble does not stop the reporting: the table then reports its
        state, and its faults from memory.
        """
        try:
            open_outbox(self.journal)
            self._journal_id = self._own_id()
            crashed = bool(self.journal.get_setting(RUNNING_SETTING, False))
            self.journal.set_setting(RUNNING_SETTING, True)
        except StorageError:
            self._journal_id = self._journal_id or f"unsaved-{uuid.uuid4().hex[:12]}"
            crashed = False
        if crashed:
            self.fault("crash_restart")
        self.client.connect_async(self.config.host, self.config.port, self.config.keepalive)
        self.client.loop_start()
        self._thread.start()

    def stop(self) -> None:
        """Say offline, disconnect and end the threads (a clean close of the app)."""
        self._stopping.set()
        self._jobs.put(("stop", None))
        if self._thread.is_alive():
            self._thread.join(timeout=5.0)
        with suppress(StorageError):
            self.journal.set_setting(RUNNING_SETTING, False)
        if self.connected.is_set():
            info = self.client.publish(self._topic(STATUS), OFFLINE, qos=1, retain=True)
            info.wait_for_publish(timeout=2.0)
        self.client.disconnect()
        self.client.loop_stop()

    # ---------------------------------------------------------------- client
    def _make_client(self) -> mqtt.Client:
        config = self.config
        client = mqtt.Client(CallbackAPIVersion.VERSION2,
                             client_id=f"tc-{config.venue}-{config.table}",
                             protocol=mqtt.MQTTv311, clean_session=True)
        client.will_set(self._topic(STATUS), OFFLINE, qos=1, retain=True)
        if config.account:
            client.username_pw_set(config.account, config.password or None)
        if config.tls:
            client.tls_set(ca_certs=config.ca_file or None, cert_reqs=ssl.CERT_REQUIRED)
        client.reconnect_delay_set(min_delay=1, max_delay=10)
        client.max_queued_messages_set(1000)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        return client

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any,
                    reason: Any, properties: Any) -> None:
        if getattr(reason, "is_failure", False):
            _log.warning("fleet broker refused the table: %s", reason)
            return
        client.publish(self._topic(STATUS), ONLINE, qos=1, retain=True)
        client.subscribe(self._topic(REPLY), qos=1)
        self.connected.set()
        self._jobs.put(("connected", None))

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any,
                       reason: Any, properties: Any) -> None:
        self.connected.clear()

    def _on_message(self, client: mqtt.Client, userdata: Any,
                    message: mqtt.MQTTMessage) -> None:
        try:
            reply = json.loads(message.payload)
        except ValueError:
            return
        if isinstance(reply, dict):
            self._jobs.put(("reply", reply))

    def _topic(self, what: str) -> str:
        return topic(self.config.venue, self.config.table, what)

    # ---------------------------------------------------------------- worker
    def _work(self) -> None:
        next_flush = next_power = next_storage = 0.0
        last_problem: str | None = None
        under = False
        while not self._stopping.is_set():
            try:
                kind, value = self._jobs.get(timeout=0.25)
            except queue.Empty:
                kind, value = "tick", None
            if kind == "stop":
                break
            try:
                self._handle(kind, value)
            except Exception:  # the reporter must never take the table down
                _log.exception("fleet reporter: %s failed", kind)
            now = time.monotonic()
            if now >= next_storage:
                next_storage = now + STORAGE_LOOK
                problem = self.journal.problem
                if problem is not None and problem != last_problem:
                    self._add_fault({"fault": "storage", "detail": problem, "at": self.clock()})
                last_problem = problem
            if now >= next_power:
                next_power = now + POWER_LOOK
                low = power.under_voltage(self._read_power())
                if low and not under:
                    self._add_fault({"fault": "under_voltage", "detail": "", "at": self.clock()})
                under = low
            if now >= next_flush or kind in ("connected", "fault"):
                next_flush = now + min(1.0, self.config.resend_seconds)
                self._flush()

    def _handle(self, kind: str, value: Any) -> None:
        if kind == "moment":
            self._moment = value
            self._publish_state(value)
        elif kind == "fault":
            self._add_fault(value)
        elif kind == "call":
            self._call = self._call or uuid.uuid4().hex[:12]
            self._event({"event": "call", "call": self._call})
            self._publish_state(self._moment)
            self._tell_call_changed()
        elif kind == "reply":
            self._take_reply(value)
        elif kind == "connected":
            self._in_flight.clear()
            self._publish_state(self._moment)
            if self.config.home_assistant:
                for name, payload in discovery(self.config).items():
                    self.client.publish(name, payload, qos=1, retain=True)

    def _take_reply(self, reply: dict[str, Any]) -> None:
        acked = [str(key) for key in reply.get("acked", ()) if isinstance(key, str)]
        prefix = f"{self._journal_id}/"
        keys = [key[len(prefix):] for key in acked if key.startswith(prefix)]
        if keys:
            try:
                outbox_sent(self.journal, keys)
            except StorageError:
                return
            for key in keys:
                self._in_flight.pop(key, None)
        if reply.get("answered") and reply.get("answered") == self._call:
            self._call = None
            self._publish_state(self._moment)
            self._tell_call_changed()

    def _tell_call_changed(self) -> None:
        if self.call_changed is not None:
            self.call_changed()

    def _publish_state(self, moment: Moment | None) -> None:
        now = self.clock()
        if moment is None or moment.game is None:
            body: dict[str, Any] = {"game": None, "updated": now}
        else:
            if moment.cursor == 0 and moment.game_id not in self._started:
                self._event({"event": "started", "game": moment.game.name,
                             "game_id": moment.game_id})
            started = self._started.setdefault(moment.game_id, self._created(moment.game_id))
            body = describe(moment, started, now, self._past_lengths(moment.game.name))
        body["call"] = self._call
        self.client.publish(self._topic(STATE), json.dumps(body), qos=1, retain=True)

    def _event(self, body: dict[str, Any]) -> None:
        body.setdefault("at", self.clock())
        self.client.publish(self._topic(EVENTS), json.dumps(body), qos=1)

    # ---------------------------------------------------------------- outbox
    def _add_fault(self, fault: dict[str, Any]) -> None:
        try:
            outbox_add(self.journal, "fault", fault)
        except StorageError:  # the journal itself is in trouble: sent once, from memory
            self._event({"event": "fault", **fault,
                         "id": f"{self._journal_id}/memory:{uuid.uuid4().hex[:12]}"})

    def _flush(self) -> None:
        if not self.connected.is_set():
            return
        try:
            pending = outbox_pending(self.journal)
        except StorageError:
            return
        now = time.monotonic()
        for item in pending:
            sent = self._in_flight.get(item.key)
            if sent is not None and now - sent < self.config.resend_seconds:
                continue
            message = self._outbox_message(item)
            if message is None:
                continue
            self.client.publish(self._topic(EVENTS), json.dumps(message), qos=1)
            self._in_flight[item.key] = now

    def _outbox_message(self, item: OutboxItem) -> dict[str, Any] | None:
        base = {"id": f"{self._journal_id}/{item.key}", "at": item.created}
        if item.kind == "fault":
            return {"event": "fault", **json.loads(item.body), **base}
        if item.game_id is None:
            return None
        try:
            play = read_play(self.journal, self.journal.summary(item.game_id), find_game)
        except Exception:  # a game deleted since: nothing to report, mark it done
            play = None
        if play is None:
            outbox_sent(self.journal, [item.key])
            return None
        return {"event": "finished", "play": play.to_json(), **base}

    # ---------------------------------------------------------------- journal
    def _own_id(self) -> str:
        known = self.journal.get_setting(JOURNAL_ID_SETTING)
        if isinstance(known, str) and known:
            return known
        made = uuid.uuid4().hex[:16]
        self.journal.set_setting(JOURNAL_ID_SETTING, made)
        return made

    def _created(self, game_id: int) -> float:
        try:
            return self.journal.summary(game_id).created
        except Exception:
            return self.clock()

    def _past_lengths(self, game: str) -> list[float]:
        try:
            finished = self.journal.list_games("finished")
        except StorageError:
            return []
        return [item.updated - item.created for item in finished[:50] if item.game == game]

