"""Which pin library a Pi gets: PyPI's lgpio wheel where one exists, Debian's elsewhere.

PyPI has lgpio 0.2.2 wheels for Linux aarch64 up to Python 3.12 only; for 3.13 (and
for 32-bit ARM) pip finds just a 0.0.0.2 placeholder.  The project's requirement is
bound to where the wheel exists, and ``scripts/bootstrap.sh`` lets the environment see
Debian's ``python3-lgpio`` everywhere else on a Pi.
"""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]


def lgpio_requirement() -> Requirement:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (line,) = [dep for dep in project["dependencies"] if dep.startswith("lgpio")]
    return Requirement(line)


@pytest.mark.parametrize(("machine", "python", "wanted"), [
    ("aarch64", "3.11", True), ("aarch64", "3.12", True), ("aarch64", "3.13", False),
    ("armv7l", "3.11", False), ("x86_64", "3.12", False),
])
def test_the_wheel_is_asked_for_only_where_pypi_has_a_real_one(
    machine: str, python: str, wanted: bool,
) -> None:
    requirement = lgpio_requirement()
    assert requirement.marker is not None
    environment = {"sys_platform": "linux", "platform_machine": machine,
                   "python_version": python}
    assert requirement.marker.evaluate(environment) is wanted
    assert requirement.specifier.contains("0.2.2") and not requirement.specifier.contains("0.0.0.2")


@pytest.mark.parametrize(("machine", "version", "system"), [
    ("aarch64", (3, 11), False), ("aarch64", (3, 12), False), ("aarch64", (3, 13), True),
    ("armv7l", (3, 11), True),
])
def test_bootstrap_lets_the_venv_see_debian_lgpio_where_there_is_no_wheel(
    machine: str, version: tuple[int, int], system: bool, tmp_path: Path,
) -> None:
    fake = tmp_path / "python3"
    fake.write_text(
        "#!/usr/bin/env python3\n"
        "import platform, sys\n"
        f"platform.machine = lambda: {machine!r}\n"
        f"sys.version_info = {version!r}\n"
        "exec(sys.argv[2])\n", encoding="utf-8")
    fake.chmod(0o755)
    script = (ROOT / "scripts" / "bootstrap.sh").read_text(encoding="utf-8")
    start = script.index("uses_system_lgpio() {")
    function = script[start:script.index("\n}\n", start) + 3]
    done = subprocess.run(
        ["bash", "-c", function + "uses_system_lgpio"],
        env={"PATH": "/usr/bin:/bin", "PYTHON": str(fake), "COMPANION_SYSTEM_LGPIO": "1"},
        capture_output=True, text=True, timeout=30, check=False)
    assert (done.returncode == 0) is system, done.stderr
