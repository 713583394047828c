"""``[fleet]`` settings the staff saved on the table: kept in the journal, read at start.

The staff menu stores each value under ``fleet.<key>`` in the journal's settings; at
the next start they are laid over the configuration file's ``[fleet]`` section (a saved
value wins), then checked like the file (:func:`~companion.fleet.config.parse_fleet`),
so a saved mistake switches reporting off and is listed, never raised.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.fleet.config import FleetConfig, file_section, parse_fleet

if TYPE_CHECKING:
    from companion.core.journal import Journal

PREFIX = "fleet."
"""Prefix of the journal settings that hold the staff's ``[fleet]`` values."""
STAFF_KEYS = ("enabled", "host", "port", "tls", "user", "password", "venue", "table")
"""What staff may set from the menu (the rest stays in the configuration file)."""


def saved_fleet(journal: Journal) -> dict[str, Any]:
    """The values staff saved (only the keys they may set)."""
    found = journal.settings_with_prefix(PREFIX)
    return {key: found[PREFIX + key] for key in STAFF_KEYS if PREFIX + key in found}


def save_fleet(journal: Journal, values: Mapping[str, Any]) -> None:
    """Keep staff's values for the next start (one transaction)."""
    unknown = set(values) - set(STAFF_KEYS)
    if unknown:
        raise ValueError(f"not a staff setting: {sorted(unknown)}")
    journal.set_settings({PREFIX + key: value for key, value in values.items()})


def fleet_config(path: Path | str | None, journal: Journal) -> FleetConfig:
    """The file's ``[fleet]`` section with staff's saved values laid over it."""
    section, problem = file_section(path)
    if problem:
        return FleetConfig(problems=(problem,))
    return parse_fleet({**section, **saved_fleet(journal)})
