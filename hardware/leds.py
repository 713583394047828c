"""Series resistors for LEDs on a 3.3 V pin, computed from each colour's forward voltage.

A GPIO pin of the Pi (and of the Pico in the button box) is 3.3 V and should give
no more than :data:`PIN_LIMIT_MA` (8 mA); all pins together stay under 50 mA.  The
current through an LED is ``(3.3 V - forward voltage) / R``, and the forward
voltage of one colour varies between parts: the *lowest* voltage of the range gives
the *highest* current, so the resistor is chosen for it.  :func:`series_resistor`
takes the smallest standard (E12) value that keeps that worst case at or below
:data:`TARGET_MA`; :func:`resistor_table` is the table printed in
``docs/hardware.md`` (a test checks that the two agree) and the wiring diagram
labels each LED with the same value.
"""

from __future__ import annotations

from dataclasses import dataclass

SUPPLY_V = 3.3
"""A GPIO pin's high level."""

PIN_LIMIT_MA = 8.0
"""Most current one pin should give (the Pi's default drive strength)."""

TARGET_MA = 5.0
"""Current aimed at: bright enough across a table, well inside :data:`PIN_LIMIT_MA`."""

E12: tuple[int, ...] = (10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82)
"""The E12 series of standard resistor values (one decade)."""


@dataclass(frozen=True)
class LedColour:
    """One colour of 5 mm LED and the spread of its forward voltage at a few mA."""

    name: str
    """The colour, as a maker buys it."""
    vf_low: float
    """Lowest forward voltage of the range (the worst case for the pin)."""
    vf_typical: float
    """A typical part's forward voltage."""
    vf_high: float
    """Highest forward voltage of the range (the dimmest case)."""


LED_COLOURS: tuple[LedColour, ...] = (
    LedColour("red", 1.8, 2.0, 2.2),
    LedColour("orange, yellow", 1.9, 2.1, 2.3),
    LedColour("green (classic, yellow-green)", 2.0, 2.2, 2.4),
    LedColour("green (bright, emerald), blue, white", 2.7, 3.0, 3.2),
)
"""The colours in the parts list; seat 1 red, seat 2 blue, seat 3 green, seat 4 yellow."""

LIGHT_COLOURS: dict[str, str] = {
    "seat1": "red", "seat2": "green (bright, emerald), blue, white",
    "seat3": "green (classic, yellow-green)", "seat4": "orange, yellow",
    "status": "green (bright, emerald), blue, white",
}
"""The LED colour the parts list gives each light (the status light is white)."""


def e12_values() -> list[int]:
    """Standard resistor values from 10 Ω to 8.2 kΩ, in order."""
    return [base * decade for decade in (1, 10, 100) for base in E12]


def current_ma(resistor: int, vf: float, supply: float = SUPPLY_V) -> float:
    """Current in mA through an LED of forward voltage ``vf`` behind ``resistor`` ohms."""
    return max(0.0, (supply - vf) / resistor * 1000)


def series_resistor(colour: LedColour, target_ma: float = TARGET_MA) -> int:
    """The smallest E12 resistor keeping the worst-case current at or below ``target_ma``."""
    for value in e12_values():
        if current_ma(value, colour.vf_low) <= target_ma:
            return value
    raise ValueError(f"no E12 value up to 8.2 kΩ keeps {colour.name} at {target_ma} mA")


def colour_named(name: str) -> LedColour:
    """The :data:`LED_COLOURS` entry called ``name``."""
    return next(colour for colour in LED_COLOURS if colour.name == name)


def light_resistor(light: str) -> int:
    """The series resistor of a light (``seat1``..``seat4``, ``status``) in ohms."""
    return series_resistor(colour_named(LIGHT_COLOURS[light]))


def resistor_table() -> str:
    """The Markdown table of ``docs/hardware.md``: colour, forward voltage, resistor, current."""
    rows = [
        "| LED colour | forward voltage (low–typical–high) | resistor (E12) "
        "| current: worst – typical – dimmest |",
        "|---|---|---|---|",
    ]
    for colour in LED_COLOURS:
        resistor = series_resistor(colour)
        currents = " – ".join(f"{current_ma(resistor, vf):.1f}"
                              for vf in (colour.vf_low, colour.vf_typical, colour.vf_high))
        rows.append(f"| {colour.name} | {colour.vf_low:.1f}–{colour.vf_typical:.1f}–"
                    f"{colour.vf_high:.1f} V | {resistor} Ω | {currents} mA |")
    return "\n".join(rows)
