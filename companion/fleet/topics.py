"""The topics a table and the collector speak on: ``tc/<venue>/<table>/<what>``."""

from __future__ import annotations

ROOT = "tc"
"""First level of every topic of the fleet."""

STATUS = "status"
"""``online`` or ``offline``, retained; the last will sets ``offline``."""
STATE = "state"
"""Retained JSON: the game being played and where it stands."""
EVENTS = "events"
"""JSON events: started, finished (with the play), fault, call staff."""
REPLY = "reply"
"""What the collector tells a table: acknowledged ids, an answered call."""

ONLINE = "online"
OFFLINE = "offline"


def topic(venue: str, table: str, what: str) -> str:
    """The topic of ``what`` for one table."""
    return f"{ROOT}/{venue}/{table}/{what}"


def split(name: str) -> tuple[str, str, str] | None:
    """``(venue, table, what)`` of a fleet topic; ``None`` for any other topic."""
    parts = name.split("/")
    if len(parts) != 4 or parts[0] != ROOT or not all(parts[1:]):
        return None
    return parts[1], parts[2], parts[3]
