"""The header's GPIO chip is found by its label on every current Pi, and each failure says its fix.

The chip layouts are those the kernels show (``gpiodetect``) on a Pi 5 (three
numberings: early 6.6 kernels, later ones, and kernels with only ``gpiochip11``..``15``),
a Pi 4 and a Zero 2 W / Pi 3.  They are built as fake ``/dev`` and
``/sys/class/gpio`` trees in a temporary folder, since this machine has no GPIO
chip; the pin library is the real lgpio (installed for the tests), which is asked to
open the chip that was found.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

import pytest

import hardware.gpiochip as gpiochip
from hardware.config import GpioConfig, parse_config
from hardware.events import EventQueue, StatusEvent
from hardware.gpio import GpioTable
from hardware.gpiochip import (
    Chip,
    ChipNotFoundError,
    ChipPermissionError,
    NoLgpioError,
    choose_chip,
    header_chip,
    lgpio_factory,
)

ROOT = Path(__file__).resolve().parents[2]
BRCMSTB = ("gpio-brcmstb@107d508500", "gpio-brcmstb@107d508520", "gpio-brcmstb@107d517c00",
           "gpio-brcmstb@107d517c20")

BOARDS: dict[str, tuple[dict[int, str], int]] = {
    "pi5-kernel-6.6-early": ({**dict(enumerate(BRCMSTB)), 4: "pinctrl-rp1"}, 4),
    "pi5-kernel-6.6-late": ({0: "pinctrl-rp1", **{10 + i: label
                                                  for i, label in enumerate(BRCMSTB)}}, 0),
    "pi5-only-11-to-15": ({11: BRCMSTB[0], 12: BRCMSTB[1], 13: "pinctrl-rp1", 14: BRCMSTB[2],
                           15: BRCMSTB[3]}, 13),
    "pi4": ({0: "pinctrl-bcm2711", 1: "raspberrypi-exp-gpio"}, 0),
    "zero2w-and-pi3": ({0: "pinctrl-bcm2835", 1: "raspberrypi-exp-gpio"}, 0),
}
"""Each board's chips ``{N: label}`` and the number of the header's chip."""


def fake_tree(root: Path, chips: Mapping[int, str], mode: int = 0o660) -> tuple[Path, Path]:
    """``/dev/gpiochipN`` files and ``/sys/class/gpio/gpiochip<base>/{label,device/gpiochipN}``."""
    dev, sys_gpio = root / "dev", root / "sys" / "class" / "gpio"
    dev.mkdir(parents=True)
    base = 512
    for number, label in chips.items():
        (dev / f"gpiochip{number}").write_bytes(b"")
        (dev / f"gpiochip{number}").chmod(mode)
        folder = sys_gpio / f"gpiochip{base}"
        (folder / "device" / f"gpiochip{number}").mkdir(parents=True)
        (folder / "label").write_text(label + "\n", encoding="utf-8")
        base += 64
    (dev / "gpiochip-not-a-chip").write_bytes(b"")
    return dev, sys_gpio


def no_label(number: int) -> str:
    return ""


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_the_header_chip_is_found_by_its_label(board: str, tmp_path: Path) -> None:
    chips, wanted = BOARDS[board]
    dev, sys_gpio = fake_tree(tmp_path, chips)
    assert header_chip("auto", dev, sys_gpio, no_label).number == wanted


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_the_real_lgpio_is_asked_to_open_the_chip_found(board: str, tmp_path: Path) -> None:
    """lgpio cannot open a fake device, so the error names the chip it was asked for."""
    pytest.importorskip("lgpio", reason="the lgpio wheel exists for x86-64 and aarch64 only")
    chips, wanted = BOARDS[board]
    dev, sys_gpio = fake_tree(tmp_path, chips)
    with pytest.raises(ChipNotFoundError, match=f"gpiochip{wanted} \\({chips[wanted]}\\)"):
        lgpio_factory("auto", dev, sys_gpio, no_label)


def test_the_setting_names_a_chip_by_number_or_label() -> None:
    chips = [Chip(0, "pinctrl-rp1"), Chip(11, "gpio-brcmstb@107d508500")]
    assert choose_chip("11", chips).number == 11
    assert choose_chip("gpio-brcmstb@107d508500", chips).number == 11
    assert choose_chip("", chips).number == 0
    with pytest.raises(ChipNotFoundError, match="gpiochip0 \\(pinctrl-rp1\\)"):
        choose_chip("4", chips)


def test_an_unknown_pinctrl_chip_is_the_last_resort() -> None:
    chips = [Chip(0, "raspberrypi-exp-gpio"), Chip(3, "pinctrl-bcm2712")]
    assert choose_chip("auto", chips).number == 3
    with pytest.raises(ChipNotFoundError, match="raspberrypi-exp-gpio"):
        choose_chip("auto", chips[:1])


def test_the_chip_setting_is_read_from_the_config() -> None:
    assert parse_config({"gpio": {"chip": 4}}).config.gpio.chip == "4"
    loaded = parse_config({"gpio": {"chip": "pinctrl-rp1"}})
    assert loaded.config.gpio.chip == "pinctrl-rp1" and not loaded.problems
    assert parse_config({"gpio": {}}).config.gpio.chip == "auto"


def test_a_chip_this_user_may_not_open_says_gpio_group() -> None:
    """As root every file opens, so the check runs as the ``nobody`` user there."""
    with tempfile.TemporaryDirectory() as folder:
        check_as_another_user(Path(folder))


def check_as_another_user(tmp_path: Path) -> None:
    dev, sys_gpio = fake_tree(tmp_path, BOARDS["pi4"][0], mode=0o600)
    check = ("import sys; from pathlib import Path; from hardware.gpiochip import header_chip\n"
             "try:\n    header_chip('auto', Path(sys.argv[1]), Path(sys.argv[2]))\n"
             "except Exception as error:\n    print(type(error).__name__, error.key)\n")
    command = [sys.executable, "-c", check, str(dev), str(sys_gpio)]
    if os.geteuid() == 0:
        tmp_path.chmod(0o755)
        for folder in tmp_path.rglob("*"):
            if folder.is_dir():
                folder.chmod(0o755)
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert done.stdout.split() == ["ChipPermissionError", "hardware.gpio.permission"], done.stderr


def table_status(monkeypatch: pytest.MonkeyPatch, dev: Path, sys_gpio: Path) -> StatusEvent:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(gpiochip, "DEV", dev)
    monkeypatch.setattr(gpiochip, "SYS_GPIO", sys_gpio)
    events = EventQueue()
    table = GpioTable(GpioConfig(enabled=True, buttons={"advance": 17}), events)
    assert table.start() is False
    (status,) = events.drain()
    assert isinstance(status, StatusEvent)
    return status


def test_lgpio_installed_but_no_chip_is_not_called_a_missing_library(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    pytest.importorskip("lgpio", reason="the lgpio wheel exists for x86-64 and aarch64 only")
    dev, sys_gpio = fake_tree(tmp_path, {})
    status = table_status(monkeypatch, dev, sys_gpio)
    assert status.key == "hardware.gpio.chip_not_found"
    assert "chips found: none" in str(status.params["detail"])


def test_a_missing_lgpio_is_called_a_missing_library(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", None)  # import lgpio now raises ImportError
    dev, sys_gpio = fake_tree(tmp_path, BOARDS["pi4"][0])
    with pytest.raises(NoLgpioError):
        lgpio_factory("auto", dev, sys_gpio, no_label)
    assert table_status(monkeypatch, dev, sys_gpio).key == "hardware.gpio.no_library"


def test_a_forbidden_chip_reaches_the_table_as_the_gpio_group_fix(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    pytest.importorskip("lgpio", reason="the lgpio wheel exists for x86-64 and aarch64 only")
    dev, sys_gpio = fake_tree(tmp_path, BOARDS["pi4"][0])
    monkeypatch.setattr(gpiochip.os, "access", lambda path, mode: False)
    status = table_status(monkeypatch, dev, sys_gpio)
    assert status.key == "hardware.gpio.permission"
    assert "gpiochip0" in str(status.params["detail"])


def test_each_failure_has_its_own_words_in_every_language() -> None:
    from companion.core.i18n import translate

    for lang in ("en", "pl", "fr", "es"):
        texts = {key: translate(key, lang, detail="gpiochip0")
                 for key in ("hardware.gpio.no_library", "hardware.gpio.chip_not_found",
                             "hardware.gpio.permission")}
        assert len(set(texts.values())) == 3
        assert "gpio" in texts["hardware.gpio.permission"] and "usermod" in texts[
            "hardware.gpio.permission"]
        assert all(not text.startswith("hardware.") for text in texts.values())
    assert ChipPermissionError(Path("/dev/gpiochip0")).key == "hardware.gpio.permission"
