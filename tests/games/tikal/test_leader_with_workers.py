"""The leader and workers going the same way are one entry.

Rulebook (the Polish book, on the expedition's pieces and on moving, in our words): the
leader is moved for the same action points as a worker, and moving a piece from one hex
to the next costs one point per stone it crosses.  Pieces going the same way together
each pay their stones: the leader and two workers over one stone cost three points.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.messages import IllegalActionError
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.constants import BASE_CAMP
from companion.games.tikal.state import TikalState

from .support import jungle, play, start

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "tikal"


def _at_base() -> TikalState:
    """Ada's leader and three workers at the base camp, 6 points left."""
    state = play(start(2), jungle(), {"type": "bring", "to": BASE_CAMP, "count": 3},
                 {"type": "bring", "to": BASE_CAMP, "piece": "leader"})
    assert state.turn.spent == 4
    return state


def _together(count: int, stones: int = 1) -> dict[str, Any]:
    return {"type": "move", "from": BASE_CAMP, "to": 1, "stones": stones, "count": count,
            "leader": True}


def test_the_leader_and_workers_move_in_one_entry_each_paying() -> None:
    state = play(_at_base(), _together(2))
    assert state.players[0].leader == 1
    assert state.workers[1][0] == 2 and state.workers[BASE_CAMP][0] == 1
    assert state.turn.spent == 4 + 3


def test_the_leader_must_stand_where_they_leave_and_the_points_must_last() -> None:
    moved = play(_at_base(), {"type": "move", "from": BASE_CAMP, "to": 1, "stones": 1,
                              "piece": "leader"})
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(moved, _together(1))
    assert refused.value.key == "tikal.error.no_leader_there"
    with pytest.raises(IllegalActionError) as costly:
        GAME.apply(_at_base(), _together(2, stones=3))  # 3 pieces × 3 stones = 9 > 6
    assert costly.value.key == "tikal.error.not_enough_points"
    with pytest.raises(IllegalActionError):
        GAME.apply(_at_base(), {**_together(1), "leader": "yes"})


def test_the_entry_is_labelled_with_the_leader_in_every_language() -> None:
    """The history names the leader going along with the workers."""
    label = GAME.action_label(_at_base(), _together(2))
    assert "leader" in translate(label, "en")
    for lang in LANGUAGES:
        words = translate(label, lang)
        assert "{" not in words and "tikal." not in words


@pytest.mark.parametrize("name", ["basic.json", "auction.json", "board.json", "lean.json"])
def test_records_of_data_version_4_replay_unchanged(name: str) -> None:
    """A record stored in data version 4 (no entry carries the leader along) upgrades to
    the same actions and replays to its recorded scores."""
    record = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    record["setup"]["data_version"] = 4
    setup, actions = current(GAME, record["setup"], record["actions"])
    assert actions == record["actions"]
    state = GAME.new_state(setup)
    for action in actions:
        state = GAME.apply(state, action)
    assert GAME.state_to_json(state)["scores"] == record["expect"]["scores"]
