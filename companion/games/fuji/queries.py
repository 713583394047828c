"""Questions the screens, the buttons and the rules ask about a Fuji state.

All functions are pure and cheap enough to call on every frame.  The screens import the
rules only through this module (with game, state and questions), so it also re-exports
the rules' names they read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from companion.games.fuji.conditions import ConditionCard as ConditionCard
from companion.games.fuji.conditions import cards_of_kind as cards_of_kind
from companion.games.fuji.conditions import movement_value
from companion.games.fuji.levels import DEFAULT_STAMINA_TRACK as DEFAULT_STAMINA_TRACK
from companion.games.fuji.levels import LEVEL_TABLES as LEVEL_TABLES
from companion.games.fuji.levels import level_table_to_json as level_table_to_json
from companion.games.fuji.levels import stamina_track_to_json as stamina_track_to_json
from companion.games.fuji.scenarios import SCENARIO_NUMBERS as SCENARIO_NUMBERS
from companion.games.fuji.scenarios import TABLE_DEALS as TABLE_DEALS
from companion.games.fuji.scenarios import build_board as build_board
from companion.games.fuji.scenarios import card_conditions as card_conditions
from companion.games.fuji.scenarios import frozen_cards as frozen_cards
from companion.games.fuji.scenarios import grid_spots as grid_spots
from companion.games.fuji.scenarios import map_grid as map_grid
from companion.games.fuji.scenarios import parse_token as parse_token
from companion.games.fuji.scenarios import preset_grids as preset_grids
from companion.games.fuji.scenarios import resize as resize
from companion.games.fuji.scenarios import set_cell_kind as set_cell_kind
from companion.games.fuji.scenarios import set_condition as set_condition
from companion.games.fuji.scenarios import set_equipment_token as set_equipment_token
from companion.games.fuji.scenarios import set_eruption_token as set_eruption_token
from companion.games.fuji.scenarios import set_reroll_symbol as set_reroll_symbol
from companion.games.fuji.scenarios import set_start as set_start
from companion.games.fuji.scenarios import validate_map as validate_map
from companion.games.fuji.state import (
    EQUIPMENT_CARDS,
    OPEN_DICE_SEAT,
    SKILL_STARTING_CARDS,
    SKILL_STARTING_DRAW,
    Board,
    DiceCondition,
    Die,
    Player,
    Position,
    Skill,
    State,
    TerrainKind,
    Variant,
)

NORMAL_REACH = 3
"""Cards a pawn may move in one round."""
SCOUT_REACH = 4
"""Cards the Scout may move in one round."""

_STEPS: tuple[Position, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


def player(state: State, seat: int) -> Player:
    """Return the player at ``seat``."""
    return state.players[seat]


def skill_active(someone: Player, skill: Skill) -> bool:
    """Tell whether ``someone`` has ``skill`` and may still use it (no amnesia)."""
    return someone.skill is skill and not someone.wounds.amnesia


def walkable(board: Board, position: Position) -> bool:
    """Tell whether a pawn may stand on or pass over ``position``."""
    cell = board.cell(position)
    if cell is None or cell.lava:
        return False
    return cell.kind in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE)


def orthogonal(position: Position) -> tuple[Position, ...]:
    """Return the four positions next to ``position`` (some may be off the grid)."""
    row, col = position
    return tuple((row + dr, col + dc) for dr, dc in _STEPS)


def reach(state: State, seat: int) -> int:
    """Return how many cards the player at ``seat`` may move this round."""
    return SCOUT_REACH if skill_active(player(state, seat), Skill.SCOUT) else NORMAL_REACH


def distances(board: Board, start: Position, limit: int) -> dict[Position, int]:
    """Return the walking distance to every card reachable from ``start`` in ``limit`` steps."""
    found = {start: 0}
    frontier = [start]
    for step in range(1, limit + 1):
        next_frontier = []
        for position in frontier:
            for nearby in orthogonal(position):
                if nearby not in found and walkable(board, nearby):
                    found[nearby] = step
                    next_frontier.append(nearby)
        frontier = next_frontier
    return found


def distance(state: State, seat: int, target: Position) -> int | None:
    """Return the steps from the pawn at ``seat`` to ``target`` (``None``: out of reach)."""
    here = player(state, seat).position
    return distances(state.board, here, reach(state, seat)).get(target)


def neighbours(state: State, seat: int) -> tuple[int, ...]:
    """Return the seats compared with ``seat`` in phase 5.

    Seats sit in a ring; with three characters everyone neighbours everyone.  In the
    two-player variant A the open dice set (:data:`OPEN_DICE_SEAT`) is the other
    neighbour of both players.
    """
    count = len(state.players)
    if count == 2:
        other = 1 - seat
        if state.settings.variant is Variant.TWO_PLAYER_A:
            return (other, OPEN_DICE_SEAT)
        return (other,)
    if count == 3:
        return tuple(other for other in range(count) if other != seat)
    return ((seat - 1) % count, (seat + 1) % count)


def side_by_side(state: State, seat: int) -> tuple[int, ...]:
    """Return the real players seated next to ``seat`` (the open dice set left out)."""
    return tuple(other for other in neighbours(state, seat) if other != OPEN_DICE_SEAT)


def legal_destinations(state: State, seat: int) -> tuple[Position, ...]:
    """Return the cards ``seat`` may choose as destination, own card included, sorted.

    A card chosen by a player seated side by side is not available.  The rules leave
    one gap: when neighbours hold every card a player can reach, that player may still
    stay where they are (otherwise the round could never go on).
    """
    here = player(state, seat).position
    taken = {
        player(state, other).destination
        for other in side_by_side(state, seat)
        if player(state, other).destination is not None
    }
    reachable = distances(state.board, here, reach(state, seat))
    free = tuple(sorted(position for position in reachable if position not in taken))
    return free or (here,)


def shortest_paths(state: State, seat: int, target: Position) -> tuple[tuple[Position, ...], ...]:
    """Return every shortest walk from the pawn at ``seat`` to ``target``.

    Each path lists the cards entered, ``target`` last; staying gives one empty path;
    an unreachable target gives no path.
    """
    here = player(state, seat).position
    limit = reach(state, seat)
    known = distances(state.board, here, limit)
    if target not in known:
        return ()
    return _walks_back(known, target)


def _walks_back(known: dict[Position, int], target: Position) -> tuple[tuple[Position, ...], ...]:
    steps = known[target]
    if steps == 0:
        return ((),)
    paths: list[tuple[Position, ...]] = []
    for previous in orthogonal(target):
        if known.get(previous) == steps - 1:
            paths.extend((*path, target) for path in _walks_back(known, previous))
    return tuple(sorted(paths))


def walk_limit(state: State, seat: int) -> int:
    """Return the most steps the pawn at ``seat`` may walk in phase 5.

    A Scout may walk 4 cards, but using the skill forbids phase-3 rerolls: a Scout who
    rerolled this round walks at most 3.
    """
    someone = player(state, seat)
    if reach(state, seat) > NORMAL_REACH and someone.rerolls_used == 0:
        return SCOUT_REACH
    return NORMAL_REACH


def walks(state: State, seat: int, target: Position) -> tuple[tuple[Position, ...], ...]:
    """Return every walk the pawn at ``seat`` may take to ``target``, shortest first.

    The rules limit the number of steps, not the route: any orthogonal walk over
    walkable cards within the step limit is allowed.  A walk never enters the same card
    twice (that would only add steps).  Staying gives one empty walk.
    """
    here = player(state, seat).position
    if target == here:
        return ((),)
    found: list[tuple[Position, ...]] = []
    _extend_walks(state.board, (here,), target, walk_limit(state, seat), found)
    return tuple(sorted(found, key=lambda walk: (len(walk), walk)))


def _extend_walks(
    board: Board,
    so_far: tuple[Position, ...],
    target: Position,
    steps_left: int,
    found: list[tuple[Position, ...]],
) -> None:
    if steps_left == 0:
        return
    for nearby in orthogonal(so_far[-1]):
        if nearby in so_far or not walkable(board, nearby):
            continue
        if nearby == target:
            found.append((*so_far[1:], nearby))
            continue
        _extend_walks(board, (*so_far, nearby), target, steps_left - 1, found)


def eruption_tokens_on(board: Board, path: Iterable[Position]) -> tuple[Position, ...]:
    """Return the cards of ``path`` that carry an eruption token, in walking order."""
    result = []
    for position in path:
        cell = board.cell(position)
        if cell is not None and cell.eruption_token:
            result.append(position)
    return tuple(result)


def path_choice_needed(state: State, seat: int) -> bool:
    """Tell whether the shortest walks to the destination cross different eruption tokens."""
    target = player(state, seat).destination
    if target is None:
        return False
    paths = shortest_paths(state, seat, target)
    crossed = {frozenset(eruption_tokens_on(state.board, path)) for path in paths}
    return len(crossed) > 1


def route_choices(state: State, seat: int) -> tuple[tuple[Position, ...], ...]:
    """The walks worth offering to the destination: for each different set of eruption
    tokens a walk within the step limit can cross, its shortest walk (shortest first).

    Only the tokens crossed make routes play differently, so a longer way round a token
    is offered beside the straight one; one walk means there is nothing to choose.
    """
    someone = player(state, seat)
    target = someone.destination
    if target is None or target == someone.position:
        return ()
    chosen: dict[frozenset[Position], tuple[Position, ...]] = {}
    for walk in walks(state, seat, target):
        chosen.setdefault(frozenset(eruption_tokens_on(state.board, walk)), walk)
    return tuple(sorted(chosen.values(), key=lambda walk: (len(walk), walk)))


def reroll_allowance(state: State, seat: int) -> int:
    """Return the phase-3 rerolls of ``seat`` for the destination chosen.

    Staying gives 2, moving 1-2 cards 1, moving 3 cards 0; the reroll symbol on the
    destination adds 1.  An eye wound removes these rerolls, but the Survivalist's
    extra reroll stays.  A Scout moving 4 cards gets none at all.
    """
    someone = player(state, seat)
    target = someone.destination if someone.destination is not None else someone.position
    steps = distance(state, seat, target) or 0
    if steps > NORMAL_REACH:
        return 0
    base = {0: 2, 1: 1, 2: 1}.get(steps, 0)
    cell = state.board.cell(target)
    if cell is not None and cell.reroll_symbol:
        base += 1
    if someone.wounds.eye:
        base = 0
    if skill_active(someone, Skill.SURVIVALIST):
        base += 1
    return base


def has_rerolls(state: State, seat: int) -> bool:
    """Tell whether the player at ``seat`` may reroll at all in phase 3."""
    someone = player(state, seat)
    return reroll_allowance(state, seat) + someone.modifiers.extra_rerolls > 0


def reroll_symbol_unknown(state: State, seat: int) -> bool:
    """Tell whether ``seat``'s allowance hangs on a reroll symbol the app was not told:
    the destination card was dealt by the table, nobody named it, and a symbol on it
    would add a reroll (the allowance is then :func:`reroll_allowance` or one more)."""
    someone = player(state, seat)
    target = someone.destination if someone.destination is not None else someone.position
    cell = state.board.cell(target)
    if cell is None or cell.reroll_known:
        return False
    shown = replace(state, board=state.board.replace(target, replace(cell, reroll_symbol=True)))
    hidden = replace(state, board=state.board.replace(target, replace(cell,
                                                                      reroll_symbol=False)))
    return reroll_allowance(shown, seat) != reroll_allowance(hidden, seat)


def reroll_allowance_sure(state: State, seat: int) -> int:
    """The phase-3 rerolls of ``seat`` the app can vouch for: without an unknown symbol
    (see :func:`reroll_symbol_unknown`), else :func:`reroll_allowance`."""
    if not reroll_symbol_unknown(state, seat):
        return reroll_allowance(state, seat)
    someone = player(state, seat)
    target = someone.destination if someone.destination is not None else someone.position
    cell = state.board.cell(target)
    assert cell is not None
    hidden = replace(state, board=state.board.replace(target, replace(cell,
                                                                      reroll_symbol=False)))
    return reroll_allowance(hidden, seat)


def reroll_symbol_matters(state: State, seat: int) -> bool:
    """Tell whether the rules need the reroll symbol of ``seat``'s unknown destination card.

    The symbol only adds a phase-3 reroll, so it is asked when the table dealt the card,
    nobody named it yet, it would change the player's allowance, and the rules count that
    player's rerolls (see :func:`reroll_count_matters`).
    """
    someone = player(state, seat)
    target = someone.destination if someone.destination is not None else someone.position
    cell = state.board.cell(target)
    if cell is None or cell.reroll_known:
        return False
    shown = state.board.replace(target, replace(cell, reroll_symbol=True))
    hidden = state.board.replace(target, replace(cell, reroll_symbol=False))
    with_symbol = replace(state, board=shown)
    if reroll_allowance(with_symbol, seat) == reroll_allowance(replace(state, board=hidden), seat):
        return False
    return reroll_count_matters(with_symbol, seat)


def reroll_count_matters(state: State, seat: int) -> bool:
    """Tell whether the rules need to know how many phase-3 rerolls ``seat`` made.

    Only a Gatherer (an energy bar per skipped reroll), a Scout (who walks 4 cards only
    without rerolling) and a Buddy (who may set a die aside while rerolling) are asked;
    for anyone else the count changes nothing.
    """
    someone = player(state, seat)
    return has_rerolls(state, seat) and (skill_active(someone, Skill.GATHERER)
                                         or skill_active(someone, Skill.BUDDY)
                                         or reach(state, seat) > NORMAL_REACH)


def condition_of(state: State, seat: int) -> DiceCondition | None:
    """Return the dice condition of the destination of ``seat`` (own card when staying)."""
    someone = player(state, seat)
    target = someone.destination if someone.destination is not None else someone.position
    cell = state.board.cell(target)
    return cell.condition if cell is not None else None


def counted_dice(state: State, seat: int) -> tuple[Die, ...] | None:
    """Return the dice that count for ``seat`` in phase 5 (``None``: dice not entered).

    Own dice, less those set aside and those lent away, plus dice lent by others.
    """
    if seat == OPEN_DICE_SEAT:
        return state.open_dice.dice if state.open_dice is not None else None
    someone = player(state, seat)
    if someone.dice is None:
        return None
    remaining = Counter(someone.dice)
    removed = Counter(someone.modifiers.set_aside)
    removed.update(loan.die for loan in someone.modifiers.lent)
    remaining.subtract(removed)
    kept = [die for die in someone.dice if _take(remaining, die)]
    borrowed = [
        loan.die for other in state.players for loan in other.modifiers.lent if loan.to_seat == seat
    ]
    return (*kept, *borrowed)


def _take(remaining: Counter[Die], die: Die) -> bool:
    """Keep ``die`` only while the budget of ``remaining`` copies allows."""
    if remaining[die] > 0:
        remaining[die] -= 1
        return True
    return False


def dice_compared(state: State, holder: int) -> bool:
    """Tell whether ``holder``'s dice already served in a resolution this round."""
    return any(seat == holder or holder in neighbours(state, seat) for seat in state.resolved)


def quick_value(state: State, holder: int, condition_seat: int) -> int | None:
    """Return a total typed in quick mode for ``holder`` under ``condition_seat``'s card.

    A total typed under another card with the same condition (two players heading for
    the same card) is this one too: the same dice counted the same way.
    """
    if holder == OPEN_DICE_SEAT:
        values = state.open_dice.quick_values if state.open_dice is not None else ()
    else:
        values = player(state, holder).quick_values
    typed = dict(values)
    if condition_seat in typed:
        return typed[condition_seat]
    condition = condition_of(state, condition_seat)
    if condition is None:
        return None
    return next((total for seat, total in values if condition_of(state, seat) == condition),
                None)


def dice_value(state: State, holder: int, condition_seat: int) -> int | None:
    """Return ``holder``'s total under the destination condition of ``condition_seat``.

    A quick-mode total wins over entered dice; ``None`` when neither is known.
    """
    typed = quick_value(state, holder, condition_seat)
    if typed is not None:
        return typed
    condition = condition_of(state, condition_seat)
    dice = counted_dice(state, holder)
    if condition is None or dice is None:
        return None
    return movement_value(condition, dice)


@dataclass(frozen=True)
class MovementPreview:
    """The comparison of phase 5 for one active player, as far as it is known."""

    seat: int
    """The active player."""
    own_value: int | None
    """Their movement value with flare and energy bonuses (``None``: unknown)."""
    neighbour_values: tuple[tuple[int, int | None], ...]
    """``(neighbour seat, value or None)`` under the active player's condition."""
    missing: tuple[int, ...]
    """Seats whose dice or totals are still needed."""
    allowed: bool | None
    """Whether the active player may move (``None`` until everything is known)."""
    lead: int | None
    """Own value minus the highest neighbour value."""
    stamina_loss: int | None
    """Steps of stamina the player would lose."""


def own_bonus(state: State, seat: int) -> int:
    """Return the flare and energy bonuses added to ``seat``'s own value."""
    modifiers = player(state, seat).modifiers
    return modifiers.flare_bonus + modifiers.energy_bonus


def movement_values(state: State, seat: int) -> MovementPreview:
    """Compare ``seat`` with its neighbours under ``seat``'s destination condition.

    Once the player's own value is known and is 0, or a known neighbour's value equals
    or beats it, the player is beaten whatever the other neighbours show: their values
    are no longer needed (the lead over the higher neighbour is not counted then).
    """
    base = dice_value(state, seat, seat)
    own = None if base is None else base + own_bonus(state, seat)
    others = tuple((other, dice_value(state, other, seat)) for other in neighbours(state, seat))
    unknown = tuple(holder for holder, value in others if value is None)
    if own is None:
        return MovementPreview(seat, own, others, (seat, *unknown), None, None, None)
    known = [value for _, value in others if value is not None]
    beaten = own <= 0 or any(value >= own for value in known)
    if unknown and not beaten:
        return MovementPreview(seat, own, others, unknown, None, None, None)
    lead = own - max(known, default=0)
    allowed = not beaten
    loss = stamina_loss(state, seat, allowed, lead)
    return MovementPreview(seat, own, others, (), allowed, lead, loss)


def owed_totals(state: State) -> tuple[tuple[int, int], ...]:
    """The totals phase 5 still needs, as ``(holder, condition seat)`` in asking order.

    Every unresolved player's own value comes first (seat order): it alone may settle a
    comparison.  Then, card by card in seat order, the neighbours' values that can still
    change who moves or how much stamina is lost.
    """
    left = [someone.seat for someone in state.players if someone.seat not in state.resolved]
    owed: list[tuple[int, int]] = [(seat, seat) for seat in left
                                   if dice_value(state, seat, seat) is None]
    for seat in left:
        if dice_value(state, seat, seat) is not None:
            owed.extend((holder, seat) for holder in movement_values(state, seat).missing)
    return tuple(owed)


def stamina_loss(state: State, seat: int, allowed: bool, lead: int) -> int:
    """Return the stamina lost by ``seat`` after a comparison (first aid: none)."""
    if player(state, seat).modifiers.first_aid:
        return 0
    table = state.settings.level_table
    return table.loss_for(lead) if allowed else table.failed


def steps_to_villages(board: Board) -> dict[Position, int]:
    """Return the walking distance from every card that can still reach a village."""
    found = {
        position: 0
        for position in board.positions()
        if walkable(board, position) and _kind_at(board, position) is TerrainKind.VILLAGE
    }
    frontier = list(found)
    while frontier:
        following = []
        for position in frontier:
            for nearby in orthogonal(position):
                if nearby not in found and walkable(board, nearby):
                    found[nearby] = found[position] + 1
                    following.append(nearby)
        frontier = following
    return found


def _kind_at(board: Board, position: Position) -> TerrainKind | None:
    cell = board.cell(position)
    return cell.kind if cell is not None else None


def all_on_villages(state: State) -> bool:
    """Tell whether every pawn stands on a village card."""
    for someone in state.players:
        cell = state.board.cell(someone.position)
        if cell is None or cell.kind is not TerrainKind.VILLAGE:
            return False
    return True


def equipment_in_play(state: State) -> frozenset[str]:
    """Return the equipment cards held by any player."""
    return frozenset(card for someone in state.players for card in someone.equipment)


def starting_draw(skill: str) -> tuple[int, int]:
    """Return ``(cards drawn, cards kept)`` at set-up for the skill named ``skill``."""
    chosen = Skill(skill)
    return SKILL_STARTING_DRAW[chosen], SKILL_STARTING_CARDS[chosen]


def drawable_cards(state: State) -> tuple[str, ...]:
    """Return the equipment cards that may still come off the deck, in printed order.

    A card in a hand is not in the deck, and a used card is out of the game for good.
    """
    gone = equipment_in_play(state) | frozenset(state.discarded)
    return tuple(card for card in EQUIPMENT_CARDS if card not in gone)


BURNING: frozenset[TerrainKind] = frozenset({TerrainKind.LANDSCAPE, TerrainKind.SCORIA})
"""Card kinds with a lava side (villages never burn)."""


def cards_flipping_next(board: Board) -> tuple[Position, ...]:
    """Return the cards the next eruption wave turns to lava, row by row.

    Those are the landscape and scoria cards next to a lava card; eruption tokens a walk
    may still trigger are not counted.
    """
    flips = []
    for position in board.positions():
        cell = board.cell(position)
        if cell is None or cell.lava or cell.kind not in BURNING:
            continue
        if any(
            (nearby_cell := board.cell(nearby)) is not None and nearby_cell.lava
            for nearby in orthogonal(position)
        ):
            flips.append(position)
    return tuple(flips)


def cards_left_for(state: State, position: Position) -> tuple[ConditionCard, ...]:
    """Return the printed cards that may lie at ``position``: its kind, not laid elsewhere."""
    cell = state.board.cell(position)
    if cell is None or cell.kind not in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
        return ()
    laid = {
        other.card_id
        for spot in state.board.positions()
        if (other := state.board.cell(spot)) is not None and other.card_id is not None
    }
    return tuple(card for card in cards_of_kind(cell.kind) if card.card_id not in laid)

