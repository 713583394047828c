"""Buttons have one vocabulary: ``vocabulary.buttons``, read by hardware and core, copied
into the firmware by a generator, and everything that lists buttons covers each one."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import companion.core.table_buttons as table_buttons
import hardware.config as config
import hardware.events as events
import hardware.protocol as protocol
from companion.core.i18n import LANGUAGES, translate
from hardware.boxsim import load_tcbox
from hardware.keyboard import DEFAULT_KEYS
from vocabulary import buttons

ROOT = Path(__file__).resolve().parents[2]


def test_the_firmware_copy_is_the_generated_one() -> None:
    text = buttons.FIRMWARE.read_text(encoding="utf-8")
    assert buttons.firmware_copy(text) == buttons.firmware_block(), (
        "run: python -m vocabulary.buttons")
    tcbox = load_tcbox()
    assert tuple(tcbox.BUTTONS) == buttons.BUTTON_IDS
    assert tuple(tcbox.LIGHTS) == buttons.LIGHT_IDS
    assert tuple(tcbox.MODES) == buttons.LIGHT_MODES


def test_the_generator_rewrites_a_stale_copy(tmp_path: Path) -> None:
    stale = tmp_path / "tcbox.py"
    shutil.copy(buttons.FIRMWARE, stale)
    text = stale.read_text(encoding="utf-8")
    stale.write_text(text.replace('"seat4")\n"""Button names', '"seat4", "seat5")\n"""Button'
                                                               ' names'), encoding="utf-8")
    assert buttons.firmware_copy(stale.read_text(encoding="utf-8")) != buttons.firmware_block()
    assert buttons.write_firmware_copy(stale) is True
    assert stale.read_text(encoding="utf-8") == text
    assert buttons.write_firmware_copy(stale) is False


def test_hardware_and_core_read_the_one_home() -> None:
    assert events.BUTTON_IDS is buttons.BUTTON_IDS
    assert events.SEAT_BUTTONS is buttons.SEAT_BUTTONS
    assert events.EVENT_KINDS is buttons.EVENT_KINDS
    assert protocol.LIGHTS is buttons.LIGHT_IDS and protocol.LIGHT_MODES is buttons.LIGHT_MODES
    assert config.LIGHT_IDS is buttons.LIGHT_IDS
    assert table_buttons.SEAT_BUTTONS is buttons.SEAT_BUTTONS
    assert table_buttons.BUTTON_KINDS is buttons.EVENT_KINDS


def test_no_other_module_spells_the_button_list_out() -> None:
    spelled = re.compile(r'\(\s*"seat1",\s*"seat2",\s*"seat3",\s*"seat4"')
    found = [path.relative_to(ROOT).as_posix()
             for folder in ("companion", "hardware")
             for path in (ROOT / folder).rglob("*.py")
             if path != buttons.FIRMWARE and spelled.search(path.read_text(encoding="utf-8"))]
    assert found == [], found


def test_the_vocabulary_imports_neither_the_app_nor_the_hardware() -> None:
    tree = ast.parse(Path(buttons.__file__).read_text(encoding="utf-8"))
    names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names]
    names += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [name for name in names if name.split(".")[0] in {"companion", "hardware",
                                                                   "pygame", "gpiozero"}]


def test_every_button_has_a_pin_a_key_a_firmware_pin_and_a_name() -> None:
    assert set(config.DEFAULT_BUTTON_PINS) == set(buttons.BUTTON_IDS)
    assert set(config.DEFAULT_LIGHT_PINS) == set(buttons.LIGHT_IDS)
    assert set(DEFAULT_KEYS.values()) == set(buttons.BUTTON_IDS)
    code = (ROOT / "hardware" / "firmware" / "code.py").read_text(encoding="utf-8")
    button_pins = re.search(r"BUTTON_PINS = \(([^)]*)\)", code)
    light_pins = re.search(r"LIGHT_PINS = \(([^)]*)\)", code)
    assert button_pins and button_pins.group(1).count("board.GP") == len(buttons.BUTTON_IDS)
    assert light_pins and light_pins.group(1).count("board.GP") == len(buttons.LIGHT_IDS)
    for lang in LANGUAGES:
        for name in {*buttons.BUTTON_IDS, *buttons.LIGHT_IDS}:
            assert translate(f"hardware.name.{name}", lang) != f"hardware.name.{name}"
