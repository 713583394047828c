"""How hard the property tests push: hypothesis profiles, short in the suite, long with ``--long``.

``tests/conftest.py`` loads the ``default`` profile, or ``long`` for ``./run-tests --long``.
A test picks how big a share of the profile it needs by name (:data:`SHARES`), e.g.
``@examples("few")``, instead of a number.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

LONG_RUN = os.environ.get("COMPANION_LONG_TESTS") == "1"
"""Set by ``./run-tests --long`` (see ``tests/conftest.py``)."""

LONG_FACTOR = 40
"""How many times more examples each property test tries in the long run."""

BASE_EXAMPLES = 100
"""The default profile's examples per test (``many()``); the others are shares of it."""

settings.register_profile(
    "default",
    max_examples=BASE_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile("long", settings.get_profile("default"),
                          max_examples=BASE_EXAMPLES * LONG_FACTOR)


def load_profile(long_run: bool) -> None:
    """Use the long profile for ``--long``, the default one otherwise."""
    settings.load_profile("long" if long_run else "default")


SHARES: dict[str, float] = {
    "few": 0.2,
    "some": 0.5,
    "many": 1.0,
    "lots": 2.0,
    "fuzz": 3.0,
    "heavy": 15.0,
}
"""Each size a test may ask for, as a share of the loaded profile's examples: ``few`` for
tests that draw a screen per example, ``fuzz`` and ``heavy`` for the fuzzers of raw bytes
and random actions."""


def examples(size: str) -> settings:
    """Settings for a test that tries ``SHARES[size]`` of the profile's examples."""
    return settings(max_examples=max(1, round(settings().max_examples * SHARES[size])))
