"""Actions for the Fuji character skills.

- Equipment Manager, at any time, even with a broken arm::

      {"type": "give_equipment", "player": 0, "to": 2, "card": "rope"}

- Buddy, during the rerolls (phase 3), one die kept aside in view and not rerolled; it
  comes back when phase 3 ends or, with the set-up option ``buddy_die_back`` set to
  ``"end_of_round"``, stays out of phase 5 until the round ends::

      {"type": "set_die_aside", "player": 1, "die": ["pink", 5]}

- Gatherer, during movement (phase 5), before the helped player resolves::

      {"type": "spend_energy", "player": 1, "target": 0, "bars": 2}

  The bars themselves are earned when the Gatherer finishes rerolling with rerolls left
  (``rerolls_done``, in the rules module), three at most.

The Scout's longer reach and the Survivalist's extra reroll need no action: the queries
module takes them into account.  Amnesia stops every skill.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.game import Action
from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.fuji.equipment import (
    card_param,
    note_used,
    other_seat,
    player_name,
    read_card,
    read_one_die,
    tell,
    with_modifiers,
    with_player,
)
from companion.games.fuji.fields import acting_player, read_int, seat_of
from companion.games.fuji.state import Phase, Player, Skill, State


def require_skill(someone: Player, skill: Skill) -> None:
    """Refuse unless ``someone`` has ``skill`` and no amnesia."""
    if someone.skill is not skill:
        raise IllegalActionError(
            "fuji.error.equipment.not_your_skill",
            name=someone.name,
            skill=f"@fuji.skill.{skill.value}",
        )
    if someone.wounds.amnesia:
        raise IllegalActionError("fuji.error.equipment.amnesia", name=someone.name)


def require_skill_phase(state: State, phase: Phase, skill: Skill) -> None:
    """Refuse a skill used outside the one phase it works in."""
    if state.phase is not phase:
        raise IllegalActionError(
            f"fuji.error.equipment.skill_phase_{phase.value}", skill=f"@fuji.skill.{skill.value}"
        )


# --- Equipment Manager --------------------------------------------------------------


def give_equipment(state: State, action: Action) -> State:
    """The Equipment Manager hands one of their cards to another player."""
    someone = acting_player(state, action)
    require_skill(someone, Skill.EQUIPMENT_MANAGER)
    card = read_card(action)
    if card not in someone.equipment:
        raise IllegalActionError(
            "fuji.error.equipment.not_in_hand", name=someone.name, card=card_param(card)
        )
    receiver_seat = other_seat(state, someone.seat, action, "to")
    receiver = state.players[receiver_seat]
    hand = list(someone.equipment)
    hand.remove(card)
    state = with_player(
        state,
        someone.seat,
        equipment=tuple(hand),
        equipment_turned=tuple(held for held in someone.equipment_turned if held != card),
        fresh_equipment=tuple(held for held in someone.fresh_equipment if held != card),
    )
    state = with_player(state, receiver_seat, equipment=(*receiver.equipment, card))
    state = note_used(state, someone.seat, Skill.EQUIPMENT_MANAGER.value)
    told = msg("fuji.skill.do.give", name=someone.name, card=card_param(card), to=receiver.name)
    return tell(state, told)


# --- Buddy --------------------------------------------------------------------------


def set_die_aside(state: State, action: Action) -> State:
    """The Buddy keeps one die out of the rerolls, in view (see ``Settings.buddy_die_back``)."""
    require_skill_phase(state, Phase.REROLLS, Skill.BUDDY)
    someone = acting_player(state, action)
    require_skill(someone, Skill.BUDDY)
    if someone.rerolls_done:
        raise IllegalActionError("fuji.error.equipment.rerolls_finished", name=someone.name)
    if someone.modifiers.rerolls_aside:
        raise IllegalActionError("fuji.error.equipment.die_already_aside", name=someone.name)
    die = read_one_die(action, "die")
    state = with_modifiers(state, someone.seat, rerolls_aside=(die,))
    state = note_used(state, someone.seat, Skill.BUDDY.value)
    return tell(state, msg("fuji.skill.do.aside", name=someone.name))


# --- Gatherer -----------------------------------------------------------------------


def spend_energy(state: State, action: Action) -> State:
    """The Gatherer spends energy bars: +1 each to one player's value for their resolution."""
    require_skill_phase(state, Phase.MOVEMENT, Skill.GATHERER)
    someone = acting_player(state, action)
    require_skill(someone, Skill.GATHERER)
    bars = read_int(action, "bars")
    if not 1 <= bars <= someone.energy:
        raise IllegalActionError(
            "fuji.error.equipment.not_enough_energy", name=someone.name, energy=someone.energy
        )
    target_seat = seat_of(state, action, "target")
    target = state.players[target_seat]
    if target_seat in state.resolved:
        raise IllegalActionError("fuji.error.equipment.already_resolved", name=target.name)
    state = with_player(state, someone.seat, energy=someone.energy - bars)
    bonus = state.players[target_seat].modifiers.energy_bonus + bars
    state = with_modifiers(state, target_seat, energy_bonus=bonus)
    state = note_used(state, someone.seat, Skill.GATHERER.value)
    told = msg("fuji.skill.do.energy", name=someone.name, bars=bars, target=target.name)
    return tell(state, told)


def sample_actions(state: State) -> list[dict[str, Any]]:
    """Return legal skill actions available now (for playouts)."""
    if state.outcome is not None:
        return []
    samples: list[dict[str, Any]] = []
    count = len(state.players)
    for someone in state.players:
        seat = someone.seat
        if someone.wounds.amnesia:
            continue
        if someone.skill is Skill.EQUIPMENT_MANAGER and someone.equipment:
            card = someone.equipment[0]
            give = {"type": "give_equipment", "player": seat, "card": card}
            samples.append({**give, "to": (seat + 1) % count})
        if someone.skill is Skill.BUDDY and buddy_can_set_aside(state, someone):
            samples.append({"type": "set_die_aside", "player": seat, "die": ["pink", 3]})
        if someone.skill is Skill.GATHERER and someone.energy and state.phase is Phase.MOVEMENT:
            spend = {"type": "spend_energy", "player": seat, "bars": 1}
            unresolved = [p.seat for p in state.players if p.seat not in state.resolved]
            samples.extend({**spend, "target": target} for target in unresolved)
    return samples


def buddy_can_set_aside(state: State, someone: Player) -> bool:
    """Tell whether the Buddy may still keep a die aside this phase 3."""
    return (
        state.phase is Phase.REROLLS
        and not someone.rerolls_done
        and not someone.modifiers.rerolls_aside
    )


def label(before: State, action: Action) -> Msg:
    """A short history label for a skill action."""
    name = player_name(before, action.get("player"))
    kind = action.get("type")
    if kind == "give_equipment":
        card = card_param(str(action.get("card")))
        to = player_name(before, action.get("to"))
        return msg("fuji.skill.label.give", name=name, card=card, to=to)
    if kind == "spend_energy":
        target = player_name(before, action.get("target"))
        bars = str(action.get("bars"))
        return msg("fuji.skill.label.energy", name=name, bars=bars, target=target)
    return msg("fuji.skill.label.aside", name=name)


SKILL_HANDLERS: dict[str, Callable[[State, Action], State]] = {
    "give_equipment": give_equipment,
    "set_die_aside": set_die_aside,
    "spend_energy": spend_energy,
}
"""Action type -> handler for the skill actions."""
