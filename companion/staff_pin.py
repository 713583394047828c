"""``python -m companion.staff_pin``: choose or change the kiosk staff PIN from a shell.

The lock itself (:class:`companion.core.staff.StaffLock`) is pure core code; this is
the command-line tool around it, used by the kiosk install script.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from companion.cli import default_database
from companion.core.i18n import language_from_environment, translate
from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.core.staff import StaffLock


def main(argv: list[str] | None = None) -> int:
    """``python -m companion.staff_pin [--db FILE]``: choose or change the staff PIN.

    Used by the kiosk install script.  The PINs are read without echo; with
    ``--stdin`` the first line is the new PIN and the second the current one.
    """
    parser = argparse.ArgumentParser(prog="python -m companion.staff_pin",
                                     description="Choose or change the kiosk staff PIN.")
    parser.add_argument("--db", help="journal file (default: the app's data folder)")
    parser.add_argument("--stdin", action="store_true", help="read the PINs from standard input")
    args = parser.parse_args(argv)
    lang = language_from_environment(os.environ)
    lock = StaffLock(Journal(args.db or default_database()))
    ask = _read_line if args.stdin else _ask_hidden
    new_pin = ask(translate("kiosk.cli.new_pin", lang))
    if not args.stdin and ask(translate("kiosk.cli.repeat_pin", lang)) != new_pin:
        print(translate("kiosk.staff.pins_differ", lang), file=sys.stderr)
        return 1
    current = ask(translate("kiosk.cli.current_pin", lang)) if lock.has_pin else None
    try:
        lock.set_pin(new_pin, current)
    except IllegalActionError as error:
        print(translate(error.message, lang), file=sys.stderr)
        return 1
    print(translate("kiosk.cli.pin_saved", lang))
    return 0


def _ask_hidden(prompt: str) -> str:
    return getpass.getpass(prompt + " ")


def _read_line(prompt: str) -> str:
    return sys.stdin.readline().strip()


if __name__ == "__main__":
    raise SystemExit(main())
