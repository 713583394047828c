"""Under-voltage on a Raspberry Pi, read from ``vcgencmd get_throttled`` where it exists."""

from __future__ import annotations

import shutil
import subprocess

UNDER_VOLTAGE_NOW = 0x1
"""Bit of the throttled word: the supply is below 4.63 V right now."""
UNDER_VOLTAGE_SINCE_BOOT = 0x10000
"""Bit of the throttled word: the supply has been too low since the Pi started."""


def parse_throttled(text: str) -> int | None:
    """The word of a ``throttled=0x50005`` line; ``None`` when the text is not one."""
    name, _, value = text.strip().partition("=")
    if name != "throttled":
        return None
    try:
        return int(value, 16)
    except ValueError:
        return None


def read_throttled(command: str = "vcgencmd") -> int | None:
    """Ask the Pi's firmware; ``None`` where the tool does not exist or fails."""
    tool = shutil.which(command)
    if tool is None:
        return None
    try:
        done = subprocess.run([tool, "get_throttled"], capture_output=True, text=True,
                              timeout=2.0, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return parse_throttled(done.stdout) if done.returncode == 0 else None


def under_voltage(word: int | None) -> bool:
    """Whether the word says the supply is too low now."""
    return word is not None and bool(word & UNDER_VOLTAGE_NOW)
