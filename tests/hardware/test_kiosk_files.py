"""The kiosk's service units and autostart entry, checked by systemd's and freedesktop's own tools.

``systemd-analyze verify`` and ``desktop-file-validate`` are installed by ``.ci/run``
(Debian packages ``systemd`` and ``desktop-file-utils``), so these checks always run
in CI; elsewhere they are skipped with the name of the missing tool.
"""

from __future__ import annotations

import getpass
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KIOSK = ROOT / "hardware" / "kiosk"
UNITS = ("table-companion.service", "table-companion-desktop.service")


def need(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.skip(f"{tool} is not installed (Debian: apt-get install "
                    f"{'systemd' if tool == 'systemd-analyze' else 'desktop-file-utils'})")
    return found


def filled(template: Path, folder: Path) -> Path:
    """The unit as install.sh writes it: this checkout, this user, groups that exist."""
    text = template.read_text(encoding="utf-8")
    text = (text.replace("@ROOT@", str(ROOT)).replace("@USER@", getpass.getuser())
            .replace("@DEVICE_GROUPS@", "root"))
    target = folder / template.name
    target.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("unit", UNITS)
def test_units_pass_systemd_analyze_verify(unit: str, tmp_path: Path) -> None:
    tool = need("systemd-analyze")
    path = filled(KIOSK / unit, tmp_path)
    done = subprocess.run([tool, "verify", str(path)], capture_output=True, text=True,
                          timeout=60, check=False)
    about_ours = [line for line in (done.stdout + done.stderr).splitlines()
                  if str(tmp_path) in line or unit in line]
    assert done.returncode == 0, done.stderr
    assert about_ours == []


@pytest.mark.parametrize("unit", UNITS)
def test_units_use_the_watchdog_and_never_install_at_start(unit: str) -> None:
    text = (KIOSK / unit).read_text(encoding="utf-8")
    settings = dict(line.split("=", 1) for line in text.splitlines()
                    if "=" in line and not line.startswith("#"))
    assert settings["Type"] == "notify" and int(settings["WatchdogSec"]) > 0
    assert settings["ExecStart"].endswith("/hardware/kiosk/start-kiosk.sh")


def test_autostart_entry_passes_desktop_file_validate() -> None:
    tool = need("desktop-file-validate")
    done = subprocess.run([tool, str(KIOSK / "table-companion-autostart.desktop")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "", done.stdout + done.stderr


def test_start_script_runs_what_is_installed_and_installs_nothing(tmp_path: Path) -> None:
    """The boot path execs the environment's Python straight away: no pip, no bootstrap."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    log = tmp_path / "called"
    python = venv / "bin" / "python"
    python.write_text(f'#!/bin/sh\necho "$0 $*" >> {log}\n', encoding="utf-8")
    python.chmod(0o755)
    environ = {"PATH": os.environ["PATH"], "COMPANION_VENV": str(venv),
               "COMPANION_DISPLAY": "desktop", "HOME": str(tmp_path)}
    done = subprocess.run([str(KIOSK / "start-kiosk.sh")], env=environ, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert log.read_text(encoding="utf-8").split() == [
        str(python), "-m", "companion", "--fullscreen", "--kiosk",
    ]
    assert "Installing" not in done.stdout + done.stderr


def test_start_script_without_an_environment_says_how_to_make_one(tmp_path: Path) -> None:
    environ = {"PATH": os.environ["PATH"], "COMPANION_VENV": str(tmp_path / "none"),
               "COMPANION_DISPLAY": "desktop"}
    done = subprocess.run([str(KIOSK / "start-kiosk.sh")], env=environ, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode != 0 and "update.sh" in done.stderr
