"""Which GPIO chip carries the Pi's 40-pin header: found by its label, never by its number.

The kernel numbers GPIO chips in the order their drivers load, and that order has
changed between kernels: on a Pi 5 the header's chip was ``gpiochip4`` on early
kernels, ``gpiochip0`` later, and some kernels show only ``gpiochip11``..``15``.
Its *label* does not change: the header is driven by the ``pinctrl-rp1`` chip on a
Pi 5, ``pinctrl-bcm2711`` on a Pi 4 and ``pinctrl-bcm2835`` on a Pi 3 and a Zero 2 W
(:data:`HEADER_LABELS`).

The labels are read from sysfs (``/sys/class/gpio/gpiochip<base>/label``, whose
``device`` folder holds the ``gpiochip<N>`` it belongs to), which needs no right
to open the chip; where sysfs has no label, lgpio is asked.  The configuration's
``gpio.chip`` may name the chip instead (``auto``, a number, or a label).

Three failures are told apart, each with its own fix:
:class:`NoLgpioError` (the pin library is missing), :class:`ChipNotFoundError`
(no chip matches: the message lists what there is) and
:class:`ChipPermissionError` (the chip exists but this user may not open it: the
``gpio`` group).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

AUTO_CHIP = "auto"
"""The ``gpio.chip`` setting that finds the header's chip by its label."""

HEADER_LABELS: tuple[str, ...] = ("pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835")
"""Labels of the chip that drives the 40-pin header: Pi 5, Pi 4 (and 400), Pi 3 and Zero 2 W."""

HEADER_PREFIX = "pinctrl-"
"""Any other chip whose label starts with this is taken when no known label is present."""

DEV = Path("/dev")
"""Where the kernel puts the ``gpiochip<N>`` character devices."""

SYS_GPIO = Path("/sys/class/gpio")
"""Where sysfs lists each chip's label (``gpiochip<base>/label``)."""

_CHIP_NAME = re.compile(r"gpiochip(\d+)")


class ChipError(RuntimeError):
    """The header's GPIO chip cannot be used; :attr:`key` is the message to show."""

    key = "hardware.gpio.chip_not_found"


class NoLgpioError(ChipError):
    """The ``lgpio`` pin library is not installed."""

    key = "hardware.gpio.no_library"


class ChipNotFoundError(ChipError):
    """No chip matches the setting (or none looks like the header's)."""

    key = "hardware.gpio.chip_not_found"


class ChipPermissionError(ChipError):
    """The chip exists but this user may not open it (not in the ``gpio`` group)."""

    key = "hardware.gpio.permission"

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path
        """The device that could not be opened."""


@dataclass(frozen=True)
class Chip:
    """One GPIO chip the kernel offers."""

    number: int
    """The ``N`` of ``/dev/gpiochipN``."""
    label: str
    """The driver's label, e.g. ``pinctrl-rp1`` (empty when it could not be read)."""

    def describe(self) -> str:
        """``gpiochip4 (pinctrl-rp1)``, for messages."""
        return f"gpiochip{self.number} ({self.label or '?'})"


LabelReader = Callable[[int], str]
"""Returns the label of chip ``N`` (empty string if unknown)."""


def chip_numbers(dev: Path | None = None) -> list[int]:
    """The numbers of the ``gpiochip<N>`` devices under ``dev`` (:data:`DEV`), in order."""
    dev = dev or DEV
    numbers = []
    for path in dev.glob("gpiochip*"):
        match = _CHIP_NAME.fullmatch(path.name)
        if match:
            numbers.append(int(match.group(1)))
    return sorted(numbers)


def sysfs_labels(sys_gpio: Path | None = None) -> dict[int, str]:
    """``{N: label}`` from sysfs: each ``gpiochip<base>`` folder names its chip in ``device/``."""
    sys_gpio = sys_gpio or SYS_GPIO
    labels: dict[int, str] = {}
    for folder in sys_gpio.glob("gpiochip*"):
        try:
            label = (folder / "label").read_text(encoding="utf-8").strip()
            owners = [entry.name for entry in (folder / "device").iterdir()]
        except OSError:
            continue
        for name in owners:
            match = _CHIP_NAME.fullmatch(name)
            if match:
                labels[int(match.group(1))] = label
    return labels


def lgpio_label(number: int) -> str:
    """The label lgpio reads from chip ``number`` (empty if it cannot be opened)."""
    try:
        import lgpio  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return ""
    try:
        handle = lgpio.gpiochip_open(number)
    except Exception:  # lgpio.error: missing chip or no permission
        return ""
    try:
        _status, _lines, _name, label = lgpio.gpio_get_chip_info(handle)
        return str(label)
    finally:
        lgpio.gpiochip_close(handle)


def list_chips(dev: Path | None = None, sys_gpio: Path | None = None,
               fallback: LabelReader = lgpio_label) -> list[Chip]:
    """Every GPIO chip under ``dev`` with its label (sysfs first, then ``fallback``)."""
    labels = sysfs_labels(sys_gpio)
    return [Chip(number, labels.get(number) or fallback(number)) for number in chip_numbers(dev)]


def choose_chip(setting: str, chips: Sequence[Chip]) -> Chip:
    """The chip named by ``setting`` (``auto``, a number or a label) among ``chips``.

    ``auto`` takes the first of :data:`HEADER_LABELS` present, else the only other
    ``pinctrl-*`` chip.  Raises :class:`ChipNotFoundError` naming what was found.
    """
    wanted = setting.strip() or AUTO_CHIP
    if wanted.isdecimal():
        found = [chip for chip in chips if chip.number == int(wanted)]
    elif wanted != AUTO_CHIP:
        found = [chip for chip in chips if chip.label == wanted]
    else:
        found = _header_chips(chips)
    if not found:
        seen = ", ".join(chip.describe() for chip in chips) or "none"
        raise ChipNotFoundError(f"gpio.chip = {wanted!r}; chips found: {seen}")
    return found[0]


def _header_chips(chips: Sequence[Chip]) -> list[Chip]:
    for label in HEADER_LABELS:
        known = [chip for chip in chips if chip.label == label]
        if known:
            return known
    return [chip for chip in chips if chip.label.startswith(HEADER_PREFIX)]


def check_access(chip: Chip, dev: Path | None = None) -> Path:
    """The chip's device path; :class:`ChipPermissionError` if this user cannot open it."""
    path = (dev or DEV) / f"gpiochip{chip.number}"
    if not os.access(path, os.R_OK | os.W_OK):
        raise ChipPermissionError(path)
    return path


def header_chip(setting: str = AUTO_CHIP, dev: Path | None = None, sys_gpio: Path | None = None,
                fallback: LabelReader = lgpio_label) -> Chip:
    """Find and check the header's chip; raise the :class:`ChipError` that says what is wrong."""
    chip = choose_chip(setting, list_chips(dev, sys_gpio, fallback))
    check_access(chip, dev)
    return chip


def lgpio_factory(setting: str = AUTO_CHIP, dev: Path | None = None, sys_gpio: Path | None = None,
                  fallback: LabelReader = lgpio_label) -> Any:
    """gpiozero's lgpio pin factory on the header's chip, or the :class:`ChipError` why not."""
    try:
        import lgpio  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401
        from gpiozero.pins.lgpio import LGPIOFactory  # type: ignore[import-untyped]
    except ImportError as error:
        raise NoLgpioError(str(error)) from error
    chip = header_chip(setting, dev, sys_gpio, fallback)
    try:
        return LGPIOFactory(chip=chip.number)
    except Exception as error:  # lgpio.error: the device went away or is not a GPIO chip
        raise ChipNotFoundError(f"{chip.describe()}: {error}") from error
