"""CPU cages and CPU hogs for ``bench/run.py``: a Pi proxy and a contended machine.

*Pi proxy*: the figures are measured in a child process held to a tenth of one core,
a stand-in for a Pi Zero 2 W (about ten times slower than one core here).  The cage is
the first of these that works on the machine:

1. cgroup v2: a new group under ``/sys/fs/cgroup`` with ``cpu.max = <quota> <period>``;
2. cgroup v1: a new group under ``/sys/fs/cgroup/cpu`` with ``cpu.cfs_quota_us`` and
   ``cpu.cfs_period_us``;
3. ``systemd-run --scope -p CPUQuota=10% -p CPUQuotaPeriodSec=…`` (needs systemd).

Two periods are measured (:data:`PERIOD_US`, the kernel's default 100 ms, and
:data:`SLOW_CPU_PERIOD_US`, 10 ms): the same 10 % share, handed out in long or short
slices.

The child (and every process it starts, the start-up probes too) stays in the cage.
With none available the mode says so and stops (no figures are faked).

*Contended*: N processes spinning on the CPU at normal priority while the figures are
taken, so the app and the reference loop compete for the same cores.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

PERIOD_US = 100_000
"""The kernel's default scheduler period of a CPU quota, in microseconds (the harsh cage)."""
SLOW_CPU_PERIOD_US = 10_000
"""A short period (1 ms of CPU in every 10 ms at 10 %): closer to a continuously slow CPU.

A Pi Zero 2 W runs every instruction slowly; it never runs at full speed for 10 ms and
then stops for 90 ms, as a 10 % quota in 100 ms periods does.  With 10 ms periods a
press's work is cut into 1 ms slices every 10 ms, so a press that needs 12 ms of this
machine's CPU (about 120 ms on the Pi) takes about 120 ms, not 200 ms."""
CGROUP2 = Path("/sys/fs/cgroup")
CGROUP1_CPU = Path("/sys/fs/cgroup/cpu")


@dataclass(frozen=True)
class Cage:
    """How a child process is put in the cage."""

    method: str
    """What held the CPU (printed with the figures)."""
    prefix: tuple[str, ...] = ()
    """Words put before the child's command (``systemd-run``)."""
    procs: Path | None = None
    """The group's ``cgroup.procs``: the child writes its own pid there before it runs."""

    def preexec(self) -> Callable[[], None] | None:
        """What the child runs before the benchmark (joins the group)."""
        procs = self.procs
        if procs is None:
            return None

        def join() -> None:
            procs.write_text(str(os.getpid()))

        return join


def _cgroup2(folder: Path, quota_us: int, period_us: int) -> Cage | None:
    controllers = CGROUP2 / "cgroup.controllers"
    if not controllers.is_file() or "cpu" not in controllers.read_text().split():
        return None
    folder.mkdir()
    (folder / "cpu.max").write_text(f"{quota_us} {period_us}")
    return Cage(f"cgroup v2 cpu.max {quota_us} {period_us}", procs=folder / "cgroup.procs")


def _cgroup1(folder: Path, quota_us: int, period_us: int) -> Cage | None:
    if not (CGROUP1_CPU / "cpu.cfs_quota_us").is_file():
        return None
    folder.mkdir()
    (folder / "cpu.cfs_period_us").write_text(str(period_us))
    (folder / "cpu.cfs_quota_us").write_text(str(quota_us))
    return Cage(f"cgroup v1 cpu.cfs_quota_us {quota_us} / period {period_us}",
                procs=folder / "cgroup.procs")


def _systemd(percent: int, period_us: int) -> Cage | None:
    if shutil.which("systemd-run") is None or not Path("/run/systemd/system").is_dir():
        return None
    period = f"CPUQuotaPeriodSec={period_us // 1000}ms"
    return Cage(f"systemd-run --scope -p CPUQuota={percent}% -p {period}",
                prefix=("systemd-run", "--scope", "--quiet", "-p", f"CPUQuota={percent}%",
                        "-p", period))


@contextmanager
def cpu_cage(percent: int = 10, period_us: int = PERIOD_US) -> Iterator[Cage | None]:
    """A cage holding its processes to ``percent`` of one core in every ``period_us``
    (``None``: none works here)."""
    quota = period_us * percent // 100
    name = f"companion-bench-{os.getpid()}"
    made: Path | None = None
    cage: Cage | None = None
    for root, make in ((CGROUP2, _cgroup2), (CGROUP1_CPU, _cgroup1)):
        try:
            cage = make(root / name, quota, period_us)
        except OSError:
            cage = None
        if cage is not None:
            made = root / name
            break
    if cage is None:
        cage = _systemd(percent, period_us)
    try:
        yield cage
    finally:
        if made is not None:
            with suppress(OSError):
                made.rmdir()


def run_caged(cage: Cage, arguments: list[str]) -> int:
    """Run this benchmark script with ``arguments`` inside ``cage``; its exit code."""
    command = [*cage.prefix, sys.executable, str(Path(__file__).with_name("run.py")), *arguments]
    return subprocess.run(command, preexec_fn=cage.preexec(), check=False).returncode


SPIN = "while True: pass"


@contextmanager
def busy_processes(count: int) -> Iterator[list[int]]:
    """``count`` processes spinning on the CPU at normal priority; stopped on leaving."""
    hogs = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(count)]
    try:
        yield [hog.pid for hog in hogs]
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages (the machine is shared)."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"
