"""The published box, the board's places, the guard's piece, scores by hex and old records."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.messages import IllegalActionError
from companion.core.upgrade import current
from companion.games.tikal import GAME
from companion.games.tikal.constants import DEFAULT_STAGE_SIZES, FORMER_STAGE_SIZES, STAGES
from companion.games.tikal.state import LEADER_OUT, TikalState
from companion.games.tikal.tiles import box_tiles, letter_sizes, printed_fields

from .support import END, VOLCANO, bring, jungle, play, setup, start, temple, treasure

BASE = 0


def box_game(players: int = 3, **extra: Any) -> TikalState:
    """A game played with the published box (no letter split of its own)."""
    return start(players, stages=None, **extra)


def test_default_split_is_the_published_box() -> None:
    """Rulebook, set-up: "na wierzchu stosu byly plytki z literami A, pod nimi plytki z
    literami B i tak dalej az do litery G" — the box's tiles are A6 B6 C5 D5 E5 F5 G4."""
    assert dict(DEFAULT_STAGE_SIZES) == letter_sizes()
    assert [DEFAULT_STAGE_SIZES[letter] for letter in STAGES] == [6, 6, 5, 5, 5, 5, 4]
    state = box_game()
    assert state.stage_sizes == (6, 6, 5, 5, 5, 5, 4)
    kinds = [tile.kind for tile in box_tiles()]
    assert (kinds.count("temple"), kinds.count("jungle"), kinds.count("treasure"),
            kinds.count("volcano")) == (15, 10, 8, 3)


def test_a_letter_only_gives_the_tiles_it_holds() -> None:
    """Rulebook, set-up: the hexes are sorted by the letters on their backs, A on top.
    Letter A holds no volcano and no temple 5, so neither can be the first draw."""
    state = box_game()
    for wrong in (VOLCANO, temple(5), treasure(2)):
        with pytest.raises(IllegalActionError) as refused:
            GAME.apply(state, wrong)
        assert refused.value.key == "tikal.error.not_in_letter"
    drawn = play(state, temple(1))
    assert drawn.hexes[-1].value == 1


def test_the_stack_moves_to_letter_b_after_six_draws() -> None:
    """Rulebook, set-up: letter B lies under letter A; B holds the first volcano."""
    state = box_game()
    for tile in (temple(1), temple(2), temple(2), treasure(4), treasure(4), jungle()):
        state = play(state, tile, END)
    after = play(state, VOLCANO)
    assert after.scoring is not None and after.scoring_rounds == 1


def test_an_own_split_keeps_every_kind_free() -> None:
    """The set-up may still count its own letters; then any kind may come at any time."""
    state = start(3, stages=dict(FORMER_STAGE_SIZES))
    assert state.box is None
    assert play(state, VOLCANO).scoring is not None


def test_printed_fields_lie_where_the_board_shows_them() -> None:
    """Rulebook, set-up: four of the 40 fields are already uncovered — the base camp, two
    temple fields and one jungle."""
    state = box_game()
    kinds = [(hx.kind, hx.at) for hx in state.hexes]
    places = [field.at for field in printed_fields()]
    assert [kind for kind, _ in kinds] == ["base", "temple", "temple", "jungle"]
    assert [at for _, at in kinds] == places
    assert places[0] == (0, 0)


def test_a_new_hex_must_touch_a_laid_one() -> None:
    """Rulebook, laying hexes: "Kazda plytka ukladana na planszy musi przylegac do co
    najmniej jednej juz lezacej na planszy"."""
    state = box_game()
    with pytest.raises(IllegalActionError) as alone:
        GAME.apply(state, {**temple(1), "at": [5, 5]})
    assert alone.value.key == "tikal.error.spot_alone"
    with pytest.raises(IllegalActionError) as taken:
        GAME.apply(state, {**temple(1), "at": [0, -1]})
    assert taken.value.key == "tikal.error.spot_taken"
    laid = play(state, {**temple(1), "at": [-1, 0]})
    assert laid.hexes[-1].at == (-1, 0)
    assert play(laid, END, {**jungle(), "at": [-2, 0]}).hexes[-1].at == (-2, 0)


def guard_scene(**guard: Any) -> TikalState:
    """Ada brings her leader and two workers to printed temple 1 and guards it."""
    state = play(start(2), jungle(), bring(piece="leader"), bring(), bring())
    for piece in ("leader", "worker", "worker"):
        state = play(state, {"type": "move", "piece": piece, "from": BASE, "to": 1, "stones": 1})
    state = play(state, END, jungle(), END, jungle())
    return play(state, {"type": "place_guard", "hex": 1, **guard})


def test_the_player_may_make_the_leader_the_guard() -> None:
    """Rulebook, temple guard: the player "moze mianowac swoj pionek, znajdujacy sie na
    plytce swiatyni, straznikiem" and puts all other own pieces there into the box."""
    state = guard_scene(piece="leader")
    ada = state.players[0]
    assert state.hexes[1].guard == 0
    assert ada.worker_guards == 0 and ada.boxed == 2 and ada.leader == LEADER_OUT


def test_the_player_may_make_a_worker_the_guard() -> None:
    """Rulebook, temple guard: any own piece on the temple may become its guard; the
    leader then goes into the box with the other pieces."""
    state = guard_scene(piece="worker")
    ada = state.players[0]
    assert ada.worker_guards == 1 and ada.boxed == 1 and ada.leader == LEADER_OUT


def test_the_guard_must_stand_on_the_temple() -> None:
    """Rulebook, temple guard: the guard is a piece standing on that temple."""
    state = play(start(2), jungle(), bring(), bring(),
                 {"type": "move", "from": BASE, "to": 1, "stones": 1, "count": 2})
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(state, {"type": "place_guard", "hex": 1, "piece": "leader"})
    assert refused.value.key == "tikal.error.no_leader_there"


def scoring_turn(**extra: Any) -> TikalState:
    """Ada's scoring turn after a volcano, in a three-player game."""
    return play(start(3, **extra), jungle(), END, VOLCANO, END, END)


def test_a_typed_score_cannot_claim_a_missing_temple() -> None:
    """Rulebook, scoring: points for "kazda swiatynie, na ktorej umiescil straznika albo
    zdobyl przewage" — only temples on the board.  The board holds two temples of value 1;
    a claim of three temples of value 10 names hexes that are no temples."""
    state = scoring_turn()
    claim = [{"hex": hex_id, "controller": 0} for hex_id in (3, 4, 5)]
    with pytest.raises(IllegalActionError):
        GAME.apply(state, {"type": "score", "temples": claim})
    with pytest.raises(IllegalActionError) as twice:
        GAME.apply(state, {"type": "score", "temples": [{"hex": 1, "controller": 0}] * 2})
    assert twice.value.key == "tikal.error.temple_twice"
    scored = play(state, {"type": "score", "temples": [{"hex": 1, "controller": 0},
                                                        {"hex": 2, "controller": 0}]})
    assert scored.history[-1].temples == (1, 1)


def test_bring_and_move_several_pieces_in_one_entry() -> None:
    """Rulebook, bringing pieces: "W jednym ruchu mozna wprowadzic do gry dowolna liczbe
    pionkow" at 1 point each; moving: each piece pays one point per stone crossed."""
    state = play(start(2), jungle(), {"type": "bring", "to": BASE, "count": 4})
    assert state.workers[BASE][0] == 4 and state.turn.spent == 4
    state = play(state, {"type": "move", "from": BASE, "to": 1, "stones": 2, "count": 3})
    assert state.workers[1][0] == 3 and state.turn.spent == 10
    with pytest.raises(IllegalActionError):
        GAME.apply(play(start(2), jungle()),
                   {"type": "bring", "to": BASE, "count": 2, "piece": "leader"})


def old_record() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A version 1 journal: no letter split named, and a typed score naming values only."""
    actions: list[dict[str, Any]] = [
        VOLCANO,  # the former split let a volcano come first
        {"type": "bring", "piece": "worker", "to": 0},
        {"type": "move", "piece": "worker", "from": 0, "to": 1, "stones": 1},
        {"type": "score", "temples": [{"value": 1, "controller": 0},
                                      {"value": 1, "controller": None}]},
        END, END, END,
    ]
    plain = setup(3)
    del plain["stages"]
    return plain, actions


def test_old_records_upgrade_and_replay_to_the_same_end() -> None:
    """Records of data version 1 keep their split and their typed scores name hexes."""
    plain, actions = old_record()
    new_setup, new_actions = current(GAME, plain, actions)
    assert new_setup["stages"] == dict(FORMER_STAGE_SIZES)
    assert new_actions[3]["temples"] == [{"hex": 1, "controller": 0},
                                         {"hex": 2, "controller": None}]
    state = GAME.new_state(new_setup)
    for action in new_actions:
        state = GAME.apply(state, action)
    assert state.history[0].temples == (1,) and state.players[0].score == 1
    again = current(GAME, {**new_setup, "data_version": 2}, new_actions)
    assert again == (new_setup, new_actions)
