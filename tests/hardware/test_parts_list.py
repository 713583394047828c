"""The parts list can be bought and built: pairings that connect, connectors that fit,
LED resistors computed for each colour within the pin's limit, 32-bit systems said plainly."""

from __future__ import annotations

import re
from pathlib import Path

from hardware.config import DEFAULT_LIGHT_PINS
from hardware.leds import (
    LED_COLOURS,
    LIGHT_COLOURS,
    PIN_LIMIT_MA,
    TARGET_MA,
    current_ma,
    light_resistor,
    resistor_table,
    series_resistor,
)

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = (ROOT / "docs" / "hardware.md").read_text(encoding="utf-8")
KIOSK = (ROOT / "docs" / "kiosk.md").read_text(encoding="utf-8")


def test_the_documented_resistor_table_is_the_computed_one() -> None:
    assert resistor_table() in HARDWARE


def test_every_led_stays_within_the_pin_limit_even_at_its_lowest_forward_voltage() -> None:
    for colour in LED_COLOURS:
        resistor = series_resistor(colour)
        assert current_ma(resistor, colour.vf_low) <= TARGET_MA <= PIN_LIMIT_MA
    total = sum(current_ma(light_resistor(light), min(c.vf_low for c in LED_COLOURS))
                for light in DEFAULT_LIGHT_PINS)
    assert total <= 50.0


def test_a_68_ohm_resistor_on_a_classic_green_led_is_what_the_old_list_got_wrong() -> None:
    green = next(c for c in LED_COLOURS if c.name.startswith("green (classic"))
    assert current_ma(68, green.vf_typical) > PIN_LIMIT_MA  # the old list's pairing
    assert series_resistor(green) > 68


def test_the_parts_list_names_each_resistor_it_needs() -> None:
    parts = HARDWARE[HARDWARE.index("## Parts list"):HARDWARE.index("## From an empty desk")]
    for light in LIGHT_COLOURS:
        assert f"{light_resistor(light)} Ω" in parts, light
    assert "68 Ω" not in parts


def pairing_rows() -> dict[str, str]:
    parts = HARDWARE[HARDWARE.index("## Parts list"):]
    rows = re.findall(r"^\| (Pi 5|Pi 4|Pi 3 B / B\+|Zero 2 W)[^|]*\|(.*)$", parts, flags=re.M)
    return {pi: rest for pi, rest in rows}


def test_each_pi_is_paired_with_a_screen_it_can_connect() -> None:
    rows = pairing_rows()
    assert set(rows) == {"Pi 5", "Pi 4", "Pi 3 B / B+", "Zero 2 W"}
    assert "HDMI" in rows["Zero 2 W"]
    assert "DSI" not in rows["Zero 2 W"] and "Touch Display" not in rows["Zero 2 W"]
    for pi in ("Pi 5", "Pi 4", "Pi 3 B / B+"):
        assert "Touch Display" in rows[pi]
    assert "Zero-size DSI" not in KIOSK
    assert "no display (dsi) connector" in HARDWARE.lower()
    assert "no display (dsi) connector" in KIOSK.lower()


def test_the_connectors_fit_the_buttons() -> None:
    assert "Sanwa OBSF-30" in HARDWARE and "4.8 mm (.187\") tabs" in HARDWARE
    assert "Dupont jumper wires do not fit arcade buttons" in HARDWARE
    assert "2.8 mm (.110\")" in HARDWARE  # for the 24 mm buttons, if chosen


def test_32_bit_systems_are_said_plainly() -> None:
    for text in (HARDWARE, KIOSK):
        assert "32-bit" in text and "not supported" in text and "armv7" in text


def test_the_walk_through_covers_pi_5_pi_4_and_zero_2_w() -> None:
    walk = HARDWARE[HARDWARE.index("## From an empty desk"):]
    for pi in ("Pi 5", "Pi 4", "Zero 2 W"):
        assert pi in walk
    assert "Test lights" in walk and "gpio" in walk
