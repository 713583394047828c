"""Malformed set-ups and actions are refused with a reason, never with a crash."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError
from companion.games.tikal import GAME
from tests.fuzzing import lots

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "tikal"
RECORDS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-5, max_value=200)
    | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                               max_size=4),
    max_leaves=12,
)


def replay_prefix(record: dict[str, Any], steps: int) -> None:
    """Apply the first ``steps`` actions of a record, stopping quietly at a refusal."""
    state = GAME.new_state(record["setup"])
    for action in record["actions"][:steps]:
        state = GAME.apply(state, action)
        GAME.action_label(state, action)
    json.dumps(GAME.state_to_json(state))


@lots()
@given(data=st.data())
def test_mutated_setups_only_raise_setup_errors(data: st.DataObject) -> None:
    record = json.loads(json.dumps(data.draw(st.sampled_from(RECORDS))))
    setup = record["setup"]
    if data.draw(st.booleans()):
        key = data.draw(st.sampled_from(["players", "variant", "stages"]))
        setup[key] = data.draw(json_values)
    else:
        seat = data.draw(st.integers(min_value=0, max_value=len(setup["players"]) - 1))
        setup["players"][seat][data.draw(st.sampled_from(["name", "colour"]))] = data.draw(
            json_values)
    with contextlib.suppress(IllegalActionError):
        replay_prefix(record, 30)


@lots()
@given(data=st.data())
def test_mutated_actions_only_raise_illegal_action_errors(data: st.DataObject) -> None:
    record = json.loads(json.dumps(data.draw(st.sampled_from(RECORDS))))
    index = data.draw(st.integers(min_value=0, max_value=120))
    action = record["actions"][index]
    keys = [*sorted(action), "temples", "hexes", "amount"]
    action[data.draw(st.sampled_from(keys))] = data.draw(json_values)
    with contextlib.suppress(IllegalActionError):
        replay_prefix(record, index + 1)
