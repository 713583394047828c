"""Shared helpers for the Fuji screen tests: drawing checks, taps and widget lookup."""

from __future__ import annotations

import pygame

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.state import State
from companion.ui.scene import Context, Scene, Settings
from companion.ui.theme import MIN_TOUCH
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


def start(journal: Journal, setup: dict[str, object] | None = None) -> Session:
    """A new Fuji game (the example set-up unless another is given)."""
    return Session.start(journal, "fuji", setup or dict(GAME.example_setup()))


def state_of(session: Session) -> State:
    """The session's state, typed."""
    state: State = session.state
    return state
