"""A turn ends by itself only when nothing at all is left, conversions to food counted.

Rulebook (paraphrased): on a turn a player may use some or all of the tile's actions, in
any order, each once; and at any moment, as often as they like, they may turn emmer, flax
or gold into food, one for one (never back).  So an action short only of food that the
player's goods can make is still open: the app must neither end the turn nor call the
tile "nothing to do".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import product

from hypothesis import assume, given
from hypothesis import strategies as st

from companion.games.caverna import GAME
from companion.games.caverna.goods import FOOD_SOURCES, LIMITS
from companion.games.caverna.questions import (
    ENUMERATORS,
    OPEN_ANY_TIME,
    PHASE_TYPES,
    ends_turn_after,
    food_plan,
    nothing_left,
    refusal,
)
from companion.games.caverna.state import ACT, CHOOSE, FINISHED, CavernaState
from companion.ui.caverna.play import idle_tile
from tests.fuzzing import examples
from tests.games.caverna.helpers import begin, duo, play, solo, with_goods, with_room
from tests.games.caverna.test_properties import partway


def conversions(state: CavernaState) -> Iterator[CavernaState]:
    """Every state the active player reaches by turning goods into food (food never
    passes 9, so converting more than 9 − food goods can only lose goods)."""
    seat = state.active
    goods = state.players[seat].goods
    room = LIMITS["food"] - goods.food
    ranges = [range(goods.get(good) + 1) for good in FOOD_SOURCES]
    for counts in product(*ranges):
        if sum(counts) > room:
            continue
        after = state
        for good, count in zip(FOOD_SOURCES, counts, strict=True):
            if count:
                after = GAME.apply(after, {"type": "convert", "good": good, "count": count})
        yield after


def some_action_left(state: CavernaState) -> bool:
    """The oracle: whether any sequence of conversions makes any tile action legal
    (every candidate of every action type, and the rules' own sample of legal actions)."""
    for after in conversions(state):
        for kind in PHASE_TYPES[ACT]:
            if kind in OPEN_ANY_TIME:
                continue
            if any(refusal(after, c.action) is None for c in ENUMERATORS[kind](after)):
                return True
        if any(a["type"] not in OPEN_ANY_TIME for a in GAME.legal_actions(after)):
            return True
    return False


def furnishing_short_of_food() -> CavernaState:
    """Round 1, Furnishing taken, its +1 food taken: 1 food, 2 emmer, the Shelf (1 wood)
    fits the empty cavern, and the round's fee is 2 food."""
    state = begin(duo(), "furnishing")
    state = with_goods(state, 0, food=0, emmer=2, flax=0, gold=0, wood=1)
    return play(state, {"type": "gain", "good": "food"})


def test_furnishing_after_its_food_is_not_the_end_when_emmer_pays_the_fee() -> None:
    """The defect seen at the table: "+1 food" ended the turn though one emmer turned
    into food pays the round's 2-food fee for the Shelf."""
    state = furnishing_short_of_food()
    assert not nothing_left(state)
    plan = food_plan(state, lambda now: refusal(now, {
        "type": "furnish", "room": "shelf", "space": [2, 0], "fee": "round_food"}))
    assert plan is not None
    assert sum(int(step["count"]) for step in plan) == 1


def test_taking_the_food_does_not_end_the_turn_by_itself() -> None:
    state = begin(duo(), "furnishing")
    state = with_goods(state, 0, food=0, emmer=2, flax=0, gold=0, wood=1)
    assert not ends_turn_after(state, {"type": "gain", "good": "food"})


def test_a_tile_is_not_idle_when_conversions_open_its_furnishing() -> None:
    """Housework (furnish for the round's food) at 0 food with 3 emmer is worth taking."""
    state = with_goods(duo(), 0, food=0, emmer=3, flax=0, gold=0, wood=1)
    state = begin(state, "furnishing")
    state = play(state, {"type": "end_turn"})
    state = with_goods(state, 1, food=0, emmer=3, flax=0, gold=0, wood=1)
    assert state.phase == CHOOSE
    assert not idle_tile(state, "housework")


def test_a_tile_is_idle_when_even_all_goods_as_food_pay_nothing() -> None:
    state = with_goods(duo(), 0, food=0, emmer=1, flax=0, gold=0, wood=1)
    state = begin(state, "furnishing")
    state = play(state, {"type": "end_turn"})
    state = with_goods(state, 1, food=0, emmer=1, flax=0, gold=0, wood=1)
    assert idle_tile(state, "housework")


def test_prospecting_at_no_food_is_still_open_with_gold() -> None:
    """Prospecting site: when you take Undergrowth you may pay 1 food for 1 gold; at 0
    food one gold turned into food pays it."""
    state = with_room(solo(), 0, (1, 1), "prospecting_site")
    state = begin(state, "undergrowth")
    state = with_goods(state, 0, food=0, emmer=0, flax=0, gold=1)
    state = play(state, {"type": "gain", "good": "wood"})
    prospect = {"type": "prospect"}
    assert refusal(state, prospect) is not None
    assert food_plan(state, lambda now: refusal(now, prospect)) == [
        {"type": "convert", "player": 0, "good": "gold", "count": 1}]


def test_a_plan_converts_only_the_shortfall() -> None:
    """Food never goes past 9 and conversions never go back, so a plan makes exactly the
    food missing: the Grindstone (1 stone) at 0 food with the round's 2-food fee."""
    state = begin(duo(), "housework")
    state = with_goods(state, 0, food=0, emmer=1, flax=0, gold=5, stone=1)
    furnish = {"type": "furnish", "room": "grindstone", "space": [2, 0], "fee": "round_food"}
    plan = food_plan(state, lambda now: refusal(now, furnish))
    assert plan is not None
    assert sum(int(step["count"]) for step in plan) == 2


def reach(data: st.DataObject, state: CavernaState, phase: str) -> CavernaState:
    """Play on from ``state`` to the next ``phase`` (choose: end turns; act: take a
    tile drawn from those accepted), or to the end of the game."""
    for _ in range(20):
        if state.phase in (phase, FINISHED):
            return state
        if state.phase == CHOOSE:
            tiles = [a for a in GAME.legal_actions(state) if a["type"] == "take_tile"]
            state = GAME.apply(state, data.draw(st.sampled_from(tiles), label="tile"))
        elif state.phase == ACT:
            state = GAME.apply(state, {"type": "end_turn"})
        else:
            state = GAME.apply(state, {"type": "reveal" if state.phase == "reveal"
                                       else "draw_pile"})
    return state


LOW_GOODS = st.fixed_dictionaries({
    "food": st.integers(0, 2), "emmer": st.integers(0, 3), "flax": st.integers(0, 3),
    "gold": st.integers(0, 4)})


@examples("few")
@given(data=st.data(), goods=LOW_GOODS)
def test_the_app_ends_a_turn_only_when_nothing_at_all_is_left(
        data: st.DataObject, goods: Mapping[str, int]) -> None:
    """Over random games (the goods pushed low, where conversions matter): whenever
    ``nothing_left`` says the turn may end, no conversions open any action."""
    state = reach(data, partway(data), ACT)
    assume(state.phase == ACT)
    state = with_goods(state, state.active, **goods)
    if nothing_left(state):
        assert not some_action_left(state)


@examples("few")
@given(data=st.data(), goods=LOW_GOODS)
def test_a_tile_is_labelled_idle_only_when_nothing_at_all_is_left(
        data: st.DataObject, goods: Mapping[str, int]) -> None:
    """Over random games: a tile the screen calls "(nothing to do)" leaves no sequence
    of conversions and actions once taken."""
    state = reach(data, partway(data), CHOOSE)
    assume(state.phase == CHOOSE)
    state = with_goods(state, state.active, **goods)
    for tile in (*state.revealed_tiles,):
        if refusal(state, {"type": "take_tile", "tile": tile}) is not None:
            continue
        if idle_tile(state, tile):
            taken = GAME.apply(state, {"type": "take_tile", "tile": tile})
            assert not some_action_left(taken), tile
