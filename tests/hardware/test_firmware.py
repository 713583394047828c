"""The button-box firmware logic, run under CPython against the app's own protocol code."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import BUTTON_IDS
from hardware.protocol import (
    PROTOCOL_VERSION,
    BoxError,
    ButtonMessage,
    Hello,
    LineParser,
    Pong,
    frame,
    hold,
    led,
    ping,
    version_query,
)

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware"


def load_firmware_logic() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tcbox", FIRMWARE / "tcbox.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("tcbox", module)
    spec.loader.exec_module(module)
    return module


tcbox = load_firmware_logic()


def app_hears(data: bytes) -> list[object]:
    parser = LineParser()
    messages: list[object] = list(parser.feed(data))
    assert parser.rejected == 0, parser.reasons
    return messages


def test_firmware_names_match_the_app() -> None:
    assert tuple(tcbox.BUTTONS) == BUTTON_IDS
    assert tcbox.frame("P seat1") == frame("P seat1")


def test_hello_and_ping_answers_are_understood_by_the_app() -> None:
    box = tcbox.Box()
    assert app_hears(box.hello()) == [Hello("tcbox", PROTOCOL_VERSION)]
    answers = box.receive(version_query().encode() + ping().encode(), 0)
    assert app_hears(answers) == [Hello("tcbox", PROTOCOL_VERSION), Pong()]


def test_bad_commands_get_error_lines() -> None:
    box = tcbox.Box()
    answers = box.receive(b"LED seat1 on*00\nLED seat9 on\nHOLD 5\n" + b"x" * 100 + b"\n", 0)
    assert app_hears(answers) == [
        BoxError("checksum"), BoxError("syntax"), BoxError("range"), BoxError("overlong"),
    ]


def test_led_commands_drive_the_lights() -> None:
    box = tcbox.Box()
    box.receive(led("seat2", "on").encode() + led("status", "blink").encode(), 1000)
    levels = box.light_levels(1000)
    assert levels == [False, True, False, False, True]
    half = tcbox.BLINK_PERIOD_MS // 2
    assert box.light_levels(1000 + half)[4] is False
    end = 1000 + tcbox.BLINK_FLASHES * tcbox.BLINK_PERIOD_MS
    assert box.light_levels(end)[4] is False  # back to its steady state: off
    box.receive(led("seat2", "blink").encode(), 5000)
    assert box.light_levels(5000 + half)[1] is False
    assert box.light_levels(5000 + tcbox.BLINK_FLASHES * tcbox.BLINK_PERIOD_MS)[1] is True


def test_hold_command_changes_the_long_press_time() -> None:
    box = tcbox.Box(settle_ms=10)
    box.receive(hold(300).encode(), 0)
    pressed = [False, False, True, False, False, False]
    out = b"".join(box.scan(pressed, t) for t in range(0, 400, 5))
    assert app_hears(out) == [ButtonMessage("seat1", "press"), ButtonMessage("seat1", "long_press")]


def test_bouncing_contact_gives_one_press_and_one_release() -> None:
    box = tcbox.Box(settle_ms=20, hold_ms=5000)
    levels = [True, False, True, True, False, True] + [True] * 30 + [False, True] + [False] * 30
    out = b""
    for tick, level in enumerate(levels):
        out += box.scan([level, False, False, False, False, False], tick * 2)
    expected = [ButtonMessage("advance", "press"), ButtonMessage("advance", "release")]
    assert app_hears(out) == expected


@given(st.lists(st.booleans(), max_size=400), st.integers(1, 30))
def test_debounced_events_always_alternate(levels: list[bool], settle: int) -> None:
    button = tcbox.Debouncer(settle_ms=settle, hold_ms=50)
    events = [button.update(level, tick) for tick, level in enumerate(levels)]
    edges = [event for event in events if event in ("P", "R")]
    assert edges == ["P", "R"] * (len(edges) // 2) + ["P"] * (len(edges) % 2)
    assert button.pressed == (len(edges) % 2 == 1)


@given(st.binary(max_size=300))
def test_firmware_survives_any_bytes_and_answers_only_in_protocol(data: bytes) -> None:
    box = tcbox.Box()
    answers = box.receive(data, 0)
    parser = LineParser()
    parser.feed(answers)
    assert parser.rejected == 0


@pytest.mark.parametrize("name", ["code.py", "boot.py", "tcbox.py"])
def test_firmware_files_compile(name: str) -> None:
    source = (FIRMWARE / name).read_text(encoding="utf-8")
    compile(source, name, "exec")
    for module in ("typing", "dataclasses", "__future__"):
        assert f"import {module}" not in source and f"from {module}" not in source
