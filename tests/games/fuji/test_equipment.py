"""The fifteen Fuji equipment cards, played through the real rules engine."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES, parse_po, translate
from companion.core.messages import IllegalActionError, SetupError
from companion.games.fuji import GAME, skills
from companion.games.fuji.equipment import (
    CARD_PHASES,
    EFFECTS,
    label,
    sample_actions,
    usable_cards,
)
from companion.games.fuji.eruption import trigger_eruption_token
from companion.games.fuji.queries import movement_values, reroll_allowance
from companion.games.fuji.state import (
    EQUIPMENT_CARDS,
    Cell,
    Die,
    DieColour,
    Outcome,
    Pending,
    PendingKind,
    Phase,
    Skill,
    State,
    Wounds,
)
from tests.fuzzing import examples
from tests.games.fuji.helpers import dice as faces
from tests.games.fuji.helpers import hands_game, play, through_rerolls
from tests.games.fuji.helpers import refused_with as refused
from tests.playouts import applied_or_refused

ROOT = Path(__file__).resolve().parents[3]

MAP = [
    ["V", "R", "S", "L", "E", "v"],
    [".", "R", "L", "X", "L", "v"],
    [".", ".", "L", "L", "L", "v"],
]
"""Crater top left, start at (0, 2), an equipment token at (0, 4), an eruption token at (1, 3)."""

CARDS = {
    "0,2": "L13",  # any die
    "0,3": "L01",  # yellow or 6
    "0,4": "L08",  # yellow or 4
    "1,2": "L02",  # 1 or 3, reroll symbol
    "1,3": "L05",  # even
    "1,4": "L22",  # yellow or blue
    "2,2": "L16",  # odd
    "2,3": "L03",  # 2 or 4
    "2,4": "L24",  # 3 or 5
    "0,5": "V01",
    "1,5": "V02",
    "2,5": "V03",
}


def new_game(
    hands: tuple[list[str], list[str], list[str]] = ([], [], []),
    skills: tuple[str, str, str] = ("survivalist", "gatherer", "scout"),
    **options: Any,
) -> State:
    """Three players on the small map, in phase 1 of round 1 (``options``: set-up fields)."""
    return hands_game(MAP, CARDS, skills, hands, **options)


def planning(state: State) -> State:
    """Move from the roll to planning."""
    return play(state, {"type": "advance"})


def equipment_phase(state: State, targets: dict[int, list[int]] | None = None) -> State:
    """Play planning and the rerolls; stop in phase 4.

    Ana stays, Ben aims at (1, 2) and Cleo at (2, 2) unless ``targets`` says otherwise.
    """
    chosen = {0: [0, 2], 1: [1, 2], 2: [2, 2]}
    chosen.update(targets or {})
    return through_rerolls(planning(state), chosen)


def movement_phase(state: State) -> State:
    """Leave phase 4 for phase 5."""
    return play(state, {"type": "advance"})


def use(seat: int, card: str, **fields: Any) -> dict[str, Any]:
    """A ``use_equipment`` action."""
    return {"type": "use_equipment", "player": seat, "card": card, **fields}


def rolled(state: State, *rolls: str) -> State:
    """Leave phase 4 and enter each seat's dice, written ``"Y6 B1 B1"`` (a string a seat)."""
    return play(movement_phase(state), *(
        {"type": "set_dice", "player": seat, "dice": faces(*roll.split())}
        for seat, roll in enumerate(rolls)))


def card_at(state: State, position: tuple[int, int]) -> Cell:
    """The card lying at ``position`` (never a gap)."""
    cell = state.board.cell(position)
    assert cell is not None
    return cell


def with_dice(state: State, seat: int, written: list[list[Any]]) -> State:
    """``state`` with ``seat``'s dice already entered (as if the table had typed them)."""
    dice = tuple(Die(DieColour(colour), value) for colour, value in written)
    players = list(state.players)
    players[seat] = replace(players[seat], dice=dice)
    return replace(state, players=tuple(players))


# --- common rules ---------------------------------------------------------------------


def test_every_card_has_an_effect_and_a_phase() -> None:
    assert set(CARD_PHASES) == set(EQUIPMENT_CARDS)
    assert set(EFFECTS) == set(EQUIPMENT_CARDS) - {"pocket_knife"}


def test_card_leaves_the_hand_after_use() -> None:
    state = equipment_phase(new_game(hands=(["first_aid_kit", "radio"], [], [])))
    after = play(state, use(0, "first_aid_kit"))
    assert after.players[0].equipment == ("radio",)
    assert after.players[0].modifiers.used == ("first_aid_kit",)
    assert after.instructions[-1].message.key == "fuji.equipment.do.discard"


def test_card_not_in_hand_is_refused() -> None:
    state = equipment_phase(new_game(hands=(["radio"], ["shovel"], [])))
    refused(state, use(0, "shovel"), "fuji.error.equipment.not_in_hand")


def test_unknown_card_is_refused() -> None:
    state = equipment_phase(new_game(hands=(["radio"], [], [])))
    refused(state, use(0, "jetpack"), "fuji.error.equipment.unknown_card")


def test_broken_arm_blocks_every_card() -> None:
    state = equipment_phase(new_game(hands=(["radio", "pocket_knife", "shovel"], [], [])))
    players = list(state.players)
    players[0] = replace(players[0], wounds=Wounds(arm=True))
    state = replace(state, players=tuple(players))
    for card in ("radio", "shovel"):
        refused(state, use(0, card), "fuji.error.equipment.broken_arm")
    refused(state, use(0, "pocket_knife", copy="shovel"), "fuji.error.equipment.broken_arm")
    assert usable_cards(state, 0) == ()


@pytest.mark.parametrize(
    "card", sorted(c for c, p in CARD_PHASES.items() if Phase.PLANNING not in p)
)
def test_phase_four_cards_are_refused_while_planning(card: str) -> None:
    state = planning(new_game(hands=([card], [], [])))
    refused(state, use(0, card), "fuji.error.equipment.wrong_phase")


@pytest.mark.parametrize("card", ["binoculars", "torch"])
def test_phase_two_cards_are_refused_in_phase_four(card: str) -> None:
    state = equipment_phase(new_game(hands=([card], [], [])))
    refused(state, use(0, card), "fuji.error.equipment.wrong_phase")


def rerolls_phase(state: State) -> State:
    """Play planning (everyone on a different card) and stop in phase 3."""
    state = planning(state)
    for seat, cell in {0: [0, 2], 1: [1, 2], 2: [2, 2]}.items():
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    return play(state, {"type": "advance"})


def test_a_phase_two_card_played_after_the_roll_opens_the_planning() -> None:
    """"2. Planning + equipment — ... use phase-2 equipment" (rules digest): nothing is
    entered for the roll, so a phase-2 card played then starts the planning."""
    state = new_game(hands=(["radio"], [], []))
    assert state.phase is Phase.ROLL
    after = GAME.apply(state, use(0, "radio"))
    assert after.phase is Phase.PLANNING
    assert after == GAME.apply(GAME.apply(state, {"type": "advance"}), use(0, "radio"))


@pytest.mark.parametrize("phase", ["rerolls", "movement"])
def test_no_card_works_outside_phases_two_and_four(phase: str) -> None:
    state = new_game(hands=(["radio"], [], []))
    if phase == "rerolls":
        state = rerolls_phase(state)
    if phase == "movement":
        state = movement_phase(equipment_phase(state))
    assert state.phase.value == phase
    refused(state, use(0, "radio"), "fuji.error.equipment.wrong_phase")


def test_usable_cards_follow_the_phase() -> None:
    state = planning(new_game(hands=(["torch", "radio", "shovel"], [], [])))
    assert usable_cards(state, 0) == ("torch", "radio")
    assert usable_cards(equipment_phase(new_game(hands=(["torch", "shovel"], [], []))), 0) == (
        "shovel",
    )


# --- Tinkerer -------------------------------------------------------------------------


def test_tinkerer_uses_each_card_twice() -> None:
    state = equipment_phase(
        new_game(hands=(["flare_gun"], [], []), skills=("tinkerer", "gatherer", "scout"))
    )
    once = play(state, use(0, "flare_gun"))
    assert once.players[0].equipment == ("flare_gun",)
    assert once.players[0].equipment_turned == ("flare_gun",)
    assert once.instructions[-1].message.key == "fuji.equipment.do.turn"
    twice = play(once, use(0, "flare_gun"))
    assert twice.players[0].equipment == ()
    assert twice.players[0].equipment_turned == ()
    assert twice.players[0].modifiers.flare_bonus == 6
    refused(twice, use(0, "flare_gun"), "fuji.error.equipment.not_in_hand")


def test_tinkerer_with_amnesia_uses_a_card_once() -> None:
    state = equipment_phase(
        new_game(hands=(["radio"], [], []), skills=("tinkerer", "gatherer", "scout"))
    )
    players = list(state.players)
    players[0] = replace(players[0], wounds=Wounds(amnesia=True))
    after = play(replace(state, players=tuple(players)), use(0, "radio"))
    assert after.players[0].equipment == ()


def test_tinkerer_losing_the_skill_discards_turned_cards() -> None:
    state = equipment_phase(
        new_game(hands=(["radio", "shovel"], [], []), skills=("tinkerer", "gatherer", "scout"))
    )
    turned = play(state, use(0, "radio"))
    owed = replace(turned, pending=(Pending(PendingKind.WOUND, 0),))
    after = play(owed, {"type": "choose_wound", "player": 0, "slot": "amnesia"})
    assert after.players[0].equipment == ("shovel",)
    assert after.players[0].equipment_turned == ()


# --- phase 2 cards ----------------------------------------------------------------------


def test_binoculars_swap_two_empty_landscape_cards() -> None:
    state = planning(new_game(hands=(["binoculars"], [], [])))
    before_a, before_b = state.board.cell((0, 3)), state.board.cell((2, 2))
    after = play(state, use(0, "binoculars", cells=[[0, 3], [2, 2]]))
    cell_a, cell_b = after.board.cell((0, 3)), after.board.cell((2, 2))
    assert before_a is not None and before_b is not None
    assert cell_a is not None and cell_b is not None
    assert (cell_a.card_id, cell_a.condition) == (before_b.card_id, before_b.condition)
    assert (cell_b.card_id, cell_b.condition) == (before_a.card_id, before_a.condition)
    assert swap_instruction(after).cells == ((0, 3), (2, 2))


def swap_instruction(state: State) -> Any:
    """The instruction telling the table which cards to swap."""
    return next(i for i in state.instructions if i.message.key == "fuji.equipment.do.binoculars")


def test_binoculars_move_the_reroll_symbol_with_the_card() -> None:
    state = planning(new_game(hands=(["binoculars"], [], [])))
    after = play(state, use(0, "binoculars", cells=[[1, 2], [2, 4]]))
    assert card_at(after, (2, 4)).reroll_symbol
    assert not card_at(after, (1, 2)).reroll_symbol


@pytest.mark.parametrize(
    ("cells", "key"),
    [
        ([[0, 3], [0, 3]], "fuji.error.equipment.same_card"),
        ([[0, 3], [0, 5]], "fuji.error.equipment.not_landscape"),  # a village
        ([[0, 3], [0, 1]], "fuji.error.equipment.not_landscape"),  # scoria
        ([[0, 3], [1, 0]], "fuji.error.equipment.not_landscape"),  # a gap
        ([[0, 3], [0, 2]], "fuji.error.equipment.card_not_empty"),  # pawns
        ([[0, 3], [0, 4]], "fuji.error.equipment.card_not_empty"),  # equipment token
        ([[0, 3], [1, 3]], "fuji.error.equipment.card_not_empty"),  # eruption token
    ],
)
def test_binoculars_refuse_cards_that_are_not_empty_landscapes(
    cells: list[list[int]], key: str
) -> None:
    state = planning(new_game(hands=(["binoculars"], [], [])))
    refused(state, use(0, "binoculars", cells=cells), key)


def test_binoculars_refuse_a_card_under_a_destination_marker() -> None:
    state = planning(new_game(hands=(["binoculars"], [], [])))
    state = play(state, {"type": "set_destination", "player": 1, "cell": [2, 2]})
    refused(
        state, use(0, "binoculars", cells=[[0, 3], [2, 2]]), "fuji.error.equipment.card_not_empty"
    )


def test_torch_is_a_planning_reroll() -> None:
    state = planning(new_game(hands=(["torch"], [], [])))
    after = play(state, use(0, "torch"))
    assert after.players[0].modifiers.used == ("torch",)
    assert any(i.message.key == "fuji.equipment.do.torch" for i in after.instructions)
    assert after.phase is Phase.PLANNING


@pytest.mark.parametrize("in_phase_four", [False, True])
def test_radio_takes_the_screen_off(in_phase_four: bool) -> None:
    game = new_game(hands=(["radio"], [], []))
    state = equipment_phase(game) if in_phase_four else planning(game)
    assert play(state, use(0, "radio")).players[0].modifiers.screen_removed


def test_radio_screen_stays_off_for_the_rest_of_planning_and_returns_when_it_ends() -> None:
    state = planning(new_game(hands=(["radio"], [], [])))
    state = play(
        state,
        use(0, "radio"),
        {"type": "set_destination", "player": 0, "cell": [0, 3]},
        {"type": "set_destination", "player": 1, "cell": [1, 2]},
        {"type": "set_destination", "player": 2, "cell": [2, 2]},
    )
    assert state.players[0].modifiers.screen_removed
    after = play(state, {"type": "advance"})
    assert after.phase is Phase.REROLLS
    assert not after.players[0].modifiers.screen_removed
    assert after.players[0].modifiers.used == ("radio",)


def test_radio_screen_used_in_phase_four_returns_when_movement_begins() -> None:
    state = play(equipment_phase(new_game(hands=(["radio"], [], []))), use(0, "radio"))
    assert state.players[0].modifiers.screen_removed
    after = movement_phase(state)
    assert after.phase is Phase.MOVEMENT
    assert not any(someone.modifiers.screen_removed for someone in after.players)
    assert after.players[0].modifiers.used == ("radio",)


# --- rope -----------------------------------------------------------------------------


def test_rope_moves_the_pawn_at_once() -> None:
    state = planning(new_game(hands=(["rope"], [], [])))
    after = play(state, use(0, "rope", cell=[0, 3]))
    assert after.players[0].position == (0, 3)
    assert after.players[1].position == (0, 2)


def test_rope_in_planning_changes_the_reroll_allowance() -> None:
    state = planning(new_game(hands=(["rope"], [], [])))
    state = play(state, {"type": "set_destination", "player": 0, "cell": [0, 3]})
    assert reroll_allowance(state, 0) == 1 + 1  # one step, plus the Survivalist
    after = play(state, use(0, "rope", cell=[0, 3]))
    assert reroll_allowance(after, 0) == 2 + 1  # now staying


def placed(state: State, seat: int, position: tuple[int, int]) -> State:
    """``state`` with the pawn of ``seat`` standing on ``position``."""
    players = tuple(replace(p, position=position) if p.seat == seat else p for p in state.players)
    return replace(state, players=players)


def test_rope_lifts_a_marker_now_out_of_reach() -> None:
    state = placed(planning(new_game(hands=(["rope"], [], []))), 0, (1, 2))
    near = play(state, {"type": "set_destination", "player": 0, "cell": [2, 3]})
    assert play(near, use(0, "rope", cell=[0, 2])).players[0].destination == (2, 3)
    far = play(state, {"type": "set_destination", "player": 0, "cell": [2, 4]})
    after = play(far, use(0, "rope", cell=[0, 2]))
    assert after.players[0].destination is None
    assert after.instructions[-2].message.key == "fuji.equipment.do.replan"


def test_rope_in_phase_four_keeps_the_marker() -> None:
    state = equipment_phase(new_game(hands=(["rope"], [], [])), {0: [2, 3]})
    after = play(state, use(0, "rope", cell=[0, 3]))
    assert after.players[0].destination == (2, 3)
    assert after.players[0].position == (0, 3)


def test_rope_onto_an_equipment_token_asks_for_the_drawn_card() -> None:
    state = placed(equipment_phase(new_game(hands=(["rope"], [], []))), 0, (0, 3))
    after = play(state, use(0, "rope", cell=[0, 4]))
    assert card_at(after, (0, 4)).equipment_token is False
    assert after.pending == (Pending(PendingKind.DRAW, 0),)
    drawn = play(after, {"type": "draw_equipment", "player": 0, "card": "compass"})
    assert "compass" in drawn.players[0].equipment
    assert drawn.pending == ()


def test_rope_onto_an_eruption_token_sets_it_off() -> None:
    state = placed(equipment_phase(new_game(hands=(["rope"], [], []))), 0, (1, 2))
    after = play(state, use(0, "rope", cell=[1, 3]))
    assert card_at(after, (1, 3)).eruption_token == 0
    assert card_at(after, (0, 1)).lava
    assert after.outcome is None


def test_rope_and_walking_set_a_token_off_through_the_same_rule() -> None:
    state = placed(equipment_phase(new_game(hands=(["rope"], [], []))), 0, (1, 2))
    roped = play(state, use(0, "rope", cell=[1, 3]))
    stepped = trigger_eruption_token(placed(state, 0, (1, 3)), (1, 3))
    assert roped.board == stepped.board
    token_keys = ["fuji.instruction.eruption_token", "fuji.instruction.flip_cards"]
    added = stepped.instructions[len(state.instructions) :]
    assert [i.message.key for i in added] == token_keys
    start = roped.instructions.index(added[0])
    assert roped.instructions[start : start + len(added)] == added


def test_a_card_without_an_eruption_token_sets_nothing_off() -> None:
    state = equipment_phase(new_game())
    assert trigger_eruption_token(state, (1, 2)) == state
    assert trigger_eruption_token(state, (2, 0)) == state  # no card at all


@pytest.mark.parametrize("in_phase_four", [False, True])
def test_rope_onto_a_village_is_refused_by_default(in_phase_four: bool) -> None:
    game = new_game(hands=(["rope"], [], []))
    state = placed(equipment_phase(game) if in_phase_four else planning(game), 0, (1, 4))
    refused(state, use(0, "rope", cell=[1, 5]), "fuji.error.equipment.not_landscape")


def test_rope_onto_a_village_with_the_set_up_option() -> None:
    game = new_game(hands=(["rope"], [], []), rope_onto_village=True)
    state = placed(equipment_phase(game), 0, (1, 4))
    after = play(state, use(0, "rope", cell=[1, 5]))
    assert after.players[0].position == (1, 5)
    assert after.outcome is None
    refused(
        placed(state, 0, (0, 1)), use(0, "rope", cell=[0, 0]), "fuji.error.equipment.not_landscape"
    )


def test_the_last_pawn_roped_onto_a_village_wins_with_the_rope_spent() -> None:
    game = new_game(hands=(["rope"], ["torch"], []), rope_onto_village=True)
    state = placed(placed(placed(equipment_phase(game), 1, (0, 5)), 2, (2, 5)), 0, (1, 4))
    after = play(state, use(0, "rope", cell=[1, 5]))
    assert after.outcome is Outcome.WON
    assert after.players[0].equipment == ()
    assert after.score == 3 * 4 + 1  # four per character, the unused torch


@pytest.mark.parametrize("value", ["yes", 1, [True]])
def test_the_rope_option_must_be_true_or_false(value: Any) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(rope_onto_village=value)
    assert caught.value.message.params == {"field": "rope_onto_village"}


def test_rope_eruption_can_swallow_a_pawn() -> None:
    state = equipment_phase(new_game(hands=(["rope"], [], [])))
    moved = tuple(replace(p, position=(1, 2) if p.seat == 0 else (0, 2)) for p in state.players)
    burning = replace(card_at(state, (0, 1)), lava=True)
    state = replace(state, players=moved, board=state.board.replace((0, 1), burning))
    after = play(state, use(0, "rope", cell=[1, 3]))
    assert after.outcome is not None and after.outcome.value == "lost"


@pytest.mark.parametrize(
    ("cell", "key"),
    [
        ([1, 3], "fuji.error.equipment.not_adjacent"),
        ([2, 2], "fuji.error.equipment.not_adjacent"),
        ([0, 1], "fuji.error.equipment.not_landscape"),
        ([0, 2], "fuji.error.equipment.not_adjacent"),
    ],
)
def test_rope_refuses_cards_out_of_reach(cell: list[int], key: str) -> None:
    state = planning(new_game(hands=(["rope"], [], [])))
    refused(state, use(0, "rope", cell=cell), key)


def test_rope_refuses_a_village() -> None:
    state = placed(planning(new_game(hands=(["rope"], [], []))), 0, (0, 4))
    refused(state, use(0, "rope", cell=[0, 5]), "fuji.error.equipment.not_landscape")


# --- pocket knife ---------------------------------------------------------------------


def test_pocket_knife_copies_a_card_in_another_hand() -> None:
    state = equipment_phase(new_game(hands=(["pocket_knife"], ["flare_gun"], [])))
    after = play(state, use(0, "pocket_knife", copy="flare_gun"))
    assert after.players[0].modifiers.flare_bonus == 3
    assert after.players[0].equipment == ()
    assert after.players[1].equipment == ("flare_gun",)
    assert after.players[1].modifiers.flare_bonus == 0


def test_pocket_knife_follows_the_copied_card_phase() -> None:
    hands: tuple[list[str], list[str], list[str]] = (["pocket_knife"], ["binoculars", "shovel"], [])
    in_planning = planning(new_game(hands=hands))
    refused(in_planning, use(0, "pocket_knife", copy="shovel"), "fuji.error.equipment.wrong_phase")
    swapped = play(in_planning, use(0, "pocket_knife", copy="binoculars", cells=[[0, 3], [2, 2]]))
    assert card_at(swapped, (0, 3)).card_id == "L16"
    in_four = equipment_phase(new_game(hands=hands))
    refused(
        in_four,
        use(0, "pocket_knife", copy="binoculars", cells=[[0, 3], [2, 2]]),
        "fuji.error.equipment.wrong_phase",
    )


@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({}, "fuji.error.equipment.knife_needs_card"),
        ({"copy": "pocket_knife"}, "fuji.error.equipment.knife_copies_knife"),
        ({"copy": "map"}, "fuji.error.equipment.knife_not_visible"),
        ({"copy": "spoon"}, "fuji.error.equipment.unknown_card"),
    ],
)
def test_pocket_knife_refusals(fields: dict[str, Any], key: str) -> None:
    state = equipment_phase(new_game(hands=(["pocket_knife"], ["flare_gun"], [])))
    refused(state, use(0, "pocket_knife", **fields), key)


# --- dice handed over -----------------------------------------------------------------


def test_lighter_borrowed_die_counts_for_the_user() -> None:
    state = equipment_phase(new_game(hands=(["lighter"], [], [])))
    state = play(state, use(0, "lighter", **{"from": 1, "die": ["yellow", 6]}))
    loan = state.players[1].modifiers.lent
    assert [(d.die, d.to_seat) for d in loan] == [(Die(DieColour.YELLOW, 6), 0)]
    state = rolled(state, "B1 B1 B1 B1 B1", "Y6 B2 B2 B2 B2 B2", "B3 B3 B3 B3 B3")
    preview = movement_values(state, 0)  # Ana stays on "any die"
    assert preview.own_value == 5 + 6
    assert dict(preview.neighbour_values)[1] == 10


def test_map_lends_own_die_to_another_player() -> None:
    state = equipment_phase(new_game(hands=([], [], ["map"])))
    state = play(state, use(2, "map", to=0, die=["pink", 5]))
    state = rolled(state, "B1 B1 B1 B1 B1", "B2 B2 B2 B2 B2 B2", "P5 B3 B3 B3 B3")
    preview = movement_values(state, 0)
    assert preview.own_value == 5 + 5
    assert dict(preview.neighbour_values)[2] == 12


@pytest.mark.parametrize(
    ("card", "fields"),
    [("lighter", {"from": 0, "die": ["pink", 2]}), ("map", {"to": 0, "die": ["pink", 2]})],
)
def test_lending_to_oneself_is_refused(card: str, fields: dict[str, Any]) -> None:
    state = equipment_phase(new_game(hands=([card], [], [])))
    refused(state, use(0, card, **fields), "fuji.error.equipment.same_player")


def test_lending_needs_a_real_die() -> None:
    state = equipment_phase(new_game(hands=(["map"], [], [])))
    refused(state, use(0, "map", to=1, die=["red", 2]), "fuji.error.bad_die_colour")
    refused(state, use(0, "map", to=1, die=["pink", 7]), "fuji.error.bad_die_value")
    refused(state, use(0, "map", to=9, die=["pink", 2]), "fuji.error.no_such_player")


# --- dice set aside, turned or rerolled ------------------------------------------------


def test_machete_dice_do_not_count() -> None:
    state = equipment_phase(new_game(hands=(["machete"], [], [])))
    state = play(state, use(0, "machete", dice=faces("Y6", "Y6")))
    state = rolled(state, "Y6 Y6 B1 B1 B1", "B2 B2 B2 B2 B2 B2", "B1 B1 B1 B1 B1")
    assert movement_values(state, 0).own_value == 3


@pytest.mark.parametrize(
    ("seat", "card", "fields"),
    [
        (0, "machete", {"dice": [["yellow", 6], ["pink", 2]]}),
        (0, "map", {"to": 1, "die": ["pink", 2]}),
        (1, "lighter", {"from": 0, "die": ["pink", 2]}),
    ],
)
def test_an_entry_without_a_die_lent_or_set_aside_is_refused(
    seat: int, card: str, fields: dict[str, Any]
) -> None:
    hands: list[list[str]] = [[], [], []]
    hands[seat] = [card]
    state = equipment_phase(new_game(hands=(hands[0], hands[1], hands[2])))
    state = movement_phase(play(state, use(seat, card, **fields)))
    without = {"type": "set_dice", "player": 0, "dice": faces("Y6", "B1", "B1", "B1", "B1")}
    refused(state, without, "fuji.error.kept_die_missing")
    with_it = {"type": "set_dice", "player": 0, "dice": faces("Y6", "P2", "B1", "B1", "B1")}
    assert play(state, with_it).players[0].dice == tuple(
        Die(DieColour(colour), value) for colour, value in with_it["dice"]
    )


def test_the_refused_entry_names_the_missing_die_in_every_language() -> None:
    state = equipment_phase(new_game(hands=(["map"], [], [])))
    state = movement_phase(play(state, use(0, "map", to=1, die=["pink", 2])))
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, {"type": "set_dice", "player": 0, "dice": faces(*["B1"] * 5)})
    texts = {language: translate(caught.value.message, language) for language in LANGUAGES}
    assert "Pink 2" in texts["en"] and "Ana" in texts["en"]
    for language, text in texts.items():
        assert "{" not in text and text != caught.value.key, language
        assert translate("@fuji.die_colour.pink"[1:], language) in text


@pytest.mark.parametrize("count", [0, 3])
def test_machete_sets_aside_one_or_two(count: int) -> None:
    state = equipment_phase(new_game(hands=(["machete"], [], [])))
    refused(
        state, use(0, "machete", dice=faces(*["Y1"] * count)), "fuji.error.equipment.machete_count"
    )


def test_duct_tape_turns_entered_ones_into_sixes() -> None:
    state = with_dice(
        equipment_phase(new_game(hands=(["duct_tape"], [], []))), 0, faces("Y1", "P1", "B3")
    )
    after = play(state, use(0, "duct_tape", dice=[1]))
    assert after.players[0].dice == (
        Die(DieColour.YELLOW, 1),
        Die(DieColour.PINK, 6),
        Die(DieColour.BLUE, 3),
    )
    every = play(state, use(0, "duct_tape"))
    assert [die.value for die in every.players[0].dice or ()] == [6, 6, 3]
    refused(state, use(0, "duct_tape", dice=[2]), "fuji.error.equipment.wrong_face")


def test_compass_turns_entered_sixes_into_ones() -> None:
    state = with_dice(
        equipment_phase(new_game(hands=(["compass"], [], []))), 0, faces("Y6", "B6", "P4")
    )
    after = play(state, use(0, "compass", dice=[0]))
    assert [die.value for die in after.players[0].dice or ()] == [1, 6, 4]
    refused(state, use(0, "compass", dice=[2]), "fuji.error.equipment.wrong_face")


def test_dice_cards_without_entered_dice_only_instruct() -> None:
    state = equipment_phase(new_game(hands=(["duct_tape", "compass", "shovel"], [], [])))
    state = play(state, use(0, "duct_tape"), use(0, "compass"), use(0, "shovel"))
    keys = [i.message.key for i in state.instructions]
    for expected in ("duct_tape", "compass", "shovel"):
        assert f"fuji.equipment.do.{expected}" in keys
    assert state.players[0].dice is None and state.players[0].equipment == ()


def test_shovel_sets_an_entered_die_to_the_chosen_face() -> None:
    state = with_dice(equipment_phase(new_game(hands=(["shovel"], [], []))), 0, faces("Y1", "P2"))
    after = play(state, use(0, "shovel", die=0, face=["blue", 6]))
    assert after.players[0].dice == (Die(DieColour.BLUE, 6), Die(DieColour.PINK, 2))
    refused(state, use(0, "shovel", die=5, face=["blue", 6]), "fuji.error.bad_field")


def test_carabiner_makes_everyone_reroll_one_die() -> None:
    state = with_dice(equipment_phase(new_game(hands=([], ["carabiner"], []))), 2, faces("Y1"))
    after = play(state, use(1, "carabiner"))
    assert after.instructions[-2].message.key == "fuji.equipment.do.carabiner"
    assert after.players[2].dice is None  # the old entry is void after the reroll


def test_water_bottle_for_oneself_or_for_another() -> None:
    state = equipment_phase(new_game(hands=(["water_bottle"], [], [])))
    own = play(state, use(0, "water_bottle", rerolls=2))
    assert any(i.message.params.get("count") == 2 for i in own.instructions)
    gift = play(state, use(0, "water_bottle", to=2))
    told = [
        i.message for i in gift.instructions if i.message.key == "fuji.equipment.do.water_other"
    ]
    assert told and told[0].params["name"] == "Cleo"
    refused(state, use(0, "water_bottle", rerolls=3), "fuji.error.equipment.water_count")
    refused(state, use(0, "water_bottle", rerolls=0), "fuji.error.equipment.water_count")


# --- phase 5 protection ---------------------------------------------------------------


def three_dice_rolls(state: State) -> State:
    """Ana rolls low, Ben and Cleo roll high: Ana is beaten on her own card."""
    return play(
        state,
        {"type": "set_dice", "player": 0, "dice": faces("B1", "B1", "B1", "B1", "B1")},
        {"type": "set_dice", "player": 1, "dice": faces("B2", "B2", "B2", "B2", "B2", "B2")},
        {"type": "set_dice", "player": 2, "dice": faces("B1", "B1", "B1", "B1", "B2")},
    )


def test_first_aid_kit_saves_stamina_but_not_the_move() -> None:
    state = equipment_phase(new_game(hands=(["first_aid_kit"], [], [])), {0: [0, 3]})
    kit = three_dice_rolls(movement_phase(play(state, use(0, "first_aid_kit"))))
    after = play(kit, {"type": "resolve", "player": 0})
    assert after.results[-1].moved is False
    assert after.results[-1].stamina_loss == 0
    assert after.players[0].stamina_lost == 0 and after.players[0].position == (0, 2)
    without = play(three_dice_rolls(movement_phase(state)), {"type": "resolve", "player": 0})
    assert without.players[0].stamina_lost == 4


def test_flare_gun_helps_only_in_own_resolution() -> None:
    state = equipment_phase(new_game(hands=(["flare_gun"], [], [])))
    state = three_dice_rolls(movement_phase(play(state, use(0, "flare_gun"))))
    assert movement_values(state, 0).own_value == 5 + 3
    assert dict(movement_values(state, 1).neighbour_values)[0] == 5
    after = play(state, {"type": "resolve", "player": 0})
    assert after.results[-1].own_value == 8
    assert after.players[0].modifiers.flare_bonus == 0


# --- refusals never change anything; actions survive JSON -------------------------------

CARD_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "cells": st.lists(st.lists(st.integers(-1, 3), min_size=2, max_size=2), max_size=3),
        "cell": st.lists(st.integers(-1, 3), min_size=2, max_size=2),
        "copy": st.sampled_from([*EQUIPMENT_CARDS, "nothing"]),
        "from": st.integers(-1, 3),
        "to": st.integers(-1, 3),
        "die": st.lists(st.sampled_from(["yellow", "pink", 3, 7]), min_size=2, max_size=2),
        "dice": st.lists(
            st.lists(st.sampled_from(["blue", 1, 6]), min_size=2, max_size=2), max_size=3
        ),
        "rerolls": st.integers(-1, 3),
    },
)


@examples("lots")
@given(
    card=st.sampled_from(EQUIPMENT_CARDS),
    seat=st.integers(0, 2),
    in_planning=st.booleans(),
    fields=CARD_FIELDS,
)
def test_any_card_use_is_applied_whole_or_refused_untouched(
    card: str, seat: int, in_planning: bool, fields: dict[str, Any]
) -> None:
    hands = ([*EQUIPMENT_CARDS[:5]], [*EQUIPMENT_CARDS[5:10]], [*EQUIPMENT_CARDS[10:]])
    game = new_game(hands=hands, skills=("tinkerer", "gatherer", "equipment_manager"))
    state = planning(game) if in_planning else equipment_phase(game)
    action = use(seat, card, **fields)
    assert json.loads(json.dumps(action)) == action
    after = applied_or_refused(GAME, state, action)
    if after is None:
        return
    assert uses_left(after) == uses_left(state) - 1
    assert label(state, action).key.startswith("fuji.equipment.label.")


def uses_left(state: State) -> int:
    """Card uses left at the table (a Tinkerer's unturned card counts twice)."""
    total = 0
    for someone in state.players:
        twice = someone.skill is Skill.TINKERER and not someone.wounds.amnesia
        for card in someone.equipment:
            total += 2 if twice and card not in someone.equipment_turned else 1
    return total


PLAYOUT_SKILLS = ("tinkerer", "equipment_manager", "buddy", "gatherer")
"""Four characters whose skills all act on equipment or dice."""


def playout_setup(scenario: int) -> dict[str, Any]:
    """Four players on a preset, all fifteen cards dealt."""
    hands = [list(EQUIPMENT_CARDS[seat::4]) for seat in range(4)]
    players = [
        {"name": f"P{seat + 1}", "colour": colour, "skill": skill, "equipment": hands[seat]}
        for seat, (colour, skill) in enumerate(
            zip(("blue", "green", "purple", "black"), PLAYOUT_SKILLS, strict=True)
        )
    ]
    return {"scenario": scenario, "players": players, "level": 1, "starting_hands": "free"}


@examples("few")
@given(scenario=st.integers(1, 7), data=st.data())
def test_random_playouts_with_equipment_and_skills(scenario: int, data: st.DataObject) -> None:
    state = GAME.new_state(playout_setup(scenario))
    for _ in range(300):
        if GAME.is_finished(state):
            break
        extra = sample_actions(state) + skills.sample_actions(state)
        prefer_extra = bool(extra) and data.draw(st.booleans())
        choices = extra if prefer_extra else list(GAME.legal_actions(state)) or extra
        if not choices:
            break
        action = data.draw(st.sampled_from(choices))
        assert json.loads(json.dumps(action)) == action
        after = GAME.apply(state, action)
        if action["type"] == "use_equipment":
            assert uses_left(after) == uses_left(state) - 1
        assert all(0 <= someone.energy <= 3 for someone in after.players)
        assert all(len(p.modifiers.set_aside) <= 2 * 2 for p in after.players)
        state = after


def test_samples_offer_every_kind_of_card_use_in_their_phase() -> None:
    state = planning(GAME.new_state(playout_setup(3)))
    planning_cards = {a["card"] for a in sample_actions(state)}
    assert {"binoculars", "torch", "radio", "rope", "pocket_knife"} <= planning_cards
    for seat, cell in enumerate(([0, 0], [1, 0], [2, 1], [2, 0])):
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    state = play(state, {"type": "advance"})
    assert any(a["type"] == "set_die_aside" for a in skills.sample_actions(state))
    for seat in range(4):
        state = play(state, {"type": "rerolls_done", "player": seat})
    state = play(state, {"type": "advance"})
    offered = {a["card"] for a in sample_actions(state)}
    usable = {card for seat in range(4) for card in usable_cards(state, seat)}
    assert usable | {"pocket_knife"} == offered
    for action in sample_actions(state) + skills.sample_actions(state):
        GAME.apply(state, action)


# --- catalogue --------------------------------------------------------------------------


def catalogue_of(lang: str) -> dict[str, str]:
    """The entries of the equipment domain file of ``lang``."""
    return parse_po((ROOT / f"companion/locale/{lang}/fuji_equipment.po").read_text("utf-8"))


def test_catalogue_names_and_explains_every_card_and_skill() -> None:
    english = catalogue_of("en")
    for card in EQUIPMENT_CARDS:
        assert f"fuji.equipment.{card}" in english
        assert f"fuji.equipment.{card}.help" in english
    for skill in Skill:
        assert f"fuji.skill.{skill.value}" in english
        assert f"fuji.skill.{skill.value}.help" in english


def test_every_message_key_used_in_the_code_is_in_the_catalogue() -> None:
    english = catalogue_of("en")
    source = "".join(
        (ROOT / f"companion/games/fuji/{name}.py").read_text("utf-8")
        for name in ("equipment", "skills")
    )
    used = set(re.findall(r'"(fuji\.(?:equipment|skill|error\.equipment)\.[a-z_.]+)"', source))
    used |= {f"fuji.error.equipment.skill_phase_{p}" for p in ("rerolls", "movement")}
    assert used, "no keys found"
    assert sorted(key for key in used if key not in english) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_and_instructions_read_fully_in_every_language(lang: str) -> None:
    state = planning(new_game(hands=(["rope", "shovel"], [], [])))
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, use(0, "shovel"))
    after = play(state, use(0, "rope", cell=[0, 3]))
    texts = [translate(caught.value.message, lang)]
    texts += [translate(told.message, lang) for told in after.instructions]
    texts.append(translate(label(state, use(0, "rope", cell=[0, 3])), lang))
    for text in texts:
        assert "{" not in text and "@" not in text and "fuji." not in text, text
