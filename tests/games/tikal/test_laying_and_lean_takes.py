"""Where a new hex may lie, when a lean game may take a treasure, and cube moves of zero.

Rulebook, laying hexes: "Kazda plytka ukladana na planszy musi przylegac do co najmniej
jednej juz lezacej" and "Kazda plytka musi byc polozona tak, by mozna bylo na nia wejsc
przynajmniej z jednej strony ... Jedyny wyjatek stanowia plytki z wulkanami"; and a
volcano "nie mozna wchodzic".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES, translate
from companion.core.messages import IllegalActionError
from companion.core.questions import Question
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.queries import free_spots, unlaid_volcano
from companion.games.tikal.questions import type_refusal
from companion.games.tikal.scoring import CUBE_KEYS
from companion.games.tikal.setup import TOTAL_TOKENS
from companion.games.tikal.state import TikalState
from tests.fuzzing import examples

from .support import END, VOLCANO, jungle, play, start, temple, treasure
from .test_questions import random_step

FIXTURES = Path(__file__).resolve().parent / "fixtures"
VOLCANO_AT = (0, -2)
"""North of the printed temple at ``(0, -1)``."""
BEHIND = (0, -3)
"""North of the volcano: the volcano is its only laid neighbour."""
BESIDE = (1, -2)
"""Touches the volcano and the printed jungle at ``(1, -1)``."""
NEW_REASONS = ("tikal.error.spot_behind_volcano", "tikal.error.no_treasure_hex",
               "tikal.error.treasures_all_taken")


def _refused(state: TikalState, action: dict[str, Any]) -> str:
    """The reason key the rules give for refusing ``action``."""
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(state, action)
    return refused.value.key


def _volcano_laid(state: TikalState, at: tuple[int, int]) -> TikalState:
    """The active player draws a volcano; after its scoring round it is laid at ``at``."""
    state = play(state, VOLCANO)
    while unlaid_volcano(state) is None:
        state = play(state, END)
    return play(state, {"type": "lay_volcano", "at": list(at)})


def _board_with_volcano() -> TikalState:
    """Two players; Ada's volcano lies north of the printed temple; Bo is to draw."""
    return play(_volcano_laid(start(2), VOLCANO_AT), END)


def test_a_hex_touching_only_a_volcano_is_refused() -> None:
    """A temple laid where only a volcano touches it could never be entered: refused
    with its own reason, and the field is not offered; beside another hex it is fine."""
    state = _board_with_volcano()
    assert state.hexes[-1].kind == "volcano" and state.hexes[-1].at == VOLCANO_AT
    assert _refused(state, {**temple(3), "at": list(BEHIND)}) == "tikal.error.spot_behind_volcano"
    assert _refused(state, {**jungle(), "at": list(BEHIND)}) == "tikal.error.spot_behind_volcano"
    assert BEHIND not in free_spots(state) and BESIDE in free_spots(state)
    spot = GAME.ask(state, {"type": "draw", "tile": {"kind": "temple", "value": 3}})
    assert isinstance(spot, Question) and spot.field == "at"
    assert list(BEHIND) not in [answer.value for answer in spot.answers]
    assert list(BESIDE) in [answer.value for answer in spot.legal_answers()]
    laid = play(state, {**temple(3), "at": list(BESIDE)})
    assert laid.hexes[-1].at == BESIDE
    assert _refused(state, {**temple(3), "at": [5, 5]}) == "tikal.error.spot_alone"


def test_a_volcano_may_lie_beside_only_a_volcano() -> None:
    """Volcano hexes are the rulebook's one exception to being enterable: the second
    volcano may lie where only the first touches it (it still touches a laid hex)."""
    state = play(_board_with_volcano(), VOLCANO)
    while unlaid_volcano(state) is None:
        state = play(state, END)
    assert BEHIND in free_spots(state, volcano=True) and BEHIND not in free_spots(state)
    where = GAME.ask(state, {"type": "lay_volcano"})
    assert isinstance(where, Question)
    assert list(BEHIND) in [answer.value for answer in where.legal_answers()]
    laid = play(state, {"type": "lay_volcano", "at": list(BEHIND)})
    assert laid.hexes[-1].at == BEHIND
    assert _refused(state, {"type": "lay_volcano", "at": [5, 5]}) == "tikal.error.spot_alone"


def test_an_auction_hex_behind_a_volcano_is_refused_and_old_records_still_replay() -> None:
    """The auction sample game as first written in data version 2 laid one revealed hex
    where only a volcano touched it.  Today's rules refuse that ``choose``; read as a
    stored record, the upgrade keeps the older check for that game and it replays to its
    recorded end."""
    record = json.loads((FIXTURES / "auction-v2.json").read_text(encoding="utf-8"))
    assert record["setup"]["data_version"] == 2
    plain = {key: value for key, value in record["setup"].items() if key != "data_version"}
    state = GAME.new_state(plain)
    with pytest.raises(IllegalActionError) as refused:
        for action in record["actions"]:
            before = state
            state = GAME.apply(state, action)
    assert refused.value.key == "tikal.error.spot_behind_volcano"
    assert action["type"] == "choose" and before.revealed[action["index"]].kind != "volcano"
    setup, actions = current(GAME, record["setup"], record["actions"])
    assert setup["legacy_checks"] is True and actions == record["actions"]
    state = GAME.new_state(setup)
    for action in actions:
        state = GAME.apply(state, action)
    assert GAME.state_to_json(state)["scores"] == record["expect"]["scores"]


def test_the_upgrade_leaves_games_the_new_checks_accept_as_they_were() -> None:
    """A version 2 game that no new check refuses is not marked."""
    record = json.loads((FIXTURES / "basic-v1.json").read_text(encoding="utf-8"))
    setup, _ = current(GAME, record["setup"], record["actions"])
    assert "legacy_checks" not in setup


def _lean(players: int = 2) -> TikalState:
    """A lean game entered before data version 4, whose treasures name no hex (the checks
    below guard those; a newer lean game names the hex, see test_lean_treasure_limits)."""
    return start(players, tracking="lean", legacy_lean=True)


def _take(kind: int) -> dict[str, Any]:
    return {"type": "take_treasure", "kind": kind}


def test_a_lean_treasure_needs_a_laid_treasure_hex() -> None:
    """Rulebook, treasure hexes: tokens are laid on a treasure hex as soon as it is laid,
    and a treasure is taken from a treasure hex.  Before any is laid, a lean take is
    refused with a reason, and every kind the question shows is greyed with it."""
    state = play(_lean(), jungle())
    assert _refused(state, _take(1)) == "tikal.error.no_treasure_hex"
    kinds = GAME.ask(state, {"type": "take_treasure"})
    assert isinstance(kinds, Question) and kinds.answers and not kinds.legal_answers()
    assert {answer.reason.key for answer in kinds.answers if answer.reason} \
        == {"tikal.error.no_treasure_hex"}
    refused = type_refusal(state, "take_treasure")
    assert refused is not None and refused.key == "tikal.error.no_treasure_hex"


def test_a_lean_game_never_takes_more_tokens_than_were_laid() -> None:
    """A treasure hex with two masks holds two tokens: a third treasure is refused until
    another treasure hex is laid; an exchange changes nothing in the count."""
    state = play(_lean(), treasure(2), _take(1), END, jungle(), _take(2))
    assert _refused(state, _take(3)) == "tikal.error.treasures_all_taken"
    swapped = play(state, {"type": "exchange", "with": 0, "give": 2, "take": 1})
    assert _refused(swapped, _take(3)) == "tikal.error.treasures_all_taken"
    more = play(state, END, treasure(3), _take(3), _take(4), _take(5))
    assert sum(sum(p.treasures) for p in more.players) == 5
    assert _refused(more, _take(6)) == "tikal.error.treasures_all_taken"


def test_an_old_lean_record_with_an_early_treasure_still_replays() -> None:
    """A version 2 lean game that took a treasure before any treasure hex was laid is
    marked by the upgrade, so it replays as it was played."""
    base = start(2, tracking="lean")
    setup = {"variant": "basic", "tracking": "lean", "data_version": 2,
             "players": [{"name": p.name, "colour": p.colour} for p in base.players],
             "stages": dict(zip("ABCDEFG", base.stage_sizes, strict=True))}
    actions = [jungle(), _take(1), END, treasure(2), END]
    today, moved = current(GAME, setup, actions)
    assert today["legacy_checks"] is True
    state = GAME.new_state(today)
    for action in moved:
        state = GAME.apply(state, action)
    assert state.players[0].treasures[0] == 1


def test_the_new_reasons_read_in_every_language() -> None:
    """Each new refusal has its own words in en, pl, fr and es."""
    for key in NEW_REASONS:
        words = {translate(key, language) for language in LANGUAGES}
        assert key not in words and len(words) == len(LANGUAGES), (key, words)


@examples("some")
@given(players=st.integers(min_value=2, max_value=4), steps=st.integers(0, 60),
       data=st.data())
def test_legal_lean_play_takes_only_laid_tokens(players: int, steps: int,
                                                data: st.DataObject) -> None:
    """Over random lean play through the questions, no legal answer is refused and the
    treasures held never exceed the tokens laid on treasure hexes."""
    state = _lean(players)
    for _ in range(steps):
        if GAME.is_finished(state):
            break
        state = random_step(state, data)
        held = sum(sum(p.treasures) for p in state.players)
        assert held <= TOTAL_TOKENS - state.tokens_left


def test_a_score_that_does_not_change_moves_no_cube() -> None:
    """Rulebook, scoring: the player marks the points gained by moving the cube; with no
    points there is nothing to move, so no "0 spaces" instruction is given."""
    state = play(start(2), VOLCANO, END)
    assert state.history[-1].points == 0
    assert not [note for note in state.instructions if note.key in CUBE_KEYS]
    for language in LANGUAGES:
        assert not any(" 0 " in translate(note, language) for note in state.instructions)
    assert GAME.state_to_json(state)["players"][0]["track"]["instruction"] is None
