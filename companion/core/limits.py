"""Reading JSON from files and the journal within limits: depth, number size, total size.

Stored content is never trusted to be reasonable: an action nested 1,100 levels deep
made the kiosk exit at every start (Python's decoder ran out of stack), and a
100,000-digit number made ``companion replay`` print a traceback.  :func:`load_json`
checks the text first with one regular-expression pass (strings skipped, brackets and
digit runs counted) and only then decodes it, so such content is refused with a clear
:class:`JsonLimitError` — a ``ValueError``, which every reader already treats as
unreadable content — and never reaches the decoder.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted (the deepest record in ``examples/``
is 6 levels; a game's actions and settings are far shallower than 32)."""
MAX_NUMBER_DIGITS = 30
"""Most digits in one run of a number (a 64-bit integer has 20; a time stamp 10 + 7)."""
MAX_STORED_BYTES = 1024 * 1024
"""Largest text of one stored row (an action, a label, a setting): 1 MiB."""
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""Largest game-record file: 16 MiB (the longest example record is under 30 KiB)."""

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|\d+')
_LONG_DIGITS = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}")


class JsonLimitError(ValueError):
    """JSON text beyond a limit; :attr:`what` names which (``size``, ``depth``, ``number``)."""

    def __init__(self, what: str, found: int, limit: int) -> None:
        super().__init__(f"{what} {found} is over the limit of {limit}")
        self.what = what
        """Which limit: ``size``, ``depth`` or ``number``."""
        self.found = found
        """What was found (at least)."""
        self.limit = limit
        """The limit."""


def check_json_text(text: str, max_bytes: int = MAX_STORED_BYTES) -> None:
    """Raise :class:`JsonLimitError` when ``text`` is too long, too deep or holds a
    number with too many digits."""
    if len(text) > max_bytes:
        raise JsonLimitError("size", len(text), max_bytes)
    if text.count("[") + text.count("{") <= MAX_DEPTH and not _LONG_DIGITS.search(text):
        return  # the usual case, decided at C speed: it cannot be beyond a limit
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        first = token[0]
        if first in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise JsonLimitError("depth", depth, MAX_DEPTH)
        elif first in "]}":
            depth -= 1
        elif first != '"' and len(token) > MAX_NUMBER_DIGITS:
            raise JsonLimitError("number", len(token), MAX_NUMBER_DIGITS)


def load_json(text: str | bytes, max_bytes: int = MAX_STORED_BYTES) -> Any:
    """Decode ``text`` after :func:`check_json_text`; any failure is a ``ValueError``."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if not isinstance(text, str):
        raise TypeError(f"JSON text expected, not {type(text).__name__}")
    check_json_text(text, max_bytes)
    try:
        return json.loads(text)
    except RecursionError as error:  # cannot happen after the check; never fatal anyway
        raise JsonLimitError("depth", MAX_DEPTH + 1, MAX_DEPTH) from error
