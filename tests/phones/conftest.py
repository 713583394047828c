"""The fixture the phone tests share: a table with Fuji open and the phones switched on."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.journal import Journal
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from tests.phones.tables import open_fuji, phones_app


@pytest.fixture
def app() -> Iterator[App]:
    """A running app on a fresh journal, Fuji's example game open, phones on."""
    journal = Journal(":memory:")
    running = phones_app(journal)
    open_fuji(running)
    yield running
    running.close()
    clear_cache()
    pygame.quit()
    journal.close()
