"""Fixtures for the core tests: the counting game registered next to the real games."""

from __future__ import annotations

from tests.core.counting_game import GAME as COUNTING
from tests.registering import registered

counting_game_registered = registered(COUNTING)
