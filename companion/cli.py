"""The ``companion`` command: the touchscreen app and its headless helpers.

``companion`` alone starts the app.  The sub-commands work without a display:
``replay`` plays a game record through the rules, ``export`` writes a saved game as
a record, ``games`` lists saved games, ``backup`` copies the journal safely while the
app runs, ``screenshot`` renders any screen to PNG.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.core.i18n import LANGUAGES, describe, language_from_environment, translate
from companion.core.messages import IllegalActionError, Msg, RecordError

DEFAULT_SIZE = (800, 480)
"""The smallest screen the app is made for (a 7-inch Pi display)."""


def default_database() -> Path:
    """Where the journal lives: ``$COMPANION_DB`` or the user's data folder."""
    override = os.environ.get("COMPANION_DB")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("table-companion", appauthor=False)) / "journal.sqlite3"


def parse_size(text: str) -> tuple[int, int]:
    """Read a window size written as ``WIDTHxHEIGHT``."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from error
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError("the window must be at least 320x240")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    """The command-line grammar."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: keeps the books for board games played on a real table.",
    )
    parser.add_argument("--lang", choices=LANGUAGES, help="language of screens and messages")
    parser.add_argument("--db", type=Path, help="journal file (default: user data folder)")
    parser.add_argument("--fullscreen", action="store_true", help="fill the whole screen")
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="café kiosk: full screen, no way out without the staff PIN (or COMPANION_KIOSK=1)",
    )
    parser.add_argument("--size", type=parse_size, default=None, help="window size, e.g. 800x480")
    parser.add_argument("--config", type=Path, help="TOML config for buttons and lights")
    parser.add_argument(
        "--inputs",
        help="input sources to use, comma separated: gpio,serial,keyboard (default: config)",
    )
    commands = parser.add_subparsers(dest="command")

    replay = commands.add_parser("replay", help="play a game record headless and show the result")
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help="print the final state as JSON")

    export = commands.add_parser("export", help="write a saved game as a game record")
    export.add_argument("game_id", type=int)
    export.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    export.add_argument("--force", action="store_true",
                        help="replace the output file if it exists (never the journal)")

    commands.add_parser("games", help="list the saved games in the journal")

    backup = commands.add_parser(
        "backup", help="copy the journal to a new file, safe while the app runs")
    backup.add_argument("path", type=Path, help="the copy to write (must not exist yet)")

    from companion.fleet.command import add_arguments as fleet_arguments  # fleet door

    fleet_arguments(commands.add_parser(
        "fleet", help="café fleet: collect the tables' reports and serve the fleet page"))

    shot = commands.add_parser("screenshot", help="render a screen headless to a PNG file")
    shot.add_argument("screen", nargs="?", help="screen name; --list shows them")
    shot.add_argument("-o", "--output", type=Path, help="PNG file (default: <screen>-<lang>.png)")
    shot.add_argument("--record", type=Path, help="show the state at the end of this record")
    shot.add_argument("--list", action="store_true", help="list the screens that can be rendered")
    for command in commands.choices.values():  # --lang after the command too, as in the README
        command.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                             help="language of screens and messages")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    args = build_parser().parse_args(argv)
    lang = args.lang or language_from_environment(os.environ)
    handlers = {
        None: _run_app,
        "replay": _replay,
        "export": _export,
        "games": _games,
        "backup": _backup,
        "screenshot": _screenshot,
        "fleet": _fleet,
    }
    try:
        return handlers[args.command](args, lang)
    except RecordError as error:
        _fail(describe(error.message, lang, error.cause))
    except IllegalActionError as error:
        _fail(translate(error.message, lang))
    return 1


def _fail(text: str) -> None:
    print(text, file=sys.stderr)


def _open_journal(args: argparse.Namespace, lang: str) -> Any:
    from companion.core.journal import Journal

    journal = Journal(args.db or default_database())
    if journal.recovered_from is not None:
        notice = Msg("core.error.database_damaged", {"path": str(journal.recovered_from)})
        _fail(translate(notice, lang))
    return journal


def _replay(args: argparse.Namespace, lang: str) -> int:
    from companion.core.record import load_record, replay

    record = load_record(args.file)
    result = replay(record)
    described = result.game.state_to_json(result.state)
    if args.json:
        print(json.dumps(described, ensure_ascii=False, indent=1, sort_keys=True))
    else:
        print(translate("core.cli.replayed", lang, steps=len(record.actions), game=record.game))
        finished = result.game.is_finished(result.state)
        print(translate("core.cli.finished" if finished else "core.cli.unfinished", lang))
    for problem in result.mismatches:
        _fail(translate("core.cli.expectation_failed", lang, detail=problem))
    return 2 if result.mismatches else 0


def _export(args: argparse.Namespace, lang: str) -> int:
    from companion.core.files import check_target
    from companion.core.record import record_from_journal, save_record

    if args.output is not None:  # refused before the journal is even opened (issue 27)
        check_target(args.output, args.db or default_database(), args.force)
    record = record_from_journal(_open_journal(args, lang), args.game_id)
    if args.output is None:
        print(json.dumps(record.to_json(), ensure_ascii=False, indent=1))
    else:
        save_record(record, args.output, replace=args.force)
        print(translate("core.cli.exported", lang, path=str(args.output)))
    return 0


def _games(args: argparse.Namespace, lang: str) -> int:
    journal = _open_journal(args, lang)
    games = journal.list_games()
    if not games:
        print(translate("core.cli.no_games", lang))
    for summary in games:
        status = translate(f"core.status.{summary.status}", lang)
        line = f"{summary.id:>5}  {summary.game:<8} {status:<12} {summary.steps:>5}"
        print(f"{line}  {summary.title}")
    return 0


def _backup(args: argparse.Namespace, lang: str) -> int:
    """Copy the journal through SQLite's backup API: one consistent moment, WAL included."""
    import sqlite3

    from companion.core.journal import backup_journal

    source = Path(args.db or default_database())
    try:
        path = backup_journal(source, args.path)
    except (OSError, sqlite3.Error) as error:
        _fail(translate("core.cli.backup_failed", lang, detail=str(error)))
        return 1
    print(translate("core.cli.backup_saved", lang, path=str(path)))
    return 0


def _screenshot(args: argparse.Namespace, lang: str) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from companion.ui.screenshot import available_screens, render

    screens = available_screens()
    if args.list or not args.screen:
        print("\n".join(screens))
        return 0
    if args.screen not in screens:
        known = ", ".join(screens)
        _fail(translate("core.cli.unknown_screen", lang, name=args.screen, known=known))
        return 1
    size = args.size or DEFAULT_SIZE
    output = args.output or Path(f"{args.screen}-{lang}.png")
    from companion.core.files import check_target

    # Never over the journal; an existing PNG is the tool's own output and is redrawn.
    check_target(output, args.db or default_database(), output.suffix.lower() == ".png")
    render(args.screen, lang, size, output, record=args.record)
    print(translate("core.cli.screenshot_saved", lang, path=str(output)))
    return 0


def _fleet(args: argparse.Namespace, lang: str) -> int:
    from companion.fleet.command import run

    return run(args)


def _run_app(args: argparse.Namespace, lang: str) -> int:
    from companion.app import AppOptions, run
    from companion.ui.loop import NoDisplayError

    kiosk = args.kiosk or os.environ.get("COMPANION_KIOSK") == "1"
    options = AppOptions(
        language=args.lang,
        fullscreen=args.fullscreen or kiosk,
        size=args.size or DEFAULT_SIZE,
        database=args.db or default_database(),
        config=args.config,
        inputs=args.inputs,
        kiosk=kiosk,
    )
    from companion.core.journal import InstanceLock

    claimed = InstanceLock(options.database)  # one journal, one app (issue 27)
    try:
        run(options)
    except NoDisplayError as error:
        _fail(translate("core.cli.no_display", lang, detail=str(error)))
        return 3
    finally:
        claimed.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
