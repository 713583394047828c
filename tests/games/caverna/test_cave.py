"""The cave board: digging, access, walls, furnishing patterns, colours, the extra cavern."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.messages import IllegalActionError
from companion.games.caverna.cave import (
    EMPTY,
    FURNISHED,
    HIDDEN,
    Space,
    diggable,
    parse_layout,
    walled_sides,
)
from companion.games.caverna.rooms import WallPattern
from companion.games.caverna.state import CavernaState
from tests.games.caverna.helpers import (
    at_round,
    begin,
    duo,
    goods_of,
    play,
    unused_tile,
    with_goods,
    with_room,
)


def dig_action(*digs: tuple[list[int], str]) -> dict[str, object]:
    return {"type": "excavate", "digs": [{"space": space, "room": room} for space, room in digs]}


def test_only_spaces_next_to_the_open_cave_can_be_dug() -> None:
    """Rulebook: a room is reachable from the Entrance "without passing through walls or
    face-down rooms". On the printed board four face-down rooms touch the open cave."""
    cave = duo().players[0].cave
    assert diggable(cave) == {(1, 0), (2, 1), (3, 1), (4, 0)}


def test_the_default_board_is_the_printed_one() -> None:
    """The printed board: two columns of four spaces over a bottom row of three, nine
    face-down rooms, +1 food under two of them, the empty cavern above the entrance."""
    cave = duo().players[0].cave
    assert sum(1 for _ in cave.positions()) == 11
    assert cave.count(HIDDEN) == 9
    assert cave.at((2, 0)) == Space(EMPTY)
    assert cave.at((3, 0)) == Space(FURNISHED, "entrance")
    food = {pos for pos in cave.positions() if (space := cave.at(pos)) and space.food_bonus}
    assert food == {(1, 1), (3, 1)}
    assert cave.at((0, 2)) is None and cave.at((4, 2)) is not None


def test_a_wall_blocks_digging_unless_the_tile_digs_through_it() -> None:
    cave = parse_layout(["DD", ".D", "E#"])
    walled = replace(cave, walls=frozenset({((0, 0), (1, 0))}))
    assert (0, 0) in diggable(cave)
    assert (0, 0) not in diggable(walled)
    assert (0, 0) in diggable(walled, through_wall=True)


def test_face_down_rooms_block_the_way() -> None:
    cave = parse_layout(["DDD", ".#D", "E##"])
    assert diggable(cave) == {(0, 0)}


def test_digging_moves_the_room_to_the_display() -> None:
    state = begin(duo(), "excavation")
    after = play(state, dig_action(([1, 0], "gold_vein")))
    assert after.display[-1] == "gold_vein"
    assert after.players[0].cave.at((1, 0)) == Space(EMPTY)
    assert goods_of(after)["food"] == goods_of(state)["food"]


def test_a_food_space_gives_one_food() -> None:
    state = begin(with_goods(duo(), 0, food=2), "excavation")
    state = play(state, dig_action(([2, 1], "gold_vein"), ([1, 1], "stall")))
    assert state.players[0].cave.at((1, 1)) == Space(EMPTY, food_bonus=True)
    assert goods_of(state)["food"] == 1
    assert "caverna.notice.food_bonus" in [notice.key for notice in state.notices]


def test_two_digs_cost_two_food_and_the_second_may_open_from_the_first() -> None:
    state = begin(with_goods(duo(), 0, food=2), "excavation")
    after = play(state, dig_action(([1, 0], "gold_vein"), ([0, 0], "stall")))
    assert goods_of(after)["food"] == 0
    assert after.players[0].cave.count(HIDDEN) == 7


def test_an_unreachable_room_cannot_be_dug() -> None:
    state = begin(duo(), "excavation")
    with pytest.raises(IllegalActionError) as refused:
        play(state, dig_action(([4, 2], "gold_vein")))
    assert refused.value.key == "caverna.error.not_accessible"


@pytest.mark.parametrize(
    ("room", "key"),
    [("shelf", "caverna.error.room_not_face_down"), ("nonsense", "caverna.error.unknown_room")],
)
def test_the_room_found_must_be_a_face_down_room(room: str, key: str) -> None:
    state = begin(duo(), "excavation")
    with pytest.raises(IllegalActionError) as refused:
        play(state, dig_action(([1, 0], room)))
    assert refused.value.key == key


def test_a_room_comes_up_only_once() -> None:
    state = play(
        begin(duo(), "excavation"), dig_action(([1, 0], "gold_vein")), {"type": "end_turn"}
    )
    state = play(state, {"type": "take_tile", "tile": "cultivation"}, {"type": "end_turn"})
    state = play(state, {"type": "take_tile", "tile": "undergrowth"}, {"type": "end_turn"})
    state = play(state, {"type": "take_tile", "tile": "housework"}, {"type": "end_turn"})
    state = play(state, {"type": "reveal", "tile": "undermining"})
    state = play(state, {"type": "take_tile", "tile": "excavation"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, dig_action(([1, 0], "gold_vein")))
    assert refused.value.key == "caverna.error.room_already_seen"


@pytest.mark.parametrize(
    ("pattern", "sides", "fits"),
    [
        (WallPattern(2, 2, "opposite"), {"n", "s"}, True),
        (WallPattern(2, 2, "opposite"), {"n", "e"}, False),
        (WallPattern(2, 2, "adjacent"), {"w", "s"}, True),
        (WallPattern(2, 2, "adjacent"), {"e", "w"}, False),
        (WallPattern(1, 3, "adjacent"), {"e"}, True),
        (WallPattern(1, 3, "adjacent"), {"e", "s", "w"}, True),
        (WallPattern(1, 3, "adjacent"), set(), False),
        (WallPattern(3, 4, "any"), {"n", "e", "s", "w"}, True),
        (WallPattern(4, 4, "any"), {"n", "e", "s"}, False),
    ],
)
def test_wall_patterns_allow_any_rotation(
    pattern: WallPattern, sides: set[str], fits: bool
) -> None:
    assert pattern.fits(frozenset(sides)) is fits


def test_outer_rock_counts_as_walls_and_rooms_never_do() -> None:
    cave = duo().players[0].cave
    assert walled_sides(cave, (2, 0)) == {"w"}
    assert walled_sides(cave, (3, 0)) == {"w"}
    assert walled_sides(cave, (4, 2)) == {"n", "e", "s"}
    furnished = cave.with_space((1, 0), Space(FURNISHED, "shelf"))
    assert walled_sides(furnished, (2, 0)) == {"w"}


def furnish_ready(state: CavernaState, **goods: int) -> CavernaState:
    """Ada holds Renovation in round 8 (furnishing without a fee)."""
    state = with_goods(at_round(state, 8), 0, gold=9, **goods)
    return play(state, {"type": "take_tile", "tile": "renovation"})


def test_furnishing_pays_the_room_cost_and_takes_it_from_the_display() -> None:
    state = furnish_ready(duo(), stone=3)
    after = play(state, {"type": "furnish", "room": "grindstone", "space": [2, 0]})
    assert goods_of(after)["stone"] == 2
    assert "grindstone" not in after.display
    assert after.players[0].cave.at((2, 0)) == Space(FURNISHED, "grindstone")


def test_furnishing_needs_matching_walls() -> None:
    state = furnish_ready(duo())
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "furnish", "room": "parlor", "space": [2, 0]})
    assert refused.value.key == "caverna.error.walls_do_not_fit"


def test_a_built_wall_makes_a_room_fit() -> None:
    state = furnish_ready(duo())
    state = play(state, {"type": "build_wall", "between": [[1, 0], [2, 0]]})
    after = play(state, {"type": "furnish", "room": "food_corner", "space": [2, 0]})
    assert "food_corner" in after.players[0].cave.rooms()


def test_the_first_furnished_room_must_be_orange() -> None:
    state = replace(furnish_ready(duo(), wood=3), display=("equipment_room", "shelf"))
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "furnish", "room": "equipment_room", "space": [2, 0]})
    assert refused.value.key == "caverna.error.too_many_blue"


def test_blue_may_follow_once_orange_leads() -> None:
    state = with_room(duo(), 0, (0, 0), "shelf")
    state = replace(furnish_ready(state, wood=3), display=("equipment_room", "wood_storeroom"))
    after = play(state, {"type": "furnish", "room": "equipment_room", "space": [2, 0]})
    assert "equipment_room" in after.players[0].cave.rooms()


def test_a_furnished_space_cannot_take_another_room() -> None:
    state = furnish_ready(with_room(duo(), 0, (2, 0), "shelf"))
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "furnish", "room": "spinning_wheel", "space": [2, 0]})
    assert refused.value.key == "caverna.error.space_not_empty"


def test_seven_walls_are_shared_by_both_players() -> None:
    state = with_goods(replace(duo(), wall_supply=1), 1, gold=5)
    state = play(at_round(state, 8), {"type": "take_tile", "tile": "masonry"})
    state = play(state, {"type": "build_wall", "between": [[1, 0], [2, 0]]}, {"type": "end_turn"})
    assert state.wall_supply == 0
    state = play(state, {"type": "take_tile", "tile": "renovation"})
    with pytest.raises(IllegalActionError) as refused:
        play(state, {"type": "build_wall", "between": [[1, 0], [2, 0]]})
    assert refused.value.key == "caverna.error.no_walls_left"


def test_walls_only_between_neighbouring_spaces_of_the_cave() -> None:
    state = play(at_round(duo(), 8), {"type": "take_tile", "tile": "masonry"})
    for between, key in [
        ([[0, 0], [2, 0]], "caverna.error.not_neighbours"),
        ([[3, 1], [3, 2]], "caverna.error.not_a_cave_border"),
    ]:
        with pytest.raises(IllegalActionError) as refused:
            play(state, {"type": "build_wall", "between": between})
        assert refused.value.key == key


def full_cave_but_one(state: CavernaState) -> CavernaState:
    """Ada's cave filled with rooms except the empty space (2, 0)."""
    rooms = iter(
        [
            "gold_vein",
            "stall",
            "storeroom",
            "warehouse",
            "treasury",
            "bakehouse",
            "state_room",
            "digging_cave",
            "weaving_room",
        ]
    )
    for pos in list(state.players[0].cave.positions()):
        space = state.players[0].cave.at(pos)
        if space is not None and space.state == HIDDEN:
            state = with_room(state, 0, pos, next(rooms))
    return state


def test_the_first_full_cave_earns_the_extra_cavern() -> None:
    state = furnish_ready(full_cave_but_one(duo()))
    after = play(state, {"type": "furnish", "room": "shelf", "space": [2, 0]})
    assert after.extra_cavern_owner == 0
    assert after.players[0].cave.extra is not None
    assert after.notices[-1].key == "caverna.notice.extra_cavern"
    after = unused_tile(after)
    with pytest.raises(IllegalActionError) as refused:
        play(after, {"type": "furnish", "room": "tunnel", "space": "extra"})
    assert refused.value.key == "caverna.error.extra_not_placed"


def test_the_extra_cavern_is_furnished_like_a_cave_space() -> None:
    state = furnish_ready(full_cave_but_one(duo()), wood=3)
    state = play(
        state,
        {"type": "furnish", "room": "shelf", "space": [2, 0]},
        {"type": "place_extra_cavern", "walls": ["n", "s"]},
    )
    after = play(state, {"type": "build_wall", "side": "e"})
    assert after.wall_supply == 6
    state = unused_tile(state)
    after = play(state, {"type": "furnish", "room": "tunnel", "space": "extra"})
    assert "tunnel" in after.players[0].cave.rooms()


def test_a_refused_dig_names_its_space_as_the_question_does() -> None:
    """Rows and columns are counted from 1 everywhere a person reads them: the refusal of
    a dig names the same row and column as the question that offered the space."""
    from companion.core.i18n import translate
    from companion.core.questions import Question
    from companion.games.caverna.questions import ask

    state = begin(duo(), "excavation")
    question = ask(state, {"type": "excavate", "count": 1})
    assert isinstance(question, Question)
    labels = {tuple(a.value): translate(a.label, "en") for a in question.answers}
    with pytest.raises(IllegalActionError) as unreachable:
        play(state, dig_action(([4, 2], "gold_vein")))
    assert unreachable.value.params == {"row": 5, "col": 3}
    assert labels[(4, 2)] == "Row 5, column 3"
    with pytest.raises(IllegalActionError) as not_hidden:
        play(state, dig_action(([3, 0], "gold_vein")))
    assert not_hidden.value.key == "caverna.error.not_face_down"
    assert (not_hidden.value.params["row"], not_hidden.value.params["col"]) == (4, 1)
