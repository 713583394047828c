"""The hardware configuration: defaults, validation, and sections switched off on mistakes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, catalogue
from hardware.config import (
    DEFAULT_KEYS,
    HardwareConfig,
    LoadedConfig,
    default_config_path,
    load_config,
    parse_config,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "config.example.toml"


def problem_keys(loaded: LoadedConfig) -> list[str]:
    return [problem.key for problem in loaded.problems]


def test_missing_file_gives_keyboard_only_defaults(tmp_path: Path) -> None:
    loaded = load_config(tmp_path / "absent.toml")
    assert loaded == LoadedConfig(HardwareConfig())
    assert loaded.config.keyboard.enabled
    assert not loaded.config.gpio.enabled
    assert not loaded.config.serial.enabled
    assert dict(loaded.config.keyboard.keys) == dict(DEFAULT_KEYS)


def test_unreadable_toml_reports_and_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[gpio\nbuttons = ", encoding="utf-8")
    loaded = load_config(path)
    assert loaded.config == HardwareConfig()
    assert problem_keys(loaded) == ["hardware.config.unreadable"]
    assert loaded.problems[0].params["path"] == str(path)


def test_example_file_is_valid_and_switches_everything_on() -> None:
    loaded = load_config(EXAMPLE)
    assert loaded.problems == ()
    config = loaded.config
    assert config.gpio.enabled and config.serial.enabled and config.keyboard.enabled
    assert set(config.gpio.buttons) == {"advance", "undo", "seat1", "seat2", "seat3", "seat4"}
    assert set(config.gpio.lights) == {"seat1", "seat2", "seat3", "seat4", "status"}
    pins = [*config.gpio.buttons.values(), *config.gpio.lights.values()]
    assert len(pins) == len(set(pins))


def test_example_file_documents_every_key_it_sets() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for section, table in data.items():
        for key in table:
            assert f"{key} =" in text or f"[{section}.{key}]" in text
    comment_lines = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    assert len(comment_lines) > 30


def gpio_section(**extra: object) -> dict[str, object]:
    section: dict[str, object] = {"buttons": {"advance": 17, "seat1": 5}, "lights": {"seat1": 12}}
    section.update(extra)
    return {"inputs": {"gpio": True}, "gpio": section}


def test_valid_gpio_section_is_enabled() -> None:
    loaded = parse_config(gpio_section(bounce_time=0.05, hold_time=2, pwm_lights=True))
    assert loaded.problems == ()
    gpio = loaded.config.gpio
    assert gpio.enabled and gpio.pwm_lights
    assert gpio.bounce_time == 0.05 and gpio.hold_time == 2.0
    assert dict(gpio.buttons) == {"advance": 17, "seat1": 5}


@pytest.mark.parametrize(
    ("section", "key"),
    [
        (gpio_section(buttons={"advanse": 17}), "hardware.config.unknown_button"),
        (gpio_section(lights={"seat7": 12}), "hardware.config.unknown_light"),
        (gpio_section(buttons={"advance": 40}), "hardware.config.bad_pin"),
        (gpio_section(buttons={"advance": 1}), "hardware.config.bad_pin"),
        (gpio_section(buttons={"advance": "17"}), "hardware.config.bad_pin"),
        (gpio_section(buttons={"advance": True}), "hardware.config.bad_pin"),
        (gpio_section(buttons={"advance": 12}), "hardware.config.duplicate_pin"),
        (gpio_section(buttons={"advance": 5, "seat1": 5}), "hardware.config.duplicate_pin"),
        (gpio_section(bounce_time=-1), "hardware.config.bad_number"),
        (gpio_section(hold_time="long"), "hardware.config.bad_number"),
        (gpio_section(pull_up="yes"), "hardware.config.bad_bool"),
        (gpio_section(pin_factory=3), "hardware.config.bad_text"),
        (gpio_section(buttons=[17]), "hardware.config.bad_table"),
        (gpio_section(colour="red"), "hardware.config.unknown_key"),
    ],
)
def test_gpio_mistake_switches_gpio_off_with_a_clear_problem(
    section: dict[str, object], key: str
) -> None:
    loaded = parse_config(section)
    assert key in problem_keys(loaded)
    assert not loaded.config.gpio.enabled
    assert loaded.config.keyboard.enabled
    assert all(problem.source == "gpio" for problem in loaded.problems)


def test_duplicate_pin_names_both_owners() -> None:
    loaded = parse_config(gpio_section(buttons={"advance": 12}))
    (problem,) = loaded.problems
    assert dict(problem.params) == {"pin": 12, "first": "advance", "second": "seat1"}


def test_serial_section_validation() -> None:
    good = parse_config({"inputs": {"serial": True}, "serial": {"port": "loop://", "baud": 9600}})
    assert good.problems == () and good.config.serial.enabled
    assert good.config.serial.port == "loop://" and good.config.serial.baud == 9600
    bad_baud = parse_config({"inputs": {"serial": True}, "serial": {"baud": 12345}})
    assert problem_keys(bad_baud) == ["hardware.config.bad_baud"]
    assert not bad_baud.config.serial.enabled
    bad_port = parse_config({"inputs": {"serial": True}, "serial": {"port": "/dev/tty ACM0"}})
    assert problem_keys(bad_port) == ["hardware.config.bad_port"]


def test_keyboard_map_replaces_the_default_and_checks_button_names() -> None:
    loaded = parse_config({"keyboard": {"keys": {"Left Ctrl": "seat1", "5": "advance"}}})
    assert dict(loaded.config.keyboard.keys) == {"left ctrl": "seat1", "5": "advance"}
    wrong = parse_config({"keyboard": {"keys": {"x": "jump"}}})
    assert problem_keys(wrong) == ["hardware.config.unknown_button"]
    assert not wrong.config.keyboard.enabled


def test_a_mistake_in_one_section_leaves_the_others_running() -> None:
    data = gpio_section(buttons={"advance": 99})
    data["inputs"] = {"gpio": True, "serial": True}
    data["serial"] = {"port": "loop://"}
    loaded = parse_config(data)
    assert not loaded.config.gpio.enabled
    assert loaded.config.serial.enabled
    assert loaded.config.keyboard.enabled


def test_unknown_sections_and_switches_are_reported() -> None:
    loaded = parse_config({"inputs": {"gpio": "on", "midi": True}, "sound": {}})
    keys = problem_keys(loaded)
    assert "hardware.config.bad_bool" in keys
    assert "hardware.config.unknown_key" in keys
    assert "hardware.config.unknown_section" in keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_problem_key_is_translated(lang: str) -> None:
    samples = [
        gpio_section(buttons={"advanse": 40, "seat1": 5}, lights={"seat9": 5}, extra=1),
        {"inputs": {"serial": 1}, "serial": {"port": "", "baud": "x"}, "keyboard": {"keys": 3}},
    ]
    keys = {key for sample in samples for key in problem_keys(parse_config(sample))}
    assert len(keys) >= 6
    assert all(catalogue(lang).get(key) for key in keys)


def test_seat_press_on_release_defaults_on_and_can_be_switched_off() -> None:
    assert parse_config({}).config.seat_press_on_release
    off = parse_config({"inputs": {"seat_press_on_release": False}})
    assert off.problems == () and not off.config.seat_press_on_release


def test_without_a_path_the_user_config_folder_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    path = default_config_path()
    assert path == tmp_path / "table-companion" / "hardware.toml"
    assert load_config() == LoadedConfig(HardwareConfig())
    path.parent.mkdir(parents=True)
    path.write_text("[inputs]\nserial = true\n", encoding="utf-8")
    assert load_config().config.serial.enabled


def test_default_pins_leave_audio_hats_and_buses_free() -> None:
    """With no pins given, GPIO uses pins that no I2S DAC, PWM audio, I2C or UART takes."""
    from hardware.config import DEFAULT_BUTTON_PINS, DEFAULT_LIGHT_PINS
    from hardware.pins import HEADER_PIN_OF_GPIO, I2C_GPIOS, I2S_GPIOS, UART_GPIOS

    loaded = parse_config({"inputs": {"gpio": True}})
    assert loaded.problems == ()
    gpio = loaded.config.gpio
    assert gpio.enabled and dict(gpio.buttons) == dict(DEFAULT_BUTTON_PINS)
    assert dict(gpio.lights) == dict(DEFAULT_LIGHT_PINS)
    used = [*gpio.buttons.values(), *gpio.lights.values()]
    assert len(set(used)) == len(used)
    assert not set(used) & (I2S_GPIOS | I2C_GPIOS | UART_GPIOS | {12, 13})
    assert all(pin in HEADER_PIN_OF_GPIO for pin in used)
