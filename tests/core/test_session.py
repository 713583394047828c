"""Sessions: submit, refuse, undo, redo, history jumps, resume after restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.core.session import Session
from tests.fuzzing import examples


def add(amount: int) -> dict[str, object]:
    return {"type": "add", "amount": amount}


def new_session(tmp_path: Path, target: int = 21) -> Session:
    return Session.start(Journal(tmp_path / "j.sqlite3"), "counting", {"target": target})


def test_submitted_action_is_on_disk_before_submit_returns(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    session.submit(add(3))
    reopened = Session.resume(Journal(tmp_path / "j.sqlite3"), session.game_id)
    assert reopened.state == session.state
    assert reopened.state.total == 3


def test_refused_action_changes_nothing(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    session.submit(add(2))
    before = session.state
    with pytest.raises(IllegalActionError) as caught:
        session.submit(add(7))
    assert caught.value.key == "core.error.bad_action"
    assert session.state == before
    assert session.cursor == 1
    assert len(Journal(tmp_path / "j.sqlite3").load(session.game_id).actions) == 1


def test_action_that_is_not_json_data_is_refused(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with pytest.raises(IllegalActionError):
        session.submit({"type": "add", "amount": object()})
    with pytest.raises(IllegalActionError):
        session.submit({"amount": 1})


def test_undo_redo_and_a_new_action_clears_redo(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    for amount in (1, 2, 3):
        session.submit(add(amount))
    session.undo()
    session.undo()
    assert session.state.total == 1
    assert session.can_redo
    session.redo()
    assert session.state.total == 3
    session.submit(add(1))
    assert not session.can_redo
    assert [a["amount"] for a in session.actions()] == [1, 2, 1]


def test_state_after_a_step_reads_kept_states_without_moving(tmp_path: Path) -> None:
    """Every step's state can be read, undone ones too; the cursor stays, and a step
    beyond the record is refused."""
    session = new_session(tmp_path)
    for amount in (1, 2, 3):
        session.submit(add(amount))
    session.undo()
    assert [session.state_after(step).total for step in range(4)] == [0, 1, 3, 6]
    assert session.cursor == 2 and session.state.total == 3
    assert session.state_after(2) is session.state
    with pytest.raises(IllegalActionError):
        session.state_after(4)


def test_undo_with_nothing_to_undo_is_refused(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with pytest.raises(IllegalActionError) as caught:
        session.undo()
    assert caught.value.key == "core.error.nothing_to_undo"
    with pytest.raises(IllegalActionError):
        session.redo()


def test_history_lists_setup_and_steps_and_marks_undone(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    for amount in (1, 2, 3):
        session.submit(add(amount))
    session.jump_to(1)
    history = session.history()
    assert [entry.step for entry in history] == [0, 1, 2, 3]
    assert [entry.active for entry in history] == [True, True, False, False]
    assert session.state.total == 1
    session.jump_to(3)
    assert session.state.total == 6
    with pytest.raises(IllegalActionError):
        session.jump_to(4)


def test_resume_latest_returns_unfinished_game_at_its_cursor(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    session.submit(add(3))
    session.submit(add(3))
    session.undo()
    resumed = Session.resume_latest(Journal(tmp_path / "j.sqlite3"))
    assert resumed is not None
    assert resumed.cursor == 1 and resumed.can_redo
    assert resumed.redo().total == 6


def test_finished_game_is_kept_but_not_resumed(tmp_path: Path) -> None:
    session = new_session(tmp_path, target=3)
    session.submit(add(3))
    assert session.finished
    journal = Journal(tmp_path / "j.sqlite3")
    assert Session.resume_latest(journal) is None
    assert [g.status for g in journal.list_games()] == ["finished"]
    with pytest.raises(IllegalActionError) as caught:
        session.submit(add(1))
    assert caught.value.key == "core.error.game_over"
    session.undo()
    assert journal.list_games()[0].status == "active"


@examples("some")
@given(amounts=st.lists(st.sampled_from([1, 2, 3]), min_size=1, max_size=15), data=st.data())
def test_undo_then_redo_is_identity_and_replay_equals_live(
    tmp_path_factory: pytest.TempPathFactory, amounts: list[int], data: st.DataObject
) -> None:
    path = tmp_path_factory.mktemp("j") / "j.sqlite3"
    session = Session.start(Journal(path), "counting", {"target": 1000})
    for amount in amounts:
        session.submit(add(amount))
    live = session.state
    back = data.draw(st.integers(min_value=1, max_value=len(amounts)))
    for _ in range(back):
        session.undo()
    for _ in range(back):
        session.redo()
    assert session.state == live
    assert Session.resume(Journal(path), session.game_id).state == live
