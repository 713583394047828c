"""The names of the café settings record that the shared screens read.

The screens check the table layout and look for the stored record on every start;
keeping these two names apart from :mod:`companion.core.kiosk` lets them do so without
loading the kiosk's phases and records, which only a café table needs.
"""

from __future__ import annotations

SETTINGS_KEY = "kiosk.settings"
"""Journal setting holding the café's kiosk choices (``KioskSettings``)."""

TABLE_LAYOUTS: tuple[str, ...] = ("upright", "flat")
"""``upright``: the screen stands at one side; ``flat``: it lies mid-table, panels face seats."""
