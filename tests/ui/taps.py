"""Driving the real app by taps in tests: find a drawn widget by key, tap it."""

from __future__ import annotations

import pygame

from companion.ui.app import App
from companion.ui.widgets import Widget


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
