"""Waiting in tests for something another thread does, with a deadline."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_for(condition: Callable[[], object], timeout: float = 4.0, step: float = 0.005) -> bool:
    """Whether ``condition()`` became true within ``timeout`` seconds (checked every ``step``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return False
