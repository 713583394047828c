"""The ``[fleet]`` section of the table's configuration file: where to report, as whom.

Off by default.  A missing file, a missing section or ``enabled = false`` all mean the
table reports nothing and starts no network client.  A mistake in the section switches
the reporting off and is listed in :attr:`FleetConfig.problems`, never raised: the table
plays on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
"""Venue and table names: they are MQTT topic levels and broker account names."""


@dataclass(frozen=True)
class FleetConfig:
    """How one table reports to the café's broker."""

    enabled: bool = False
    """Whether the table reports at all."""
    host: str = "127.0.0.1"
    """The broker's host name or address."""
    port: int = 1883
    """The broker's port (8883 is usual with TLS)."""
    tls: bool = False
    """Whether to speak TLS to the broker."""
    ca_file: str = ""
    """Certificate authority that signed the broker's certificate (empty: the system's)."""
    user: str = ""
    """The table's own broker account (empty: the table name)."""
    password: str = ""
    """The account's password."""
    venue: str = "cafe"
    """The café: first level of every topic."""
    table: str = ""
    """This table's name: second level of every topic, unique in the venue."""
    keepalive: int = 8
    """Seconds between pings; the broker declares a silent table offline after 1.5 of them
    (with Mosquitto's own check on top: about 16 s in all with 8, inside the 20 s target)."""
    resend_seconds: float = 10.0
    """Seconds after which an unacknowledged play or fault is sent again."""
    home_assistant: bool = False
    """Whether to publish Home Assistant discovery configs."""
    call_key: str = ""
    """pygame name of a key (a keyboard-style encoder's button) that calls staff; empty: none."""
    call_pin: int = 0
    """BCM GPIO pin of a "call staff" button wired to ground; 0: none."""
    problems: tuple[str, ...] = field(default=())
    """Mistakes found in the section (the reporting is then off)."""

    @property
    def account(self) -> str:
        """The broker user name: the configured one or the table name."""
        return self.user or self.table


def read_fleet_config(path: Path | str | None) -> FleetConfig:
    """The ``[fleet]`` section of the TOML file at ``path`` (defaults when absent)."""
    section, problem = file_section(path)
    if problem:
        return FleetConfig(problems=(problem,))
    return parse_fleet(section)


def file_section(path: Path | str | None) -> tuple[dict[str, Any], str]:
    """The raw ``[fleet]`` section at ``path`` (empty when absent) and any read problem."""
    if path is None or not Path(path).is_file():
        return {}, ""
    import tomllib

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, f"unreadable: {error}"
    section = data.get("fleet", {})
    return (dict(section) if isinstance(section, Mapping) else {}), ""


_TYPES: Mapping[str, type] = {
    "enabled": bool, "host": str, "port": int, "tls": bool, "ca_file": str, "user": str,
    "password": str, "venue": str, "table": str, "keepalive": int, "resend_seconds": float,
    "home_assistant": bool, "call_key": str, "call_pin": int,
}


def parse_fleet(section: Mapping[str, Any]) -> FleetConfig:
    """Check the section's keys and values; any mistake switches reporting off."""
    problems: list[str] = []
    values: dict[str, Any] = {}
    for key, value in section.items():
        wanted = _TYPES.get(key)
        if wanted is None:
            problems.append(f"unknown key {key!r}")
        elif wanted is float and isinstance(value, int | float) and not isinstance(value, bool):
            values[key] = float(value)
        elif not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            problems.append(f"{key} must be {wanted.__name__}")
        else:
            values[key] = value
    config = FleetConfig(**values)
    problems.extend(_check(config))
    if problems:
        return FleetConfig(problems=tuple(problems))
    return config


def _check(config: FleetConfig) -> list[str]:
    if not config.enabled:
        return []
    problems = []
    if not NAME.match(config.venue):
        problems.append("venue: letters, digits, - and _ only")
    if not NAME.match(config.table):
        problems.append("table: letters, digits, - and _ only")
    if not 1 <= config.port <= 65535:
        problems.append("port: 1 to 65535")
    if not 2 <= config.keepalive <= 600:
        problems.append("keepalive: 2 to 600 seconds")
    if not 0.5 <= config.resend_seconds <= 3600:
        problems.append("resend_seconds: 0.5 to 3600")
    if config.call_pin and not 2 <= config.call_pin <= 27:
        problems.append("call_pin: a BCM GPIO number from 2 to 27, or 0 for none")
    return problems
