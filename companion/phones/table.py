"""The phones on the app's loop: what each answer does and what each seat sees.

Everything here runs on the app's own thread, between two passes of its loop, so the
session is never touched from elsewhere.  The journal decides: an open answer becomes an
action through the session exactly as a tap would (and is refused with the rules' own
reason); a sealed answer (dice behind a screen) is kept here, seat by seat, and goes to
the journal only when the game says the reveal has come.  Each seat is sent its own panel
and nothing else; the shared screen hears only how many seats are done.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from typing import Any, Protocol

from companion.core.i18n import translate
from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.questions import Complete, Question, advance, choose
from companion.core.seat_panels import PhoneAsk, PhoneGame, Sealed, SeatPanel
from companion.core.session import Session
from companion.phones.server import CLOSE_REFUSED, CLOSE_REPLACED, PhoneEvent
from companion.phones.tokens import SeatTokens
from companion.phones.wire import AnswerMsg, LangMsg, Ping, dumps


class TableHost(Protocol):
    """What the phones need of the app: the open game, a way to submit, a notice."""

    @property
    def session(self) -> Session | None:
        """The open game, if any."""
        ...

    def submit_from_seat(self, action: dict[str, Any]) -> None:
        """Submit through the session as a tap would; raise ``IllegalActionError`` if refused."""
        ...

    def notify(self, message: Msg, error: bool) -> None:
        """Show a notice on the shared screen."""
        ...


class Link(Protocol):
    """The server's side the table talks to."""

    def send(self, conn: int, text: str) -> None:
        """Send one message to a socket."""
        ...

    def close_socket(self, conn: int, code: int, reason: str) -> None:
        """Close a socket."""
        ...


def phone_game(name: str) -> PhoneGame | None:
    """The phone support of game ``name`` (``companion.ui.<name>.phone``), if it has one."""
    try:
        module = importlib.import_module(f"companion.ui.{name}.phone")
    except ModuleNotFoundError:
        return None
    found: PhoneGame | None = getattr(module, "PHONE", None)
    return found


def ask_version(ask: PhoneAsk) -> str:
    """A short fingerprint of an ask: it changes when the question or its answers do."""
    question = ask.question
    parts = [ask.key, question.field, question.prompt.key, repr(sorted(ask.partial.items()))]
    parts += [f"{answer.value!r}|{answer.reason.key if answer.reason else ''}"
              for answer in question.answers]
    return hashlib.blake2s("\n".join(parts).encode("utf-8"), digest_size=8).hexdigest()


class PhoneTable:
    """Seats, their sockets, their sealed answers; the answers' way into the session."""

    def __init__(self, host: TableHost, link: Link, tokens: SeatTokens,
                 lang: Callable[[], str]) -> None:
        self.host = host
        """The app."""
        self.link = link
        """The server."""
        self.tokens = tokens
        """The seats' tokens (rotated here at every new game)."""
        self.table_lang = lang
        """The shared screen's language (a phone's own language until it says)."""
        self.sockets: dict[int, int] = {}
        """The socket sitting at each seat (the newest phone wins)."""
        self.langs: dict[int, str] = {}
        """Each socket's language."""
        self.sealed: dict[int, Sealed] = {}
        """Each seat's sealed answers (never shown to anyone else)."""
        self.game_key: tuple[int, str] | None = None
        """The open game the tokens belong to (journal id and game name)."""
        self.phone: PhoneGame | None = None
        """The open game's phone support."""
        self._last_sent: dict[int, str] = {}
        self._counted: tuple[int, int] = (0, 0)
        self._busy = False

    # ----------------------------------------------------------- reading
    def seat_names(self) -> tuple[Msg, ...]:
        """The seats of the open game, named for the join screen."""
        session = self.host.session
        if session is None or self.phone is None:
            return ()
        return self.phone.seats(session.state)

    def entered(self) -> tuple[int, int]:
        """How many seats have entered everything they seal, out of how many seats."""
        session = self.host.session
        if session is None or self.phone is None:
            return 0, 0
        seats = len(self.phone.seats(session.state))
        done = sum(self.phone.complete(session.state, seat, self.sealed.get(seat, ()))
                   for seat in range(seats))
        return done, seats

    def hidden(self) -> bool:
        """Whether the open game keeps answers sealed now (and the join screen counts them)."""
        session = self.host.session
        return session is not None and self.phone is not None and self.phone.hidden(
            session.state)

    def joined(self) -> frozenset[int]:
        """The seats with a phone connected."""
        return frozenset(self.sockets)

    # ----------------------------------------------------------- events
    def take(self, event: PhoneEvent) -> None:
        """Handle one event from the server (on the app's loop)."""
        if event.kind == "join":
            self._join(event.seat, event.conn)
        elif event.kind == "left":
            if self.sockets.get(event.seat) == event.conn:
                del self.sockets[event.seat]
            self.langs.pop(event.conn, None)
        elif self.sockets.get(event.seat) != event.conn:
            return
        elif isinstance(event.message, AnswerMsg):
            self._answer(event.seat, event.conn, event.message)
        elif isinstance(event.message, LangMsg):
            self.langs[event.conn] = event.message.lang
            self._last_sent.pop(event.seat, None)
            self.push(event.seat)
        elif isinstance(event.message, Ping):
            self._last_sent.pop(event.seat, None)
            self.push(event.seat)

    def _join(self, seat: int, conn: int) -> None:
        older = self.sockets.get(seat)
        if older is not None and older != conn:
            lang = self.langs.get(older, self.table_lang())
            self.link.send(older, dumps({"t": "replaced",
                                         "text": translate("phones.replaced", lang)}))
            self.link.close_socket(older, CLOSE_REPLACED, "replaced")
        self.sockets[seat] = conn
        self.langs.setdefault(conn, self.table_lang())
        self._last_sent.pop(seat, None)
        self.push(seat)

    # ----------------------------------------------------------- game changes
    def game_changed(self, push: bool = True) -> None:
        """After every step of the open game (or another game opened): reveal, then push
        (unless ``push`` is False: the caller pushes later, with :meth:`push_all`)."""
        if self._busy:
            return
        self._busy = True
        try:
            self._follow_game()
            self._reveal()
        finally:
            self._busy = False
        if push:
            self.push_all()

    def _follow_game(self) -> None:
        """A new game (or none) rotates the tokens: every phone must scan the new code."""
        session = self.host.session
        key = None if session is None else (session.game_id, session.game.name)
        if key == self.game_key:
            return
        self.game_key = key
        self.sealed.clear()
        self._counted = (0, 0)
        self._last_sent.clear()
        for seat, conn in list(self.sockets.items()):
            lang = self.langs.get(conn, self.table_lang())
            self.link.send(conn, dumps({"t": "refused",
                                        "text": translate("phones.refused.new_game", lang)}))
            self.link.close_socket(conn, CLOSE_REFUSED, "new game")
            del self.sockets[seat]
        self.phone = None if session is None else phone_game(session.game.name)
        if session is None or self.phone is None:
            self.tokens.clear()
        else:
            self.tokens.rotate(len(self.phone.seats(session.state)))

    def new_group(self) -> None:
        """A new group sits down (kiosk): new tokens even for the same game."""
        self.game_key = None
        self.game_changed()

    def _reveal(self) -> None:
        """Once the game says the reveal has come, put each seat's sealed answers on the journal."""
        session = self.host.session
        if session is None or self.phone is None or self.phone.hidden(session.state):
            return
        for seat, sealed in sorted(self.sealed.items()):
            if not sealed:
                continue
            self.sealed[seat] = ()
            try:
                for action in self.phone.reveal(session.state, seat, sealed):
                    self.host.submit_from_seat(action)
            except IllegalActionError as error:
                self._tell(seat, "refused_answer", error.message)

    # ----------------------------------------------------------- answers
    def _answer(self, seat: int, conn: int, answer: AnswerMsg) -> None:
        session = self.host.session
        if session is None or self.phone is None:
            self._tell(seat, "changed", Msg("phones.changed"))
            return
        panel = self.phone.panel(session.state, seat, self.sealed.get(seat, ()))
        ask = next((ask for ask in panel.asks if ask.key == answer.ask), None)
        if ask is None or ask_version(ask) != answer.version:
            self._tell(seat, "changed", Msg("phones.changed"))
            self._last_sent.pop(seat, None)
            self.push(seat)
            return
        if not 0 <= answer.answer < len(ask.question.answers):
            self._tell(seat, "changed", Msg("phones.changed"))
            return
        chosen = ask.question.answers[answer.answer]
        try:
            if chosen.reason is not None:
                raise IllegalActionError(chosen.reason.key, **dict(chosen.reason.params))
            if ask.sealed:
                self._seal(session, seat, ask, chosen.value)
            else:
                self._submit(session, ask, chosen.value)
        except IllegalActionError as error:
            self._tell(seat, "refused_answer", error.message)
            self.push(seat)

    def _seal(self, session: Session, seat: int, ask: PhoneAsk, value: Any) -> None:
        assert self.phone is not None
        self.sealed[seat] = self.phone.seal(session.state, seat, self.sealed.get(seat, ()),
                                            ask.key, value)
        counted = self.entered()
        if counted != self._counted:
            self._counted = counted
            done, seats = counted
            self.host.notify(msg("phones.entered", done=done, seats=seats), error=False)
        self.push(seat)

    def _submit(self, session: Session, ask: PhoneAsk, value: Any) -> None:
        if ask.direct and isinstance(value, dict):
            self.host.submit_from_seat({**ask.partial, **value})
            return
        ask_of = getattr(session.game, "ask", None)
        if ask_of is None:
            raise IllegalActionError("phones.more_needed")
        partial = choose(ask_of, session.state, ask.partial, value)
        progress = advance(ask_of, session.state, partial)
        if not isinstance(progress.step, Complete):
            raise IllegalActionError("phones.more_needed")
        self.host.submit_from_seat(progress.step.action)

    # ----------------------------------------------------------- sending
    def push_all(self) -> None:
        """Send every seat its panel (only those that changed)."""
        for seat in list(self.sockets):
            self.push(seat)

    def push(self, seat: int) -> None:
        """Send ``seat`` its own panel, if it changed since last sent."""
        conn = self.sockets.get(seat)
        session = self.host.session
        if conn is None:
            return
        lang = self.langs.get(conn, self.table_lang())
        if session is None or self.phone is None:
            text = dumps({"t": "idle", "text": translate("phones.no_game", lang)})
        else:
            panel = self.phone.panel(session.state, seat, self.sealed.get(seat, ()))
            text = dumps(panel_message(panel, seat, lang))
        if self._last_sent.get(seat) == text:
            return
        self._last_sent[seat] = text
        self.link.send(conn, text)

    def _tell(self, seat: int, kind: str, message: Msg) -> None:
        conn = self.sockets.get(seat)
        if conn is not None:
            lang = self.langs.get(conn, self.table_lang())
            self.link.send(conn, dumps({"t": kind, "text": translate(message, lang)}))


def panel_message(panel: SeatPanel, seat: int, lang: str) -> dict[str, Any]:
    """A seat's panel as the JSON its phone renders, in the phone's language."""
    return {
        "t": "view",
        "seat": seat,
        "title": translate(panel.title, lang),
        "facts": [[translate(label, lang), translate(value, lang)] for label, value in panel.facts],
        "dice": [{"colour": colour, "value": value} for colour, value in panel.dice],
        "asks": [_ask_message(ask, lang) for ask in panel.asks],
        "note": translate(panel.note, lang) if panel.note is not None else "",
    }


def _ask_message(ask: PhoneAsk, lang: str) -> dict[str, Any]:
    question: Question = ask.question
    return {
        "key": ask.key,
        "version": ask_version(ask),
        "prompt": translate(question.prompt, lang),
        "style": question.style.value,
        "sealed": ask.sealed,
        "answers": [{"label": translate(answer.label, lang),
                     "detail": translate(answer.detail, lang) if answer.detail else "",
                     "reason": translate(answer.reason, lang) if answer.reason else "",
                     **_die_of(answer.value)}
                    for answer in question.answers],
    }


def _die_of(value: Any) -> dict[str, Any]:
    """A die answer (``[colour, face]``) as colour and face, so the page draws a die."""
    if (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
            and isinstance(value[1], int)):
        return {"colour": value[0], "face": value[1]}
    return {"colour": "", "face": None}
