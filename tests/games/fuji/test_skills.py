"""The six Fuji skills, played through the real rules engine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import SetupError
from companion.games.fuji import GAME
from companion.games.fuji.phases import enter_phase
from companion.games.fuji.queries import legal_destinations, movement_values, reroll_allowance
from companion.games.fuji.skills import label
from companion.games.fuji.state import Die, DieColour, Phase, State, Wounds
from tests.fuzzing import examples
from tests.games.fuji.helpers import hands_game, play
from tests.games.fuji.helpers import refused_with as refused
from tests.playouts import applied_or_refused

MAP = [
    ["V", "R", "S", "L", "L", "L", "L", "v"],
    [".", "R", "L", ".", ".", ".", ".", "v"],
    [".", ".", "L", "L", "L", ".", ".", "v"],
]
"""A corridor east of the start (0, 2) and a loop south of it."""

CARDS = {
    "0,2": "L13",  # any die
    "0,3": "L03",  # 2 or 4
    "0,4": "L02",  # 1 or 3, reroll symbol
    "0,5": "L16",  # odd
    "0,6": "L05",  # even
    "1,2": "L18",  # pink or blue
    "2,2": "L22",  # yellow or blue
    "2,3": "L24",  # 3 or 5
    "2,4": "L14",  # 3 or 6
}


def new_game(
    skills: tuple[str, str, str],
    hands: tuple[list[str], list[str], list[str]] = ([], [], []),
    **options: Any,
) -> State:
    """Three players (Ana, Ben, Cleo) with ``skills`` on the small map, phase 1 of round 1.

    ``options`` are further set-up fields (the rule readings).
    """
    return hands_game(MAP, CARDS, skills, hands, **options)


def rerolls_phase(state: State, targets: dict[int, list[int]] | None = None) -> State:
    """Plan (Ana stays, Ben to (0, 3), Cleo to (1, 2) unless ``targets`` says) and stop in 3."""
    state = play(state, {"type": "advance"})
    chosen = {0: [0, 2], 1: [0, 3], 2: [1, 2]}
    chosen.update(targets or {})
    for seat, cell in chosen.items():
        state = play(state, {"type": "set_destination", "player": seat, "cell": cell})
    return play(state, {"type": "advance"})


def equipment_phase(state: State) -> State:
    """Finish everyone's rerolls without using any and move to phase 4."""
    for seat, someone in enumerate(state.players):
        if not someone.rerolls_done:
            state = play(state, {"type": "rerolls_done", "player": seat})
    return play(state, {"type": "advance"})


def movement_phase(state: State) -> State:
    """From the rerolls straight to phase 5."""
    return play(equipment_phase(state), {"type": "advance"})


def faces(*written: str) -> list[list[Any]]:
    """``faces("Y5", "P4")`` -> ``[["yellow", 5], ["pink", 4]]``."""
    colours = {"Y": "yellow", "B": "blue", "P": "pink"}
    return [[colours[face[0]], int(face[1:])] for face in written]


def wounded(state: State, seat: int, **slots: bool) -> State:
    """``state`` with wound tokens on ``seat``'s slots."""
    players = list(state.players)
    players[seat] = replace(players[seat], wounds=Wounds(**slots))
    return replace(state, players=tuple(players))


# --- Equipment Manager ----------------------------------------------------------------

MANAGER = ("equipment_manager", "gatherer", "scout")


def give(card: str, to: int, seat: int = 0) -> dict[str, Any]:
    """A ``give_equipment`` action."""
    return {"type": "give_equipment", "player": seat, "to": to, "card": card}


def reach_phase(state: State, phase: str) -> State:
    """Play from the roll of round 1 up to ``phase``."""
    if phase == "roll":
        return state
    if phase == "planning":
        return play(state, {"type": "advance"})
    state = rerolls_phase(state)
    if phase == "equipment":
        return equipment_phase(state)
    if phase == "movement":
        return movement_phase(state)
    return state


@pytest.mark.parametrize("phase", ["roll", "planning", "rerolls", "equipment", "movement"])
def test_equipment_manager_gives_at_any_time(phase: str) -> None:
    state = reach_phase(new_game(MANAGER, hands=(["rope", "map"], [], [])), phase)
    assert state.phase.value == phase
    after = play(state, give("map", 2))
    assert after.players[0].equipment == ("rope",)
    assert after.players[2].equipment == ("map",)
    assert after.instructions[-1].message.key == "fuji.skill.do.give"


def test_equipment_manager_gives_even_with_a_broken_arm() -> None:
    state = wounded(new_game(MANAGER, hands=(["rope"], [], [])), 0, arm=True)
    after = play(state, give("rope", 1))
    assert after.players[1].equipment == ("rope",)


def test_the_card_given_works_for_the_receiver() -> None:
    state = equipment_phase(rerolls_phase(new_game(MANAGER, hands=(["flare_gun"], [], []))))
    state = play(state, give("flare_gun", 1))
    after = play(state, {"type": "use_equipment", "player": 1, "card": "flare_gun"})
    assert after.players[1].modifiers.flare_bonus == 3


def test_only_the_equipment_manager_gives() -> None:
    state = new_game(MANAGER, hands=([], ["rope"], []))
    refused(state, give("rope", 0, seat=1), "fuji.error.equipment.not_your_skill")


def test_amnesia_stops_the_equipment_manager() -> None:
    state = wounded(new_game(MANAGER, hands=(["rope"], [], [])), 0, amnesia=True)
    refused(state, give("rope", 1), "fuji.error.equipment.amnesia")


def test_giving_needs_the_card_and_another_player() -> None:
    state = new_game(MANAGER, hands=(["rope"], [], ["map"]))
    refused(state, give("map", 1), "fuji.error.equipment.not_in_hand")
    refused(state, give("rope", 0), "fuji.error.equipment.same_player")
    refused(state, give("rope", 5), "fuji.error.no_such_player")
    refused(state, give("spoon", 1), "fuji.error.equipment.unknown_card")


# --- Buddy ----------------------------------------------------------------------------

BUDDY = ("buddy", "gatherer", "scout")


def aside(die: list[Any], seat: int = 0) -> dict[str, Any]:
    """A ``set_die_aside`` action."""
    return {"type": "set_die_aside", "player": seat, "die": die}


def test_buddy_keeps_one_die_aside_during_the_rerolls() -> None:
    state = play(rerolls_phase(new_game(BUDDY)), aside(["pink", 5]))
    assert state.players[0].modifiers.rerolls_aside == (Die(DieColour.PINK, 5),)
    assert state.instructions[-1].message.key == "fuji.skill.do.aside"
    refused(state, aside(["blue", 2]), "fuji.error.equipment.die_already_aside")


def test_buddy_takes_the_die_back_after_the_rerolls() -> None:
    state = play(rerolls_phase(new_game(BUDDY)), aside(["pink", 5]))
    assert equipment_phase(state).players[0].modifiers.rerolls_aside == ()


def test_buddy_die_still_counts_in_phase_five() -> None:
    state = movement_phase(play(rerolls_phase(new_game(BUDDY)), aside(["pink", 5])))
    state = play(
        state,
        {"type": "set_dice", "player": 0, "dice": faces("P5", "B1", "B1", "B1", "B1", "B1")},
        {"type": "set_dice", "player": 1, "dice": faces("B1", "B1", "B1", "B1", "B1", "B1")},
        {"type": "set_dice", "player": 2, "dice": faces("B1", "B1", "B1", "B1", "B1")},
    )
    assert movement_values(state, 0).own_value == 10


def buddy_in_movement(**options: Any) -> State:
    """Ana (Buddy) kept a pink 5 aside in phase 3; now in phase 5, no dice entered."""
    return movement_phase(play(rerolls_phase(new_game(BUDDY, **options)), aside(["pink", 5])))


def enter_everyones_dice(state: State) -> State:
    """Ana shows the pink 5 and five blue 1s; the others only blue 1s."""
    return play(
        state,
        {"type": "set_dice", "player": 0, "dice": faces("P5", "B1", "B1", "B1", "B1", "B1")},
        {"type": "set_dice", "player": 1, "dice": faces("B1", "B1", "B1", "B1", "B1", "B1")},
        {"type": "set_dice", "player": 2, "dice": faces("B1", "B1", "B1", "B1", "B1")},
    )


def test_buddy_die_back_after_the_rerolls_is_the_default_reading() -> None:
    default = buddy_in_movement()
    explicit = buddy_in_movement(buddy_die_back="after_rerolls")
    assert default == explicit
    assert default.players[0].modifiers.set_aside == ()


def test_buddy_die_kept_out_until_the_round_ends_does_not_count_in_phase_five() -> None:
    state = buddy_in_movement(buddy_die_back="end_of_round")
    assert state.players[0].modifiers.rerolls_aside == ()
    assert state.players[0].modifiers.set_aside == (Die(DieColour.PINK, 5),)
    assert movement_values(enter_everyones_dice(state), 0).own_value == 5


def test_buddy_die_kept_out_must_be_in_the_entry() -> None:
    state = buddy_in_movement(buddy_die_back="end_of_round")
    entry = {"type": "set_dice", "player": 0, "dice": faces(*["B1"] * 6)}
    refused(state, entry, "fuji.error.kept_die_missing")


def test_buddy_die_kept_out_comes_back_at_the_next_roll() -> None:
    state = enter_everyones_dice(buddy_in_movement(buddy_die_back="end_of_round"))
    next_round = enter_phase(replace(state, round=state.round + 1), Phase.ROLL)
    assert next_round.players[0].modifiers.set_aside == ()


@pytest.mark.parametrize("value", ["after", 1, True, ["end_of_round"]])
def test_an_unknown_buddy_reading_is_refused_at_set_up(value: Any) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(BUDDY, buddy_die_back=value)
    assert caught.value.key == "fuji.setup.bad_field"
    assert caught.value.message.params == {"field": "buddy_die_back"}


@pytest.mark.parametrize("where", ["planning", "equipment"])
def test_buddy_only_in_phase_three(where: str) -> None:
    game = new_game(BUDDY)
    state = play(game, {"type": "advance"}) if where == "planning" else None
    if state is None:
        state = equipment_phase(rerolls_phase(game))
    refused(state, aside(["pink", 5]), "fuji.error.equipment.skill_phase_rerolls")


def test_buddy_refusals() -> None:
    state = rerolls_phase(new_game(BUDDY))
    refused(state, aside(["pink", 5], seat=1), "fuji.error.equipment.not_your_skill")
    refused(wounded(state, 0, amnesia=True), aside(["pink", 5]), "fuji.error.equipment.amnesia")
    done = play(state, {"type": "rerolls_done", "player": 0})
    refused(done, aside(["pink", 5]), "fuji.error.equipment.rerolls_finished")
    refused(state, aside(["pink", 9]), "fuji.error.bad_die_value")


# --- Gatherer -------------------------------------------------------------------------

GATHERER = ("gatherer", "survivalist", "scout")


def test_gatherer_earns_a_bar_per_skipped_reroll() -> None:
    state = rerolls_phase(new_game(GATHERER))  # Ana stays: 2 rerolls
    assert play(state, {"type": "rerolls_done", "player": 0}).players[0].energy == 2
    one = play(state, {"type": "rerolls_done", "player": 0, "used": 1})
    assert one.players[0].energy == 1


def test_gatherer_holds_at_most_three_bars() -> None:
    state = rerolls_phase(new_game(GATHERER), {0: [0, 4], 1: [0, 3], 2: [1, 2]})
    assert reroll_allowance(state, 0) == 1 + 1  # two steps, reroll symbol
    players = list(state.players)
    players[0] = replace(players[0], energy=2)
    full = play(replace(state, players=tuple(players)), {"type": "rerolls_done", "player": 0})
    assert full.players[0].energy == 3


def test_gatherer_with_amnesia_earns_nothing() -> None:
    state = wounded(rerolls_phase(new_game(GATHERER)), 0, amnesia=True)
    assert play(state, {"type": "rerolls_done", "player": 0}).players[0].energy == 0


def spend(bars: int, target: int, seat: int = 0) -> dict[str, Any]:
    """A ``spend_energy`` action."""
    return {"type": "spend_energy", "player": seat, "target": target, "bars": bars}


def gatherer_in_movement() -> State:
    """Ana (Gatherer, 2 bars) in phase 5 with everyone's dice entered."""
    state = movement_phase(rerolls_phase(new_game(GATHERER)))
    return play(
        state,
        {"type": "set_dice", "player": 0, "dice": faces("B1", "B1", "B1", "B1", "B1", "B1")},
        {"type": "set_dice", "player": 1, "dice": faces("B4", "B4", "B1", "B1", "B1")},
        {"type": "set_dice", "player": 2, "dice": faces("B1", "B1", "B1", "B1", "B1")},
    )


def test_energy_raises_a_teammate_value_for_that_resolution_only() -> None:
    state = gatherer_in_movement()
    assert state.players[0].energy == 2
    before = movement_values(state, 1)  # Ben aims at "2 or 4": 8 against 0 and 0
    helped = play(state, spend(2, 1))
    assert helped.players[0].energy == 0
    assert movement_values(helped, 1).own_value == (before.own_value or 0) + 2
    assert movement_values(helped, 0).neighbour_values == movement_values(state, 0).neighbour_values
    resolved = play(helped, {"type": "resolve", "player": 1})
    assert resolved.results[-1].own_value == 10
    assert resolved.players[1].modifiers.energy_bonus == 0


def test_energy_on_oneself() -> None:
    state = play(gatherer_in_movement(), spend(1, 0))
    assert movement_values(state, 0).own_value == 6 + 1


def test_energy_refusals() -> None:
    state = gatherer_in_movement()
    refused(state, spend(3, 1), "fuji.error.equipment.not_enough_energy")
    refused(state, spend(0, 1), "fuji.error.equipment.not_enough_energy")
    refused(state, spend(1, 0, seat=1), "fuji.error.equipment.not_your_skill")
    refused(wounded(state, 0, amnesia=True), spend(1, 1), "fuji.error.equipment.amnesia")
    refused(state, spend(1, 7), "fuji.error.no_such_player")
    after_ben = play(state, {"type": "resolve", "player": 1})
    refused(after_ben, spend(1, 1), "fuji.error.equipment.already_resolved")


def test_energy_only_in_phase_five() -> None:
    state = rerolls_phase(new_game(GATHERER))
    state = play(state, {"type": "rerolls_done", "player": 0})
    refused(state, spend(1, 0), "fuji.error.equipment.skill_phase_movement")


# --- Survivalist and Scout (queries) ----------------------------------------------------


def test_survivalist_gets_one_more_reroll() -> None:
    plain = rerolls_phase(new_game(("gatherer", "buddy", "scout")))
    survivor = rerolls_phase(new_game(("survivalist", "buddy", "scout")))
    assert reroll_allowance(plain, 0) == 2
    assert reroll_allowance(survivor, 0) == 3


def test_survivalist_keeps_the_extra_reroll_with_an_eye_wound() -> None:
    state = wounded(rerolls_phase(new_game(("survivalist", "buddy", "scout"))), 0, eye=True)
    assert reroll_allowance(state, 0) == 1
    lost = wounded(state, 0, eye=True, amnesia=True)
    assert reroll_allowance(lost, 0) == 0


def test_scout_reaches_four_cards_and_then_gets_no_reroll() -> None:
    scout = play(new_game(("scout", "buddy", "gatherer")), {"type": "advance"})
    other = play(new_game(("survivalist", "buddy", "gatherer")), {"type": "advance"})
    assert (0, 6) in legal_destinations(scout, 0)
    assert (0, 6) not in legal_destinations(other, 0)
    scout = rerolls_phase(new_game(("scout", "buddy", "gatherer")), {0: [0, 6]})
    assert reroll_allowance(scout, 0) == 0
    three = rerolls_phase(new_game(("scout", "buddy", "gatherer")), {0: [0, 5]})
    assert reroll_allowance(three, 0) == 0
    two = rerolls_phase(new_game(("scout", "buddy", "gatherer")), {0: [0, 4]})
    assert reroll_allowance(two, 0) == 1 + 1  # two steps, reroll symbol


def test_scout_with_amnesia_walks_like_everyone() -> None:
    state = wounded(
        play(new_game(("scout", "buddy", "gatherer")), {"type": "advance"}), 0, amnesia=True
    )
    assert (0, 6) not in legal_destinations(state, 0)
    refused(
        state,
        {"type": "set_destination", "player": 0, "cell": [0, 6]},
        "fuji.error.too_far",
    )


# --- refusals never change anything -------------------------------------------------------


@examples("lots")
@given(
    kind=st.sampled_from(["give_equipment", "set_die_aside", "spend_energy"]),
    seat=st.integers(-1, 3),
    other=st.integers(-1, 3),
    number=st.integers(-1, 4),
    card=st.sampled_from(["rope", "map", "radio", "nothing"]),
    stage=st.sampled_from(["planning", "rerolls", "movement"]),
)
def test_skill_actions_apply_whole_or_are_refused_untouched(
    kind: str, seat: int, other: int, number: int, card: str, stage: str
) -> None:
    game = new_game(("equipment_manager", "buddy", "gatherer"), hands=(["rope", "map"], [], []))
    if stage == "planning":
        state = play(game, {"type": "advance"})
    elif stage == "rerolls":
        state = rerolls_phase(game)
    else:
        state = movement_phase(rerolls_phase(game))
    action: dict[str, Any] = {
        "type": kind,
        "player": seat,
        "to": other,
        "target": other,
        "card": card,
        "bars": number,
        "die": ["yellow", number],
    }
    after = applied_or_refused(GAME, state, action)
    if after is None:
        return
    assert after != state
    assert label(state, action).key.startswith("fuji.skill.label.")
    held = sorted(c for p in after.players for c in p.equipment)
    assert held == sorted(c for p in state.players for c in p.equipment)
    assert sum(p.energy for p in after.players) <= sum(p.energy for p in state.players)
    assert state.phase is after.phase is not Phase.ROLL
