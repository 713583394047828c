"""Actions for the Fuji equipment cards.

Every card is played with one action type::

    {"type": "use_equipment", "player": 0, "card": "<card id>", ...card fields}

The card fields are:

- ``binoculars`` (phase 2): ``"cells": [[r, c], [r, c]]`` — two empty landscape cards whose
  conditions trade places; the table swaps the two physical cards.
- ``torch`` (phase 2): no field; one reroll behind the screen.
- ``radio`` (phase 2 or 4): no field; the screen comes off until the phase ends.
- ``rope`` (phase 2 or 4): ``"cell": [r, c]`` — an adjacent landscape card the pawn steps to
  (or a village, with the set-up option ``rope_onto_village``).
- ``pocket_knife`` (the copied card's phase): ``"copy": "<card id>"`` plus that card's fields.
- ``lighter`` (phase 4): ``"from": seat, "die": [colour, value]`` — the die lent to the user.
- ``map`` (phase 4): ``"to": seat, "die": [colour, value]`` — the die the user lends.
- ``carabiner`` (phase 4): no field; everyone rerolls exactly one die.
- ``duct_tape`` / ``compass`` (phase 4): optional ``"dice": [index, ...]`` of entered dice.
- ``machete`` (phase 4): ``"dice": [[colour, value], ...]`` — one or two dice set aside.
- ``shovel`` (phase 4): optional ``"die": index, "face": [colour, value]``.
- ``first_aid_kit`` / ``flare_gun`` (phase 4): no field.
- ``water_bottle`` (phase 4): ``"rerolls": 1 or 2`` for the user, or ``"to": seat`` to give
  another player one reroll.

A card is used once and discarded; a Tinkerer uses each card twice (turned after the
first use).  A broken arm stops all equipment use.  The app never rolls: cards that
change dice behind the screens are recorded and the table is told what to do; where
dice were already entered, the entry follows the card (or is cleared after a reroll so
the table enters the new roll).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from companion.core.game import Action
from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.fuji.eruption import trigger_eruption_token
from companion.games.fuji.fields import (
    acting_player,
    read_dice,
    read_int,
    read_position,
    seat_of,
)
from companion.games.fuji.queries import (
    equipment_in_play,
    legal_destinations,
    orthogonal,
    skill_active,
)
from companion.games.fuji.scoring import win_if_safe
from companion.games.fuji.state import (
    EQUIPMENT_CARDS,
    Cell,
    Die,
    Instruction,
    Loan,
    Pending,
    PendingKind,
    Phase,
    Player,
    Position,
    Skill,
    State,
    TerrainKind,
)

Effect = Callable[[State, int, Action], State]
"""What a card does: ``(state, user's seat, action) -> state``; refuses bad targets."""

PLANNING_ONLY: frozenset[Phase] = frozenset({Phase.PLANNING})
"""Cards played while planning (phase 2)."""
EQUIPMENT_ONLY: frozenset[Phase] = frozenset({Phase.EQUIPMENT})
"""Cards played in the equipment phase (phase 4)."""
EITHER_PHASE: frozenset[Phase] = PLANNING_ONLY | EQUIPMENT_ONLY
"""Cards played in phase 2 or phase 4."""

CARD_PHASES: dict[str, frozenset[Phase]] = {
    "binoculars": PLANNING_ONLY,
    "torch": PLANNING_ONLY,
    "radio": EITHER_PHASE,
    "rope": EITHER_PHASE,
    "pocket_knife": EITHER_PHASE,
    "lighter": EQUIPMENT_ONLY,
    "map": EQUIPMENT_ONLY,
    "carabiner": EQUIPMENT_ONLY,
    "duct_tape": EQUIPMENT_ONLY,
    "compass": EQUIPMENT_ONLY,
    "machete": EQUIPMENT_ONLY,
    "shovel": EQUIPMENT_ONLY,
    "first_aid_kit": EQUIPMENT_ONLY,
    "flare_gun": EQUIPMENT_ONLY,
    "water_bottle": EQUIPMENT_ONLY,
}
"""The phases in which each card may be played (the knife: those of the card it copies)."""

KNIFE = "pocket_knife"
"""The card that copies another."""
FLARE_BONUS = 3
"""Added to the user's own movement value by the flare gun."""
MACHETE_MOST = 2
"""Most dice the machete sets aside."""
WATER_BOTTLE_MOST = 2
"""Most rerolls the water bottle gives its user."""


# --- small helpers shared with the skill actions -----------------------------------


def with_player(state: State, seat: int, **changes: Any) -> State:
    """Return ``state`` with the player at ``seat`` changed by ``changes``."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def with_modifiers(state: State, seat: int, **changes: Any) -> State:
    """Return ``state`` with the round modifiers of ``seat`` changed by ``changes``."""
    modifiers = replace(state.players[seat].modifiers, **changes)
    return with_player(state, seat, modifiers=modifiers)


def note_used(state: State, seat: int, used_id: str) -> State:
    """Record in the round modifiers that ``seat`` used a card or skill this round."""
    used = (*state.players[seat].modifiers.used, used_id)
    return with_modifiers(state, seat, used=used)


def tell(state: State, message: Msg, cells: tuple[Position, ...] = ()) -> State:
    """Add an instruction for the table."""
    return replace(state, instructions=(*state.instructions, Instruction(message, cells)))


def card_param(card: str) -> str:
    """Return a message parameter that shows the translated name of ``card``."""
    return f"@fuji.equipment.{card}"


def player_name(state: State, seat: object) -> str:
    """Return the name of the player at ``seat``, or an empty text for an unknown seat."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
        return state.players[seat].name
    return ""


def read_card(action: Action, key: str = "card") -> str:
    """Return the equipment card id in ``action[key]``; refuse unknown ids."""
    card = action.get(key)
    if not isinstance(card, str) or card not in EQUIPMENT_CARDS:
        raise IllegalActionError("fuji.error.equipment.unknown_card", card=str(card))
    return card


def read_one_die(action: Action, key: str) -> Die:
    """Return the single ``[colour, value]`` die in ``action[key]``."""
    return read_faces([action.get(key)], key)[0]


def read_faces(value: Any, key: str) -> tuple[Die, ...]:
    """Read ``[[colour, value], ...]`` from ``action[key]``; refuse anything malformed."""
    if not isinstance(value, list | tuple):
        raise IllegalActionError("fuji.error.bad_field", field=key)
    for entry in value:
        if not isinstance(entry, list | tuple) or len(entry) != 2 or not isinstance(entry[0], str):
            raise IllegalActionError("fuji.error.bad_field", field=key)
    return read_dice(value)


def other_seat(state: State, seat: int, action: Action, key: str) -> int:
    """Return the seat named by ``action[key]``; refuse the acting player's own seat."""
    other = seat_of(state, action, key)
    if other == seat:
        raise IllegalActionError("fuji.error.equipment.same_player", name=state.players[seat].name)
    return other


def spare_dice(someone: Player) -> int:
    """Return how many of ``someone``'s own dice are neither set aside nor lent."""
    modifiers = someone.modifiers
    return someone.dice_count - len(modifiers.set_aside) - len(modifiers.lent)


def check_die_available(someone: Player, dice: Sequence[Die]) -> None:
    """Refuse unless ``someone`` still has ``dice`` free (counted from entered dice if known)."""
    if spare_dice(someone) < len(dice):
        raise IllegalActionError("fuji.error.equipment.no_spare_die", name=someone.name)
    if someone.dice is None:
        return
    free = Counter(someone.dice)
    free.subtract(someone.modifiers.set_aside)
    free.subtract(loan.die for loan in someone.modifiers.lent)
    free.subtract(dice)
    if any(count < 0 for count in free.values()):
        raise IllegalActionError("fuji.error.equipment.die_not_shown", name=someone.name)


def forget_dice(state: State, seats: Sequence[int]) -> State:
    """Clear entered dice of ``seats`` after a reroll, so the table enters the new roll."""
    for seat in seats:
        someone = state.players[seat]
        if someone.dice is not None or someone.dice_partial:
            state = with_player(state, seat, dice=None, dice_partial=())
    return state


# --- the action ---------------------------------------------------------------------


def use_equipment(state: State, action: Action) -> State:
    """Play an equipment card from the acting player's hand."""
    someone = acting_player(state, action)
    card = read_card(action)
    check_can_use(someone, card)
    effect_card = knife_target(state, action) if card == KNIFE else card
    check_phase(state, card, effect_card)
    state = EFFECTS[effect_card](state, someone.seat, action)
    if card == KNIFE:
        state = tell(
            state, msg("fuji.equipment.do.knife", name=someone.name, card=card_param(effect_card))
        )
    state = note_used(state, someone.seat, card)
    return win_if_safe(spend_card(state, someone.seat, card))


def check_can_use(someone: Player, card: str) -> None:
    """Refuse a broken arm, a card the player does not hold, or one drawn too recently."""
    if someone.wounds.arm:
        raise IllegalActionError("fuji.error.equipment.broken_arm", name=someone.name)
    if card not in someone.equipment:
        raise IllegalActionError(
            "fuji.error.equipment.not_in_hand", name=someone.name, card=card_param(card)
        )
    if card in someone.fresh_equipment:
        raise IllegalActionError(
            "fuji.error.equipment.fresh_card", name=someone.name, card=card_param(card)
        )


def knife_target(state: State, action: Action) -> str:
    """Return the card the pocket knife copies: another card lying face up in a hand."""
    if action.get("copy") is None:
        raise IllegalActionError("fuji.error.equipment.knife_needs_card")
    copied = read_card(action, "copy")
    if copied == KNIFE:
        raise IllegalActionError("fuji.error.equipment.knife_copies_knife")
    if copied not in equipment_in_play(state):
        raise IllegalActionError("fuji.error.equipment.knife_not_visible", card=card_param(copied))
    return copied


def check_phase(state: State, card: str, effect_card: str) -> None:
    """Refuse a card played outside the phase of the effect it brings."""
    phases = CARD_PHASES[effect_card]
    if state.phase in phases:
        return
    if phases == EITHER_PHASE:
        when = "either"
    else:
        when = "planning" if phases == PLANNING_ONLY else "equipment"
    raise IllegalActionError(
        "fuji.error.equipment.wrong_phase",
        card=card_param(card),
        when=f"@fuji.equipment.when.{when}",
    )


def spend_card(state: State, seat: int, card: str) -> State:
    """Discard a used card, or turn it after a Tinkerer's first use."""
    someone = state.players[seat]
    if skill_active(someone, Skill.TINKERER) and card not in someone.equipment_turned:
        state = with_player(state, seat, equipment_turned=(*someone.equipment_turned, card))
        return tell(state, msg("fuji.equipment.do.turn", name=someone.name, card=card_param(card)))
    hand = list(someone.equipment)
    hand.remove(card)
    turned = tuple(held for held in someone.equipment_turned if held != card)
    state = with_player(state, seat, equipment=tuple(hand), equipment_turned=turned)
    state = replace(state, discarded=(*state.discarded, card))
    return tell(state, msg("fuji.equipment.do.discard", name=someone.name, card=card_param(card)))


# --- phase 2 cards ------------------------------------------------------------------


def binoculars(state: State, seat: int, action: Action) -> State:
    """Swap the conditions of two empty landscape cards."""
    first, second = read_two_cells(action)
    if first == second:
        raise IllegalActionError("fuji.error.equipment.same_card")
    for position in (first, second):
        check_empty_landscape(state, position)
    one, two = state.board.cell(first), state.board.cell(second)
    assert one is not None and two is not None
    board = state.board.replace(first, take_printed_face(one, two))
    board = board.replace(second, take_printed_face(two, one))
    state = replace(state, board=board)
    return tell(state, msg("fuji.equipment.do.binoculars"), (first, second))


def read_two_cells(action: Action) -> tuple[Position, Position]:
    """Read ``"cells": [[r, c], [r, c]]``."""
    cells = action.get("cells")
    if not isinstance(cells, list) or len(cells) != 2:
        raise IllegalActionError("fuji.error.bad_field", field="cells")
    return read_position(cells[0], "cells"), read_position(cells[1], "cells")


def check_empty_landscape(state: State, position: Position) -> None:
    """Refuse anything but a landscape card with no lava, token, pawn or marker on it."""
    cell = state.board.cell(position)
    row, col = position
    where = {"row": row + 1, "col": col + 1}
    if cell is None or cell.kind is not TerrainKind.LANDSCAPE or cell.lava:
        raise IllegalActionError("fuji.error.equipment.not_landscape", **where)
    occupied = any(position in (someone.position, someone.destination) for someone in state.players)
    if cell.equipment_token or cell.eruption_token or occupied:
        raise IllegalActionError("fuji.error.equipment.card_not_empty", **where)


def take_printed_face(cell: Cell, other: Cell) -> Cell:
    """Return ``cell`` carrying the printed condition of ``other`` (the card moved in)."""
    return replace(
        cell,
        condition=other.condition,
        card_id=other.card_id,
        reroll_symbol=other.reroll_symbol,
        card_known=other.card_known,
        reroll_known=other.reroll_known,
    )


def torch(state: State, seat: int, action: Action) -> State:
    """One reroll behind the screen during planning."""
    state = forget_dice(state, [seat])
    return tell(state, msg("fuji.equipment.do.torch", name=state.players[seat].name))


def radio(state: State, seat: int, action: Action) -> State:
    """The user's screen comes off until the end of the phase."""
    state = with_modifiers(state, seat, screen_removed=True)
    return tell(state, msg("fuji.equipment.do.radio", name=state.players[seat].name))


# --- the rope -----------------------------------------------------------------------


def rope(state: State, seat: int, action: Action) -> State:
    """Step the user's pawn at once to an adjacent landscape card (or village, if allowed).

    Reaching a village this way can win the game; :func:`use_equipment` checks that once
    the rope is discarded, so the score counts it as used.
    """
    someone = state.players[seat]
    target = read_position(action.get("cell"), "cell")
    check_rope_target(state, someone, target)
    state = with_player(state, seat, position=target)
    state = tell(state, msg("fuji.equipment.do.rope", name=someone.name), (target,))
    state = trigger_eruption_token(state, target)
    if state.outcome is not None:
        return state
    state = rope_equipment_token(state, seat, target)
    if state.phase is Phase.PLANNING:
        state = recheck_destination(state, seat)
    return state


def check_rope_target(state: State, someone: Player, target: Position) -> None:
    """Refuse a card that is not adjacent, or not an unburnt landscape card.

    With the set-up option ``rope_onto_village`` an adjacent village is allowed too.
    """
    if target not in orthogonal(someone.position):
        raise IllegalActionError("fuji.error.equipment.not_adjacent", name=someone.name)
    cell = state.board.cell(target)
    allowed = {TerrainKind.LANDSCAPE}
    if state.settings.rope_onto_village:
        allowed.add(TerrainKind.VILLAGE)
    if cell is None or cell.kind not in allowed or cell.lava:
        row, col = target
        raise IllegalActionError("fuji.error.equipment.not_landscape", row=row + 1, col=col + 1)


def rope_equipment_token(state: State, seat: int, target: Position) -> State:
    """An equipment token where the rope lands: remove it, the table draws a card."""
    cell = state.board.cell(target)
    assert cell is not None
    if not cell.equipment_token:
        return state
    board = state.board.replace(target, replace(cell, equipment_token=False))
    state = replace(state, board=board, pending=(*state.pending, Pending(PendingKind.DRAW, seat)))
    name = state.players[seat].name
    return tell(state, msg("fuji.instruction.draw_equipment", name=name), (target,))


def recheck_destination(state: State, seat: int) -> State:
    """While planning, lift a destination marker the pawn can no longer reach."""
    someone = state.players[seat]
    if someone.destination is None or someone.destination in legal_destinations(state, seat):
        return state
    state = with_player(state, seat, destination=None, destination_confirmed=False)
    return tell(state, msg("fuji.equipment.do.replan", name=someone.name))


# --- dice lent and handed over ------------------------------------------------------


def lighter(state: State, seat: int, action: Action) -> State:
    """A teammate lends the user one die until the end of the round."""
    giver_seat = other_seat(state, seat, action, "from")
    die = read_one_die(action, "die")
    giver = state.players[giver_seat]
    check_die_available(giver, [die])
    state = with_modifiers(state, giver_seat, lent=(*giver.modifiers.lent, Loan(die, seat)))
    names = {"giver": giver.name, "name": state.players[seat].name}
    return tell(state, msg("fuji.equipment.do.lend", **names))


def map_card(state: State, seat: int, action: Action) -> State:
    """The user lends one own die to another player until the end of the round."""
    holder_seat = other_seat(state, seat, action, "to")
    die = read_one_die(action, "die")
    someone = state.players[seat]
    check_die_available(someone, [die])
    loan = Loan(die, holder_seat)
    state = with_modifiers(state, seat, lent=(*someone.modifiers.lent, loan))
    names = {"giver": someone.name, "name": state.players[holder_seat].name}
    return tell(state, msg("fuji.equipment.do.lend", **names))


def machete(state: State, seat: int, action: Action) -> State:
    """Set one or two own dice aside; they do not count in phase 5."""
    chosen = read_faces(action.get("dice"), "dice")
    if not 1 <= len(chosen) <= MACHETE_MOST:
        raise IllegalActionError("fuji.error.equipment.machete_count", most=MACHETE_MOST)
    someone = state.players[seat]
    check_die_available(someone, chosen)
    state = with_modifiers(state, seat, set_aside=(*someone.modifiers.set_aside, *chosen))
    return tell(state, msg("fuji.equipment.do.machete", name=someone.name, count=len(chosen)))


# --- dice turned or rerolled --------------------------------------------------------


def duct_tape(state: State, seat: int, action: Action) -> State:
    """Turn chosen 1s (all of them by default) to 6s."""
    state = flip_faces(state, seat, action, 1, 6)
    return tell(state, msg("fuji.equipment.do.duct_tape", name=state.players[seat].name))


def compass(state: State, seat: int, action: Action) -> State:
    """Turn chosen 6s (all of them by default) to 1s."""
    state = flip_faces(state, seat, action, 6, 1)
    return tell(state, msg("fuji.equipment.do.compass", name=state.players[seat].name))


def flip_faces(state: State, seat: int, action: Action, showing: int, becomes: int) -> State:
    """Turn entered dice showing ``showing`` over to ``becomes`` (opposite faces share colour)."""
    dice = state.players[seat].dice
    if dice is None:
        return state
    indices = read_indices(action, len(dice))
    if indices is None:
        indices = [index for index, die in enumerate(dice) if die.value == showing]
    for index in indices:
        if dice[index].value != showing:
            raise IllegalActionError(
                "fuji.error.equipment.wrong_face", die=index + 1, value=showing
            )
    turned = tuple(
        replace(die, value=becomes) if index in indices else die for index, die in enumerate(dice)
    )
    return with_player(state, seat, dice=turned)


def read_indices(action: Action, count: int) -> list[int] | None:
    """Read ``"dice": [index, ...]`` into entered dice (``None`` when absent)."""
    value = action.get("dice")
    if value is None:
        return None
    if not isinstance(value, list):
        raise IllegalActionError("fuji.error.bad_field", field="dice")
    indices = [read_int({"dice": entry}, "dice") for entry in value]
    if any(not 0 <= index < count for index in indices):
        raise IllegalActionError("fuji.error.bad_field", field="dice")
    return indices


def shovel(state: State, seat: int, action: Action) -> State:
    """Turn one die to any face; an entered die is updated to the face given."""
    someone = state.players[seat]
    face = read_one_die(action, "face") if action.get("face") is not None else None
    if someone.dice is not None and face is not None:
        index = read_int(action, "die")
        if not 0 <= index < len(someone.dice):
            raise IllegalActionError("fuji.error.bad_field", field="die")
        dice = (*someone.dice[:index], face, *someone.dice[index + 1 :])
        state = with_player(state, seat, dice=dice)
    return tell(state, msg("fuji.equipment.do.shovel", name=someone.name))


def carabiner(state: State, seat: int, action: Action) -> State:
    """Every player rerolls exactly one die."""
    state = forget_dice(state, range(len(state.players)))
    return tell(state, msg("fuji.equipment.do.carabiner"))


def water_bottle(state: State, seat: int, action: Action) -> State:
    """The user rerolls once or twice, or lets another player reroll once."""
    if action.get("to") is not None and action.get("to") != seat:
        receiver = other_seat(state, seat, action, "to")
        state = forget_dice(state, [receiver])
        names = {"name": state.players[receiver].name, "giver": state.players[seat].name}
        return tell(state, msg("fuji.equipment.do.water_other", **names))
    count = read_int(action, "rerolls", WATER_BOTTLE_MOST)
    if not 1 <= count <= WATER_BOTTLE_MOST:
        raise IllegalActionError("fuji.error.equipment.water_count", most=WATER_BOTTLE_MOST)
    state = forget_dice(state, [seat])
    name = state.players[seat].name
    return tell(state, msg("fuji.equipment.do.water_self", name=name, count=count))


# --- phase 5 protection -------------------------------------------------------------


def first_aid_kit(state: State, seat: int, action: Action) -> State:
    """No stamina loss this round."""
    state = with_modifiers(state, seat, first_aid=True)
    return tell(state, msg("fuji.equipment.do.first_aid_kit", name=state.players[seat].name))


def flare_gun(state: State, seat: int, action: Action) -> State:
    """+3 to the user's own value in their own phase-5 resolution."""
    bonus = state.players[seat].modifiers.flare_bonus + FLARE_BONUS
    state = with_modifiers(state, seat, flare_bonus=bonus)
    name = state.players[seat].name
    return tell(state, msg("fuji.equipment.do.flare_gun", name=name, bonus=FLARE_BONUS))


EFFECTS: dict[str, Effect] = {
    "binoculars": binoculars,
    "torch": torch,
    "radio": radio,
    "rope": rope,
    "lighter": lighter,
    "map": map_card,
    "carabiner": carabiner,
    "duct_tape": duct_tape,
    "compass": compass,
    "machete": machete,
    "shovel": shovel,
    "first_aid_kit": first_aid_kit,
    "flare_gun": flare_gun,
    "water_bottle": water_bottle,
}
"""The effect of every card but the pocket knife (which borrows one of these)."""


def usable_cards(state: State, seat: int) -> tuple[str, ...]:
    """Return the cards in ``seat``'s hand whose own phase is now (for screens and samples)."""
    someone = state.players[seat]
    if someone.wounds.arm:
        return ()
    return tuple(
        card
        for card in someone.equipment
        if state.phase in CARD_PHASES[card] and card not in someone.fresh_equipment
    )


SAMPLE_DIE: list[Any] = ["yellow", 2]
"""The die named by sample actions that hand a die over or set one aside."""


def sample_actions(state: State) -> list[dict[str, Any]]:
    """Return legal ``use_equipment`` actions for every card playable now (for playouts)."""
    if state.outcome is not None or state.pending:
        return []
    samples: list[dict[str, Any]] = []
    for someone in state.players:
        for card in usable_cards(state, someone.seat):
            base = {"type": "use_equipment", "player": someone.seat, "card": card}
            samples.extend({**base, **fields} for fields in card_fields(state, someone, card))
        if KNIFE in usable_knives(someone):
            samples.extend(knife_samples(state, someone))
    return samples


def card_refusal(state: State, seat: int, card: str) -> Msg | None:
    """Why ``seat`` cannot start playing ``card`` in ``state``, or ``None`` if some use of
    it would be accepted (its hand, its phase, and a target it could act on)."""
    someone = state.players[seat]
    try:
        check_can_use(someone, card)
        if card == KNIFE:
            if not knife_samples(state, someone):
                raise IllegalActionError("fuji.error.equipment.knife_not_visible",
                                         card=card_param(card))
            return None
        check_phase(state, card, card)
    except IllegalActionError as refused:
        return refused.message
    if not card_fields(state, someone, card):
        return msg("fuji.error.equipment.nothing_to_act_on", card=card_param(card))
    return None


def usable_knives(someone: Player) -> tuple[str, ...]:
    """Return ``(KNIFE,)`` when ``someone`` may play the pocket knife now, else ``()``."""
    if someone.wounds.arm or KNIFE not in someone.equipment or KNIFE in someone.fresh_equipment:
        return ()
    return (KNIFE,)


def knife_samples(state: State, someone: Player) -> list[dict[str, Any]]:
    """Return the pocket knife copying each visible card whose phase is now."""
    samples: list[dict[str, Any]] = []
    base = {"type": "use_equipment", "player": someone.seat, "card": KNIFE}
    for copied in sorted(equipment_in_play(state) - {KNIFE}):
        if state.phase in CARD_PHASES[copied]:
            fields = card_fields(state, someone, copied)
            samples.extend({**base, "copy": copied, **more} for more in fields)
    return samples


def card_fields(state: State, someone: Player, card: str) -> list[dict[str, Any]]:
    """Return legal extra fields for ``someone`` playing ``card`` now (empty: none legal)."""
    others = [p.seat for p in state.players if p.seat != someone.seat]
    if card == "binoculars":
        empty = empty_landscapes(state)
        return [{"cells": [list(empty[0]), list(empty[-1])]}] if len(empty) > 1 else []
    if card == "rope":
        return [{"cell": list(target)} for target in rope_targets(state, someone)]
    if card == "lighter":
        givers = [seat for seat in others if spare_dice(state.players[seat]) > 0]
        return [{"from": seat, "die": SAMPLE_DIE} for seat in givers[:1] if someone.dice is None]
    if card in ("map", "machete"):
        if spare_dice(someone) < 1 or someone.dice is not None:
            return []
        if card == "machete":
            return [{"dice": [SAMPLE_DIE]}]
        return [{"to": seat, "die": SAMPLE_DIE} for seat in others[:1]]
    if card == "water_bottle":
        return [{"rerolls": 1}, *({"to": seat} for seat in others[:1])]
    if card == KNIFE:
        return []
    return [{}]


def empty_landscapes(state: State) -> list[Position]:
    """Return the landscape cards the binoculars may swap, row by row."""
    found = []
    for position in state.board.positions():
        try:
            check_empty_landscape(state, position)
        except IllegalActionError:
            continue
        found.append(position)
    return found


def rope_targets(state: State, someone: Player) -> list[Position]:
    """Return the cards the rope can reach from ``someone``'s pawn."""
    found = []
    for target in orthogonal(someone.position):
        try:
            check_rope_target(state, someone, target)
        except IllegalActionError:
            continue
        found.append(target)
    return found


def label(before: State, action: Action) -> Msg:
    """A short history label for a ``use_equipment`` action."""
    name = player_name(before, action.get("player"))
    card = str(action.get("card"))
    if card == KNIFE and action.get("copy"):
        copied = card_param(str(action.get("copy")))
        return msg("fuji.equipment.label.knife", name=name, card=copied)
    return msg("fuji.equipment.label.use", name=name, card=card_param(card))


EQUIPMENT_HANDLERS: dict[str, Callable[[State, Action], State]] = {
    "use_equipment": use_equipment,
}
"""Action type -> handler for the equipment actions."""
