"""How hard the property tests push: hypothesis profiles, short in the suite, long with ``--long``.

``tests/conftest.py`` loads the ``default`` profile, or ``long`` for ``./run-tests --long``.
A test picks how big a share of the profile it needs, by name, instead of a number:
``few()`` for tests that draw screens, ``some()`` and ``many()`` for rules and core
properties, ``fuzz()`` and ``heavy()`` for the fuzzers that feed raw bytes or random actions.
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


def _share(fraction: float) -> settings:
    return settings(max_examples=max(1, round(settings().max_examples * fraction)))


def few() -> settings:
    """A fifth of the profile: tests that draw a screen per example."""
    return _share(0.2)


def some() -> settings:
    """Half the profile."""
    return _share(0.5)


def many() -> settings:
    """The profile's own count."""
    return _share(1.0)


def lots() -> settings:
    """Twice the profile."""
    return _share(2.0)


def fuzz() -> settings:
    """Three times the profile: fuzzers of files, bytes and actions."""
    return _share(3.0)


def heavy() -> settings:
    """Fifteen times the profile: the cheapest, widest action fuzzers."""
    return _share(15.0)
