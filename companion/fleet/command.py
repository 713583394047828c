"""``companion fleet``: the collector and the fleet page, for a box on the café's LAN.

Passwords never go on the command line (other users can read it): the collector's broker
password comes from ``--broker-password-file`` or ``$COMPANION_FLEET_BROKER_PASSWORD``,
the staff password of the page from ``--staff-password-file`` or
``$COMPANION_FLEET_STAFF_PASSWORD``.
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
from pathlib import Path

from companion.fleet.config import NAME


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``companion fleet``."""
    parser.add_argument("--venue", default="cafe", help="the café's name in the topics")
    parser.add_argument("--broker", default="127.0.0.1:1883", help="broker host:port")
    parser.add_argument("--tls", action="store_true", help="speak TLS to the broker")
    parser.add_argument("--ca-file", default="", help="CA certificate of the broker")
    parser.add_argument("--user", default="collector", help="the collector's broker account")
    parser.add_argument("--broker-password-file", type=Path, help="file holding its password")
    parser.add_argument("--staff-password-file", type=Path,
                        help="file holding the page's staff password")
    parser.add_argument("--listen", default="0.0.0.0:8080", help="page address host:port")
    parser.add_argument("--store", type=Path, default=Path("fleet.sqlite3"),
                        help="the collector's database")
    parser.add_argument("--idle-minutes", type=float, default=10.0,
                        help="minutes without input before a table shows as quiet")
    parser.add_argument("--stuck-minutes", type=float, default=25.0,
                        help="minutes without input before a table shows as stuck")


def _secret(path: Path | None, variable: str) -> str:
    if path is not None:
        return path.read_text(encoding="utf-8").strip()
    return os.environ.get(variable, "")


def _address(text: str, default_port: int) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host:
        return text, default_port
    return host, int(port)


def run(args: argparse.Namespace) -> int:
    """Run the collector and the page until SIGINT or SIGTERM."""
    from companion.fleet.collector import Collector
    from companion.fleet.store import FleetStore
    from companion.fleet.tiles import Thresholds
    from companion.fleet.web import FleetSite, serve

    if not NAME.match(args.venue):
        raise SystemExit("--venue: letters, digits, - and _ only")
    staff = _secret(args.staff_password_file, "COMPANION_FLEET_STAFF_PASSWORD")
    if not staff:
        raise SystemExit("the page needs a staff password (--staff-password-file or "
                         "COMPANION_FLEET_STAFF_PASSWORD)")
    host, port = _address(args.broker, 1883)
    store = FleetStore(args.store)
    collector = Collector(store, args.venue, host, port, args.user,
                          _secret(args.broker_password_file, "COMPANION_FLEET_BROKER_PASSWORD"),
                          tls=args.tls, ca_file=args.ca_file)
    limits = Thresholds(idle=args.idle_minutes * 60, stuck=args.stuck_minutes * 60)
    site = FleetSite(store, staff, limits, collector.answer_call)
    collector.start()
    page_host, page_port = _address(args.listen, 8080)
    server = serve(site, page_host, page_port)
    print(f"fleet page on http://{page_host}:{server.server_address[1]}/", flush=True)
    done = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: done.set())
    done.wait()
    server.shutdown()
    collector.stop()
    store.close()
    return 0
