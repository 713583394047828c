"""What the Fuji screens show, read from a state: plain values, no drawing.

Keeping these questions apart from the widgets lets the screens stay short and lets
tests check what a screen will show without drawing it.
"""

from __future__ import annotations

from companion.core.messages import Msg, msg
from companion.games.fuji import GAME
from companion.games.fuji.queries import cards_flipping_next, legal_destinations
from companion.games.fuji.state import OPEN_DICE_SEAT, Phase, Player, Position, State
from companion.ui.asked import asked as asked
from companion.ui.fuji.board_view import BoardPicture, pawn_picture

FLIP_KEYS: frozenset[str] = frozenset({"fuji.instruction.flip_cards", "fuji.instruction.game_lost"})
"""Instructions whose cells are cards to flip to lava."""

PATH_KEYS: frozenset[str] = frozenset({"fuji.instruction.move_pawn"})
"""Instructions whose cells are a walk to draw."""

def _ahead(state: State, phase: Phase) -> State | None:
    return GAME.ahead(state, phase)


TABLE_PHASES: tuple[Phase, ...] = (Phase.MOVEMENT, Phase.REROLLS, Phase.PLANNING)
"""Phases whose choices the player cards offer as soon as every phase before is done."""


def table_state(state: State) -> State:
    """The state whose choices the player cards offer: phases with nothing left to do are
    passed, as the rules pass them when the next phase's step is entered."""
    for phase in TABLE_PHASES:
        moved = asked(_ahead, state, phase)
        if moved is not None:
            return moved
    return state


def planning_state(state: State) -> State | None:
    """The state in which markers are placed now (the next round's planning after the
    eruption), or ``None`` when no marker may be placed."""
    return asked(_ahead, state, Phase.PLANNING)


def equipment_state(state: State) -> State:
    """The state whose cards the equipment screen offers: after the eruption, the next
    round's planning; once the rerolls are over, the equipment phase (the rules pass the
    finished phases when a card of a later phase is played)."""
    if state.phase in (Phase.ERUPTION, Phase.ROLL):
        return planning_state(state) or state
    if state.phase is Phase.REROLLS:
        return asked(_ahead, state, Phase.EQUIPMENT) or state
    return state


def advance_refusal(state: State) -> Msg | None:
    """Why *Next phase* would be refused now, or ``None``."""
    return asked(_advance_refusal, state)


def _advance_refusal(state: State) -> Msg | None:
    return GAME.refusal(state, {"type": "advance"})


def screen_title(state: State) -> Msg:
    """The bar title: round number and phase."""
    return msg("ui_fuji.play.title", round=state.round, phase=f"@ui_fuji.phase.{state.phase.value}")


def flip_cells(state: State) -> frozenset[Position]:
    """Cards the table must flip now (from the state's instructions)."""
    return frozenset(
        cell
        for instruction in state.instructions
        if instruction.message.key in FLIP_KEYS
        for cell in instruction.cells
    )


DANGER_PHASES: frozenset[Phase] = frozenset(
    {Phase.PLANNING, Phase.REROLLS, Phase.EQUIPMENT, Phase.MOVEMENT}
)
"""Phases in which the map outlines the cards the round's eruption will flip."""


def danger_cells(state: State) -> frozenset[Position]:
    """Cards the eruption closing this round will flip, while the table still plans."""
    if state.phase not in DANGER_PHASES or state.outcome is not None:
        return frozenset()
    return frozenset(cards_flipping_next(state.board))


def walk_shown(state: State) -> tuple[Position, ...]:
    """The newest walk to draw, starting where the pawn stood."""
    for instruction in reversed(state.instructions):
        if instruction.message.key in PATH_KEYS and instruction.cells:
            return instruction.cells
    return ()


def default_seat(state: State) -> int:
    """The player to select when none is: the first one the table waits for."""
    for someone in state.players:
        if _waiting(state, someone):
            return someone.seat
    return 0


def _waiting(state: State, someone: Player) -> bool:
    if state.pending:
        return any(owed.seat == someone.seat for owed in state.pending)
    if state.phase is Phase.PLANNING:
        return someone.destination is None
    if state.phase is Phase.REROLLS:
        return not someone.rerolls_done
    if state.phase is Phase.MOVEMENT:
        return someone.seat not in state.resolved
    return False


def waiting_seats(state: State) -> frozenset[int]:
    """Seats the table waits for now (their cards show a dot)."""
    return frozenset(someone.seat for someone in state.players if _waiting(state, someone))


def legal_for(state: State, seat: int) -> frozenset[Position]:
    """Cards to outline for the selected player: only while they may still choose."""
    planning = planning_state(state)
    if planning is None or state.outcome is not None:
        return frozenset()
    state = planning
    someone = state.players[seat]
    if someone.destination_confirmed:
        return frozenset()
    return asked(_legal_cards, state, seat)


def _legal_cards(state: State, seat: int) -> frozenset[Position]:
    return frozenset(legal_destinations(state, seat))


def board_picture(state: State, seat: int | None) -> BoardPicture:
    """The map of the play screen for ``state`` with ``seat`` selected."""
    pawns = pawn_picture(state.board, [(p.position, p.colour) for p in state.players])
    markers = pawn_picture(
        state.board,
        [(p.destination, p.colour) for p in state.players if p.destination is not None],
    )
    selected = state.players[seat].colour if seat is not None else None
    return BoardPicture(
        board=state.board,
        pawns=pawns,
        markers=markers,
        legal=legal_for(state, seat) if seat is not None else frozenset(),
        flips=flip_cells(state),
        danger=danger_cells(state),
        path=walk_shown(state),
        selected_colour=selected,
    )


def holder_name(state: State, holder: int) -> Msg | str:
    """A player's name, or the open dice set's label."""
    if holder == OPEN_DICE_SEAT:
        return msg("ui_fuji.dice.open_set")
    return state.players[holder].name


def dice_holders(state: State) -> tuple[int, ...]:
    """Every dice set the table enters: the players, then the open set (variant A)."""
    seats = tuple(someone.seat for someone in state.players)
    return (*seats, OPEN_DICE_SEAT) if state.open_dice is not None else seats


def dice_capacity(state: State, holder: int) -> int:
    """How many dice ``holder`` shows in phase 5."""
    if holder == OPEN_DICE_SEAT:
        return 6
    return state.players[holder].dice_count


def counting_dice(state: State, holder: int) -> int:
    """How many dice count for ``holder`` in phase 5 as they lie on the table: their own,
    less those set aside or lent away, plus those lent to them (the most a typed total
    can add up)."""
    if holder == OPEN_DICE_SEAT:
        return 6
    modifiers = state.players[holder].modifiers
    borrowed = sum(1 for other in state.players for loan in other.modifiers.lent
                   if loan.to_seat == holder)
    return (state.players[holder].dice_count - len(modifiers.set_aside) - len(modifiers.lent)
            + borrowed)


def partial_dice(state: State, holder: int) -> tuple[tuple[str, int], ...]:
    """The dice of an entry still short of its count, as (colour, value) pairs."""
    if holder == OPEN_DICE_SEAT:
        dice = state.open_dice.dice_partial if state.open_dice is not None else ()
    else:
        dice = state.players[holder].dice_partial
    return tuple((die.colour.value, die.value) for die in dice)


def entered_dice(state: State, holder: int) -> tuple[tuple[str, int], ...] | None:
    """The dice recorded for ``holder`` as (colour, value) pairs, or ``None``."""
    if holder == OPEN_DICE_SEAT:
        dice = state.open_dice.dice if state.open_dice is not None else None
    else:
        dice = state.players[holder].dice
    if dice is None:
        return None
    return tuple((die.colour.value, die.value) for die in dice)


def phase_five_over(state: State) -> bool:
    """Whether phase 5 has nothing left: everyone resolved, no question owed, game on."""
    return (state.outcome is None and state.phase is Phase.MOVEMENT and not state.pending
            and len(state.resolved) == len(state.players))
