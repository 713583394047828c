"""The Raspberry Pi's 40-pin header: which physical pin carries which BCM GPIO.

The same on every Pi with a 40-pin header (Pi 2 to Pi 5, Zero 2 W).  The
diagnostics screen and the wiring diagram name both numbers, so a maker with a
multimeter finds a dead button's wire at once.
"""

from __future__ import annotations

HEADER_PIN_OF_GPIO: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27,
    5: 29, 6: 31, 13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18,
    25: 22, 8: 24, 7: 26, 1: 28, 12: 32, 16: 36, 20: 38, 21: 40,
}
"""Physical header pin (1 to 40) of each BCM GPIO number."""

GROUND_PINS: tuple[int, ...] = (6, 9, 14, 20, 25, 30, 34, 39)
"""Header pins wired to ground."""

POWER_PINS: dict[int, str] = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
"""Header pins carrying a supply voltage."""

I2S_GPIOS: frozenset[int] = frozenset({18, 19, 20, 21})
"""GPIOs an I2S audio HAT takes (bit clock, frame, data in, data out)."""

I2C_GPIOS: frozenset[int] = frozenset({2, 3})
"""GPIOs of the I2C bus most HATs use (and their EEPROM set-up)."""

UART_GPIOS: frozenset[int] = frozenset({14, 15})
"""GPIOs of the serial console."""


def header_pin(gpio: int) -> int:
    """The physical header pin of BCM GPIO ``gpio``; ``KeyError`` for a GPIO not on the header."""
    return HEADER_PIN_OF_GPIO[gpio]


def gpio_at(header: int) -> int | None:
    """The BCM GPIO on physical pin ``header``, or ``None`` for power, ground or ID pins."""
    for gpio, pin in HEADER_PIN_OF_GPIO.items():
        if pin == header:
            return gpio
    return None
