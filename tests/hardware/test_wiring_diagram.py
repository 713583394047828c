"""docs/wiring.svg is drawn from the pins the app uses, and stays that way."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from hardware.config import DEFAULT_BUTTON_PINS, DEFAULT_LIGHT_PINS
from hardware.pins import HEADER_PIN_OF_GPIO

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_diagram_matches_the_default_pins(tmp_path: Path) -> None:
    fresh = tmp_path / "wiring.svg"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "wiring_diagram.py"), "-o", str(fresh)],
                   check=True, capture_output=True, timeout=60)
    assert fresh.read_text(encoding="utf-8") == (ROOT / "docs" / "wiring.svg").read_text(
        encoding="utf-8"), "run: python scripts/wiring_diagram.py"


def test_every_wired_pin_is_labelled_with_gpio_and_header_pin() -> None:
    svg = ElementTree.parse(ROOT / "docs" / "wiring.svg").getroot()
    texts = [element.text or "" for element in svg.iter("{http://www.w3.org/2000/svg}text")]
    for gpio in [*DEFAULT_BUTTON_PINS.values(), *DEFAULT_LIGHT_PINS.values()]:
        label = f"GPIO {gpio}, pin {HEADER_PIN_OF_GPIO[gpio]}"
        assert sum(label in text for text in texts) == 1, label


def test_a_settings_file_draws_its_own_pins(tmp_path: Path) -> None:
    settings = tmp_path / "hardware.toml"
    settings.write_text('[inputs]\ngpio = true\n[gpio.buttons]\nadvance = 21\n[gpio.lights]\n'
                        'status = 20\n', encoding="utf-8")
    out = tmp_path / "mine.svg"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "wiring_diagram.py"), "--config",
                    str(settings), "-o", str(out)], check=True, capture_output=True, timeout=60)
    text = out.read_text(encoding="utf-8")
    assert "GPIO 21, pin 40" in text and "GPIO 20, pin 38" in text and "GPIO 17," not in text


def test_every_text_of_the_diagram_lies_inside_the_picture() -> None:
    """Measured with the diagram's own font (DejaVu Sans): the subtitle once ran off both
    edges.  The committed PNG check is by eye; this holds it."""
    import pygame

    pygame.font.init()
    svg = ElementTree.parse(ROOT / "docs" / "wiring.svg").getroot()
    width = float(svg.attrib["width"])
    fonts: dict[tuple[int, bool], pygame.font.Font] = {}
    for element in svg.iter("{http://www.w3.org/2000/svg}text"):
        size = int(element.attrib.get("font-size", svg.attrib["font-size"]))
        bold = element.attrib.get("font-weight") == "bold"
        face = ROOT / "assets" / "fonts" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        font = fonts.setdefault((size, bold), pygame.font.Font(str(face), size))
        text = element.text or ""
        extent = font.size(text)[0]
        x = float(element.attrib["x"])
        anchor = element.attrib.get("text-anchor", "start")
        left = {"start": x, "middle": x - extent / 2, "end": x - extent}[anchor]
        assert left >= 0 and left + extent <= width, text


def test_each_led_is_labelled_with_the_resistor_computed_for_its_colour() -> None:
    from hardware.leds import light_resistor

    text = (ROOT / "docs" / "wiring.svg").read_text(encoding="utf-8")
    for light, gpio in DEFAULT_LIGHT_PINS.items():
        assert f"LED + {light_resistor(light)} Ω → GND · GPIO {gpio}," in text, light
