"""The per-seat join tokens: 128 random bits each, new at every game and every group."""

from __future__ import annotations

import hmac
import secrets
import threading

TOKEN_BYTES = 16
"""128 bits: guessing one is hopeless, even at the flood limit for years."""


class SeatTokens:
    """One secret token per seat; safe to read from the server thread while the app rotates."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tokens: tuple[str, ...] = ()
        self.generation = 0
        """Counts rotations (a phone holding an older token is told to scan again)."""

    def rotate(self, seats: int) -> tuple[str, ...]:
        """Make fresh tokens for ``seats`` seats; every older token stops working."""
        fresh = tuple(secrets.token_hex(TOKEN_BYTES) for _ in range(seats))
        with self._lock:
            self._tokens = fresh
            self.generation += 1
        return fresh

    def clear(self) -> None:
        """No seat can join (no game open)."""
        with self._lock:
            self._tokens = ()
            self.generation += 1

    def token(self, seat: int) -> str | None:
        """The token of ``seat`` (``None``: no such seat)."""
        with self._lock:
            return self._tokens[seat] if 0 <= seat < len(self._tokens) else None

    def seat_of(self, token: object) -> int | None:
        """The seat ``token`` opens, or ``None``; compared in constant time."""
        if not isinstance(token, str) or len(token) != 2 * TOKEN_BYTES:
            return None
        with self._lock:
            tokens = self._tokens
        found = None
        for seat, known in enumerate(tokens):
            if hmac.compare_digest(known, token):
                found = seat
        return found
