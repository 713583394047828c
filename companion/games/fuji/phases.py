"""Entering each phase: what resets, what happens on its own, what the table must do."""

from __future__ import annotations

from dataclasses import replace

from companion.core.messages import msg
from companion.games.fuji.eruption import erupt, pawns_on
from companion.games.fuji.queries import (
    reroll_allowance_sure,
    reroll_count_matters,
    reroll_symbol_matters,
    reroll_symbol_unknown,
)
from companion.games.fuji.scoring import lose
from companion.games.fuji.state import (
    BuddyReturn,
    FreshCards,
    Instruction,
    OpenDice,
    Pending,
    PendingKind,
    Phase,
    Player,
    RoundModifiers,
    State,
)


def enter_phase(state: State, phase: Phase) -> State:
    """Return ``state`` moved into ``phase`` with that phase's automatic effects.

    Whatever lasted only until the end of the phase being left (a radio's lifted
    screen) ends here.  The eruption keeps what the last resolution told the table (it
    may start with the same tap), the flips following it.
    """
    players = _screens_back(state.players)
    if state.settings.fresh_cards is FreshCards.AFTER_OWN_PHASE:
        players = tuple(replace(someone, fresh_equipment=()) for someone in players)
    kept = state.instructions if phase is Phase.ERUPTION else ()
    moved = replace(state, players=players, phase=phase, instructions=kept)
    return _ENTRY[phase](moved)


def _screens_back(players: tuple[Player, ...]) -> tuple[Player, ...]:
    """Put back every screen a radio lifted: its effect lasts until its phase ends."""
    return tuple(
        replace(someone, modifiers=replace(someone.modifiers, screen_removed=False))
        if someone.modifiers.screen_removed
        else someone
        for someone in players
    )


def _enter_roll(state: State) -> State:
    players = tuple(_fresh_round(someone) for someone in state.players)
    open_dice = OpenDice() if state.open_dice is not None else None
    told = (
        Instruction(msg("fuji.instruction.roll")),
        *(
            Instruction(msg("fuji.instruction.dice_count", name=p.name, count=p.dice_count))
            for p in players
        ),
    )
    return replace(
        state, players=players, open_dice=open_dice, resolved=(), results=(), instructions=told
    )


def _fresh_round(someone: Player) -> Player:
    return replace(
        someone,
        destination=None,
        destination_confirmed=False,
        rerolls_used=0,
        rerolls_done=False,
        dice=None,
        dice_partial=(),
        quick_values=(),
        fresh_equipment=(),
        modifiers=RoundModifiers(),
    )


def _enter_planning(state: State) -> State:
    return replace(state, instructions=(Instruction(msg("fuji.instruction.planning")),))


def _enter_rerolls(state: State) -> State:
    players = tuple(replace(someone, destination_confirmed=True) for someone in state.players)
    confirmed = replace(state, players=players)
    asked = tuple(someone.seat for someone in players
                  if reroll_symbol_matters(confirmed, someone.seat))
    players = tuple(
        replace(someone, rerolls_done=someone.seat not in asked
                and not reroll_count_matters(confirmed, someone.seat))
        for someone in players
    )
    confirmed = _owe_card_questions(replace(confirmed, players=players), asked)
    told = tuple(
        Instruction(
            msg(
                "fuji.instruction.reroll_allowance_unsure"
                if reroll_symbol_unknown(confirmed, someone.seat)
                else "fuji.instruction.reroll_allowance",
                name=someone.name,
                count=reroll_allowance_sure(confirmed, someone.seat),
            )
        )
        for someone in players
        if _symbol_known(confirmed, someone) or someone.seat not in asked
    )
    return replace(confirmed, instructions=(Instruction(msg("fuji.instruction.rerolls")), *told))


def _symbol_known(state: State, someone: Player) -> bool:
    """Whether the reroll symbol of the player's destination card is known (else the
    allowance the app could tell might be one short: the table reads the card)."""
    target = someone.destination if someone.destination is not None else someone.position
    cell = state.board.cell(target)
    return cell is None or cell.reroll_known


def _owe_card_questions(state: State, seats: tuple[int, ...]) -> State:
    """Owe one question per unknown destination card whose reroll symbol ``seats`` need."""
    owed = list(state.pending)
    for seat in seats:
        someone = state.players[seat]
        target = someone.destination if someone.destination is not None else someone.position
        if not any(p.kind is PendingKind.CARD and p.cell == target for p in owed):
            owed.append(Pending(PendingKind.CARD, seat, cell=target))
    return replace(state, pending=tuple(owed))


def _enter_equipment(state: State) -> State:
    keep_out = state.settings.buddy_die_back is BuddyReturn.END_OF_ROUND
    players = tuple(_buddy_die_back(someone, keep_out) for someone in state.players)
    return replace(
        state, players=players, instructions=(Instruction(msg("fuji.instruction.equipment")),)
    )


def _buddy_die_back(someone: Player, keep_out: bool) -> Player:
    """End phase 3's keeping aside; with ``keep_out`` the die stays out until the round ends.

    Kept out, it joins the dice set aside for the round: it is entered with the others
    and does not count in phase 5, like a die set aside by the machete.
    """
    modifiers = someone.modifiers
    set_aside = modifiers.set_aside
    if keep_out:
        set_aside = (*set_aside, *modifiers.rerolls_aside)
    return replace(someone, modifiers=replace(modifiers, rerolls_aside=(), set_aside=set_aside))


def _enter_movement(state: State) -> State:
    return replace(state, instructions=(Instruction(msg("fuji.instruction.movement")),))


def _enter_eruption(state: State) -> State:
    after_legs = _remove_lost_dice(state)
    board, flipped = erupt(after_legs.board)
    erupted = replace(after_legs, board=board)
    if flipped:
        told = Instruction(msg("fuji.instruction.flip_cards", count=len(flipped)), flipped)
    else:
        told = Instruction(msg("fuji.instruction.nothing_flips"))
    erupted = replace(erupted, instructions=(*erupted.instructions, told))
    burnt = pawns_on(erupted, flipped)
    if burnt:
        name = erupted.players[burnt[0]].name
        return lose(erupted, msg("fuji.outcome.swallowed", name=name), flipped)
    return erupted


def _remove_lost_dice(state: State) -> State:
    """Take away the dice owed for leg wounds of this phase 5 (what the last resolution
    told the table stays said: the eruption may start with the same tap)."""
    told = [
        Instruction(
            msg("fuji.instruction.remove_die", name=someone.name, count=someone.pending_die_loss)
        )
        for someone in state.players
        if someone.pending_die_loss
    ]
    players = tuple(
        replace(
            someone,
            dice_count=max(someone.dice_count - someone.pending_die_loss, 0),
            pending_die_loss=0,
        )
        for someone in state.players
    )
    return replace(state, players=players, instructions=(*state.instructions, *told))


_ENTRY = {
    Phase.ROLL: _enter_roll,
    Phase.PLANNING: _enter_planning,
    Phase.REROLLS: _enter_rerolls,
    Phase.EQUIPMENT: _enter_equipment,
    Phase.MOVEMENT: _enter_movement,
    Phase.ERUPTION: _enter_eruption,
}
