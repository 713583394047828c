"""The hardware configuration file (TOML): which inputs are on, pins, serial port.

Loading never fails: a missing file gives the defaults (keyboard only), and a
section with a mistake is switched off and reported as a :class:`ConfigProblem`
whose catalogue key the screen translates.  The app then runs on with touch and
whatever sources are still valid.  ``config.example.toml`` at the repository root
documents every key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hardware.events import BUTTON_IDS
from hardware.keyboard import DEFAULT_KEYS as DEFAULT_KEYS
from vocabulary.buttons import LIGHT_IDS as VOCABULARY_LIGHTS

APP_NAME = "table-companion"
"""Folder name of the app's configuration."""

CONFIG_NAME = "hardware.toml"
"""File name of the hardware settings."""

SOURCES: tuple[str, ...] = ("gpio", "serial", "keyboard")
"""The input sources a table may switch on."""

LIGHT_IDS: tuple[str, ...] = VOCABULARY_LIGHTS
"""The lights a table may have: one per seat and a status light."""

PIN_RANGE: tuple[int, int] = (2, 27)
"""Usable BCM GPIO numbers on the 40-pin header (0 and 1 belong to the HAT EEPROM)."""

DEFAULT_BUTTON_PINS: Mapping[str, int] = {
    "advance": 17, "undo": 27, "seat1": 5, "seat2": 6, "seat3": 22, "seat4": 23,
}
"""BCM pins of the buttons when ``[gpio.buttons]`` is left out (header pins 11, 13, 29, 31,
15, 16).  They leave free the I2S audio pins (18-21), PWM audio (12, 13), I2C (2, 3),
SPI0 (7-11) and the serial console (14, 15), so an audio HAT or DAC fits beside them."""

DEFAULT_LIGHT_PINS: Mapping[str, int] = {
    "seat1": 24, "seat2": 25, "seat3": 16, "seat4": 26, "status": 4,
}
"""BCM pins of the lights when ``[gpio.lights]`` is left out (header pins 18, 22, 36, 37, 7)."""

AUTO_PORT = "auto"
"""The serial port setting that means: find the box by its USB identity."""

BAUD_RATES: tuple[int, ...] = (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)
"""Serial speeds the box may be set to."""



@dataclass(frozen=True)
class ConfigProblem:
    """One mistake found in the configuration, as a translatable message."""

    source: str
    """The section it concerns (``gpio``, ``serial``, ``keyboard`` or ``inputs``)."""
    key: str
    """Catalogue key, e.g. ``hardware.config.duplicate_pin``."""
    params: Mapping[str, str | int] = field(default_factory=dict)
    """Placeholder values of the message."""

    def __str__(self) -> str:
        details = ", ".join(f"{name}={value}" for name, value in self.params.items())
        return f"[{self.source}] {self.key} ({details})"


@dataclass(frozen=True)
class PressSource:
    """What every source of table buttons has: the time that makes a press a long one."""

    hold_time: float = 1.0
    """Seconds a button must stay down to count as a long press (told to the serial box,
    which times its own presses)."""


@dataclass(frozen=True)
class GpioConfig(PressSource):
    """Buttons and lights wired straight to the Raspberry Pi header."""

    enabled: bool = False
    """Whether to use the GPIO pins at all."""
    pin_factory: str = ""
    """gpiozero pin factory name (``lgpio``, ``rpigpio``, ``mock``); empty: gpiozero's choice."""
    buttons: Mapping[str, int] = field(default_factory=dict)
    """BCM pin of each button, keyed by button id."""
    lights: Mapping[str, int] = field(default_factory=dict)
    """BCM pin of each light, keyed by light id."""
    pwm_lights: bool = False
    """Drive the lights with PWM (dimmable, smooth pulsing) instead of on/off."""
    pull_up: bool = True
    """Buttons connect the pin to ground and use the internal pull-up resistor."""
    bounce_time: float = 0.02
    """Seconds of contact bounce to ignore after an edge."""
    chip: str = "auto"
    """The header's GPIO chip for lgpio: ``auto`` (found by its label, see
    :mod:`hardware.gpiochip`), a number (``4`` for ``/dev/gpiochip4``) or a label."""


@dataclass(frozen=True)
class SerialConfig(PressSource):
    """The USB button box."""

    enabled: bool = False
    """Whether to look for the box."""
    port: str = AUTO_PORT
    """``auto`` (find the box's data channel by its USB identity), a device path such as
    ``/dev/serial/by-id/usb-…-if02``, or a pyserial URL (``loop://``, ``socket://host:port``)."""
    baud: int = 115200
    """Line speed; the Pico's USB serial ignores it, a UART box needs it right."""
    keepalive: float = 2.0
    """Seconds between ``PING`` lines; the link counts as lost after three silent periods.
    ``0`` switches the keepalive off."""
    require_checksum: bool = True
    """Refuse lines from the box that carry no checksum."""
    reconnect_max: float = 10.0
    """Longest wait between attempts to reopen a lost port, in seconds."""
    box_serial: str = ""
    """With ``port = "auto"``: the USB serial number of the one box to use (empty: any box)."""


@dataclass(frozen=True)
class KeyboardConfig(PressSource):
    """Keys of a keyboard or of a USB arcade encoder that presents itself as one."""

    enabled: bool = True
    """Whether keys act as table buttons."""
    keys: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    """pygame key name to button id."""


@dataclass(frozen=True)
class HardwareConfig:
    """The whole hardware configuration."""

    gpio: GpioConfig = field(default_factory=GpioConfig)
    """GPIO buttons and lights."""
    serial: SerialConfig = field(default_factory=SerialConfig)
    """The USB button box."""
    keyboard: KeyboardConfig = field(default_factory=KeyboardConfig)
    """The keyboard map."""
    seat_press_on_release: bool = True
    """Seat buttons report a short press when let go, so a long press is never also a short one."""
    debounce: float = 0.025
    """Seconds a GPIO or box button must stay quiet before chatter after an edge counts."""


@dataclass(frozen=True)
class LoadedConfig:
    """A configuration together with the problems found while reading it."""

    config: HardwareConfig
    """What to start; sections with problems are switched off."""
    problems: tuple[ConfigProblem, ...] = ()
    """Every mistake found, in file order."""


class _Section:
    """Reads typed values out of one TOML table, collecting problems instead of raising."""

    def __init__(self, name: str, table: Mapping[str, Any]) -> None:
        self.name = name
        self.table = table
        self.problems: list[ConfigProblem] = []
        self.seen: set[str] = set()

    def problem(self, message_key: str, **params: str | int) -> None:
        self.problems.append(ConfigProblem(self.name, message_key, params))

    def boolean(self, key: str, default: bool) -> bool:
        value = self._get(key, default)
        if isinstance(value, bool):
            return value
        self.problem("hardware.config.bad_bool", section=self.name, key=key)
        return default

    def number(self, key: str, default: float, low: float, high: float) -> float:
        value = self._get(key, default)
        if isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high:
            return float(value)
        self.problem(
            "hardware.config.bad_number", section=self.name, key=key, low=str(low), high=str(high)
        )
        return default

    def text(self, key: str, default: str) -> str:
        value = self._get(key, default)
        if isinstance(value, str):
            return value.strip()
        self.problem("hardware.config.bad_text", section=self.name, key=key)
        return default

    def table_of(self, key: str) -> Mapping[str, Any]:
        value = self._get(key, {})
        if isinstance(value, Mapping):
            return value
        self.problem("hardware.config.bad_table", section=self.name, key=key)
        return {}

    def check_unknown(self) -> None:
        for key in self.table:
            if key not in self.seen:
                self.problem("hardware.config.unknown_key", section=self.name, key=key)

    def _get(self, key: str, default: Any) -> Any:
        self.seen.add(key)
        return self.table.get(key, default)


def default_config_path() -> Path:
    """Where the settings file is looked for when no path is given.

    ``hardware.toml`` in the user's configuration folder; on Raspberry Pi OS
    ``~/.config/table-companion/hardware.toml``.
    """
    from platformdirs import user_config_path  # only when a file is read: quick start-up

    return user_config_path(APP_NAME) / CONFIG_NAME


def load_config(path: Path | str | None = None) -> LoadedConfig:
    """Read the configuration file at ``path`` (``None``: :func:`default_config_path`).

    A missing file gives the defaults: keyboard only.
    """
    if path is None:
        path = default_config_path()
    if not Path(path).exists():
        return LoadedConfig(HardwareConfig())
    import tomllib  # only when a file is read: quick start-up

    try:
        text = Path(path).read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, RecursionError, tomllib.TOMLDecodeError) as error:
        problem = ConfigProblem(
            "inputs", "hardware.config.unreadable", {"path": str(path), "detail": str(error)}
        )
        return LoadedConfig(HardwareConfig(), (problem,))
    return parse_config(data)


def parse_config(data: Mapping[str, Any]) -> LoadedConfig:
    """Check already-parsed TOML data and build the configuration from it."""
    problems: list[ConfigProblem] = []
    switches, on_release, debounce = _read_inputs(data.get("inputs", {}), problems)
    for name in data:
        if name not in ("inputs", *SOURCES, "fleet"):  # [fleet]: read by companion.fleet
            problems.append(
                ConfigProblem("inputs", "hardware.config.unknown_section", {"section": name})
            )
    readers: dict[str, Callable[[Mapping[str, Any]], tuple[Any, list[ConfigProblem]]]] = {
        "gpio": _read_gpio,
        "serial": _read_serial,
        "keyboard": _read_keyboard,
    }
    sections: dict[str, Any] = {}
    for source, reader in readers.items():
        table = data.get(source, {})
        if not isinstance(table, Mapping):
            problems.append(
                ConfigProblem(source, "hardware.config.bad_table", {"section": source, "key": ""})
            )
            table = {}
        section, found = reader(table)
        problems.extend(found)
        sections[source] = replace(section, enabled=switches[source] and not found)
    config = HardwareConfig(**sections, seat_press_on_release=on_release, debounce=debounce)
    return LoadedConfig(config, tuple(problems))


def _read_inputs(
    table: Any, problems: list[ConfigProblem]
) -> tuple[dict[str, bool], bool, float]:
    defaults = {"gpio": False, "serial": False, "keyboard": True}
    debounce = HardwareConfig.debounce
    if not isinstance(table, Mapping):
        problems.append(
            ConfigProblem("inputs", "hardware.config.bad_table", {"section": "inputs", "key": ""})
        )
        return defaults, True, debounce
    section = _Section("inputs", table)
    switches = {source: section.boolean(source, default) for source, default in defaults.items()}
    on_release = section.boolean("seat_press_on_release", True)
    debounce = section.number("debounce", debounce, 0.0, 0.5)
    section.check_unknown()
    problems.extend(section.problems)
    return switches, on_release, debounce


def _hold_time(section: _Section) -> float:
    """The section's ``hold_time``, 0.1 to 10 seconds (every source reads it alike)."""
    return section.number("hold_time", PressSource.hold_time, 0.1, 10.0)


def _read_gpio(table: Mapping[str, Any]) -> tuple[GpioConfig, list[ConfigProblem]]:
    section = _Section("gpio", table)
    config = GpioConfig(
        pin_factory=section.text("pin_factory", ""),
        pull_up=section.boolean("pull_up", True),
        bounce_time=section.number("bounce_time", 0.02, 0.0, 1.0),
        hold_time=_hold_time(section),
        buttons=_read_pins(section, "buttons", BUTTON_IDS, "hardware.config.unknown_button",
                           DEFAULT_BUTTON_PINS),
        lights=_read_pins(section, "lights", LIGHT_IDS, "hardware.config.unknown_light",
                          DEFAULT_LIGHT_PINS),
        pwm_lights=section.boolean("pwm_lights", False),
        chip=_chip_setting(section),
    )
    section.check_unknown()
    _check_duplicate_pins(section, config)
    return config, section.problems


def _chip_setting(section: _Section) -> str:
    """``gpio.chip``: ``auto``, a chip number (written as a number or text) or a label."""
    value = section.table.get("chip")
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        section.seen.add("chip")
        return str(value)
    return section.text("chip", "auto") or "auto"


def _read_pins(
    section: _Section, key: str, allowed: tuple[str, ...], unknown_key: str,
    default: Mapping[str, int],
) -> dict[str, int]:
    if key not in section.table:
        section.seen.add(key)
        return dict(default)
    pins: dict[str, int] = {}
    low, high = PIN_RANGE
    for name, pin in section.table_of(key).items():
        if name not in allowed:
            section.problem(unknown_key, name=name, known=", ".join(allowed))
        elif isinstance(pin, int) and not isinstance(pin, bool) and low <= pin <= high:
            pins[name] = pin
        else:
            section.problem("hardware.config.bad_pin", name=name, pin=str(pin), low=low, high=high)
    return pins


def _check_duplicate_pins(section: _Section, config: GpioConfig) -> None:
    owners: dict[int, str] = {}
    for name, pin in [*config.buttons.items(), *config.lights.items()]:
        if pin in owners:
            first = owners[pin]
            section.problem("hardware.config.duplicate_pin", pin=pin, first=first, second=name)
        else:
            owners[pin] = name


def _read_serial(table: Mapping[str, Any]) -> tuple[SerialConfig, list[ConfigProblem]]:
    section = _Section("serial", table)
    port = section.text("port", SerialConfig.port)
    if not port or any(character.isspace() for character in port):
        section.problem("hardware.config.bad_port", port=port)
    baud = section.number("baud", SerialConfig.baud, 0, 10_000_000)
    if int(baud) not in BAUD_RATES or baud != int(baud):
        section.problem("hardware.config.bad_baud", baud=str(baud), known=_baud_list())
    config = SerialConfig(
        port=port,
        baud=int(baud),
        keepalive=section.number("keepalive", SerialConfig.keepalive, 0.0, 60.0),
        require_checksum=section.boolean("require_checksum", True),
        hold_time=_hold_time(section),
        reconnect_max=section.number("reconnect_max", SerialConfig.reconnect_max, 0.5, 300.0),
        box_serial=section.text("box_serial", ""),
    )
    section.check_unknown()
    return config, section.problems


def _baud_list() -> str:
    return ", ".join(str(rate) for rate in BAUD_RATES)


def _read_keyboard(table: Mapping[str, Any]) -> tuple[KeyboardConfig, list[ConfigProblem]]:
    section = _Section("keyboard", table)
    hold_time = _hold_time(section)
    keys = dict(DEFAULT_KEYS)
    if "keys" in table:
        keys = _read_key_map(section)
    else:
        section.seen.add("keys")
    section.check_unknown()
    return KeyboardConfig(keys=keys, hold_time=hold_time), section.problems


def _read_key_map(section: _Section) -> dict[str, str]:
    keys: dict[str, str] = {}
    for key_name, button in section.table_of("keys").items():
        if isinstance(button, str) and button in BUTTON_IDS:
            keys[key_name.strip().lower()] = button
        else:
            known = ", ".join(BUTTON_IDS)
            section.problem("hardware.config.unknown_button", name=str(button), known=known)
    return keys
