"""Random taps on the Tikal screens never break the game: every change is a legal step."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.games.tikal import GAME
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Settings
from tests.fuzzing import some
from tests.ui.tikal.helpers import replayed, tap

STARTS: tuple[tuple[str, int | None], ...] = (
    ("basic", 0), ("basic", 153), ("basic", 267), ("auction", 38), ("auction", 55),
    ("auction", 57),
)
"""Points of the example games the random taps start from."""


@pytest.fixture(scope="module")
def screen() -> Iterator[None]:
    """One headless display for all examples."""
    pygame.init()
    yield
    pygame.quit()
    clear_cache()


def _targets(app: App) -> list[tuple[int, int]]:
    scene = app.dialog or app.scene
    return [rect.center for rect in scene.touch_targets()]


@pytest.mark.usefixtures("screen")
@some()
@given(start=st.sampled_from(STARTS), picks=st.lists(st.integers(0, 10_000), max_size=25))
def test_random_taps_only_make_legal_steps(start: tuple[str, int | None],
                                           picks: list[int]) -> None:
    journal = Journal(":memory:")
    session = replayed(journal, *start)
    app = App(journal, Settings(language="fr"), (800, 480))
    app.open_game(session)
    app.draw()
    for pick in picks:
        targets = _targets(app)
        if not targets:
            break
        tap(app, targets[pick % len(targets)])
        if app.session is None:
            break
        if app.dialog is None and not app.stack[-1].needs_session:
            break
    state = GAME.new_state(session.setup)
    for action in session.actions():
        state = GAME.apply(state, action)
    assert state == session.state
    journal.close()
