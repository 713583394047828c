"""Two rule gaps: a lean game's treasures per hex and per turn, and old scores that name a
temple the board never had.

Rulebook (the Polish book, "Zbieranie skarbow", in our words): taking a treasure costs 3
action points and needs a piece on the treasure hex; a player with more than one piece
there may take two from that hex in one turn, never more than two; with pieces on several
treasure hexes they may take from each.  A turn has 10 action points.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.messages import IllegalActionError
from companion.core.questions import Question
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.constants import START_HEXES
from companion.games.tikal.state import TikalState

from .support import END, VOLCANO, play, setup, start, temple, treasure

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "tikal"
FIRST = len(START_HEXES)
"""The id of the first hex drawn."""


def _refused(state: TikalState, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(state, action)
    return refused.value.key


def _take(hex_id: int, kind: int) -> dict[str, Any]:
    return {"type": "take_treasure", "hex": hex_id, "kind": kind}


def _two_treasure_hexes() -> TikalState:
    """A lean game with two treasure hexes of four tokens each, Ada to play."""
    state = start(3, tracking="lean")
    state = play(state, treasure(4), END, treasure(4), END, temple(1), END)
    return play(state, temple(2))


def test_a_lean_game_takes_at_most_two_treasures_from_one_hex_a_turn() -> None:
    """The book: two treasures from one hex in a turn, never more.  A lean game now names
    the hex of each treasure, so a third from the same hex is refused, and one from
    another hex is taken."""
    state = play(_two_treasure_hexes(), _take(FIRST, 1), _take(FIRST, 2))
    assert _refused(state, _take(FIRST, 3)) == "tikal.error.two_treasures"
    other = play(state, _take(FIRST + 1, 3))
    assert sum(other.players[0].treasures) == 3
    assert other.hexes[FIRST].treasures == 2 and other.hexes[FIRST + 1].treasures == 3


def test_a_lean_turn_takes_no_fourth_treasure() -> None:
    """The book: a turn has 10 action points and a treasure costs 3.  Two from each of two
    hexes would cost 12: the fourth take is refused with the points it lacks."""
    state = play(_two_treasure_hexes(), _take(FIRST, 1), _take(FIRST, 2), _take(FIRST + 1, 3))
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(state, _take(FIRST + 1, 4))
    assert refused.value.key == "tikal.error.not_enough_points"
    assert refused.value.params["left"] == 1
    assert sum(play(state, END).players[0].treasures) == 3  # the next turn starts afresh


def test_a_lean_treasure_names_its_hex() -> None:
    """A treasure is taken from a treasure hex: a lean take without its hex is refused
    with a reason the table can act on, and the question asks the hex first."""
    state = _two_treasure_hexes()
    assert _refused(state, {"type": "take_treasure", "kind": 1}) \
        == "tikal.error.treasure_hex_needed"
    step = GAME.ask(state, {"type": "take_treasure"})
    assert isinstance(step, Question) and step.field == "hex"
    assert {answer.value for answer in step.legal_answers()} == {FIRST, FIRST + 1}
    for lang in LANGUAGES:
        assert translate("tikal.error.treasure_hex_needed", lang) \
            != "tikal.error.treasure_hex_needed"


def _without_hexes(name: str) -> dict[str, Any]:
    """An example lean record as data version 3 stored it: its treasures name no hex."""
    record = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    record["setup"]["data_version"] = 3
    record["actions"] = [
        {key: value for key, value in action.items()
         if not (action["type"] == "take_treasure" and key == "hex")}
        for action in record["actions"]]
    return record


@pytest.mark.parametrize("name", ["lean.json", "lean-placed.json"])
def test_old_lean_records_without_hexes_replay_to_the_same_end(name: str) -> None:
    """A lean game of data version 3 took treasures without naming a hex.  The upgrade marks
    it ``legacy_lean`` and it replays, unchanged, to its recorded scores."""
    record = _without_hexes(name)
    new_setup, actions = current(GAME, record["setup"], record["actions"])
    assert new_setup["legacy_lean"] is True
    assert actions == record["actions"]
    state = GAME.new_state(new_setup)
    for action in actions:
        state = GAME.apply(state, action)
    assert GAME.state_to_json(state)["scores"] == record["expect"]["scores"]


def test_a_lean_record_naming_its_hexes_is_not_marked() -> None:
    """A version 3 lean record whose takes already name their hexes keeps today's checks."""
    record = json.loads((EXAMPLES / "lean.json").read_text(encoding="utf-8"))
    record["setup"]["data_version"] = 3
    new_setup, _ = current(GAME, record["setup"], record["actions"])
    assert "legacy_lean" not in new_setup


def _old_score_record(value: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A version 1 lean journal whose first scoring claims a temple of ``value``."""
    plain = setup(3, tracking="lean")
    del plain["stages"]
    actions: list[dict[str, Any]] = [
        VOLCANO,  # the former split let a volcano come first
        {"type": "score", "temples": [{"value": 1, "controller": 0},
                                      {"value": value, "controller": 1}]},
        END, END, END,
    ]
    return plain, actions


def test_an_old_score_claiming_a_temple_not_on_the_board_is_refused_with_a_reason() -> None:
    """Data version 1 named scored temples by value.  A record claiming a temple of 5 when
    the board shows only the printed temples of 1 cannot be matched to a hex: replaying
    it without that temple would give Bo another score than the game had, so the record
    is refused, saying which step and which temple, in every language."""
    plain, actions = _old_score_record(5)
    with pytest.raises(IllegalActionError) as refused:
        current(GAME, plain, actions)
    assert refused.value.key == "tikal.error.old_score_no_temple"
    assert refused.value.params == {"step": 2, "value": 5}
    for lang in LANGUAGES:
        words = translate("tikal.error.old_score_no_temple", lang, step=2, value=5)
        assert "5" in words and "2" in words and "tikal.error" not in words


def test_an_old_score_naming_temples_on_the_board_still_upgrades() -> None:
    """The same record claiming the second printed temple of 1 upgrades as before."""
    plain, actions = _old_score_record(1)
    _, upgraded = current(GAME, plain, actions)
    assert [entry["controller"] for entry in upgraded[1]["temples"]] == [0, 1]
    assert all("hex" in entry for entry in upgraded[1]["temples"])


def test_a_lean_guard_tells_the_table_to_stand_it() -> None:
    """Rulebook, guards: a player holding a temple may place one of their pieces there as
    its guard, and their other pieces on it leave the game.  A lean game does not know the
    pieces, so it tells the table what to do with them, in every language."""
    state = play(start(2, tracking="lean"), temple(2))
    temple_id = next(hx.id for hx in state.hexes if hx.kind == "temple")
    guarded = play(state, {"type": "place_guard", "hex": temple_id})
    assert [note.key for note in guarded.instructions] == ["tikal.instruction.guard_lean"]
    for lang in LANGUAGES:
        words = translate(guarded.instructions[0], lang)
        assert "Ada" in words and "{" not in words and "tikal." not in words
