"""A clock for tests: it only moves when told to."""

from __future__ import annotations


class FakeClock:
    """A monotonic or wall clock the test moves by hand."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds
