"""A table in a process of its own: reports, plays the given records to their ends, waits.

``python -m tests.fleet.table_process <config.toml> <journal> [record ...]`` — used by the
tests and the bench to kill a table with no clean close (SIGKILL, like a power cut).
Prints ``ready`` once connected and ``played <n>`` after each finished record.
"""

from __future__ import annotations

import sys
import threading
import time

from companion.core.journal import Journal
from companion.core.record import load_record, session_from_record
from companion.fleet import start_fleet


def main(argv: list[str]) -> int:
    config, journal_path, *records = argv
    journal = Journal(journal_path)
    link = start_fleet(config, journal)
    assert link is not None, "the config does not enable [fleet]"
    deadline = time.monotonic() + 20
    while not link.reporter.connected.is_set() and time.monotonic() < deadline:
        time.sleep(0.02)
    print("ready", flush=True)
    for number, path in enumerate(records, 1):
        session = session_from_record(journal, load_record(path))
        link.game_changed(session)
        print(f"played {number}", flush=True)
    threading.Event().wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
