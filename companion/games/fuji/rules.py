"""The Fuji reducer: one handler per action type, all pure.

:data:`HANDLERS` maps each action type to a function ``(state, action) -> state`` that
raises :class:`~companion.core.messages.IllegalActionError` (leaving the state
untouched) when the action is not allowed.  Equipment and skill actions come from
their own modules and are merged in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.core.game import Action
from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.fuji.conditions import CARDS_BY_ID, ConditionCard
from companion.games.fuji.equipment import CARD_PHASES, EQUIPMENT_HANDLERS, KNIFE, with_player
from companion.games.fuji.equipment import card_refusal as equipment_refusal
from companion.games.fuji.eruption import trigger_eruption_token
from companion.games.fuji.fields import (
    acting_player,
    holder_of,
    position_of,
    read_dice,
    read_int,
    read_mapping,
    read_position,
    seat_of,
)
from companion.games.fuji.phases import enter_phase
from companion.games.fuji.queries import (
    MovementPreview,
    dice_compared,
    equipment_in_play,
    eruption_tokens_on,
    has_rerolls,
    legal_destinations,
    movement_values,
    neighbours,
    path_choice_needed,
    reroll_allowance,
    reroll_count_matters,
    shortest_paths,
    side_by_side,
    skill_active,
    walkable,
    walks,
)
from companion.games.fuji.scoring import lose, win_if_safe
from companion.games.fuji.skills import SKILL_HANDLERS
from companion.games.fuji.state import (
    EQUIPMENT_CARDS,
    OPEN_DICE_SEAT,
    PHASE_ORDER,
    Cell,
    Die,
    FreshCards,
    Instruction,
    Pending,
    PendingKind,
    Phase,
    Player,
    Position,
    Resolution,
    Skill,
    State,
    TerrainKind,
    WoundSlot,
)

Handler = Callable[[State, Action], State]
"""A function applying one action type."""

MAX_ENERGY = 3
"""Energy bars a Gatherer may hold."""
MAX_TYPED_TOTAL = 60
"""Largest movement total accepted in quick mode."""
OPEN_DICE_COUNT = 6
"""Dice in the open set of the two-player variant A."""


# --- helpers ---------------------------------------------------------------------


def require_phase(state: State, *phases: Phase) -> None:
    """Refuse unless the game is in one of ``phases``."""
    if state.phase not in phases:
        raise IllegalActionError("fuji.error.wrong_phase", phase=f"@fuji.phase.{state.phase.value}")


def _names(state: State, seats: list[int]) -> str:
    return ", ".join(state.players[seat].name for seat in seats)


# --- advance ---------------------------------------------------------------------


def advance(state: State, action: Action) -> State:
    """Close the current phase once it is finished and open the next one."""
    _check_phase_finished(state)
    if state.phase is Phase.ERUPTION:
        return enter_phase(replace(state, round=state.round + 1), Phase.ROLL)
    following = PHASE_ORDER[PHASE_ORDER.index(state.phase) + 1]
    return enter_phase(state, following)


IMPLIED_PHASES: dict[str, Phase] = {
    "set_destination": Phase.PLANNING,
    "rerolls_done": Phase.REROLLS,
    "set_die_aside": Phase.REROLLS,
    "set_dice": Phase.MOVEMENT,
    "enter_die": Phase.MOVEMENT,
    "set_movement_values": Phase.MOVEMENT,
}
"""Actions that close every finished phase before their own: placing a marker after the
eruption starts the next round's planning, a reroll count after planning starts the
rerolls, the first die entered takes the screens off (phase 5)."""

MOST_IMPLIED_STEPS = len(PHASE_ORDER)
"""Most phases an action may close before its own (one round at most)."""


def ahead(state: State, phase: Phase) -> State | None:
    """``state`` moved on to ``phase`` through phases with nothing left to do, or ``None``.

    Only finished phases are closed, as the *Next phase* button would close them, and
    never phase 5: the eruption it leads to is announced by its own step.
    """
    for _ in range(MOST_IMPLIED_STEPS):
        if state.phase is phase:
            return state
        if state.outcome is not None or state.phase is Phase.MOVEMENT:
            return None
        try:
            state = advance(state, {"type": "advance"})
        except IllegalActionError:
            return None
    return state if state.phase is phase else None


def _card_phase(state: State, action: Action) -> Phase | None:
    """For an equipment card played outside its phase, the next phase it may be played in."""
    if action.get("type") != "use_equipment":
        return None
    card = action.get("card")
    effect = action.get("copy") if card == KNIFE else card
    phases = CARD_PHASES.get(effect) if isinstance(effect, str) else None
    if not phases or state.phase in phases:
        return None
    start = PHASE_ORDER.index(state.phase)
    later = PHASE_ORDER[start + 1:] + PHASE_ORDER[:start]
    return next((phase for phase in later if phase in phases), None)


def card_refusal(state: State, seat: int, card: str) -> Msg | None:
    """Why ``seat`` cannot play ``card`` now, passing finished phases up to the card's own
    phase as the rules do when it is played, or ``None`` if it can be played."""
    phase = _card_phase(state, {"type": "use_equipment", "card": card})
    if phase is not None:
        state = ahead(state, phase) or state
    return equipment_refusal(state, seat, card)


def _check_phase_finished(state: State) -> None:
    if state.pending:
        raise IllegalActionError("fuji.error.choices_pending")
    if state.phase is Phase.PLANNING:
        missing = [p.seat for p in state.players if p.destination is None]
        if missing:
            raise IllegalActionError(
                "fuji.error.destinations_missing", names=_names(state, missing)
            )
    if state.phase is Phase.REROLLS:
        missing = [p.seat for p in state.players if not p.rerolls_done]
        if missing:
            raise IllegalActionError("fuji.error.rerolls_not_done", names=_names(state, missing))
    if state.phase is Phase.MOVEMENT:
        missing = [p.seat for p in state.players if p.seat not in state.resolved]
        if missing:
            raise IllegalActionError("fuji.error.not_resolved", names=_names(state, missing))


# --- planning --------------------------------------------------------------------


def set_destination(state: State, action: Action) -> State:
    """Put a player's destination marker on a card they may reach."""
    require_phase(state, Phase.PLANNING)
    someone = acting_player(state, action)
    target = position_of(action)
    if someone.destination_confirmed:
        raise IllegalActionError("fuji.error.destination_confirmed", name=someone.name)
    if target not in legal_destinations(state, someone.seat):
        raise _why_not_destination(state, someone, target)
    state = with_player(state, someone.seat, destination=target)
    return _forget_card_question(state, someone.destination)


def _forget_card_question(state: State, left: Position | None) -> State:
    """Drop the question about a card no marker lies on any more."""
    if left is None or any(someone.destination == left for someone in state.players):
        return state
    kept = tuple(
        owed for owed in state.pending if not (owed.kind is PendingKind.CARD and owed.cell == left)
    )
    return replace(state, pending=kept)


def name_card(state: State, action: Action) -> State:
    """Say what a card the table dealt shows: its catalogue ``card``, or just ``reroll``.

    With totals typed in, only the reroll symbol matters, so ``{"reroll": true}`` is
    enough; naming the card also lets the app count dice under its condition.
    """
    target = position_of(action)
    cell = state.board.cell(target)
    if cell is None or cell.kind not in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
        raise IllegalActionError("fuji.error.no_card_there")
    card = action.get("card")
    if card is not None:
        named = _catalogue_card(state, cell, card)
        cell = replace(
            cell,
            condition=named.condition,
            card_id=named.card_id,
            reroll_symbol=named.reroll_symbol,
            card_known=True,
            reroll_known=True,
        )
    else:
        reroll = action.get("reroll")
        if not isinstance(reroll, bool):
            raise IllegalActionError("fuji.error.bad_field", field="reroll")
        cell = replace(cell, reroll_symbol=reroll, reroll_known=True)
    kept = tuple(
        owed
        for owed in state.pending
        if not (owed.kind is PendingKind.CARD and owed.cell == target)
    )
    state = replace(state, board=state.board.replace(target, cell), pending=kept)
    return _rerolls_settled(state, target)


def _rerolls_settled(state: State, target: Position) -> State:
    """In phase 3, a player on a card just named who has no rerolls the rules count is done."""
    if state.phase is not Phase.REROLLS:
        return state
    for someone in state.players:
        aim = someone.destination if someone.destination is not None else someone.position
        if aim == target and not someone.rerolls_done and not reroll_count_matters(
                state, someone.seat):
            state = with_player(state, someone.seat, rerolls_done=True)
    return state


def _catalogue_card(state: State, cell: Cell, card: object) -> ConditionCard:
    """Return the catalogue card named ``card``; refuse one of another kind or already laid."""
    found = CARDS_BY_ID.get(card) if isinstance(card, str) else None
    if found is None or found.kind is not cell.kind:
        raise IllegalActionError("fuji.error.unknown_card", card=str(card))
    for position in state.board.positions():
        other = state.board.cell(position)
        if other is not None and other.card_id == found.card_id and other is not cell:
            raise IllegalActionError("fuji.error.card_laid_twice", card=found.card_id)
    return found


def _why_not_destination(state: State, someone: Player, target: Position) -> IllegalActionError:
    cell = state.board.cell(target)
    if cell is None:
        return IllegalActionError("fuji.error.no_card_there")
    if not walkable(state.board, target):
        return IllegalActionError("fuji.error.not_walkable")
    for other in side_by_side(state, someone.seat):
        if state.players[other].destination == target:
            return IllegalActionError(
                "fuji.error.destination_taken", name=state.players[other].name
            )
    reach = 4 if skill_active(someone, Skill.SCOUT) else 3
    return IllegalActionError("fuji.error.too_far", name=someone.name, steps=reach)


def confirm_destination(state: State, action: Action) -> State:
    """Mark a player's destination as final for this planning phase."""
    require_phase(state, Phase.PLANNING)
    someone = acting_player(state, action)
    if someone.destination is None:
        raise IllegalActionError("fuji.error.no_destination", name=someone.name)
    if someone.destination_confirmed:
        raise IllegalActionError("fuji.error.already_confirmed", name=someone.name)
    return with_player(state, someone.seat, destination_confirmed=True)


def release_destination(state: State, action: Action) -> State:
    """Let a player move their destination marker again."""
    require_phase(state, Phase.PLANNING)
    someone = acting_player(state, action)
    if not someone.destination_confirmed:
        raise IllegalActionError("fuji.error.not_confirmed", name=someone.name)
    return with_player(state, someone.seat, destination_confirmed=False)


# --- rerolls ---------------------------------------------------------------------


def rerolls_done(state: State, action: Action) -> State:
    """Record that a player finished rerolling (``used``: rerolls made, default 0).

    A Gatherer earns one energy bar per skipped reroll of the allowance (at most 3 held).
    """
    require_phase(state, Phase.REROLLS)
    someone = acting_player(state, action)
    aim = someone.destination if someone.destination is not None else someone.position
    if any(owed.kind is PendingKind.CARD and owed.cell == aim for owed in state.pending):
        raise IllegalActionError("fuji.error.choices_pending")
    allowance = reroll_allowance(state, someone.seat)
    used = read_int(action, "used", 0)
    if someone.rerolls_done and not has_rerolls(state, someone.seat) and used == 0:
        return state
    if someone.rerolls_done and not reroll_count_matters(state, someone.seat) and (
            0 <= used <= allowance + someone.modifiers.extra_rerolls):
        return state
    if someone.rerolls_done:
        raise IllegalActionError("fuji.error.rerolls_already_done", name=someone.name)
    if not 0 <= used <= allowance + someone.modifiers.extra_rerolls:
        raise IllegalActionError(
            "fuji.error.too_many_rerolls", name=someone.name, allowed=allowance
        )
    energy = someone.energy
    if skill_active(someone, Skill.GATHERER):
        energy = min(MAX_ENERGY, energy + max(allowance - used, 0))
    return with_player(state, someone.seat, rerolls_done=True, rerolls_used=used, energy=energy)


# --- movement: entering dice -----------------------------------------------------


def set_dice(state: State, action: Action) -> State:
    """Enter the dice a player (or the open set) shows once the screens are off."""
    require_phase(state, Phase.MOVEMENT)
    holder = holder_of(state, action)
    dice = read_dice(action.get("dice"))
    if dice_compared(state, holder):
        raise IllegalActionError("fuji.error.dice_already_used")
    if holder == OPEN_DICE_SEAT:
        if len(dice) != OPEN_DICE_COUNT:
            raise IllegalActionError("fuji.error.dice_count", name="", count=OPEN_DICE_COUNT)
        assert state.open_dice is not None
        return replace(state, open_dice=replace(state.open_dice, dice=dice, dice_partial=()))
    someone = state.players[holder]
    if len(dice) != someone.dice_count:
        raise IllegalActionError(
            "fuji.error.dice_count", name=someone.name, count=someone.dice_count
        )
    _check_kept_dice_entered(someone, dice)
    return with_player(state, holder, dice=dice, dice_partial=())


def enter_die(state: State, action: Action) -> State:
    """Add one die to a player's (or the open set's) entry; a full entry is recorded.

    The dice entered so far are part of the state, so a half-entered set survives a
    restart and an undo takes back just the last die.
    """
    require_phase(state, Phase.MOVEMENT)
    holder = holder_of(state, action)
    die = read_dice([action.get("die")])[0]
    if dice_compared(state, holder):
        raise IllegalActionError("fuji.error.dice_already_used")
    entered, partial, count = _entry_of(state, holder)
    if entered is not None:
        raise IllegalActionError("fuji.error.dice_complete", name=_holder_name(state, holder))
    partial = (*partial, die)
    if len(partial) < count:
        return _store_entry(state, holder, None, partial)
    if holder != OPEN_DICE_SEAT:
        _check_kept_dice_entered(state.players[holder], partial)
    return _store_entry(state, holder, partial, ())


def remove_die(state: State, action: Action) -> State:
    """Take one die out of an entry (``index``, default the last one entered)."""
    require_phase(state, Phase.MOVEMENT)
    holder = holder_of(state, action)
    if dice_compared(state, holder):
        raise IllegalActionError("fuji.error.dice_already_used")
    entered, partial, _ = _entry_of(state, holder)
    dice = entered if entered is not None else partial
    if not dice:
        raise IllegalActionError("fuji.error.no_die_entered", name=_holder_name(state, holder))
    index = read_int(action, "index", len(dice) - 1)
    if not 0 <= index < len(dice):
        raise IllegalActionError("fuji.error.bad_field", field="index")
    return _store_entry(state, holder, None, dice[:index] + dice[index + 1 :])


def _entry_of(state: State, holder: int) -> tuple[tuple[Die, ...] | None, tuple[Die, ...], int]:
    """Return ``(complete dice or None, partial dice, dice count)`` of ``holder``."""
    if holder == OPEN_DICE_SEAT:
        assert state.open_dice is not None
        return state.open_dice.dice, state.open_dice.dice_partial, OPEN_DICE_COUNT
    someone = state.players[holder]
    return someone.dice, someone.dice_partial, someone.dice_count


def _store_entry(
    state: State, holder: int, dice: tuple[Die, ...] | None, partial: tuple[Die, ...]
) -> State:
    if holder == OPEN_DICE_SEAT:
        assert state.open_dice is not None
        open_dice = replace(state.open_dice, dice=dice, dice_partial=partial)
        return replace(state, open_dice=open_dice)
    return with_player(state, holder, dice=dice, dice_partial=partial)


def _holder_name(state: State, holder: int) -> str:
    return "" if holder == OPEN_DICE_SEAT else state.players[holder].name


def _check_kept_dice_entered(someone: Player, dice: tuple[Die, ...]) -> None:
    """Refuse an entry that leaves out a die this player lent or set aside this round.

    Those dice left the screen in phase 4 showing a recorded face and are not rerolled,
    so every entry of the player's dice must still show them; an entry without them
    contradicts the table and would count the wrong dice.
    """
    kept = Counter(someone.modifiers.set_aside)
    kept.update(loan.die for loan in someone.modifiers.lent)
    missing = kept - Counter(dice)
    if missing:
        die = next(iter(missing))
        raise IllegalActionError(
            "fuji.error.kept_die_missing",
            name=someone.name,
            colour=f"@fuji.die_colour.{die.colour.value}",
            value=die.value,
        )


def set_movement_values(state: State, action: Action) -> State:
    """Quick mode: enter totals directly, ``{"holder seat": {"condition seat": total}}``."""
    require_phase(state, Phase.MOVEMENT)
    values = read_mapping(action, "values")
    for holder_key, row in values.items():
        holder = holder_of(state, {"player": _seat_number(holder_key)})
        if not isinstance(row, Mapping):
            raise IllegalActionError("fuji.error.bad_field", field="values")
        for condition_key, total in row.items():
            condition_seat = seat_of(state, {"player": _seat_number(condition_key)})
            _check_typed_total(state, holder, condition_seat, total)
            state = _store_typed_total(state, holder, condition_seat, total)
    return state


def _seat_number(key: object) -> object:
    try:
        return int(str(key))
    except ValueError:
        return key


def _check_typed_total(state: State, holder: int, condition_seat: int, total: object) -> None:
    if isinstance(total, bool) or not isinstance(total, int):
        raise IllegalActionError("fuji.error.bad_field", field="values")
    if not 0 <= total <= MAX_TYPED_TOTAL:
        raise IllegalActionError("fuji.error.bad_total", total=total)
    if holder != condition_seat and holder not in neighbours(state, condition_seat):
        raise IllegalActionError("fuji.error.not_a_neighbour")
    if condition_seat in state.resolved:
        raise IllegalActionError("fuji.error.dice_already_used")


def _store_typed_total(state: State, holder: int, condition_seat: int, total: int) -> State:
    if holder == OPEN_DICE_SEAT:
        assert state.open_dice is not None
        merged = dict(state.open_dice.quick_values) | {condition_seat: total}
        return replace(
            state, open_dice=replace(state.open_dice, quick_values=tuple(sorted(merged.items())))
        )
    merged = dict(state.players[holder].quick_values) | {condition_seat: total}
    return with_player(state, holder, quick_values=tuple(sorted(merged.items())))


# --- movement: resolution --------------------------------------------------------


def resolve(state: State, action: Action) -> State:
    """Compare, move (or stay) and lose stamina for one player, in the order the table picks.

    The game is won the moment the last pawn reaches a village, before that player's
    stamina is counted.
    """
    someone = _ready_to_resolve(state, action)
    preview = movement_values(state, someone.seat)
    if preview.missing or preview.own_value is None or preview.lead is None:
        raise _missing_values(state, preview.missing)
    allowed = bool(preview.allowed)
    target = someone.destination if someone.destination is not None else someone.position
    path = _chosen_path(state, someone, target, action) if allowed else ()
    state = _record(state, preview, path)
    state = win_if_safe(_walk(state, someone.seat, path, allowed))
    if state.outcome is None:
        state = _lose_stamina(state, someone.seat, preview.stamina_loss or 0)
    if state.outcome is None:
        state = _round_off(state, someone.seat)
    return state


def _ready_to_resolve(state: State, action: Action) -> Player:
    """Return the player named by ``action`` if they may resolve now."""
    require_phase(state, Phase.MOVEMENT)
    someone = acting_player(state, action)
    if someone.seat in state.resolved:
        raise IllegalActionError("fuji.error.already_resolved", name=someone.name)
    if state.pending:
        raise IllegalActionError("fuji.error.choices_pending")
    return someone


def _record(state: State, preview: MovementPreview, path: tuple[Position, ...]) -> State:
    """Note the resolution for the screens and clear the previous instructions."""
    record = Resolution(
        seat=preview.seat,
        own_value=preview.own_value or 0,
        neighbour_values=tuple((seat, value) for seat, value in preview.neighbour_values
                               if value is not None),
        moved=bool(preview.allowed),
        lead=preview.lead or 0,
        stamina_loss=preview.stamina_loss or 0,
        path=path,
    )
    return replace(
        state,
        resolved=(*state.resolved, preview.seat),
        results=(*state.results, record),
        instructions=(),
    )


def _round_off(state: State, seat: int) -> State:
    """Marker back to the character card; one-resolution bonuses are spent."""
    modifiers = replace(state.players[seat].modifiers, flare_bonus=0, energy_bonus=0)
    return with_player(state, seat, destination=None, modifiers=modifiers)


def _missing_values(state: State, seats: tuple[int, ...]) -> IllegalActionError:
    players = [seat for seat in seats if seat != OPEN_DICE_SEAT]
    if not players:
        return IllegalActionError("fuji.error.open_dice_missing")
    return IllegalActionError("fuji.error.values_missing", names=_names(state, players))


def _chosen_path(
    state: State, someone: Player, target: Position, action: Action
) -> tuple[Position, ...]:
    """Return the walk the table chose, or the shortest one when the route makes no odds.

    Any walk within the step limit may be named (see :func:`walks`); without a named
    walk the shortest ones are taken, unless they cross different eruption tokens.
    """
    paths = shortest_paths(state, someone.seat, target)
    if not paths:
        return ()
    given = action.get("path")
    if given is None:
        if path_choice_needed(state, someone.seat):
            raise IllegalActionError("fuji.error.path_needed", name=someone.name)
        return paths[0]
    if not isinstance(given, list):
        raise IllegalActionError("fuji.error.bad_field", field="path")
    path = tuple(read_position(step, "path") for step in given)
    if path not in walks(state, someone.seat, target):
        raise IllegalActionError("fuji.error.bad_path", name=someone.name)
    return path


def _walk(state: State, seat: int, path: tuple[Position, ...], allowed: bool) -> State:
    someone = state.players[seat]
    if not path:
        return _tell(state, Instruction(msg(_stay_key(state, someone, allowed), name=someone.name)))
    target = path[-1]
    state = with_player(state, seat, position=target)
    state = _tell(state, Instruction(msg("fuji.instruction.move_pawn", name=someone.name), path))
    for token_at in eruption_tokens_on(state.board, path):
        state = trigger_eruption_token(state, token_at)
        if state.outcome is not None:
            return state
    return _reach_equipment_token(state, seat, target)


def _stay_key(state: State, someone: Player, allowed: bool) -> str:
    """Say why a pawn stays: beaten, chose to stay, or its way is now lava."""
    if not allowed:
        return "fuji.instruction.pawn_stays"
    if someone.destination not in (None, someone.position):
        return "fuji.instruction.path_blocked"
    return "fuji.instruction.pawn_stays_allowed"


def _tell(state: State, instruction: Instruction) -> State:
    return replace(state, instructions=(*state.instructions, instruction))


def _reach_equipment_token(state: State, seat: int, target: Position) -> State:
    cell = state.board.cell(target)
    if cell is None or not cell.equipment_token:
        return state
    state = replace(state, board=state.board.replace(target, replace(cell, equipment_token=False)))
    state = _add_pending(state, PendingKind.DRAW, seat, 1)
    name = state.players[seat].name
    return _tell(state, Instruction(msg("fuji.instruction.draw_equipment", name=name), (target,)))


def _add_pending(state: State, kind: PendingKind, seat: int, count: int) -> State:
    return replace(state, pending=(*state.pending, Pending(kind, seat, count)))


def _lose_stamina(state: State, seat: int, loss: int) -> State:
    someone = state.players[seat]
    track = state.settings.stamina_track
    before = someone.stamina_lost
    after = min(before + loss, track.length)
    state = with_player(state, seat, stamina_lost=after)
    key = "fuji.instruction.stamina" if loss else "fuji.instruction.no_stamina_loss"
    state = _tell(state, Instruction(msg(key, name=someone.name, count=loss, before=before,
                                         after=after)))
    if after >= track.length:
        return lose(state, msg("fuji.outcome.exhausted", name=someone.name))
    wounds = min(track.wounds_crossed(before, after), len(someone.wounds.free_slots()))
    if not wounds:
        return state
    state = _add_pending(state, PendingKind.WOUND, seat, wounds)
    return _tell(
        state, Instruction(msg("fuji.instruction.take_wound", name=someone.name, count=wounds))
    )


# --- pending choices -------------------------------------------------------------


def _take_pending(state: State, kind: PendingKind, seat: int) -> State:
    """Remove one owed decision of ``kind`` for ``seat``; refuse if none is owed."""
    for index, owed in enumerate(state.pending):
        if owed.kind is kind and owed.seat == seat:
            rest = state.pending[:index] + state.pending[index + 1 :]
            if owed.count > 1:
                rest = (*rest[:index], replace(owed, count=owed.count - 1), *rest[index:])
            return replace(state, pending=rest)
    raise IllegalActionError(f"fuji.error.no_pending_{kind.value}", seat=seat + 1)


def choose_wound(state: State, action: Action) -> State:
    """Place an owed wound token on a free slot of the player's choice."""
    someone = acting_player(state, action)
    try:
        slot = WoundSlot(str(action.get("slot")))
    except ValueError as error:
        raise IllegalActionError("fuji.error.bad_field", field="slot") from error
    state = _take_pending(state, PendingKind.WOUND, someone.seat)
    if someone.wounds.covered(slot):
        raise IllegalActionError("fuji.error.slot_taken", slot=f"@fuji.wound.{slot.value}")
    wounds = replace(someone.wounds, **{slot.value: True})
    changes: dict[str, Any] = {"wounds": wounds}
    if slot is WoundSlot.LEG:
        changes["pending_die_loss"] = someone.pending_die_loss + 1
    if slot is WoundSlot.AMNESIA and someone.skill is Skill.TINKERER:
        changes["equipment"] = tuple(
            card for card in someone.equipment if card not in someone.equipment_turned
        )
        changes["equipment_turned"] = ()
        state = replace(state, discarded=(*state.discarded, *someone.equipment_turned))
    state = with_player(state, someone.seat, **changes)
    return _tell(
        state,
        Instruction(
            msg(
                "fuji.instruction.wound_placed", name=someone.name, slot=f"@fuji.wound.{slot.value}"
            )
        ),
    )


def draw_equipment(state: State, action: Action) -> State:
    """Record the equipment card a player drew (``card`` null: the deck was empty)."""
    someone = acting_player(state, action)
    card = action.get("card")
    state = _take_pending(state, PendingKind.DRAW, someone.seat)
    if card is None:
        return state
    _check_free_card(state, card)
    assert isinstance(card, str)
    fresh = someone.fresh_equipment
    if not _usable_at_once(state, someone.seat):
        fresh = (*fresh, card)
    return with_player(
        state, someone.seat, equipment=(*someone.equipment, card), fresh_equipment=fresh
    )


def _usable_at_once(state: State, seat: int) -> bool:
    """Tell whether a card drawn now may be used without waiting.

    Read from the Polish and Spanish rulebooks, a drawn card waits for the next round.
    Read from the French one, it waits only until the drawing player's own actions of
    the phase are over; in phase 5 the draw comes after the player's resolution.
    """
    if state.settings.fresh_cards is not FreshCards.AFTER_OWN_PHASE:
        return False
    return state.phase is Phase.MOVEMENT and seat in state.resolved


def _check_free_card(state: State, card: object) -> None:
    if not isinstance(card, str) or card not in EQUIPMENT_CARDS:
        raise IllegalActionError("fuji.error.unknown_equipment", card=str(card))
    if card in equipment_in_play(state):
        raise IllegalActionError("fuji.error.card_in_hand", card=f"@fuji.equipment.{card}")
    if card in state.discarded:
        raise IllegalActionError("fuji.error.card_discarded", card=f"@fuji.equipment.{card}")


def add_equipment(state: State, action: Action) -> State:
    """Give a player an equipment card dealt at set-up (or handed out by the table)."""
    someone = acting_player(state, action)
    card = action.get("card")
    _check_free_card(state, card)
    assert isinstance(card, str)
    return with_player(state, someone.seat, equipment=(*someone.equipment, card))


CORE_HANDLERS: dict[str, Handler] = {
    "advance": advance,
    "name_card": name_card,
    "set_destination": set_destination,
    "confirm_destination": confirm_destination,
    "release_destination": release_destination,
    "rerolls_done": rerolls_done,
    "set_dice": set_dice,
    "enter_die": enter_die,
    "remove_die": remove_die,
    "set_movement_values": set_movement_values,
    "resolve": resolve,
    "choose_wound": choose_wound,
    "draw_equipment": draw_equipment,
    "add_equipment": add_equipment,
}
"""The actions of the rules engine itself."""

HANDLERS: dict[str, Handler] = {**EQUIPMENT_HANDLERS, **SKILL_HANDLERS, **CORE_HANDLERS}
"""Every action type the game understands."""


def apply(state: State, action: Action) -> State:
    """Return the state after ``action``; refuse illegal actions with the reason."""
    if not isinstance(action, Mapping):
        raise IllegalActionError("fuji.error.bad_field", field="type")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise IllegalActionError("fuji.error.unknown_action", type=str(kind))
    if state.outcome is not None:
        raise IllegalActionError("fuji.error.game_over")
    implied = IMPLIED_PHASES.get(kind) or _card_phase(state, action)
    if implied is not None and state.phase is not implied:
        state = ahead(state, implied) or state
    return HANDLERS[kind](state, action)
