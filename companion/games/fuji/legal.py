"""A sample of legal actions from any state, enough to drive a game to its end."""

from __future__ import annotations

from typing import Any

from companion.games.fuji import equipment, skills
from companion.games.fuji.queries import (
    dice_compared,
    equipment_in_play,
    legal_destinations,
    movement_values,
    neighbours,
    path_choice_needed,
    quick_value,
    reroll_allowance,
    shortest_paths,
    steps_to_villages,
)
from companion.games.fuji.state import (
    EQUIPMENT_CARDS,
    OPEN_DICE_SEAT,
    DieColour,
    PendingKind,
    Phase,
    Player,
    State,
)

DIE_FACES: tuple[dict[int, DieColour], ...] = tuple(
    {1: a, 6: a, 2: b, 5: b, 3: c, 4: c}
    for a, b, c in (
        (DieColour.BLUE, DieColour.YELLOW, DieColour.PINK),
        (DieColour.YELLOW, DieColour.PINK, DieColour.BLUE),
        (DieColour.PINK, DieColour.BLUE, DieColour.YELLOW),
    )
)
"""The colour of each value on the three printed kinds of die."""

DICE_SAMPLES = 3
"""How many different dice rolls are offered for each player."""
DRAW_SAMPLES = 3
"""How many different cards are offered for an owed draw."""

Action = dict[str, Any]


def sample_dice(count: int, salt: int) -> list[list[Any]]:
    """Return ``count`` printed-looking dice, varied by ``salt``, as JSON data."""
    dice = []
    for index in range(count):
        value = (salt * 5 + index * 4 + index * index) % 6 + 1
        colour = DIE_FACES[index % 3][value]
        dice.append([colour.value, value])
    return dice


def legal_actions(state: State) -> list[Action]:
    """Return a useful sample of legal actions (empty once the game has ended).

    Besides the moves of the phase, it offers every equipment card and skill that can be
    used now, so random playouts exercise them too.  While a wound or a card draw is
    owed, only those choices are offered.
    """
    if state.outcome is not None:
        return []
    if state.pending:
        return _pending_choices(state)
    chooser = _BY_PHASE.get(state.phase, _advance_only)
    return [*chooser(state), *equipment.sample_actions(state), *skills.sample_actions(state)]


def _advance_only(state: State) -> list[Action]:
    return [{"type": "advance"}]


def _pending_choices(state: State) -> list[Action]:
    owed = state.pending[0]
    someone = state.players[owed.seat]
    if owed.kind is PendingKind.WOUND:
        return [
            {"type": "choose_wound", "player": owed.seat, "slot": slot.value}
            for slot in someone.wounds.free_slots()
        ]
    draws: list[Action] = [
        {"type": "draw_equipment", "player": owed.seat, "card": card}
        for card in _cards_to_offer(state, owed.seat)
    ]
    return draws or [{"type": "draw_equipment", "player": owed.seat, "card": None}]


def _cards_to_offer(state: State, seat: int) -> list[str]:
    """Three free cards, taken from a place in the deck that moves with round and seat.

    Moving the place lets random playouts draw, and then play, every card over time.
    """
    free = [card for card in EQUIPMENT_CARDS if card not in equipment_in_play(state)]
    if not free:
        return []
    start = (state.round * 7 + seat * 3) % len(free)
    return (free[start:] + free[:start])[:DRAW_SAMPLES]


def _planning(state: State) -> list[Action]:
    choices: list[Action] = []
    for someone in state.players:
        if someone.destination is None:
            choices.extend(_forward_aims(state, someone.seat))
        elif not someone.destination_confirmed:
            choices.append({"type": "confirm_destination", "player": someone.seat})
    if all(someone.destination is not None for someone in state.players):
        choices.append({"type": "advance"})
    return choices


def _aims(state: State, seat: int) -> list[Action]:
    return [
        {"type": "set_destination", "player": seat, "cell": list(cell)}
        for cell in legal_destinations(state, seat)
    ]


def _forward_aims(state: State, seat: int) -> list[Action]:
    """Destinations that bring the pawn nearer a village (all of them if none does)."""
    aims = _aims(state, seat)
    distance = steps_to_villages(state.board)
    here = distance.get(state.players[seat].position, len(distance) + 1)
    nearer = [aim for aim in aims if distance.get(tuple(aim["cell"]), here + 1) < here]
    return nearer or aims


def _rerolls(state: State) -> list[Action]:
    choices: list[Action] = []
    for someone in state.players:
        if not someone.rerolls_done:
            allowance = reroll_allowance(state, someone.seat)
            for used in sorted({0, allowance}):
                choices.append({"type": "rerolls_done", "player": someone.seat, "used": used})
    return choices or [{"type": "advance"}]


def _movement(state: State) -> list[Action]:
    choices = _dice_entries(state)
    for someone in state.players:
        if someone.seat in state.resolved:
            continue
        if quick_value(state, someone.seat, someone.seat) is None:
            choices.append(_clear_lead(state, someone.seat))
        if not movement_values(state, someone.seat).missing:
            choices.extend(_resolutions(state, someone.seat))
    if len(state.resolved) == len(state.players):
        choices.append({"type": "advance"})
    return choices


def _clear_lead(state: State, seat: int) -> Action:
    """Quick mode: totals under ``seat``'s card giving that player a lead of 10."""
    row = {str(other): 2 for other in neighbours(state, seat)}
    return {
        "type": "set_movement_values",
        "values": {str(seat): {str(seat): 12}}
        | {holder: {str(seat): v} for holder, v in row.items()},
    }


def _dice_entries(state: State) -> list[Action]:
    choices: list[Action] = []
    for someone in state.players:
        if someone.dice is None and not dice_compared(state, someone.seat):
            choices.extend(
                {
                    "type": "set_dice",
                    "player": someone.seat,
                    "dice": _entry_keeping(someone, state.round + someone.seat + salt),
                }
                for salt in range(DICE_SAMPLES)
            )
    if (
        state.open_dice is not None
        and state.open_dice.dice is None
        and not dice_compared(state, OPEN_DICE_SEAT)
    ):
        choices.append(
            {"type": "set_dice", "player": OPEN_DICE_SEAT, "dice": sample_dice(6, state.round)}
        )
    return choices


def _entry_keeping(someone: Player, salt: int) -> list[list[Any]]:
    """A sample entry of ``someone``'s dice that still shows the dice lent or set aside."""
    kept = [*someone.modifiers.set_aside, *(loan.die for loan in someone.modifiers.lent)]
    rolled = sample_dice(max(someone.dice_count - len(kept), 0), salt)
    return [[die.colour.value, die.value] for die in kept] + rolled


def _resolutions(state: State, seat: int) -> list[Action]:
    if not path_choice_needed(state, seat):
        return [{"type": "resolve", "player": seat}]
    target = state.players[seat].destination
    assert target is not None
    return [
        {"type": "resolve", "player": seat, "path": [list(step) for step in path]}
        for path in shortest_paths(state, seat, target)
    ]


_BY_PHASE = {
    Phase.PLANNING: _planning,
    Phase.REROLLS: _rerolls,
    Phase.MOVEMENT: _movement,
}
