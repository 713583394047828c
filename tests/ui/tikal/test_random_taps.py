"""Random taps on the Tikal screens never break the game: every change is a legal step."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.scene import Settings
from tests.fuzzing import examples
from tests.ui.tikal.helpers import random_taps_stay_legal, replayed

STARTS: tuple[tuple[str, int | None], ...] = (
    ("basic", 0), ("basic", 137), ("basic", 245), ("auction", 34), ("auction", 50),
    ("auction", 52),
)
"""Points of the example games the random taps start from."""


@pytest.fixture(scope="module")
def screen() -> Iterator[None]:
    """One headless display for all examples."""
    pygame.init()
    yield
    clear_cache()
    pygame.quit()


@pytest.mark.usefixtures("screen")
@examples("some")
@given(start=st.sampled_from(STARTS), picks=st.lists(st.integers(0, 10_000), max_size=25))
def test_random_taps_only_make_legal_steps(start: tuple[str, int | None],
                                           picks: list[int]) -> None:
    journal = Journal(":memory:")
    session = replayed(journal, *start)
    app = App(journal, Settings(language="fr"), (800, 480))
    app.open_game(session)
    app.draw()
    random_taps_stay_legal(app, journal, session, picks)
