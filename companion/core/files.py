"""Files the app writes for people: never over the journal, never over a file unasked,
never readable by others.

A command that writes a file (``export -o``, statistics exports, backups) goes through
:func:`check_target` first: the journal and its side files are never a target, and an
existing file is only replaced when the user asked (``--force``).  What is written is
private: the file is ``0600`` and a folder the app makes for it ``0700``, because a
journal or an export holds the staff PIN's hash and the café's games.
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.core.messages import IllegalActionError

PRIVATE_FILE = 0o600
"""Mode of every file the app writes: the owner reads and writes, nobody else."""
PRIVATE_FOLDER = 0o700
"""Mode of every folder the app makes for its files."""
JOURNAL_SIDE_FILES = ("", "-wal", "-shm", "-journal", ".lock")
"""The journal file and the files SQLite and the app keep beside it."""


def journal_files(journal: str | Path) -> set[Path]:
    """The journal and its side files, as resolved paths."""
    path = Path(journal).resolve()
    return {path.with_name(path.name + suffix) for suffix in JOURNAL_SIDE_FILES}


def check_target(target: str | Path, journal: str | Path | None, force: bool = False) -> Path:
    """Refuse ``target`` when it is the journal (or a side file of it) or, unless
    ``force``, any existing file; return it otherwise."""
    path = Path(target)
    if journal is not None and str(journal) != ":memory:" and (
            path.resolve() in journal_files(journal) or _same_file(path, Path(journal))):
        raise IllegalActionError("faults.files.is_journal", path=str(path))
    if path.is_dir():
        raise IllegalActionError("faults.files.is_folder", path=str(path))
    if (path.exists() or path.is_symlink()) and not force:
        raise IllegalActionError("faults.files.exists", path=str(path))
    return path


def _same_file(path: Path, journal: Path) -> bool:
    try:
        return path.exists() and journal.exists() and os.path.samefile(path, journal)
    except OSError:
        return False


def private_folder(folder: str | Path) -> Path:
    """Make ``folder`` (and missing parents) with mode ``0700``; tighten one the app made."""
    path = Path(folder)
    path.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    return path


def write_private(target: str | Path, data: str | bytes, replace: bool = False) -> Path:
    """Write ``data`` to a new ``0600`` file at ``target`` (``replace``: over an existing
    one, through a temporary file renamed into place, so a failure leaves the old file)."""
    path = Path(target)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if not replace:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
        _write_all(fd, payload)
        return path
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    _write_all(fd, payload)
    partial.replace(path)
    return path


def _write_all(fd: int, payload: bytes) -> None:
    try:
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
