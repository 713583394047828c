"""Memory stays flat over a café's day (issue 27): every cache in the app is bounded.

Each module of the app is imported and every function cache in it is read: all must
have a bound (a ``maxsize``), except those whose keys cannot grow (listed here with
the reason). ``bench/soak.py --kiosk-minutes`` measures the RSS slope itself.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import companion

KEYS_CANNOT_GROW = {
    "companion.ui.fonts.font_file": "keyed by bold or not: two entries at most",
    "companion.core.i18n.catalogue": "one per language: four",
    "companion.core.registry.all_games": "no arguments: one entry",
    "companion.games.caverna.rooms.default_catalogue": "no arguments: one entry",
    "companion.games.caverna.tiles.tile_parts": "one per printed tile and rules variant",
    "companion.games.fuji.scenarios.preset_grids": "no arguments: one entry",
    "companion.games.tikal.tiles.box_tiles": "no arguments: one entry",
    "companion.games.tikal.tiles.printed_fields": "no arguments: one entry",
    "companion.ui.fuji.demo.preview_session": "one per registered preview",
}
"""Caches without a bound, and why they need none."""


def function_caches() -> dict[str, Any]:
    """Every function cache (``functools.cache``/``lru_cache``) in the app's modules."""
    found: dict[str, Any] = {}
    for module_info in pkgutil.walk_packages(companion.__path__, "companion."):
        if module_info.name.endswith("__main__"):
            continue
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if callable(value) and hasattr(value, "cache_info") \
                    and getattr(value, "__module__", "") == module.__name__:
                found[f"{module.__name__}.{name}"] = value
    return found


def test_every_cache_has_a_bound() -> None:
    caches = function_caches()
    assert "companion.ui.fonts.rendered" in caches  # the walk does find them
    unbounded = sorted(name for name, cached in caches.items()
                       if cached.cache_info().maxsize is None and name not in KEYS_CANNOT_GROW)
    assert unbounded == []
