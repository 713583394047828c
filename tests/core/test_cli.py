"""The companion command's headless sub-commands, run in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.journal import Journal
from companion.core.record import RECORD_FORMAT
from companion.core.session import Session


def write_record(path: Path, actions: list[dict[str, object]], expect: dict[str, object]) -> Path:
    path.write_text(
        json.dumps(
            {
                "format": RECORD_FORMAT,
                "version": 1,
                "game": "counting",
                "setup": {"target": 4},
                "actions": actions,
                "expect": expect,
            }
        ),
        encoding="utf-8",
    )
    return path


def test_replay_json_prints_the_final_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = write_record(
        tmp_path / "r.json",
        [{"type": "add", "amount": 3}, {"type": "add", "amount": 1}],
        {"winner": 1},
    )
    assert main(["replay", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"total": 4, "turn": 0, "winner": 1}


def test_replay_reports_a_refused_step_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = write_record(tmp_path / "r.json", [{"type": "add", "amount": 5}], {})
    assert main(["--lang", "es", "replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("El paso 1 del registro fue rechazado: No se entiende esta acción")


def test_replay_with_unmet_expectation_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = write_record(tmp_path / "r.json", [{"type": "add", "amount": 3}], {"winner": 0})
    assert main(["--lang", "en", "replay", str(record)]) == 2
    assert "expected 0" in capsys.readouterr().err


def test_export_writes_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    session = Session.start(Journal(db), "counting", {"target": 10})
    session.submit({"type": "add", "amount": 2})
    out = tmp_path / "export.json"
    assert (
        main(["--lang", "en", "--db", str(db), "export", str(session.game_id), "-o", str(out)]) == 0
    )
    assert main(["replay", str(out), "--json"]) == 0
    assert '"total": 2' in capsys.readouterr().out


def test_export_of_unknown_game_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "fr", "--db", str(tmp_path / "j.sqlite3"), "export", "42"]) == 1
    assert "numéro 42" in capsys.readouterr().err


def test_games_lists_saved_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.sqlite3"
    assert main(["--lang", "pl", "--db", str(db), "games"]) == 0
    assert "Nie ma jeszcze" in capsys.readouterr().out
    Session.start(Journal(db), "counting", {"target": 10}, "wieczór")
    assert main(["--lang", "pl", "--db", str(db), "games"]) == 0
    assert "wieczór" in capsys.readouterr().out
