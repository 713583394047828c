"""A step of a later phase closes the finished phases before it, as *Next phase* would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.rules import IMPLIED_PHASES
from companion.games.fuji.state import Phase, State
from tests.fuzzing import examples

from .helpers import dice, play, three_players
from .test_properties import SETUPS

ADVANCE = {"type": "advance"}


def planned(state: State) -> State:
    """Every marker on the next card, from the start of a round."""
    state = play(state, ADVANCE)
    for seat in range(3):
        state = play(state, {"type": "set_destination", "player": seat, "cell": [0, 3 + seat]})
    return state


def test_a_marker_placed_after_the_roll_starts_the_planning() -> None:
    """"2. Planning ... place destination markers" (rules digest, phase 2): nothing is
    entered for phase 1, so the first marker placed is the sign that the dice are rolled."""
    start = GAME.new_state(three_players())
    marker = {"type": "set_destination", "player": 0, "cell": [0, 3]}
    direct = GAME.apply(start, marker)
    assert direct.phase is Phase.PLANNING
    assert direct == play(start, ADVANCE, marker)


def test_a_reroll_count_is_refused_while_a_marker_is_missing() -> None:
    """"Markers can move freely until phase 3 starts": phase 3 cannot start while a
    player has no marker, so a reroll count is still refused with the phase's reason."""
    state = play(GAME.new_state(three_players()), ADVANCE,
                 {"type": "set_destination", "player": 0, "cell": [0, 3]})
    with pytest.raises(IllegalActionError) as refusal:
        GAME.apply(state, {"type": "rerolls_done", "player": 0})
    assert refusal.value.message.key == "fuji.error.wrong_phase"


def test_a_reroll_count_after_the_last_marker_starts_the_rerolls() -> None:
    """"3. Rerolls — simultaneous, silent": once every marker is down, the first player
    telling their rerolls closes the planning."""
    state = planned(GAME.new_state(three_players()))
    done = {"type": "rerolls_done", "player": 0, "used": 1}
    assert GAME.apply(state, done) == play(state, ADVANCE, done)
    assert GAME.apply(state, done).phase is Phase.REROLLS


def test_the_first_die_entered_takes_the_screens_off() -> None:
    """"5. Movement + stamina — screens come off": entering a die once the rerolls are
    over closes phases 3 and 4."""
    state = planned(GAME.new_state(three_players()))
    for seat in range(3):
        state = play(state, {"type": "rerolls_done", "player": seat})
    die = {"type": "enter_die", "player": 0, "die": dice("Y5")[0]}
    assert GAME.apply(state, die) == play(state, ADVANCE, ADVANCE, die)
    assert GAME.apply(state, die).phase is Phase.MOVEMENT


def test_phase_5_is_never_closed_by_a_later_step() -> None:
    """"6. Eruption" follows phase 5 with its own step, so the table sees what flips
    before anyone places a marker for the next round."""
    state = planned(GAME.new_state(three_players()))
    for seat in range(3):
        state = play(state, {"type": "rerolls_done", "player": seat})
    state = play(state, ADVANCE, ADVANCE)
    assert state.phase is Phase.MOVEMENT
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "set_destination", "player": 0, "cell": [0, 3]})


def test_a_marker_after_the_eruption_opens_the_next_round() -> None:
    """Round after round: the eruption's phase and the next roll close themselves when the
    first marker of the next round is placed."""
    state = GAME.new_state(three_players())
    state = planned(state)
    for seat in range(3):
        state = play(state, {"type": "rerolls_done", "player": seat})
    state = play(state, ADVANCE, ADVANCE, {"type": "set_movement_values", "values": {
        str(holder): {str(active): (20 if holder == active else 1) for active in range(3)}
        for holder in range(3)}})
    for seat in range(3):
        state = play(state, {"type": "resolve", "player": seat})
    state = play(state, ADVANCE)
    assert state.phase is Phase.ERUPTION and state.outcome is None
    seat = next(p.seat for p in state.players)
    cell = [state.players[seat].position[0], state.players[seat].position[1]]
    marker = {"type": "set_destination", "player": seat, "cell": cell}
    assert GAME.apply(state, marker) == play(state, ADVANCE, ADVANCE, marker)
    assert GAME.apply(state, marker).round == state.round + 1


@examples("some")
@given(st.sampled_from(range(len(SETUPS))), st.data())
def test_an_implied_step_equals_next_phase_then_the_step(setup_index: int,
                                                         data: st.DataObject) -> None:
    """Over random playouts: whenever *Next phase* then a step are both accepted, the
    step alone (where the rules imply the phase) gives the very same state."""
    state = GAME.new_state(SETUPS[setup_index])
    for _ in range(data.draw(st.integers(0, 80))):
        choices = list(GAME.legal_actions(state))
        if not choices or state.outcome is not None:
            break
        state = GAME.apply(state, data.draw(st.sampled_from(choices)))
    try:
        advanced = GAME.apply(state, ADVANCE)
    except IllegalActionError:
        return
    following: list[Mapping[str, Any]] = [
        action for action in GAME.legal_actions(advanced)
        if action.get("type") in IMPLIED_PHASES]
    for action in following[:5]:
        if state.phase is Phase.MOVEMENT:
            with pytest.raises(IllegalActionError):
                GAME.apply(state, action)
        else:
            assert GAME.apply(state, action) == GAME.apply(advanced, action)


def test_only_a_reroll_count_the_rules_use_is_asked() -> None:
    """"3. Rerolls — simultaneous, silent ... unused rerolls may be skipped" and
    "Gatherer: each reroll it was entitled to and skipped earns an energy bar": the count
    is needed of a Gatherer (and a Scout, a Buddy), not of a Tinkerer, whose count changes
    nothing; an old record telling it anyway still replays, unchanged."""
    state = planned(GAME.new_state(three_players()))
    rerolls = play(state, ADVANCE)
    claire, jonathan = rerolls.players[0], rerolls.players[1]
    assert claire.skill.value == "tinkerer" and claire.rerolls_done
    assert jonathan.skill.value == "gatherer" and not jonathan.rerolls_done
    told = {"type": "rerolls_done", "player": 0, "used": 1}
    assert GAME.apply(rerolls, told) == rerolls
    with pytest.raises(IllegalActionError):
        GAME.apply(rerolls, {"type": "rerolls_done", "player": 0, "used": 9})
