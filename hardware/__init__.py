"""Everything between the table's electronics and the app.

* :mod:`hardware.events` — the one input model: button and status events on a queue;
* :mod:`hardware.config` — the TOML settings, checked, with mistakes as messages;
* :mod:`hardware.gpio` — buttons and lights on the Raspberry Pi header (gpiozero);
* :mod:`hardware.protocol` and :mod:`hardware.serial_box` — the USB button box:
  its line protocol (pure parsing) and the reconnecting reader thread (pyserial);
* :mod:`hardware.keyboard` — keys and keyboard-style arcade encoders as buttons;
* :mod:`hardware.debounce` — contact chatter never becomes extra presses;
* :mod:`hardware.gestures` — telling a tap from a hold on seat buttons;
* :mod:`hardware.lights` — what every light driver offers, and a group of them;
* :mod:`hardware.monitor` — recent raw events for the diagnostics screen;
* :mod:`hardware.pins` — the 40-pin header: BCM GPIO numbers to physical pins;
* :mod:`hardware.table` — starts all of the above from the settings in one call;
* :mod:`hardware.systemd` — ``sd_notify``: ready and watchdog pings for the kiosk service;
* :mod:`hardware.boxsim` — the firmware's own logic behind a pseudo-terminal;
* ``hardware/firmware/`` — CircuitPython firmware for a Raspberry Pi Pico box.

This package knows nothing of the games or of pygame: it only puts
:class:`hardware.events.ButtonEvent` objects on a queue and accepts light commands.
"""
