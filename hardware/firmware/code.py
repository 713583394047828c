"""Table Companion button box: CircuitPython firmware for a Raspberry Pi Pico.

Copy ``boot.py``, ``code.py`` and ``tcbox.py`` to the CIRCUITPY drive.  Buttons
join their GP pin to ground (internal pull-ups); LEDs hang on their GP pin through
a resistor to ground.  Wiring: see ``WIRING.md`` next to this file.

The box looks after itself: a write that the host does not read within
``WRITE_TIMEOUT_S`` is dropped instead of blocking the scan, anything that goes
wrong inside one scan is reported as ``ERR internal`` and the scan goes on, and the
microcontroller's watchdog resets the board if the loop ever stops for
``WATCHDOG_S``.  With the ``neopixel`` library in ``lib/``, a strip of four RGB
LEDs on GP15 shows each seat's light in that seat's colour.
"""

import time

import board  # type: ignore[import-not-found]
import digitalio  # type: ignore[import-not-found]
import microcontroller  # type: ignore[import-not-found]
import usb_cdc  # type: ignore[import-not-found]
from tcbox import Box, frame  # type: ignore[import-not-found]

BUTTON_PINS = (board.GP2, board.GP3, board.GP4, board.GP5, board.GP6, board.GP7)
"""advance, undo, seat1, seat2, seat3, seat4."""
LIGHT_PINS = (board.GP10, board.GP11, board.GP12, board.GP13, board.GP14)
"""seat1, seat2, seat3, seat4, status."""
PIXEL_PIN = board.GP15
"""Data line of the optional strip of four RGB LEDs (seat1 to seat4)."""
PIXEL_BRIGHTNESS = 0.3
"""Brightness of the RGB LEDs (0 to 1): bright enough across a table, kind to the eyes."""
SCAN_PERIOD_S = 0.002
"""Pause between two scans of the buttons."""
WRITE_TIMEOUT_S = 0.05
"""Longest wait for the host to take a line; after that the line is dropped."""
WATCHDOG_S = 4.0
"""The board resets if the scan loop has not run for this long."""


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


def make_pixels(count: int) -> object:
    """The RGB strip if the ``neopixel`` library is installed, else ``None``."""
    try:
        import neopixel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return neopixel.NeoPixel(PIXEL_PIN, count, brightness=PIXEL_BRIGHTNESS, auto_write=False)


def start_watchdog() -> object:
    """Arm the microcontroller's watchdog (reset on time-out); ``None`` where there is none."""
    try:
        from watchdog import WatchDogMode  # type: ignore[import-not-found]

        dog = microcontroller.watchdog
        dog.timeout = WATCHDOG_S
        dog.mode = WatchDogMode.RESET
    except (ImportError, AttributeError, NotImplementedError, RuntimeError, ValueError):
        return None
    return dog


def serial_port() -> usb_cdc.Serial:
    """The data channel if ``boot.py`` enabled it, else the console channel."""
    return usb_cdc.data if usb_cdc.data is not None else usb_cdc.console


def now_ms() -> int:
    """Milliseconds since power-up (wraps after weeks; fine for a game night)."""
    milliseconds: int = time.monotonic_ns() // 1_000_000
    return milliseconds


def send(port: usb_cdc.Serial, data: bytes) -> None:
    """Write ``data`` if a host is listening; a host that stopped reading loses it."""
    if not data or not port.connected:
        return
    try:  # noqa: SIM105 - CircuitPython has no contextlib
        port.write(data)
    except Exception:  # a stuck or vanished host must never stop the scan
        pass


def step(box: Box, buttons: list[digitalio.DigitalInOut], lights: list[digitalio.DigitalInOut],
         pixels: object, port: usb_cdc.Serial) -> None:
    """One scan: buttons to lines, lines from the host to answers, lights to the pins."""
    moment = now_ms()
    out = box.scan([not button.value for button in buttons], moment)
    waiting = port.in_waiting
    if waiting:
        out += box.receive(port.read(waiting), moment)
    send(port, out)
    for index, level in enumerate(box.light_levels(moment)):
        lights[index].value = level
    if pixels is not None:
        for index, colour in enumerate(box.pixel_colours(moment)):
            pixels[index] = colour  # type: ignore[index]
        pixels.show()  # type: ignore[attr-defined]


def main() -> None:
    """Scan buttons, answer the app and drive the LEDs, forever, whatever happens."""
    buttons = [make_input(pin) for pin in BUTTON_PINS]
    lights = [make_output(pin) for pin in LIGHT_PINS]
    port = serial_port()
    port.timeout = 0
    port.write_timeout = WRITE_TIMEOUT_S
    box = Box()
    pixels = make_pixels(len(box.pixel_colours(0)))
    dog = start_watchdog()
    send(port, box.hello())
    while True:
        try:
            step(box, buttons, lights, pixels, port)
        except Exception as error:  # report it and keep scanning
            print("tcbox:", error)
            send(port, frame("ERR internal"))
        if dog is not None:
            dog.feed()  # type: ignore[attr-defined]
        time.sleep(SCAN_PERIOD_S)


main()
