"""Shared helpers for the Caverna screen tests: drawing checks, taps and widget lookup."""

from __future__ import annotations

from typing import Any

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.caverna.state import CavernaState
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

