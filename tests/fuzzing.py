"""How hard the fuzz tests push: a short run in the suite, a long one with ``--long``."""

from __future__ import annotations

import os

LONG_RUN = os.environ.get("COMPANION_LONG_TESTS") == "1"
"""Set by ``./run-tests --long`` (see ``tests/conftest.py``)."""

LONG_FACTOR = 40
"""How many times more examples each fuzz test tries in the long run."""


def examples(count: int) -> int:
    """The number of examples a fuzz test tries: ``count``, or far more in the long run."""
    return count * LONG_FACTOR if LONG_RUN else count
