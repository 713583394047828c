"""A table for the phones' property tests without a window: a real session, a recording link."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.registry import find_game
from companion.core.session import Session
from companion.phones.server import PhoneEvent
from companion.phones.table import PhoneTable
from companion.phones.tokens import SeatTokens
from companion.phones.wire import AnswerMsg


class RecordingLink:
    """The server's side as the table sees it, keeping every message per socket and,
    beside each, what ``snapshot`` said when it was sent."""

    def __init__(self, snapshot: Callable[[], Any] = lambda: None) -> None:
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.when: list[Any] = []
        self.closed: list[tuple[int, int]] = []
        self.snapshot = snapshot

    def send(self, conn: int, text: str) -> None:
        self.sent.append((conn, json.loads(text)))
        self.when.append(self.snapshot())

    def close_socket(self, conn: int, code: int, reason: str) -> None:
        self.closed.append((conn, code))


class SeatHost:
    """The app's part the phones use: the session, submitting as a tap would, notices."""

    def __init__(self, setup: dict[str, Any] | None = None, game: str = "fuji") -> None:
        self.journal = Journal(":memory:")
        example = find_game(game).example_setup()
        self.session: Session | None = Session.start(
            self.journal, game, setup or dict(example))
        self.notices: list[Msg] = []
        self.submitted: list[tuple[dict[str, Any], Any]] = []
        """Actions the phones submitted, with the state they were submitted in."""
        self.link = RecordingLink(self._snapshot)
        self.tokens = SeatTokens()
        self.table = PhoneTable(self, self.link, self.tokens, lambda: "en")
        self.table.game_changed()

    def _snapshot(self) -> tuple[Any, dict[int, Any]]:
        """The state and every seat's sealed answers, as a message leaves."""
        assert self.session is not None
        return self.session.state, dict(self.table.sealed)

    def submit_from_seat(self, action: dict[str, Any]) -> None:
        assert self.session is not None
        self.submitted.append((action, self.session.state))
        self.session.submit(action)
        self.table.game_changed()

    def notify(self, message: Msg, error: bool) -> None:
        self.notices.append(message)

    def table_step(self, action: dict[str, Any]) -> None:
        """The shared screen submits ``action`` (then the phones follow the game)."""
        assert self.session is not None
        self.session.submit(action)
        self.table.game_changed()

    def join(self, seat: int, conn: int) -> None:
        self.table.take(PhoneEvent("join", seat, conn))

    def answer(self, seat: int, conn: int, ask: str, index: int,
               version: str | None = None) -> None:
        """Seat ``seat``'s phone answers ``ask`` with answer ``index`` of its newest view."""
        if version is None:
            view = self.last_view(conn)
            version = next(a["version"] for a in view["asks"] if a["key"] == ask)
        self.table.take(PhoneEvent("message", seat, conn, AnswerMsg(ask, version, index)))

    def last_view(self, conn: int) -> dict[str, Any]:
        return [m for c, m in self.link.sent if c == conn and m["t"] == "view"][-1]

    def messages_to(self, conn: int) -> list[dict[str, Any]]:
        return [m for c, m in self.link.sent if c == conn]
