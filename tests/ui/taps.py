"""Driving the real app by taps in tests: find a drawn widget by key, tap it; and the
drawing checks every game's screen tests share."""

from __future__ import annotations

from typing import TypeVar

import pygame

from companion.core.session import Session
from companion.ui.app import App
from companion.ui.intents import Navigate
from companion.ui.scene import Context, Scene, Settings
from companion.ui.screens import screen_entry
from companion.ui.theme import MIN_TOUCH
from companion.ui.widgets import Widget

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


def registered(screen: str, size: tuple[int, int], lang: str, session: Session | None = None,
               text_scale: float = 1.0) -> tuple[Scene, Context]:
    """The registered screen ``screen`` and a context holding the game it draws: a
    preview's own demo game (as the screenshot tool opens it), else ``session``."""
    entry = screen_entry(screen)
    shown = entry.demo() if entry.demo is not None else session
    return entry.factory(), Context(size, Settings(language=lang, text_scale=text_scale), shown)


def tap(app: App, pos: tuple[int, int]) -> None:
    """Press and release at ``pos``, then draw."""
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.draw()


def widget(app: App, key: str) -> Widget:
    """The widget with ``key`` drawn last on top (dialog first, then the screen)."""
    scenes = [app.dialog, app.scene] if app.dialog is not None else [app.scene]
    for scene in scenes:
        for found in scene.widgets:
            if found.key == key:
                return found
    raise AssertionError(f"no widget {key!r}")


def has_widget(app: App, key: str) -> bool:
    """Whether a widget with ``key`` was drawn last."""
    try:
        widget(app, key)
    except AssertionError:
        return False
    return True


def tap_widget(app: App, key: str) -> None:
    """Tap the centre of the widget with ``key``."""
    tap(app, widget(app, key).rect.center)


def tap_widgets(app: App, *keys: str) -> None:
    """Tap the widgets with ``keys`` one after another, each found on the screen its
    previous tap left."""
    for key in keys:
        tap_widget(app, key)


def open_game(app: App, session: Session) -> None:
    """Show ``session`` on its play screen and draw it."""
    app.open_game(session)
    app.draw()


S = TypeVar("S", bound=Scene)


def open_screen(app: App, screen: str, kind: type[S]) -> S:
    """Open the registered ``screen``, draw it, and return it (it must be a ``kind``)."""
    app.perform(Navigate(screen))
    app.draw()
    assert isinstance(app.scene, kind)
    return app.scene


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move the finger to ``end`` (drawing on the way) and lift it
    there, then draw: one input, as a finger drags a piece."""
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.draw()
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for point, before in ((middle, start), (end, middle)):
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=point, buttons=(1, 0, 0),
                                       rel=(point[0] - before[0], point[1] - before[1])))
        app.draw()
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.draw()


def screen_centre(app: App, key: str) -> tuple[int, int]:
    """Where the centre of the widget with ``key`` is on the screen (inside a seat's
    turned panel on a flat table too)."""
    from companion.ui.flat import TurnedPanel, to_screen_rect

    for found in app.scene.widgets:
        if isinstance(found, TurnedPanel):
            for inner in found.content:
                if inner.key == key:
                    return to_screen_rect(inner.rect, found.rect, found.angle).center
        elif found.key == key:
            return found.rect.center
    raise AssertionError(f"no widget {key!r}")
