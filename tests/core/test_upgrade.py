"""Stored games of an older data format replay to the same end after the format changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError, msg
from companion.core.record import GameRecord, parse_record, record_from_journal, replay
from companion.core.session import Session
from companion.core.upgrade import VERSION_KEY, current
from tests.core.counting_game import CountingGame, CountingState
from tests.registering import registered


class RenamedCountingGame(CountingGame):
    """The counting game after a format change: ``add`` is now ``count`` with ``by``."""

    name = "counting2"
    data_version = 2

    def apply(self, state: CountingState, action: Mapping[str, Any]) -> CountingState:
        """Accept only the new action format."""
        if action.get("type") != "count":
            raise IllegalActionError("core.error.bad_action", detail="type")
        return super().apply(state, {"type": "add", "amount": action.get("by")})

    def upgrade(self, setup: dict[str, Any], actions: Sequence[dict[str, Any]],
                from_version: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Version 1 wrote ``{"type": "add", "amount": n}``; leave new actions alone."""
        assert from_version == 1
        return setup, [
            {"type": "count", "by": action["amount"]} if action.get("type") == "add" else action
            for action in actions
        ]


RENAMED = RenamedCountingGame()


renamed_game_registered = registered(RENAMED)


OLD_ACTIONS = [{"type": "add", "amount": 3}, {"type": "add", "amount": 2}]


def old_record() -> dict[str, Any]:
    """A version 1 record written before the change: no data version in its set-up."""
    return {"format": "table-companion-record", "version": 1, "game": "counting2",
            "setup": {"players": 2, "target": 21}, "actions": OLD_ACTIONS}


def test_an_old_record_replays_to_the_same_end() -> None:
    """A version 1 record is upgraded on replay and reaches the total it had."""
    result = replay(parse_record(old_record()))
    assert result.state.total == 5


def test_an_old_journal_game_resumes_and_takes_new_steps(tmp_path: Path) -> None:
    """A journal game stored in the old format resumes, and new steps mix with old ones."""
    journal = Journal(tmp_path / "j.sqlite")
    game_id = journal.create_game("counting2", {"players": 2, "target": 21}, "")
    for step, action in enumerate(OLD_ACTIONS, start=1):
        journal.append(game_id, step, action, msg("core.label.start"), "active")
    session = Session.resume(journal, game_id)
    assert session.state.total == 5
    session.submit({"type": "count", "by": 1})
    resumed = Session.resume(journal, game_id)
    assert resumed.state == session.state
    assert resumed.state.total == 6


def test_new_games_store_their_data_version(tmp_path: Path) -> None:
    """A game started now carries the data version, and its export replays."""
    journal = Journal(tmp_path / "j.sqlite")
    session = Session.start(journal, "counting2", {"players": 2, "target": 21})
    session.submit({"type": "count", "by": 2})
    record = record_from_journal(journal, session.game_id)
    assert record.setup[VERSION_KEY] == 2
    assert replay(record).state.total == 2


def test_data_from_a_newer_version_is_refused() -> None:
    """A set-up written by a newer version of the game is refused with a clear reason."""
    with pytest.raises(IllegalActionError) as caught:
        current(RENAMED, {VERSION_KEY: 3}, [])
    assert caught.value.key == "core.error.record_too_new"


def test_a_game_without_versions_is_untouched() -> None:
    """For a game that never changed format, set-up and actions pass through unchanged."""
    setup, actions = current(CountingGame(), {"players": 2}, [{"type": "add", "amount": 1}])
    assert setup == {"players": 2} and actions == [{"type": "add", "amount": 1}]
    assert GameRecord("counting", setup, actions).to_json()["version"] == 2
