"""Game records: reading, replaying, expectations, export from the journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.messages import RecordError
from companion.core.record import (
    RECORD_FORMAT,
    GameRecord,
    load_record,
    parse_record,
    record_from_journal,
    replay,
    save_record,
)
from companion.core.session import Session
from tests.core.counting_game import record_document as document


def test_replay_reaches_the_expected_end() -> None:
    result = replay(parse_record(document()))
    assert result.mismatches == []
    assert result.game.is_finished(result.state)


def test_replay_reports_unmet_expectations() -> None:
    result = replay(parse_record(document(expect={"winner": 0})))
    assert result.mismatches == ["winner: expected 0, found 1"]


def test_refused_step_names_the_step_and_the_rules_reason() -> None:
    bad = document(actions=[{"type": "add", "amount": 1}, {"type": "add", "amount": 9}])
    with pytest.raises(RecordError) as caught:
        replay(parse_record(bad))
    assert caught.value.message.params["step"] == 2
    assert caught.value.cause is not None
    assert caught.value.cause.key == "core.error.bad_action"


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"format": "something-else"}, "core.error.record_unreadable"),
        ({"version": 99}, "core.error.record_too_new"),
        ({"actions": "none"}, "core.error.record_unreadable"),
        ({"setup": None}, "core.error.record_unreadable"),
        ({"game": "chess"}, None),
    ],
)
def test_bad_records_give_clear_errors(changes: dict[str, object], key: str | None) -> None:
    with pytest.raises(RecordError) as caught:
        replay(parse_record(document(**changes)))
    if key is not None:
        assert caught.value.message.key == key
    else:
        assert caught.value.cause is not None
        assert caught.value.cause.key == "core.error.unknown_game"


def test_unreadable_files(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    for path in (missing, broken, binary):
        with pytest.raises(RecordError):
            load_record(path)


def test_export_then_replay_gives_the_live_state(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    session = Session.start(journal, "counting", {"target": 30}, "evening")
    for amount in (3, 1, 2, 2):
        session.submit({"type": "add", "amount": amount})
    session.undo()
    exported = record_from_journal(journal, session.game_id)
    assert len(exported.actions) == 3
    save_record(exported, tmp_path / "game.json")
    again = load_record(tmp_path / "game.json")
    setup = {"target": 30, "data_version": 1}
    assert again == GameRecord("counting", setup, exported.actions, {}, "evening")
    assert replay(again).state == session.state
    assert json.loads((tmp_path / "game.json").read_text())["format"] == RECORD_FORMAT


def test_session_from_record_plays_the_first_steps_into_the_journal(tmp_path: Path) -> None:
    from companion.core.record import session_from_record

    record = parse_record(document())
    journal = Journal(tmp_path / "j.sqlite3")
    partial = session_from_record(journal, record, 1)
    assert partial.cursor == 1 and partial.state.total == 3
    whole = session_from_record(journal, record)
    assert whole.finished and whole.state == replay(record).state
    assert len(journal.list_games()) == 2
