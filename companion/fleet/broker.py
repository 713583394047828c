"""The café's broker: account and ACL files for Mosquitto 2, and a broker process.

:func:`write_broker_files` writes what ``hardware/fleet/`` documents — a password file
(made by ``mosquitto_passwd``), an ACL that confines every table to its own topics and
lets only the collector read them all, and a ``mosquitto.conf`` — for a given venue and
set of tables.  :class:`BrokerProcess` runs Mosquitto on them (the tests and the bench
start a real broker on a free loopback port this way).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

COLLECTOR = "collector"
"""The collector's broker account."""
HOME_ASSISTANT = "homeassistant"
"""Home Assistant's broker account (reads discovery and the tables' status and state)."""


def acl_text(venue: str) -> str:
    """The ACL: each table (account name = table name) writes and reads only its own topics."""
    return "\n".join([
        "# Table Companion fleet ACL (generated).  A table's account is its table name.",
        f"user {COLLECTOR}",
        f"topic read tc/{venue}/#",
        f"topic write tc/{venue}/+/reply",
        "",
        "# Home Assistant (optional): discovery and every table's status and state",
        f"user {HOME_ASSISTANT}",
        "topic read homeassistant/#",
        f"topic read tc/{venue}/+/status",
        f"topic read tc/{venue}/+/state",
        "",
        "# every table: only its own topics",
        f"pattern write tc/{venue}/%u/status",
        f"pattern write tc/{venue}/%u/state",
        f"pattern write tc/{venue}/%u/events",
        f"pattern read tc/{venue}/%u/reply",
        f"pattern write homeassistant/+/tc_{venue}_%u/+/config",
        "",
    ])


def conf_text(port: int, folder: Path, host: str = "127.0.0.1") -> str:
    """A ``mosquitto.conf`` for a broker listening on ``host:port`` with files in ``folder``."""
    return "\n".join([
        f"listener {port} {host}",
        "allow_anonymous false",
        f"password_file {folder / 'passwords'}",
        f"acl_file {folder / 'acl'}",
        "persistence true",
        f"persistence_location {folder}/",
        "autosave_interval 5",
        "log_dest none",
        # as root Mosquitto would drop to its own user, who cannot read a private folder
        *(["user root"] if running_as_root() else []),
        "",
    ])


def write_passwords(path: Path, accounts: Mapping[str, str]) -> None:
    """Write a Mosquitto password file with ``mosquitto_passwd -b`` (hashed, never plain)."""
    tool = shutil.which("mosquitto_passwd")
    if tool is None:
        raise FileNotFoundError("mosquitto_passwd")
    path.unlink(missing_ok=True)
    first = True
    for user, password in accounts.items():
        args = [tool, "-c", "-b"] if first else [tool, "-b"]
        subprocess.run([*args, str(path), user, password], check=True, capture_output=True)
        first = False
    path.chmod(0o600)


def write_broker_files(folder: Path, venue: str, accounts: Mapping[str, str],
                       port: int) -> Path:
    """Write passwords, ACL and config into ``folder``; return the config's path."""
    folder.mkdir(parents=True, exist_ok=True)
    write_passwords(folder / "passwords", accounts)
    (folder / "acl").write_text(acl_text(venue), encoding="utf-8")
    conf = folder / "mosquitto.conf"
    conf.write_text(conf_text(port, folder), encoding="utf-8")
    return conf


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class BrokerProcess:
    """A Mosquitto process on a generated config (started and stopped by its owner)."""

    conf: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 10.0) -> None:
        """Start Mosquitto and wait until it takes connections."""
        binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        self.process = subprocess.Popen([binary, "-c", str(self.conf)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("mosquitto exited at start") from None
                time.sleep(0.05)
        raise TimeoutError("mosquitto did not start")

    def stop(self, kill: bool = False) -> None:
        """Stop the broker (``kill``: no clean shutdown, like a power cut)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def rss_kib(self) -> int:
        """The broker's resident memory in KiB (from ``/proc``)."""
        if self.process is None:
            return 0
        status = Path(f"/proc/{self.process.pid}/status").read_text(encoding="utf-8")
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    @property
    def pid(self) -> int:
        """The process id (0 when stopped)."""
        return 0 if self.process is None else self.process.pid


def running_as_root() -> bool:
    """Whether this process is root (Mosquitto then drops to its own user)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0
