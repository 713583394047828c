"""Level cards and the stamina board, kept as data a user may edit at set-up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.messages import SetupError
from companion.games.fuji.state import LevelTable, StaminaTrack

LEVELS: tuple[int, ...] = (1, 2, 3, 4)
"""The difficulty levels."""


def _table(failed: int) -> LevelTable:
    """A level card: failing costs ``failed``; every two points of lead cost one less."""
    bands = tuple((1 + 2 * step, max(failed - 1 - step, 0)) for step in range(failed))
    return LevelTable(failed, bands)


LEVEL_TABLES: dict[int, LevelTable] = {level: _table(level + 2) for level in LEVELS}
"""The printed level cards, by level."""

DEFAULT_STAMINA_TRACK = StaminaTrack(length=25, wound_spaces=(5, 10, 15, 20))
"""The printed stamina board."""


def level_table_to_json(table: LevelTable) -> dict[str, Any]:
    """Write a level table as plain JSON data."""
    return {"failed": table.failed, "bands": [list(band) for band in table.bands]}


def level_table_from_json(data: Mapping[str, Any]) -> LevelTable:
    """Read an edited level table; raise ``SetupError`` when it makes no sense."""
    try:
        failed = int(data["failed"])
        bands = tuple((int(lead), int(loss)) for lead, loss in data.get("bands", []))
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError("fuji.setup.bad_level_table", detail=str(error)) from error
    leads = [lead for lead, _ in bands]
    if failed < 0 or any(loss < 0 for _, loss in bands):
        raise SetupError("fuji.setup.negative_loss")
    if leads != sorted(set(leads)) or any(lead < 1 for lead in leads):
        raise SetupError("fuji.setup.level_leads_order")
    return LevelTable(failed, bands)


def stamina_track_to_json(track: StaminaTrack) -> dict[str, Any]:
    """Write a stamina track as plain JSON data."""
    return {"length": track.length, "wound_spaces": list(track.wound_spaces)}


def stamina_track_from_json(data: Mapping[str, Any]) -> StaminaTrack:
    """Read an edited stamina track; raise ``SetupError`` when it makes no sense."""
    try:
        length = int(data["length"])
        spaces: Sequence[Any] = data.get("wound_spaces", [])
        wound_spaces = tuple(sorted({int(space) for space in spaces}))
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError("fuji.setup.bad_stamina_track", detail=str(error)) from error
    if length < 1:
        raise SetupError("fuji.setup.track_too_short")
    if any(space < 1 or space >= length for space in wound_spaces):
        raise SetupError("fuji.setup.wound_space_outside", length=length)
    return StaminaTrack(length, wound_spaces)
