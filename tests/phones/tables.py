"""Helpers for the phones' tests: an app with phones on, a scripted phone, driving the loop."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from companion.app.phones import SeatPhones
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.phones.door import NETWORK_SETTING, PhoneDoor
from companion.ui.app import App
from companion.ui.phones_setting import PHONES_SETTING
from companion.ui.scene import Settings

LOOPBACK = {"port": 0, "listen": "127.0.0.1", "address": "127.0.0.1"}
"""The phones' network on loopback, on a free port."""


def phones_app(journal: Journal, lang: str = "en") -> App:
    """An app (headless) with the phones switched on, on a free loopback port."""
    journal.set_setting(PHONES_SETTING, True)
    journal.set_setting(NETWORK_SETTING, LOOPBACK)
    app = App(journal, Settings(language=lang), (800, 480))
    assert with_phones(app).door is not None
    return app


def with_phones(app: App) -> SeatPhones:
    """Attach the phones' switch to ``app`` as the composition root does (it starts the
    server if the setting is on)."""
    phones = SeatPhones(app)
    app.attach([phones], [phones.follower])
    return phones


def switch_of(app: App) -> SeatPhones:
    """The phones' switch attached to ``app``."""
    found = [source for source in app.sources if isinstance(source, SeatPhones)]
    assert len(found) == 1
    return found[0]


def door(app: App) -> PhoneDoor:
    """The app's started phones."""
    found = switch_of(app).door
    assert isinstance(found, PhoneDoor)
    return found


def open_fuji(app: App, setup: dict[str, Any] | None = None) -> Session:
    """A new 3-player Fuji game opened on ``app`` (its join screen shows)."""
    session = Session.start(app.journal, "fuji", setup or dict(GAME.example_setup()))
    app.open_game(session)
    return session


def pump(app: App, until: Callable[[], bool], seconds: float = 5.0) -> None:
    """Run the app's loop until ``until()`` holds (fail after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "the app did not get there in time"
        app.step(max_wait=0.01)


class Phone:
    """A scripted phone: a real WebSocket client speaking the page's messages."""

    def __init__(self, app: App, token: str | None, origin: str | None = None,
                 lang: str = "en") -> None:
        server = door(app).server
        self.app = app
        self.origin = origin or f"http://127.0.0.1:{server.port}"
        self.socket: ClientConnection = connect(f"ws://127.0.0.1:{server.port}/ws",
                                                origin=Origin(self.origin),
                                                open_timeout=5)
        self.socket.__enter__()
        self.received: list[dict[str, Any]] = []
        """Every message this phone was sent, oldest first."""
        self.closed = False
        if token is not None:
            self.send({"t": "hello", "token": token, "lang": lang})

    def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a string as it is)."""
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def read(self) -> None:
        """Take every message waiting (without blocking)."""
        while not self.closed:
            try:
                raw = self.socket.recv(timeout=0)
            except TimeoutError:
                return
            except ConnectionClosed:
                self.closed = True
                return
            self.received.append(json.loads(raw))

    def wait_for(self, check: Callable[[dict[str, Any]], bool], seconds: float = 5.0
                 ) -> dict[str, Any]:
        """Run the app until this phone has been sent a message ``check`` accepts (the
        newest such); return it."""
        seen = 0
        deadline = time.monotonic() + seconds
        while True:
            self.read()
            hits = [m for m in self.received[seen:] if check(m)]
            if hits:
                return hits[-1]
            assert time.monotonic() < deadline, f"no such message; got {self.received[seen:]}"
            self.app.step(max_wait=0.01)

    def view(self, seconds: float = 5.0) -> dict[str, Any]:
        """The newest view sent (waiting for one if none came yet)."""
        self.read()
        views = [m for m in self.received if m.get("t") == "view"]
        return views[-1] if views else self.wait_for(lambda m: m.get("t") == "view", seconds)

    def answer(self, ask: str, label: str | None = None, index: int | None = None) -> None:
        """Answer ask ``ask`` of the newest view, by the answer's label or index."""
        current = next(a for a in self.view()["asks"] if a["key"] == ask)
        if index is None:
            index = next(i for i, a in enumerate(current["answers"]) if a["label"] == label)
        self.send({"t": "answer", "ask": ask, "version": current["version"], "answer": index})

    def gone(self) -> bool:
        """Whether the server closed the socket (after taking what was waiting)."""
        self.read()
        return self.closed

    def close(self) -> None:
        """Drop the socket (a phone going to sleep)."""
        self.socket.close()
        self.closed = True


def die_index(view: dict[str, Any], colour: str, value: int) -> int:
    """The index of a die's answer in the view's die ask."""
    ask = next(a for a in view["asks"] if a["key"] == "die")
    return next(i for i, a in enumerate(ask["answers"])
                if a["colour"] == colour and a["face"] == value)
