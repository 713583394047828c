"""Apps in tests wired the way the composition root wires them (:mod:`companion.app`)."""

from __future__ import annotations

from typing import Any

from companion.app.table import KeySource, TableInputs, table_parts
from hardware.keyboard import KeyboardButtons


def wired(hardware: TableInputs) -> dict[str, Any]:
    """The ``sources`` and ``outputs`` keyword arguments for an app on ``hardware``."""
    sources, outputs = table_parts(hardware)
    return {"sources": sources, "outputs": outputs}


def keys() -> dict[str, Any]:
    """The ``sources`` keyword argument for an app whose keys act as table buttons."""
    return {"sources": [KeySource(KeyboardButtons())]}
