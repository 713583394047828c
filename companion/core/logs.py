"""Loggers that load :mod:`logging` when they are first used.

The app writes to its log only when something goes wrong, and nothing configures
logging before the first frame; importing :mod:`logging` (and what it imports) at start-up
would cost every start for messages most starts never write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from logging import Logger


class _LoggerOnUse:
    """Stands for the logger ``name``; the first attribute read imports :mod:`logging`."""

    def __init__(self, name: str) -> None:
        self.name = name
        """The logger's name (usually the module's ``__name__``)."""

    def __getattr__(self, attribute: str) -> Any:
        """The attribute of the real logger (``exception``, ``info``, ...)."""
        import logging

        return getattr(logging.getLogger(self.name), attribute)


def logger(name: str) -> Logger:
    """The logger called ``name``, looked up (and :mod:`logging` imported) at its first use."""
    return cast("Logger", _LoggerOnUse(name))
