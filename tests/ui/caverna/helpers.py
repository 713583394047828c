"""Shared helpers for the Caverna screen tests: games set up to a given point and random
games (the taps and drawing checks every game shares are in ``tests.ui.taps``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.caverna.game import GAME
from companion.games.caverna.state import CavernaState
from companion.ui.app import App
from tests.ui.taps import open_game


def start(journal: Journal, setup: dict[str, Any] | None = None) -> Session:
    """A new two-player Caverna game (Ada starts) unless another set-up is given."""
    return Session.start(journal, "caverna", setup or {"players": ["Ada", "Borys"]})


def taking(journal: Journal, tile: str, revealed: str = "furnishing") -> Session:
    """A new two-player game in round 1: ``revealed`` is turned up and Ada takes ``tile``."""
    session = start(journal)
    session.submit({"type": "reveal", "tile": revealed})
    session.submit({"type": "take_tile", "tile": tile})
    return session


def ada_fills_her_only_cavern(session: Session) -> None:
    """From round 1 with Furnishing turned up: Ada furnishes the Shelf in her one empty
    cavern and Borys takes Cultivation, so on Ada's second turn no furnishing has a place
    to go."""
    for action in ({"type": "take_tile", "tile": "furnishing"},
                   {"type": "gain", "good": "food"},
                   {"type": "furnish", "room": "shelf", "space": [2, 0], "fee": "round_food"},
                   {"type": "end_turn"},
                   {"type": "take_tile", "tile": "cultivation"},
                   {"type": "end_turn"}):
        session.submit(action)


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
