"""Shared helpers for the Caverna screen tests: drawing checks, taps and widget lookup."""

from __future__ import annotations

from typing import Any

import pygame

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.caverna.state import CavernaState
from companion.ui.app import App
from companion.ui.scene import Context, Scene, Settings
from companion.ui.theme import MIN_TOUCH
from tests.ui.taps import has_widget as has_widget
from tests.ui.taps import tap as tap
from tests.ui.taps import tap_widget as tap_widget
from tests.ui.taps import widget as widget

SIZES: tuple[tuple[int, int], ...] = ((800, 480), (1280, 800))
"""The window sizes every screen is checked at."""


def draw_problems(scene: Scene, ctx: Context) -> tuple[list[str], list[pygame.Rect]]:
    """Draw ``scene`` and return the texts that overflowed and the too-small targets."""
    surface = pygame.Surface(ctx.size)
    scene.draw(surface, ctx)
    overflowing = [repr(getattr(w, "text", w)) for w in scene.overflowing()]
    small = [r for r in scene.touch_targets() if r.width < MIN_TOUCH or r.height < MIN_TOUCH]
    return overflowing, small


def context(size: tuple[int, int], lang: str, session: Session | None = None) -> Context:
    """A drawing context in ``lang``."""
    return Context(size, Settings(language=lang), session, None)


def start(journal: Journal, setup: dict[str, Any] | None = None) -> Session:
    """A new two-player Caverna game (Ada starts) unless another set-up is given."""
    return Session.start(journal, "caverna", setup or {"players": ["Ada", "Borys"]})


def state_of(session: Session) -> CavernaState:
    """The session's state, typed."""
    state: CavernaState = session.state
    return state


def open_game(app: App, session: Session) -> None:
    """Show ``session`` on its play screen and draw it."""
    app.open_game(session)
    app.draw()
