"""The worked examples and rule statements of the rulebook, as tests."""

from __future__ import annotations

import pytest

from companion.core.messages import IllegalActionError, SetupError
from companion.games.caverna import GAME
from companion.games.caverna.state import CavernaState
from tests.games.caverna.helpers import (
    DUO_SETUP,
    at_round,
    begin,
    duo,
    goods_of,
    play,
    with_goods,
    with_room,
)


def ready_with(room: str, **goods: int) -> CavernaState:
    """Ada has ``room`` next to the entrance and has taken Cultivation (one room)."""
    state = with_room(duo(), 0, (0, 0), room)
    state = with_goods(state, 0, **goods)
    return begin(state, "cultivation")


def test_bakehouse_two_emmer_gives_four_food_and_one_gold() -> None:
    state = ready_with("bakehouse", emmer=3, food=1, gold=1)
    after = play(state, {"type": "use_room", "room": "bakehouse", "choice": "two"})
    assert goods_of(after) == {**goods_of(state), "emmer": 1, "food": 5, "gold": 2}


def test_bakehouse_three_emmer_gives_four_food_and_two_gold() -> None:
    state = ready_with("bakehouse", emmer=3, food=1, gold=1)
    after = play(state, {"type": "use_room", "room": "bakehouse", "choice": "three"})
    assert goods_of(after) == {**goods_of(state), "emmer": 0, "food": 5, "gold": 3}


def test_bakehouse_needs_the_emmer() -> None:
    state = ready_with("bakehouse", emmer=2)
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "use_room", "room": "bakehouse", "choice": "three"})
    assert refused.value.key == "caverna.error.not_enough"


@pytest.mark.parametrize(("round_number", "food_paid"), [(1, 2), (3, 2), (4, 3), (7, 3), (8, 4)])
def test_furnishing_costs_food_equal_to_the_rounds_turns(round_number: int, food_paid: int) -> None:
    state = with_goods(at_round(duo(), round_number), 0, food=5, wood=1)
    state = play(state, {"type": "take_tile", "tile": "furnishing"})
    after = play(state, {"type": "furnish", "room": "shelf", "space": [2, 0]})
    assert goods_of(after)["food"] == 5 - food_paid
    assert goods_of(after)["wood"] == 0
    assert "shelf" in after.players[0].cave.rooms()


def test_furnishing_fee_is_not_paid_without_furnishing() -> None:
    state = with_goods(at_round(duo(), 8), 0, food=3, wood=1)
    state = play(state, {"type": "take_tile", "tile": "furnishing"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "furnish", "room": "shelf", "space": [2, 0]})
    assert refused.value.key == "caverna.error.not_enough"
    assert goods_of(state)["food"] == 3


def test_parlor_lifts_every_zero_to_one() -> None:
    state = ready_with("parlor", wood=0, stone=4, emmer=0, flax=0, food=2, gold=0)
    after = play(state, {"type": "use_room", "room": "parlor"})
    assert goods_of(after) == {
        "wood": 1,
        "stone": 4,
        "emmer": 1,
        "flax": 1,
        "food": 2,
        "gold": 1,
    }


@pytest.mark.parametrize("stone", [0, 1, 2])
def test_tunnel_gives_stone_below_three(stone: int) -> None:
    state = ready_with("tunnel", stone=stone, food=1)
    after = play(state, {"type": "use_room", "room": "tunnel", "choice": "both"})
    assert goods_of(after)["stone"] == stone + 1
    assert goods_of(after)["food"] == 3


@pytest.mark.parametrize("stone", [3, 4, 9])
def test_tunnel_gives_no_stone_from_three(stone: int) -> None:
    state = ready_with("tunnel", stone=stone, food=1)
    after = play(state, {"type": "use_room", "room": "tunnel", "choice": "both"})
    assert goods_of(after)["stone"] == stone
    assert goods_of(after)["food"] == 3
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "use_room", "room": "tunnel", "choice": "stone"})
    assert refused.value.key == "caverna.error.tunnel_stone"


def test_goods_over_the_limit_are_lost_with_a_notice() -> None:
    state = with_goods(begin(duo(), "cultivation"), 0, emmer=8)
    after = play(state, {"type": "gain", "good": "emmer"})
    assert goods_of(after)["emmer"] == 9
    notice = after.notices[0]
    assert notice.key == "caverna.notice.lost_to_limit"
    assert notice.params["count"] == 1
    assert notice.params["good"] == "@caverna.good.emmer"


def test_gold_limit_is_nineteen() -> None:
    state = ready_with("gold_vein", gold=18)
    after = play(state, {"type": "use_room", "room": "gold_vein"})
    assert goods_of(after)["gold"] == 19
    again = with_goods(state, 0, gold=19)
    assert goods_of(play(again, {"type": "use_room", "room": "gold_vein"}))["gold"] == 19


@pytest.mark.parametrize("good", ["emmer", "flax", "gold"])
def test_emmer_flax_and_gold_turn_into_food_any_time(good: str) -> None:
    state = with_goods(duo(), 1, **{good: 3, "food": 0})
    after = play(state, {"type": "convert", "player": 1, "good": good, "count": 2})
    assert goods_of(after, 1)[good] == 1
    assert goods_of(after, 1)["food"] == 2


@pytest.mark.parametrize("good", ["wood", "stone", "food"])
def test_other_goods_never_turn_into_food(good: str) -> None:
    with pytest.raises(IllegalActionError) as refused:
        play(duo(), {"type": "convert", "good": good})
    assert refused.value.key == "caverna.error.not_convertible"


def test_junction_room_by_the_printed_tile_takes_three_different_goods() -> None:
    """The printed tile marks the three goods with "≠": three goods of different kinds
    for 2 gold (the default reading)."""
    state = ready_with("junction_room", wood=3, stone=1, flax=1, gold=0)
    after = play(state, {"type": "use_room", "room": "junction_room",
                         "give": {"wood": 1, "stone": 1, "flax": 1}})
    assert (goods_of(after)["wood"], goods_of(after)["gold"]) == (2, 2)
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "use_room", "room": "junction_room", "give": {"wood": 3}})
    assert refused.value.key == "caverna.error.junction_different"


def test_junction_room_read_as_any_three_goods() -> None:
    """Rulebook: "Łącznik pozwala ci jednak wymienić trzy dowolne dobra na dwie sztuki
    złota" — the set-up reading ``any`` accepts three goods of one kind."""
    state = GAME.new_state({**DUO_SETUP, "tile_rules": {"junction_goods": "any"}})
    state = begin(with_goods(with_room(state, 0, (0, 0), "junction_room"), 0, wood=3,
                             gold=0), "cultivation")
    after = play(state, {"type": "use_room", "room": "junction_room", "give": {"wood": 3}})
    assert goods_of(after)["wood"] == 0
    assert goods_of(after)["gold"] == 2
    with pytest.raises(IllegalActionError):
        play(state, {"type": "use_room", "room": "junction_room", "give": {"wood": 2}})


def test_an_unknown_junction_reading_is_refused() -> None:
    with pytest.raises(SetupError):
        GAME.new_state({**DUO_SETUP, "tile_rules": {"junction_goods": "some"}})


def test_treasury_pays_only_from_three_gold() -> None:
    poor = ready_with("treasury", gold=2, food=0)
    with pytest.raises(IllegalActionError) as refused:
        play(poor, {"type": "use_room", "room": "treasury"})
    assert refused.value.key == "caverna.error.treasury_gold"
    rich = play(with_goods(poor, 0, gold=3), {"type": "use_room", "room": "treasury"})
    assert (goods_of(rich)["gold"], goods_of(rich)["food"]) == (4, 1)


def test_retting_room_adds_food_to_a_flax_gain() -> None:
    state = ready_with("retting_room", flax=0, food=0)
    after = play(state, {"type": "gain", "good": "flax"})
    assert (goods_of(after)["flax"], goods_of(after)["food"]) == (1, 1)
    assert [notice.key for notice in after.notices] == ["caverna.notice.retting"]


def test_wood_storeroom_adds_wood_to_a_one_room_action() -> None:
    state = with_room(ready_with("wood_storeroom", wood=0), 0, (0, 2), "shelf")
    after = play(state, {"type": "use_room", "room": "shelf", "choice": "stone"})
    assert goods_of(after)["wood"] == 1


def test_dungeon_gives_two_gold_per_wall() -> None:
    state = with_goods(at_round(with_room(duo(), 0, (0, 0), "dungeon"), 8), 0, gold=0)
    state = play(state, {"type": "take_tile", "tile": "masonry"})
    after = play(state, {"type": "build_wall", "between": [[1, 1], [2, 1]]})
    assert goods_of(after)["gold"] == 2
    assert after.wall_supply == 6


def _two_rooms_used(state: CavernaState) -> CavernaState:
    """Round 8, the first player on Undermining, having used the Gold vein and the State
    room (both furnished for the purpose)."""
    state = with_room(state, 0, (0, 1), "gold_vein")
    state = with_room(state, 0, (0, 2), "state_room")
    state = play(at_round(state, 8), {"type": "take_tile", "tile": "undermining"})
    return play(state, {"type": "use_room", "room": "gold_vein"},
                {"type": "use_room", "room": "state_room"})


def test_equipment_room_allows_one_more_room_with_a_two_room_action() -> None:
    state = with_room(duo(), 0, (0, 0), "equipment_room")
    state = with_room(state, 0, (1, 0), "shelf")
    state = play(_two_rooms_used(state), {"type": "use_room", "room": "entrance",
                                          "choice": "wood"})
    assert goods_of(state)["gold"] == 3
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "use_room", "room": "shelf", "choice": "wood"})
    assert refused.value.key == "caverna.error.part_used"


def test_two_room_action_without_equipment_room_stops_at_two() -> None:
    state = _two_rooms_used(duo())
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "use_room", "room": "entrance", "choice": "wood"})
    assert refused.value.key == "caverna.error.part_used"


def test_prospecting_site_buys_gold_on_undergrowth() -> None:
    state = with_room(duo(), 0, (0, 1), "prospecting_site")
    state = with_goods(begin(state, "undergrowth"), 0, food=2, gold=0)
    after = play(state, {"type": "prospect"})
    assert (goods_of(after)["food"], goods_of(after)["gold"]) == (1, 1)
    with pytest.raises(IllegalActionError) as refused:
        play(begin(duo(), "undergrowth"), {"type": "prospect"})
    assert refused.value.key == "caverna.error.needs_room"


def test_a_room_is_used_once_per_turn() -> None:
    state = with_room(duo(), 0, (0, 1), "gold_vein")
    state = play(at_round(state, 8), {"type": "take_tile", "tile": "expedition"})
    state = play(state, {"type": "use_room", "room": "gold_vein"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "use_room", "room": "gold_vein"})
    assert refused.value.key == "caverna.error.room_used"


def test_blue_rooms_are_not_used_by_room_actions() -> None:
    state = ready_with("dungeon")
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "use_room", "room": "dungeon"})
    assert refused.value.key == "caverna.error.room_is_blue"


def test_slash_options_exclude_each_other() -> None:
    state = play(at_round(duo(), 8), {"type": "take_tile", "tile": "masonry"})
    state = play(state, {"type": "gain", "good": "wood"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "gain", "good": "stone"})
    assert refused.value.key == "caverna.error.part_used"


def test_and_or_parts_may_all_be_used_in_any_order() -> None:
    state = with_goods(begin(duo(), "cultivation"), 0, emmer=0, flax=0, wood=0)
    after = play(
        state,
        {"type": "gain", "good": "flax"},
        {"type": "use_room", "room": "entrance", "choice": "wood"},
        {"type": "gain", "good": "emmer"},
    )
    assert (goods_of(after)["emmer"], goods_of(after)["flax"], goods_of(after)["wood"]) == (2, 1, 1)


def test_expedition_trades_five_wood_for_gold() -> None:
    state = with_goods(at_round(duo(), 8), 0, wood=6, gold=0)
    state = play(state, {"type": "take_tile", "tile": "expedition"})
    after = play(state, {"type": "trade", "give": "wood"})
    assert (goods_of(after)["wood"], goods_of(after)["gold"]) == (1, 4)
    with pytest.raises(IllegalActionError):
        play(after, {"type": "use_room", "room": "entrance", "choice": "wood"})


def test_breach_returns_a_wall_for_goods() -> None:
    state = at_round(duo(), 8)
    state = play(
        state,
        {"type": "take_tile", "tile": "masonry"},
        {"type": "build_wall", "between": [[1, 1], [2, 1]]},
        {"type": "end_turn"},
        {"type": "take_tile", "tile": "cultivation"},
        {"type": "end_turn"},
        {"type": "take_tile", "tile": "breach"},
    )
    state = with_goods(state, 0, stone=0, food=0, gold=0)
    after = play(state, {"type": "remove_wall", "between": [[2, 1], [1, 1]]})
    assert after.wall_supply == 7
    assert goods_of(after)["stone"] == 2 and goods_of(after)["food"] == 3
    assert goods_of(after)["gold"] == 1
    assert not after.players[0].cave.walls
