"""Table Companion button box: CircuitPython firmware for a Raspberry Pi Pico.

Copy ``boot.py``, ``code.py`` and ``tcbox.py`` to the CIRCUITPY drive.  Buttons
join their GP pin to ground (internal pull-ups); LEDs hang on their GP pin through
a resistor to ground.  Wiring: see ``WIRING.md`` next to this file.
"""

import time

import board  # type: ignore[import-not-found]
import digitalio  # type: ignore[import-not-found]
import usb_cdc  # type: ignore[import-not-found]
from tcbox import Box  # type: ignore[import-not-found]

BUTTON_PINS = (board.GP2, board.GP3, board.GP4, board.GP5, board.GP6, board.GP7)
"""advance, undo, seat1, seat2, seat3, seat4."""
LIGHT_PINS = (board.GP10, board.GP11, board.GP12, board.GP13, board.GP14)
"""seat1, seat2, seat3, seat4, status."""
SCAN_PERIOD_S = 0.002
"""Pause between two scans of the buttons."""


def make_input(pin: board.Pin) -> digitalio.DigitalInOut:
    """A button input with its pull-up switched on."""
    button = digitalio.DigitalInOut(pin)
    button.direction = digitalio.Direction.INPUT
    button.pull = digitalio.Pull.UP
    return button


def make_output(pin: board.Pin) -> digitalio.DigitalInOut:
    """An LED output, dark at start."""
    light = digitalio.DigitalInOut(pin)
    light.direction = digitalio.Direction.OUTPUT
    light.value = False
    return light


def serial_port() -> usb_cdc.Serial:
    """The data channel if ``boot.py`` enabled it, else the console channel."""
    return usb_cdc.data if usb_cdc.data is not None else usb_cdc.console


def now_ms() -> int:
    """Milliseconds since power-up (wraps after weeks; fine for a game night)."""
    milliseconds: int = time.monotonic_ns() // 1_000_000
    return milliseconds


def main() -> None:
    """Scan buttons, answer the app and drive the LEDs, forever."""
    buttons = [make_input(pin) for pin in BUTTON_PINS]
    lights = [make_output(pin) for pin in LIGHT_PINS]
    port = serial_port()
    port.timeout = 0
    box = Box()
    port.write(box.hello())
    while True:
        moment = now_ms()
        out = box.scan([not button.value for button in buttons], moment)
        waiting = port.in_waiting
        if waiting:
            out += box.receive(port.read(waiting), moment)
        if out and port.connected:
            port.write(out)
        for index, level in enumerate(box.light_levels(moment)):
            lights[index].value = level
        time.sleep(SCAN_PERIOD_S)


main()
