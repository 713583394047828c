"""Fuzzing record loading: random bytes and mutated records only ever give a RecordError."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import RecordError
from companion.core.record import load_record, parse_record, replay
from companion.core.session import plain_action
from tests.core.counting_game import record_document
from tests.fuzzing import examples

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(ROOT.glob("examples/*/*.json"))

VALID: dict[str, Any] = record_document(setup={"target": 6}, expect={"winner": 1},
                                        actions=[{"type": "add", "amount": 3}] * 2)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@examples("lots")
@given(data=st.binary(max_size=400))
def test_random_bytes_never_crash_loading(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    with contextlib.suppress(RecordError):
        replay(load_record(path))


@examples("fuzz")
@given(field=st.sampled_from(sorted(VALID)), value=json_values)
def test_mutated_fields_never_crash_replay(field: str, value: Any) -> None:
    document = json.loads(json.dumps(VALID))
    document[field] = value
    try:
        record = parse_record(document)
        result = replay(record)
    except RecordError:
        return
    state = result.game.new_state(record.setup)
    for action in record.actions:
        state = result.game.apply(state, plain_action(action))
    assert result.state == state
    described = result.game.state_to_json(state)
    wrong = {key for key, wanted in record.expect.items()
             if described.get(key, "<missing>") != wanted}
    assert len(result.mismatches) == len(wrong)
    assert all(any(entry.startswith(f"{key}:") for entry in result.mismatches) for key in wrong)


@examples("fuzz")
@given(index=st.integers(min_value=0, max_value=1), key=st.text(max_size=8), value=json_values)
def test_mutated_actions_are_refused_cleanly(index: int, key: str, value: Any) -> None:
    document = json.loads(json.dumps(VALID))
    document["actions"][index][key] = value
    try:
        replay(parse_record(document))
    except RecordError as error:
        assert error.message.key.startswith("core.error.record")


def example_documents() -> list[dict[str, Any]]:
    """The shipped example records of every game, plus the small counting record."""
    return [VALID] + [json.loads(path.read_text(encoding="utf-8")) for path in EXAMPLES]


@examples("fuzz")
@given(data=st.data())
def test_mutated_example_records_of_every_game_never_crash(data: st.DataObject) -> None:
    document = json.loads(json.dumps(data.draw(st.sampled_from(example_documents()))))
    actions = document["actions"]
    if actions and data.draw(st.booleans()):
        index = data.draw(st.integers(min_value=0, max_value=len(actions) - 1))
        target = actions[index]
        if target and data.draw(st.booleans()):
            key = data.draw(st.sampled_from(sorted(target)))
        else:
            key = data.draw(st.text(max_size=8))
        target[key] = data.draw(json_values)
    else:
        key = data.draw(st.sampled_from(sorted(document["setup"]) or ["players"]))
        document["setup"][key] = data.draw(json_values)
    with contextlib.suppress(RecordError):
        replay(parse_record(document))
