"""The café fleet: tables report to an MQTT broker; ``companion fleet`` collects and shows them.

The app's one door is :func:`start_fleet`: it reads the ``[fleet]`` section of the
configuration and, when reporting is on, starts a :class:`~companion.fleet.reporter.Reporter`
and returns a :class:`TableLink` the wiring tells about game changes, input-source
trouble and calls for staff.  With reporting off it returns ``None`` and nothing starts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.fleet.config import FleetConfig
from companion.fleet.snapshot import Moment

if TYPE_CHECKING:
    from companion.core.journal import Journal
    from companion.core.session import Session
    from companion.fleet.reporter import Reporter

SERIAL_TROUBLE = frozenset({"lost", "silent", "cannot_open", "not_found", "no_answer"})
"""The button box's status messages that mean it is gone or mute."""
GPIO_FINE = frozenset({"ready"})
"""The GPIO status messages that mean all is well (every other one is a fault)."""

__all__ = ["FleetConfig", "Moment", "TableLink", "fault_of_status", "start_fleet"]


def fault_of_status(source: str, key: str) -> str | None:
    """The fleet fault an input source's status message stands for (``None``: not a fault)."""
    last = key.rsplit(".", 1)[-1]
    if source == "serial" and last in SERIAL_TROUBLE:
        return "box_unplugged"
    if source == "gpio" and last not in GPIO_FINE:
        return "gpio"
    return None


class TableLink:
    """What the app tells the fleet: the screen's thread calls these; none of them waits."""

    def __init__(self, reporter: Reporter) -> None:
        self.reporter = reporter
        """The running reporter."""

    def game_changed(self, session: Session | None) -> None:
        """The open game changed, or closed (``None``)."""
        if session is None:
            self.reporter.game_changed(Moment(None, {}, None, 0, 0, time.time()))
            return
        self.reporter.game_changed(Moment(session.game, session.setup, session.state,
                                          session.game_id, session.cursor, time.time()))

    def input_status(self, source: str, key: str, params: Any = None) -> None:
        """An input source said something; trouble becomes a fault on the fleet page."""
        fault = fault_of_status(source, key)
        if fault is not None:
            self.reporter.fault(fault, key)

    def call_staff(self) -> None:
        """A guest asked for staff."""
        self.reporter.call_staff()

    def on_call_change(self, changed: Callable[[], None]) -> None:
        """Have ``changed`` called (from the reporter's thread) when a call starts or ends."""
        self.reporter.call_changed = changed

    @property
    def config(self) -> FleetConfig:
        """The table's ``[fleet]`` settings."""
        return self.reporter.config

    @property
    def calling(self) -> bool:
        """Whether a call for staff waits for staff to acknowledge it."""
        return self.reporter.calling

    def stop(self) -> None:
        """Close cleanly: the table says offline."""
        self.reporter.stop()


def start_fleet(config_path: Path | str | None, journal: Journal) -> TableLink | None:
    """Start reporting when the ``[fleet]`` section (with staff's saved values laid over
    it) asks for it; ``None`` otherwise."""
    from companion.fleet.saved import fleet_config

    config = fleet_config(config_path, journal)
    if not config.enabled:
        return None
    from companion.fleet.reporter import Reporter

    reporter = Reporter(config, journal)
    reporter.start()
    return TableLink(reporter)
