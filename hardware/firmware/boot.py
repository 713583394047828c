"""Runs once at power-up: give the app a serial channel of its own.

With the data channel on, the box shows two serial ports: the REPL console and the
data channel the app talks to.  On the Pi the data channel is the
``/dev/serial/by-id/usb-...-if02`` link (usually ``/dev/ttyACM1``), so key presses
never reach the REPL and a crash message never reaches the app.

The board also names itself ``tcbox button box`` on USB, so that the app's
automatic port search (``port = "auto"``) recognises it and never writes to any
other device (a debug probe, another board's console, a USB-serial cable).
"""

import usb_cdc  # type: ignore[import-not-found]

usb_cdc.enable(console=True, data=True)
try:  # CircuitPython 8 and later; older ones keep the board's own name
    import supervisor  # type: ignore[import-not-found]

    supervisor.set_usb_identification(manufacturer="Table Companion", product="tcbox button box")
except (ImportError, AttributeError, RuntimeError):
    pass
