"""Telling systemd the kiosk is up and alive: ``sd_notify`` over its datagram socket.

A unit with ``Type=notify`` and ``WatchdogSec=`` hands the app a ``NOTIFY_SOCKET``
(a unix datagram socket; a leading ``@`` means the abstract namespace) and a
``WATCHDOG_USEC``.  The app sends ``READY=1`` once its first frame is on screen and
``WATCHDOG=1`` from its loop at least every third of that period: a loop that
hangs stops the pings and systemd restarts the service.  Without these variables
(a desktop run, the tests) every call does nothing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping

READY = "READY=1"
"""The service has finished starting."""
WATCHDOG = "WATCHDOG=1"
"""The service is alive."""
STOPPING = "STOPPING=1"
"""The service is shutting down on purpose."""


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send ``message`` to the service manager; False when there is none or it cannot be reached."""
    env = os.environ if environ is None else environ
    path = env.get("NOTIFY_SOCKET", "")
    if not path or path[0] not in "/@":
        return False
    import socket  # only under systemd: the desktop start stays quick

    address = "\0" + path[1:] if path.startswith("@") else path
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as channel:
            channel.setblocking(False)  # a manager that is behind must never stall the loop
            channel.connect(address)
            channel.send(message.encode())
    except OSError:
        return False
    return True


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between two pings (a third of ``WATCHDOG_USEC``), or ``None`` if not asked.

    ``WATCHDOG_PID``, when set, must be this process: a helper process started by
    the app never pings in its name.
    """
    env = os.environ if environ is None else environ
    try:
        usec = int(env.get("WATCHDOG_USEC", "0"))
        pid = int(env.get("WATCHDOG_PID", str(os.getpid())))
    except ValueError:
        return None
    if usec <= 0 or pid != os.getpid():
        return None
    return usec / 1_000_000 / 3


class Watchdog:
    """Sends ``READY=1`` once and ``WATCHDOG=1`` whenever it is due, from the app's loop."""

    def __init__(self, environ: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.environ: Mapping[str, str] = dict(os.environ if environ is None else environ)
        """The environment the service manager gave (copied at start)."""
        self.interval = watchdog_interval(self.environ)
        """Seconds between pings; ``None`` when systemd asked for none."""
        self.clock = clock
        """The monotonic clock."""
        self.ready = False
        """Whether ``READY=1`` has been sent."""
        self.pings = 0
        """How many ``WATCHDOG=1`` were sent."""
        self._last = -float("inf")

    @property
    def active(self) -> bool:
        """Whether there is a service manager to talk to."""
        return bool(self.environ.get("NOTIFY_SOCKET"))

    def seconds_left(self) -> float | None:
        """Seconds until the next ping is due (``None``: no watchdog)."""
        if self.interval is None:
            return None
        return max(0.0, self._last + self.interval - self.clock())

    def tick(self) -> None:
        """Say ready the first time, then ping when due; cheap when nothing is due."""
        if not self.active:
            return
        if not self.ready:
            self.ready = notify(READY, self.environ)
        left = self.seconds_left()
        if left is not None and left <= 0 and notify(WATCHDOG, self.environ):
            self._last = self.clock()
            self.pings += 1

    def stopping(self) -> None:
        """Tell the service manager the app is closing on purpose."""
        if self.active:
            notify(STOPPING, self.environ)
