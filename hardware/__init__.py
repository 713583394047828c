"""Everything between the table's electronics and the app.

Adapters for GPIO buttons and LEDs (gpiozero), the USB button box (pyserial), the
keyboard map, and the line protocol of the box.  This package knows nothing of the
games or of pygame: it only puts :class:`hardware.events.ButtonEvent` objects on a
queue and accepts light commands.
"""
