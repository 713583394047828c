"""Fixtures for the hardware tests: gpiozero's mock pins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A mock pin factory, reset after the test."""
    made = MockFactory()
    yield made
    made.reset()
