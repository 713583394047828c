"""Read-only views of a Tikal state for the screens and the rules: the hex stack, and a
volcano waiting for its place on the board.

The screens import the rules only through this module (with game, state and
questions), so it also re-exports the rules' names they read.
"""

from __future__ import annotations

from companion.games.tikal.books import next_seat as next_seat
from companion.games.tikal.constants import ACTION_POINTS as ACTION_POINTS
from companion.games.tikal.constants import BASE_CAMP as BASE_CAMP
from companion.games.tikal.constants import COLOURS as COLOURS
from companion.games.tikal.constants import DEFAULT_STAGE_SIZES as DEFAULT_STAGE_SIZES
from companion.games.tikal.constants import HEX_KIND_COUNTS as HEX_KIND_COUNTS
from companion.games.tikal.constants import HEX_KINDS as HEX_KINDS
from companion.games.tikal.constants import LEVEL_SUPPLY as LEVEL_SUPPLY
from companion.games.tikal.constants import MAX_CAMPS as MAX_CAMPS
from companion.games.tikal.constants import MAX_GUARDS as MAX_GUARDS
from companion.games.tikal.constants import STAGES as STAGES
from companion.games.tikal.constants import TRACKING as TRACKING
from companion.games.tikal.constants import TREASURE_KINDS as TREASURE_KINDS
from companion.games.tikal.likeness import holding as holding
from companion.games.tikal.scoring import majority_holder as majority_holder
from companion.games.tikal.scoring import strengths as strengths
from companion.games.tikal.scoring import temple_controller as temple_controller
from companion.games.tikal.scoring import temples_scored_from_books as temples_scored_from_books
from companion.games.tikal.scoring import track_position as track_position
from companion.games.tikal.scoring import treasure_points as treasure_points
from companion.games.tikal.setup import MAX_PLAYERS as MAX_PLAYERS
from companion.games.tikal.setup import MIN_PLAYERS as MIN_PLAYERS
from companion.games.tikal.state import Hex, TikalState
from companion.games.tikal.tiles import Position as Position
from companion.games.tikal.tiles import neighbours
from companion.games.tikal.where import temple_place as temple_place


def stack_size(state: TikalState) -> int:
    """Hexes in the stack at the start of the game."""
    return sum(state.stage_sizes)


def hexes_left(state: TikalState) -> int:
    """Hexes still in the stack."""
    return stack_size(state) - state.drawn


def stage_left(state: TikalState) -> tuple[tuple[str, int], ...]:
    """Hexes left per letter stage, A first (A is drawn before B, and so on)."""
    taken = state.drawn
    result: list[tuple[str, int]] = []
    for letter, size in zip(STAGES, state.stage_sizes, strict=True):
        used = min(size, taken)
        taken -= used
        result.append((letter, size - used))
    return tuple(result)


def current_stage(state: TikalState) -> str | None:
    """Letter on the top hex of the stack, ``None`` once it is empty."""
    for letter, left in stage_left(state):
        if left > 0:
            return letter
    return None


def unlaid_volcano(state: TikalState) -> Hex | None:
    """The volcano placed after its scoring round whose field the table has not said yet,
    on a board where every other hex has its place (``None`` if there is none; a game
    recorded without places, or a lean one that skipped them, has no map to put it on)."""
    if any(hx.at is None and hx.kind != "volcano" for hx in state.hexes):
        return None
    return next((hx for hx in reversed(state.hexes)
                 if hx.kind == "volcano" and hx.at is None), None)


def has_places(state: TikalState) -> bool:
    """Whether the board records where its hexes lie (games recorded before hexes had
    places never said)."""
    return any(hx.at is not None for hx in state.hexes)


def free_spots(state: TikalState, *, volcano: bool = False) -> tuple[Position, ...]:
    """Empty fields where a new hex may be laid, beside the laid hexes whose place is known.

    Rulebook, laying hexes: a new hex "musi przylegac do co najmniej jednej juz lezacej"
    and must be laid so that it can be entered from at least one side; "jedyny wyjatek
    stanowia plytki z wulkanami", and a volcano "nie mozna wchodzic".  So a hex other than
    a volcano needs a laid neighbour that is not a volcano (it could never be entered
    otherwise); a volcano (``volcano=True``) needs only a laid neighbour of any kind.
    Stones are not checked: the app does not know how each tile lies.
    """
    laid = {hx.at: hx.kind for hx in state.hexes if hx.at is not None}
    doors = [at for at, kind in laid.items() if volcano or kind != "volcano"]
    spots = {spot for at in doors for spot in neighbours(at) if spot not in laid}
    return tuple(sorted(spots, key=lambda spot: (spot[1], spot[0])))
