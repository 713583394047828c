"""The fixtures the phone tests share: a table with the phones switched on, Fuji open or not."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.journal import Journal
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from tests.phones.tables import open_fuji, phones_app


@pytest.fixture
def table_app() -> Iterator[App]:
    """A running app on a fresh journal with the phones on, no game open yet."""
    journal = Journal(":memory:")
    running = phones_app(journal)
    yield running
    running.close()
    clear_cache()
    pygame.quit()
    journal.close()


@pytest.fixture
def app(table_app: App) -> App:
    """The same table with Fuji's example game open."""
    open_fuji(table_app)
    return table_app
