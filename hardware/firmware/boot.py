"""Runs once at power-up: give the app a serial channel of its own.

With the data channel on, the box shows two serial ports: the REPL console and the
data channel the app talks to.  On the Pi the data channel is the
``/dev/serial/by-id/usb-...-if02`` link (usually ``/dev/ttyACM1``), so key presses
never reach the REPL and a crash message never reaches the app.
"""

import usb_cdc  # type: ignore[import-not-found]

usb_cdc.enable(console=True, data=True)
