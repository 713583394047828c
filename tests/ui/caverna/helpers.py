"""Shared helpers for the Caverna screen tests: drawing checks, taps and widget lookup."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.caverna.game import GAME
from companion.games.caverna.state import CavernaState
from companion.ui.app import App
from tests.ui.taps import SIZES as SIZES
from tests.ui.taps import context as context
from tests.ui.taps import draw_problems as draw_problems
from tests.ui.taps import has_widget as has_widget
from tests.ui.taps import open_game as open_game
from tests.ui.taps import tap as tap
from tests.ui.taps import tap_widget as tap_widget
from tests.ui.taps import widget as widget


def start(journal: Journal, setup: dict[str, Any] | None = None) -> Session:
    """A new two-player Caverna game (Ada starts) unless another set-up is given."""
    return Session.start(journal, "caverna", setup or {"players": ["Ada", "Borys"]})


def state_of(session: Session) -> CavernaState:
    """The session's state, typed."""
    state: CavernaState = session.state
    return state


def random_step(session: Session, rng: random.Random) -> bool:
    """Submit one random legal action, preferring anything over ending the turn."""
    actions = list(GAME.legal_actions(session.state))
    if not actions:
        return False
    doing = [a for a in actions if a["type"] not in ("end_turn", "convert")]
    session.submit(rng.choice(doing if doing and rng.random() < 0.7 else actions))
    return True


def random_game(seed: int, setup: dict[str, Any], steps: int = 400) -> Iterator[Session]:
    """A random game from ``setup`` on a private journal: the session before each of at
    most ``steps`` random legal steps (and once more after the last), until it ends."""
    rng = random.Random(seed)
    journal = Journal(":memory:")
    try:
        session = Session.start(journal, "caverna", setup)
        for _ in range(steps):
            yield session
            if session.finished or not random_step(session, rng):
                break
    finally:
        journal.close()


def round_one(journal: Journal, app: App) -> Session:
    """A new two-player game with Furnishing turned up, shown in the app."""
    session = start(journal)
    session.submit({"type": "reveal", "tile": "furnishing"})
    open_game(app, session)
    return session
