"""Random playouts with every card in hand and every skill that has an action.

``legal_actions`` offers the equipment cards and skills usable at each moment; every
action it offers must be accepted, and over a few games each card and each skill
action is actually played.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.state import EQUIPMENT_CARDS, Pending, PendingKind, State
from tests.playouts import random_playout

MAX_STEPS = 1500
SEEDS = range(12)

HANDS = [
    ["binoculars", "torch", "radio", "rope"],
    ["pocket_knife", "lighter", "map", "carabiner"],
    ["duct_tape", "compass", "machete", "shovel"],
    ["first_aid_kit", "flare_gun", "water_bottle"],
]
"""All fifteen cards dealt over four players."""

SKILLS = ["equipment_manager", "buddy", "gatherer", "tinkerer"]
COLOURS = ["blue", "green", "purple", "black"]


def card_game() -> State:
    """Four players on scenario 3, holding every card, with the skills that act."""
    players = [
        {"name": f"P{seat + 1}", "colour": colour, "skill": skill, "equipment": hand}
        for seat, (colour, skill, hand) in enumerate(zip(COLOURS, SKILLS, HANDS, strict=True))
    ]
    return GAME.new_state(
        {"scenario": 3, "players": players, "level": 2, "starting_hands": "free"}
    )


def playout(seed: int) -> tuple[list[dict[str, Any]], State]:
    """Random legal play until the end; fail on any offered action that is refused."""
    return random_playout(GAME, seed, card_game(), MAX_STEPS)


PLAYOUTS = [playout(seed) for seed in SEEDS]


def test_playouts_with_cards_end() -> None:
    """Offering cards and skills does not keep games from ending."""
    assert sum(GAME.is_finished(state) for _, state in PLAYOUTS) >= len(SEEDS) // 2


def test_every_card_and_skill_action_gets_played() -> None:
    """Every card and every skill action appears in some random game."""
    used = Counter(
        action.get("card") if action["type"] == "use_equipment" else action["type"]
        for played, _ in PLAYOUTS
        for action in played
    )
    assert set(EQUIPMENT_CARDS) <= set(used)
    assert {"give_equipment", "set_die_aside", "spend_energy"} <= set(used)


def test_every_offered_action_is_accepted_in_every_state_reached() -> None:
    """Not only the chosen action: every action offered along the first game applies."""
    played, _ = PLAYOUTS[0]
    state = card_game()
    for action in played:
        for offered in GAME.legal_actions(state):
            try:
                GAME.apply(state, offered)
            except IllegalActionError as error:
                pytest.fail(f"offered action refused: {offered} ({error.key})")
        state = GAME.apply(state, action)


def test_owed_draws_offer_every_free_card_over_the_rounds() -> None:
    """The cards offered for a draw move with the round, so playouts meet every card."""
    start = GAME.new_state(GAME.example_setup())
    offered: set[str] = set()
    for round_number in range(1, 16):
        owed = replace(start, round=round_number, pending=(Pending(PendingKind.DRAW, 0),))
        choices = GAME.legal_actions(owed)
        assert all(choice["type"] == "draw_equipment" for choice in choices)
        offered |= {choice["card"] for choice in choices}
    assert offered == set(EQUIPMENT_CARDS)


def test_an_empty_deck_is_offered_as_a_draw_of_nothing() -> None:
    """With every card in hands, the only draw offered records an empty deck."""
    state = card_game()
    assert sum(len(someone.equipment) for someone in state.players) == len(EQUIPMENT_CARDS)
    owed = replace(state, pending=(Pending(PendingKind.DRAW, 1),))
    assert GAME.legal_actions(owed) == [{"type": "draw_equipment", "player": 1, "card": None}]
