"""Commands never write over the journal or an existing file unasked (issue 27, fault 6).

``companion export N -o <the journal>`` used to overwrite the journal: the next start
set it aside as damaged and every game and the PIN were gone. Now the journal (and
its side files) are never a target, another existing file only with ``--force``,
and what is written is private (``0600``).
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from companion.cli import main as cli_main
from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from tests.faults.conftest import make_journal, stored, tally_registered

__all__ = ["tally_registered"]


def refused(key: str, path: Path) -> str:
    """The English refusal ``key`` naming ``path``."""
    return translate(Msg(key, {"path": str(path)}), "en")


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("suffix", ["", "-wal"])
def test_export_never_writes_over_the_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], force: bool, suffix: str,
    tally_registered: None,
) -> None:
    path = tmp_path / "journal.sqlite3"
    game_id = make_journal(path)
    target = Path(str(path) + suffix)
    if suffix:
        target.write_bytes(b"side file")
    before, held = path.read_bytes(), stored(path)
    side = target.read_bytes()
    args = ["--db", str(path), "export", str(game_id), "-o", str(target)]
    assert cli_main([*args, "--force"] if force else args) == 1
    assert refused("faults.files.is_journal", target) in capsys.readouterr().err
    assert path.read_bytes() == before and target.read_bytes() == side
    journal = Journal(path)  # the next start finds every game and the PIN
    try:
        assert journal.recovered_from is None
    finally:
        journal.close()
    assert stored(path) == held


def test_export_never_writes_over_the_journal_named_another_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tally_registered: None,
) -> None:
    path = tmp_path / "journal.sqlite3"
    game_id = make_journal(path)
    other = tmp_path / "link.sqlite3"
    other.symlink_to(path)
    before = path.read_bytes()
    assert cli_main(["--db", str(path), "export", str(game_id), "-o", str(other),
                     "--force"]) == 1
    assert "Nothing was written" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_export_replaces_another_file_only_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tally_registered: None,
) -> None:
    path = tmp_path / "journal.sqlite3"
    game_id = make_journal(path)
    target = tmp_path / "notes.json"
    target.write_text("keep me", encoding="utf-8")
    args = ["--db", str(path), "export", str(game_id), "-o", str(target)]
    assert cli_main(args) == 1
    assert refused("faults.files.exists", target) in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "keep me"

    assert cli_main([*args, "--force"]) == 0
    assert '"game": "tally"' in target.read_text(encoding="utf-8")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600

    fresh = tmp_path / "fresh.json"
    assert cli_main(["--db", str(path), "export", str(game_id), "-o", str(fresh)]) == 0
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600


def test_screenshot_never_writes_over_the_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tally_registered: None,
) -> None:
    path = tmp_path / "journal.sqlite3"
    make_journal(path)
    before = path.read_bytes()
    assert cli_main(["--db", str(path), "screenshot", "kiosk.start", "-o", str(path)]) == 1
    assert refused("faults.files.is_journal", path) in capsys.readouterr().err
    assert path.read_bytes() == before
