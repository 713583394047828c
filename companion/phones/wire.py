"""What a phone may send, read strictly: anything else is refused, never guessed at.

Every message is one small JSON object with a kind ``t``:

- ``{"t": "hello", "token": "<32 hex>", "lang": "en"}`` — the first message: which seat;
- ``{"t": "answer", "ask": "<key>", "version": "<v>", "answer": <index>}`` — an answer to
  one of the seat's asks, by the index of the answer offered;
- ``{"t": "lang", "lang": "pl"}`` — the phone's language changed;
- ``{"t": "ping"}`` — keep-alive after a wake.

The seat is never read from a message: it is the seat the token opened.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.core.i18n import LANGUAGES

MAX_MESSAGE = 1024
"""Bytes a phone's message may have; the largest real one is under 200."""

KINDS = frozenset({"hello", "answer", "lang", "ping"})
"""The kinds of message a phone may send."""


class BadMessageError(ValueError):
    """A message that is not one a phone may send (its text names what is wrong)."""


@dataclass(frozen=True)
class Hello:
    """A phone asks to sit at a seat."""

    token: str
    """The token from the QR code's link."""
    lang: str
    """The phone's language."""


@dataclass(frozen=True)
class AnswerMsg:
    """A phone answers one of its seat's asks."""

    ask: str
    """Which ask (its key)."""
    version: str
    """The version of the view the answer was given on."""
    answer: int
    """The index of the chosen answer."""


@dataclass(frozen=True)
class LangMsg:
    """The phone switched language."""

    lang: str
    """One of the app's languages."""


@dataclass(frozen=True)
class Ping:
    """Keep-alive."""


Incoming = Hello | AnswerMsg | LangMsg | Ping
"""Any message a phone may send."""


def parse(raw: str | bytes) -> Incoming:
    """Read one message; raise :class:`BadMessageError` for anything else."""
    if isinstance(raw, bytes):
        raise BadMessageError("binary message")
    if len(raw.encode("utf-8")) > MAX_MESSAGE:
        raise BadMessageError("too long")
    try:
        data = json.loads(raw)
    except ValueError as error:
        raise BadMessageError("not JSON") from error
    if not isinstance(data, dict) or data.get("t") not in KINDS:
        raise BadMessageError("unknown kind")
    kind = data["t"]
    if kind == "hello":
        return Hello(_text(data, "token", 64), _lang(data))
    if kind == "answer":
        return AnswerMsg(_text(data, "ask", 64), _text(data, "version", 64), _index(data))
    if kind == "lang":
        return LangMsg(_lang(data))
    return Ping()


def _text(data: dict[str, Any], name: str, longest: int) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise BadMessageError(f"bad {name}")
    return value


def _lang(data: dict[str, Any]) -> str:
    value = data.get("lang", "en")
    if value not in LANGUAGES:
        raise BadMessageError("bad lang")
    return str(value)


def _index(data: dict[str, Any]) -> int:
    value = data.get("answer")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1000:
        raise BadMessageError("bad answer")
    return value


def dumps(message: dict[str, Any]) -> str:
    """One message to a phone, as compact JSON."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
