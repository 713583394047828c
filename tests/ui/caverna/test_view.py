"""What the Caverna screens read from a state: turn header, options, final count."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.core.record import load_record, replay
from companion.games.caverna import GAME
from companion.games.caverna.goods import LIMITS
from companion.games.caverna.queries import result_message
from companion.games.caverna.scoring import score
from companion.games.caverna.state import CavernaState
from companion.ui.caverna.demo import preview_session
from companion.ui.caverna.view import (
    closing_note,
    double_turn,
    option_label,
    score_lines,
    tile_chips,
    turn_parts,
    whose_turn,
)


def _final() -> CavernaState:
    state: CavernaState = preview_session("gameover").state
    return state


def _with_gold(state: CavernaState, seat: int, gold: int) -> CavernaState:
    player = state.players[seat]
    players = list(state.players)
    players[seat] = replace(player, goods=player.goods.with_amount("gold", gold))
    return replace(state, players=tuple(players))


def test_score_lines_add_rooms_and_gold_best_first() -> None:
    state = _final()
    lines = score_lines(state)
    assert [line.total for line in lines] == sorted((score(state, s) for s in (0, 1)),
                                                   reverse=True)
    for line in lines:
        assert line.rooms + line.gold == line.total


def test_a_tie_on_points_names_the_best_rooms() -> None:
    fixture = Path(__file__).resolve().parents[2] / "games/caverna/fixtures/v1-two-players.json"
    state: CavernaState = replay(load_record(fixture)).state
    rooms = [line.rooms for line in sorted(score_lines(state), key=lambda line: line.seat)]
    rich = 0 if rooms[0] >= rooms[1] else 1
    gold_for_tie = rooms[rich] - rooms[1 - rich]
    assert 0 <= gold_for_tie <= LIMITS["gold"]
    tied = _with_gold(_with_gold(state, rich, 0), 1 - rich, gold_for_tie)
    assert score(tied, 0) == score(tied, 1)
    note = closing_note(tied)
    assert note.key == "ui_caverna.over.tiebreak"
    assert note.params["first_best"] >= note.params["second_best"]
    assert closing_note(state).key == "ui_caverna.over.counted"


def test_the_solo_game_ends_with_the_goal_note() -> None:
    state: CavernaState = preview_session("solo").state
    assert closing_note(state).key == "ui_caverna.over.solo_goal"
    verdict = result_message(state)
    assert verdict is not None and verdict.key.startswith("caverna.solo.")


def test_the_new_start_player_plays_twice_in_a_row() -> None:
    state = GAME.new_state({"players": ["Ada", "Borys"]})
    for action in ({"type": "reveal", "tile": "furnishing"},
                   {"type": "take_tile", "tile": "furnishing"}, {"type": "end_turn"},
                   {"type": "take_tile", "tile": "housework"}, {"type": "end_turn"},
                   {"type": "take_tile", "tile": "cultivation"}, {"type": "end_turn"},
                   {"type": "take_tile", "tile": "undergrowth"}):
        state = GAME.apply(state, action)
        assert not double_turn(state)
    state = GAME.apply(state, {"type": "end_turn"})
    assert state.round == 2 and state.active == 1
    assert double_turn(state)
    assert whose_turn(state).key == "ui_caverna.turn.double"


def test_a_used_part_switches_off_all_its_alternatives() -> None:
    state = GAME.new_state({"players": ["Ada", "Borys"]})
    state = GAME.apply(state, {"type": "reveal", "tile": "masonry"})
    state = GAME.apply(state, {"type": "take_tile", "tile": "housework"})
    parts = turn_parts(state)
    assert [len(part) for part in parts] == [1, 2]
    state = GAME.apply(state, {"type": "furnish", "room": "shelf", "space": [2, 0],
                               "fee": "gold"})
    after = turn_parts(state)
    assert [spec.available for spec in after[1]] == [False, False]
    assert after[0][0].available
    labels = [option_label(state, spec.option).params for spec in after[1]]
    assert labels == [{"count": 5, "good": "@caverna.good.food",
                       "amount": "@caverna.count.food#5"},
                      {"count": 1, "good": "@caverna.good.gold",
                       "amount": "@caverna.count.gold#1"}]


def test_tile_chips_show_every_tile_once() -> None:
    state: CavernaState = preview_session("play").state
    chips = tile_chips(state)
    assert sorted(chip.tile for chip in chips) == sorted(state.config.tiles)
    taken = {chip.tile for chip in chips if chip.status == "taken"}
    assert taken == set(state.taken_tiles)


def test_rules_answers_are_worked_out_once_per_state_shown() -> None:
    """The play screen asks the rules which options can be done on every redraw; while
    the same state is shown the answer is kept, and a new state starts afresh."""
    from companion.ui.asked import asked

    calls: list[int] = []

    def doubled(state: object, number: int) -> int:
        calls.append(number)
        return 2 * number

    shown = object()
    assert asked(doubled, shown, 3) == 6 and asked(doubled, shown, 3) == 6
    assert calls == [3]
    assert asked(doubled, object(), 3) == 6
    assert calls == [3, 3]
