"""The broker settings, ACL template and service shipped in hardware/fleet, checked for real."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.fleet.broker import (
    BrokerProcess,
    acl_text,
    free_port,
    running_as_root,
    write_passwords,
)
from tests.fleet.conftest import needs_mosquitto
from tests.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
FLEET = ROOT / "hardware" / "fleet"


def test_the_acl_template_is_the_acl_the_code_writes() -> None:
    template = (FLEET / "acl.template").read_text(encoding="utf-8")
    assert template == acl_text("@VENUE@")


@needs_mosquitto
def test_mosquitto_runs_the_shipped_settings_and_acl(tmp_path: Path) -> None:
    """The shipped conf and ACL (paths and port swapped for the test's) confine a table."""
    port = free_port()
    write_passwords(tmp_path / "passwd", {"collector": "c", "t1": "one", "t2": "two"})
    (tmp_path / "acl").write_text(
        (FLEET / "acl.template").read_text(encoding="utf-8").replace("@VENUE@", "cafe"),
        encoding="utf-8")
    conf = (FLEET / "mosquitto.conf").read_text(encoding="utf-8")
    conf = (conf.replace("/etc/mosquitto/table-companion.passwd", str(tmp_path / "passwd"))
            .replace("/etc/mosquitto/table-companion.acl", str(tmp_path / "acl"))
            .replace("listener 1883", f"listener {port} 127.0.0.1"))
    if running_as_root():
        conf += "user root\n"
    (tmp_path / "mosquitto.conf").write_text(conf, encoding="utf-8")
    broker = BrokerProcess(tmp_path / "mosquitto.conf", port)
    broker.start()
    heard: list[str] = []
    clients = []
    try:
        for user, password in (("collector", "c"), ("t1", "one")):
            client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"check-{user}")
            client.username_pw_set(user, password)
            client.connect("127.0.0.1", port, 5)
            client.loop_start()
            clients.append(client)
        collector, table = clients
        collector.on_message = lambda c, u, message: heard.append(message.topic)
        collector.subscribe("tc/cafe/#", qos=1)
        time.sleep(0.3)
        table.publish("tc/cafe/t2/state", "{}", qos=1).wait_for_publish(5)
        table.publish("tc/cafe/t1/state", "{}", qos=1).wait_for_publish(5)
        assert wait_for(lambda: "tc/cafe/t1/state" in heard, timeout=5)
        assert heard == ["tc/cafe/t1/state"]
    finally:
        for client in clients:
            client.loop_stop()
        broker.stop()


def test_the_fleet_service_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed (Debian: apt-get install systemd)")
    unit = tmp_path / "table-companion-fleet.service"
    unit.write_text((FLEET / unit.name).read_text(encoding="utf-8")
                    .replace("@ROOT@", str(ROOT)).replace("@VENUE@", "cafe"), encoding="utf-8")
    done = subprocess.run([tool, "verify", str(unit)], capture_output=True, text=True,
                          timeout=60, check=False)
    ours = [line for line in (done.stdout + done.stderr).splitlines() if unit.name in line]
    assert done.returncode == 0, done.stderr
    assert ours == []


@pytest.mark.parametrize("script", ["add-account.sh", "install-fleet.sh"])
def test_the_scripts_are_valid_shell(script: str) -> None:
    done = subprocess.run(["sh", "-n", str(FLEET / script)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
