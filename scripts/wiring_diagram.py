"""Draw the GPIO wiring diagram (SVG) from the pins the app actually uses.

    python scripts/wiring_diagram.py                      # writes docs/wiring.svg
    python scripts/wiring_diagram.py --config hardware.toml -o my-table.svg

Without ``--config`` the diagram shows the default pins (``hardware.config``), so
``docs/wiring.svg`` stays true to the code; a test redraws it and compares.  Every
button and light is drawn beside its header pin with its name, BCM GPIO number and
physical pin, in its seat's colour; ground and 3.3 V pins are marked.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hardware.config import (  # noqa: E402
    DEFAULT_BUTTON_PINS,
    DEFAULT_LIGHT_PINS,
    load_config,
)
from hardware.leds import LIGHT_COLOURS, light_resistor  # noqa: E402
from hardware.pins import GROUND_PINS, HEADER_PIN_OF_GPIO, POWER_PINS, gpio_at  # noqa: E402

SEAT_COLOURS = {"seat1": "#dc3c3c", "seat2": "#3c8ce6", "seat3": "#46b45a", "seat4": "#ebc83c"}
"""The app's seat colours (``companion.ui.theme.PALETTE.seats``)."""
OTHER_COLOUR = "#8a94a6"
"""Colour of the advance, undo and status wiring."""
NAMES = {"advance": "Next (advance)", "undo": "Undo", "status": "Status light"}
"""Readable names of the buttons and lights that are not seats."""

ROW = 26
TOP = 108
LEFT_PIN_X = 430
RIGHT_PIN_X = 470
WIDTH = 900
SUBTITLE = (
    "Seen from above, USB ports at the bottom; pin 1 is the square pad.",
    "Each button joins its pin to any GND pin; each LED runs pin → resistor → LED → GND.",
)
"""The two lines under the title (one line would run off both edges)."""


def pin_role(header: int, used: Mapping[int, tuple[str, str]]) -> tuple[str, str]:
    """``(label, fill colour)`` of header pin ``header``."""
    if header in GROUND_PINS:
        return "GND", "#222222"
    if header in POWER_PINS:
        return POWER_PINS[header], "#c0392b" if POWER_PINS[header] == "5V" else "#e67e22"
    gpio = gpio_at(header)
    if gpio is None:
        return "ID", "#bbbbbb"
    if gpio in used:
        name, _ = used[gpio]
        return f"GPIO{gpio}", colour_of(name)
    return f"GPIO{gpio}", "#ffffff"


def colour_of(name: str) -> str:
    """Wire colour of a button or light: its seat's colour, grey for the others."""
    return SEAT_COLOURS.get(name, OTHER_COLOUR)


def resistor_of(name: str) -> str:
    """The series resistor of a light, computed for its LED colour (:mod:`hardware.leds`)."""
    return f"{light_resistor(name if name in LIGHT_COLOURS else 'status')} Ω"


def component(name: str, kind: str, gpio: int) -> str:
    """The words beside a wired pin."""
    label = NAMES.get(name, name.replace("seat", "Seat "))
    pin = HEADER_PIN_OF_GPIO[gpio]
    if kind == "button":
        return f"{label} button → GND · GPIO {gpio}, pin {pin}"
    return f"{label} LED + {resistor_of(name)} → GND · GPIO {gpio}, pin {pin}"


def draw(buttons: Mapping[str, int], lights: Mapping[str, int]) -> str:
    """The whole diagram as SVG text."""
    used: dict[int, tuple[str, str]] = {}
    for name, gpio in buttons.items():
        used[gpio] = (name, "button")
    for name, gpio in lights.items():
        used[gpio] = (name, "light")
    height = TOP + 20 * ROW + 150
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{height}" fill="#f7f7f2"/>',
        '<text x="450" y="30" font-size="18" font-weight="bold" text-anchor="middle">'
        'Table Companion: buttons and lights on the Raspberry Pi header</text>',
        *(f'<text x="450" y="{54 + 18 * n}" text-anchor="middle" fill="#444">{escape(line)}</text>'
          for n, line in enumerate(SUBTITLE)),
        f'<rect x="{LEFT_PIN_X - 22}" y="{TOP - 18}" width="{RIGHT_PIN_X - LEFT_PIN_X + 44}" '
        f'height="{20 * ROW + 10}" rx="6" fill="#2d5a27"/>',
    ]
    for row in range(20):
        for column, x in ((0, LEFT_PIN_X), (1, RIGHT_PIN_X)):
            header = row * 2 + column + 1
            y = TOP + row * ROW
            label, fill = pin_role(header, used)
            wired = gpio_at(header)
            if wired is not None and wired in used:
                parts.extend(_wire(used[wired], wired, x, y, column))
            shape = (f'<rect x="{x - 10}" y="{y - 10}" width="20" height="20" fill="{fill}" '
                     f'stroke="#000"/>' if header == 1 else
                     f'<circle cx="{x}" cy="{y}" r="10" fill="{fill}" stroke="#000"/>')
            parts.append(shape)
            ink = "#fff" if fill in ("#222222", "#c0392b") else "#000"
            parts.append(f'<text x="{x}" y="{y + 3}" text-anchor="middle" font-size="9" '
                         f'fill="{ink}">{header}</text>')
            if label in ("GND", "3V3", "5V"):
                side_x = 395 if column == 0 else 505
                parts.append(f'<text x="{side_x}" y="{y + 4}" text-anchor='
                             f'"{"end" if column == 0 else "start"}" fill="#555">{label}</text>')
    parts.append(_legend(height))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _wire(use: tuple[str, str], gpio: int, x: int, y: int, column: int) -> list[str]:
    name, kind = use
    colour = colour_of(name)
    end_x = 90 if column == 0 else WIDTH - 90
    text_x, anchor = (end_x + 16, "start") if column == 0 else (end_x - 16, "end")
    text_y = y - 5
    point = 10 if column else -10
    symbol = (f'<circle cx="{end_x}" cy="{y}" r="9" fill="#fff" stroke="{colour}" '
              f'stroke-width="3"/>' if kind == "button" else
              f'<polygon points="{end_x - point},{y - 9} {end_x - point},{y + 9} '
              f'{end_x + point},{y}" fill="{colour}" stroke="#000"/>'
              f'<line x1="{end_x + point}" y1="{y - 9}" x2="{end_x + point}" y2="{y + 9}" '
              f'stroke="#000" stroke-width="2"/>')
    return [
        f'<line x1="{x}" y1="{y}" x2="{end_x}" y2="{y}" stroke="{colour}" stroke-width="3"/>',
        symbol,
        f'<text x="{text_x}" y="{text_y}" text-anchor="{anchor}">'
        f'{escape(component(name, kind, gpio))}</text>',
    ]


def _legend(height: int) -> str:
    y = height - 110
    lines = [
        "Ring: a button (momentary, normally open): one leg to the GPIO pin, the other to GND;",
        "the Pi's internal pull-up holds the pin at 3.3 V until the button is pressed.",
        "Triangle: an LED: GPIO pin → resistor → anode (long leg); cathode (short leg) → GND.",
        "Never put 5 V on a GPIO pin. Lamps of 5 V or 12 V need a transistor (docs/hardware.md).",
        "Drawn by scripts/wiring_diagram.py from the pins the app uses.",
    ]
    return "\n".join(f'<text x="40" y="{y + n * 18}" fill="#333">{escape(text)}</text>'
                     for n, text in enumerate(lines))


def main(argv: list[str] | None = None) -> int:
    """Write the diagram for the default pins or for a settings file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, help="hardware.toml to draw (default: defaults)")
    parser.add_argument("-o", "--output", type=Path, default=ROOT / "docs" / "wiring.svg")
    args = parser.parse_args(argv)
    buttons: Mapping[str, int] = DEFAULT_BUTTON_PINS
    lights: Mapping[str, int] = DEFAULT_LIGHT_PINS
    if args.config is not None:
        loaded = load_config(args.config)
        for problem in loaded.problems:
            print(problem, file=sys.stderr)
        buttons, lights = loaded.config.gpio.buttons, loaded.config.gpio.lights
    args.output.write_text(draw(buttons, lights), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
