"""Background work yields to the table: threads that are not the loop run at a lower priority.

On Linux every thread is scheduled on its own and has its own nice value, so a
statistics job, an export, the phone server or the fleet client can step aside for the
loop without a process of its own: it calls :func:`lower_priority` first thing in its
thread.  The kiosk unit gives the whole app ``Nice=-5`` (see ``hardware/kiosk/``); a
background thread then runs at ``-5 + BACKGROUND_NICE``.  Elsewhere this does nothing.
"""

from __future__ import annotations

import os
import threading

BACKGROUND_NICE = 10
"""How many nice steps background threads step down from the loop."""


def lower_priority(step: int = BACKGROUND_NICE) -> bool:
    """Lower the calling thread's priority by ``step``; False where that is not possible."""
    if not hasattr(os, "setpriority"):
        return False
    thread = threading.get_native_id()
    try:
        current = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(19, current + step))
    except OSError:
        return False
    return True
