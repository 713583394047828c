"""Shared test set-up: headless SDL, mock GPIO pins, and a small counting game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--long`` runs the long modes (thousands of playouts, hundreds of power cuts)."""
    parser.addoption("--long", action="store_true", help="run the long soak/fuzz/playout modes")


def pytest_configure(config: pytest.Config) -> None:
    """Load the hypothesis profile (``tests/fuzzing.py``): the long one for ``--long``."""
    if config.getoption("--long"):
        os.environ["COMPANION_LONG_TESTS"] = "1"
    from tests.fuzzing import load_profile

    load_profile(bool(config.getoption("--long")))


@pytest.fixture
def long_mode(request: pytest.FixtureRequest) -> bool:
    """Whether the long modes were asked for."""
    return bool(request.config.getoption("--long"))


@pytest.fixture
def display() -> Iterator[None]:
    """An initialised pygame with the dummy video driver."""
    import pygame

    from companion.ui.fonts import clear_cache

    pygame.init()
    yield
    clear_cache()
    pygame.quit()
