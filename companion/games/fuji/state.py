"""The Fuji game state as immutable values.

Everything here is a frozen dataclass holding tuples, strings and numbers, so a state
can be compared, hashed and rebuilt from its set-up and actions.  Positions are
``(row, col)`` tuples inside the state; actions carry them as ``[row, col]`` lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from companion.core.messages import Msg

Position = tuple[int, int]
"""A card position on the board: ``(row, column)``, both counted from 0."""

OPEN_DICE_SEAT = -1
"""Seat number of the open dice set of the two-player variant A (it has no pawn)."""


class TerrainKind(StrEnum):
    """What kind of card lies at a position (the printed card, not its lava side)."""

    CRATER = "crater"
    SCORIA = "scoria"
    LANDSCAPE = "landscape"
    VILLAGE = "village"


class DieColour(StrEnum):
    """The colour of a die face."""

    YELLOW = "yellow"
    BLUE = "blue"
    PINK = "pink"


class Combine(StrEnum):
    """How a condition joins its colour set and its value set."""

    AND = "and"
    OR = "or"
    ALONE = "alone"


class Phase(StrEnum):
    """The six phases of a round, in order."""

    ROLL = "roll"
    PLANNING = "planning"
    REROLLS = "rerolls"
    EQUIPMENT = "equipment"
    MOVEMENT = "movement"
    ERUPTION = "eruption"


PHASE_ORDER: tuple[Phase, ...] = tuple(Phase)
"""The phases in the order they are played each round."""


class Skill(StrEnum):
    """The six character skills."""

    EQUIPMENT_MANAGER = "equipment_manager"
    SCOUT = "scout"
    BUDDY = "buddy"
    SURVIVALIST = "survivalist"
    GATHERER = "gatherer"
    TINKERER = "tinkerer"


SKILL_DICE: dict[Skill, int] = {
    Skill.EQUIPMENT_MANAGER: 6,
    Skill.SCOUT: 5,
    Skill.BUDDY: 6,
    Skill.SURVIVALIST: 5,
    Skill.GATHERER: 6,
    Skill.TINKERER: 5,
}
"""How many dice a character with each skill starts with."""

SKILL_STARTING_CARDS: dict[Skill, int] = {
    Skill.EQUIPMENT_MANAGER: 2,
    Skill.SCOUT: 2,
    Skill.BUDDY: 1,
    Skill.SURVIVALIST: 1,
    Skill.GATHERER: 1,
    Skill.TINKERER: 1,
}
"""How many equipment cards a character with each skill keeps at set-up."""

SKILL_STARTING_DRAW: dict[Skill, int] = {
    Skill.EQUIPMENT_MANAGER: 4,
    Skill.SCOUT: 2,
    Skill.BUDDY: 1,
    Skill.SURVIVALIST: 1,
    Skill.GATHERER: 1,
    Skill.TINKERER: 3,
}
"""How many equipment cards each skill draws at set-up (the extra ones go under the deck)."""

CHARACTER_COLOURS: tuple[str, ...] = ("blue", "purple", "green", "black")
"""The four character colours."""

EQUIPMENT_CARDS: tuple[str, ...] = (
    "binoculars",
    "torch",
    "radio",
    "rope",
    "pocket_knife",
    "lighter",
    "map",
    "carabiner",
    "duct_tape",
    "compass",
    "machete",
    "shovel",
    "first_aid_kit",
    "flare_gun",
    "water_bottle",
)
"""The ids of the fifteen equipment cards (one of each)."""


class WoundSlot(StrEnum):
    """The four places a wound token can cover."""

    LEG = "leg"
    ARM = "arm"
    AMNESIA = "amnesia"
    EYE = "eye"


class Variant(StrEnum):
    """Special rules for two players."""

    TWO_PLAYER_A = "two_player_a"
    TWO_PLAYER_B = "two_player_b"


class BuddyReturn(StrEnum):
    """When the Buddy takes back the die kept aside in phase 3 (the rulebooks differ)."""

    AFTER_REROLLS = "after_rerolls"
    """Back behind the screen when phase 3 ends; it counts in phase 5 (French rulebook)."""
    END_OF_ROUND = "end_of_round"
    """Out of play until the round ends, so it does not count in phase 5 (Polish rulebook)."""


class FreshCards(StrEnum):
    """When a card drawn during a round may first be used (the rulebooks differ)."""

    NEXT_ROUND = "next_round"
    """From the next round on (Polish and Spanish rulebooks)."""
    AFTER_OWN_PHASE = "after_own_phase"
    """Once the drawing player's own actions of that phase are over (French rulebook)."""


class ScoreBase(StrEnum):
    """What the 4 base points of the final score are counted for (variant B differs)."""

    PER_CHARACTER = "per_character"
    """4 points for every character, the shared one of variant B included."""
    PER_PLAYER = "per_player"
    """4 points for every person at the table (variant B: 2 players, 8 points)."""


class StartKind(StrEnum):
    """The two start cards."""

    WHITE = "white"
    GREY = "grey"


class Outcome(StrEnum):
    """How a finished game ended."""

    WON = "won"
    LOST = "lost"


class PendingKind(StrEnum):
    """A decision the table owes the app before play can go on."""

    WOUND = "wound"
    """Choose which wound slot a new wound token covers."""
    DRAW = "draw"
    """Say which equipment card was drawn from the deck."""
    CARD = "card"
    """Say what the card under a new destination marker shows (the table dealt the map)."""


@dataclass(frozen=True)
class DiceCondition:
    """Which dice count for movement on a card."""

    colours: frozenset[DieColour] = frozenset()
    """Die colours named by the condition (empty: colour plays no part)."""
    values: frozenset[int] = frozenset()
    """Die values named by the condition (empty: value plays no part)."""
    combine: Combine = Combine.ALONE
    """``and``: colour and value must both match; ``or``: either; ``alone``: the one set given."""


@dataclass(frozen=True)
class Die:
    """One die as it lies on the table."""

    colour: DieColour
    """The colour of the face showing."""
    value: int
    """The number showing, 1 to 6."""


@dataclass(frozen=True)
class Cell:
    """One card position on the board and everything lying on it."""

    kind: TerrainKind
    """The printed card: crater, scoria, landscape or village."""
    condition: DiceCondition | None = None
    """The dice condition printed on the card (``None`` for crater and scoria)."""
    card_id: str | None = None
    """Catalogue id of the condition card lying here, or ``None`` for a free condition."""
    reroll_symbol: bool = False
    """The card shows the extra-reroll symbol."""
    card_known: bool = True
    """The app knows the card's condition (the table deals the map: not until named)."""
    reroll_known: bool = True
    """The app knows whether the card shows the reroll symbol."""
    lava: bool = False
    """The card shows lava now (the crater always; others once flipped)."""
    equipment_token: bool = False
    """An equipment token lies on the card."""
    eruption_token: int = 0
    """Volcanoes on the eruption token lying here: 0 (none), 1 or 2."""
    start: StartKind | None = None
    """This is the white or grey start card, or ``None``."""
    four_players_only: bool = False
    """A village spot used only in four-player games."""


@dataclass(frozen=True)
class Board:
    """The grid of cards; ``None`` marks a gap with no card."""

    rows: int
    """Number of rows of the grid."""
    cols: int
    """Number of columns of the grid."""
    grid: tuple[tuple[Cell | None, ...], ...]
    """Cells row by row; ``grid[r][c]`` is the card at ``(r, c)`` or ``None`` for a gap."""

    def cell(self, position: Position) -> Cell | None:
        """Return the card at ``position``, or ``None`` for a gap or a spot off the grid."""
        row, col = position
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.grid[row][col]
        return None

    def positions(self) -> tuple[Position, ...]:
        """Return every position that holds a card, row by row."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if self.grid[r][c])

    def replace(self, position: Position, cell: Cell | None) -> Board:
        """Return a board with ``cell`` put at ``position``."""
        row, col = position
        new_row = (*self.grid[row][:col], cell, *self.grid[row][col + 1 :])
        grid = (*self.grid[:row], new_row, *self.grid[row + 1 :])
        return Board(self.rows, self.cols, grid)


@dataclass(frozen=True)
class Wounds:
    """Which wound slots are covered by a wound token."""

    leg: bool = False
    """One die lost for the rest of the game."""
    arm: bool = False
    """No more equipment use."""
    amnesia: bool = False
    """No more skill use."""
    eye: bool = False
    """No more phase-3 rerolls (equipment and skill rerolls still allowed)."""

    def covered(self, slot: WoundSlot) -> bool:
        """Tell whether ``slot`` already holds a wound token."""
        return bool(getattr(self, slot.value))

    def count(self) -> int:
        """Return how many wound tokens the character carries."""
        return sum(self.covered(slot) for slot in WoundSlot)

    def free_slots(self) -> tuple[WoundSlot, ...]:
        """Return the slots still free, in printed order."""
        return tuple(slot for slot in WoundSlot if not self.covered(slot))


@dataclass(frozen=True)
class Loan:
    """A die a player handed to someone else until the end of the round."""

    die: Die
    """The die, with the value it showed when handed over."""
    to_seat: int
    """Seat of the player holding it now; it counts for them in phase 5."""


@dataclass(frozen=True)
class RoundModifiers:
    """Effects of equipment and skills that last until the end of the round."""

    set_aside: tuple[Die, ...] = ()
    """Own dice set aside (machete): they do not count in phase 5."""
    rerolls_aside: tuple[Die, ...] = ()
    """Dice set aside during phase 3 only (Buddy); taken back unchanged afterwards."""
    lent: tuple[Loan, ...] = ()
    """Own dice now held by another player (lighter, map); they count for the holder."""
    flare_bonus: int = 0
    """Added to the player's own movement value during their own resolution (flare gun)."""
    first_aid: bool = False
    """No stamina is lost this round (first aid kit); a beaten player still stays put."""
    energy_bonus: int = 0
    """Energy bars spent on this player: +1 each to their value in their own resolution."""
    extra_rerolls: int = 0
    """Rerolls granted by equipment or skills beyond the phase-3 allowance."""
    screen_removed: bool = False
    """The player's screen is off until the end of the phase (radio)."""
    used: tuple[str, ...] = ()
    """Equipment card and skill ids used this round, in order."""


@dataclass(frozen=True)
class Player:
    """One character at the table."""

    seat: int
    """Index in seating order, 0 first; neighbours sit at seat - 1 and seat + 1."""
    name: str
    """The player's name as typed at set-up."""
    colour: str
    """Character colour: blue, purple, green or black."""
    skill: Skill
    """The character's skill card."""
    dice_count: int
    """Dice the character rolls now (a leg wound takes one away)."""
    position: Position
    """Where the pawn stands."""
    destination: Position | None = None
    """Where the destination marker lies (``None``: still on the character card)."""
    destination_confirmed: bool = False
    """The player pressed their button: the marker is final for this planning phase."""
    rerolls_used: int = 0
    """Phase-3 rerolls the player made this round."""
    rerolls_done: bool = False
    """The player finished rerolling this round."""
    dice: tuple[Die, ...] | None = None
    """The dice entered after the screens came off (``None``: not entered)."""
    dice_partial: tuple[Die, ...] = ()
    """Dice entered one by one so far, while the set is not complete yet."""
    quick_values: tuple[tuple[int, int], ...] = ()
    """Quick mode: ``(seat whose condition applies, total)`` pairs typed in instead of dice."""
    stamina_lost: int = 0
    """Steps the stamina marker has moved along the track."""
    wounds: Wounds = field(default_factory=Wounds)
    """The wound tokens on the character card."""
    pending_die_loss: int = 0
    """Leg wounds taken this phase 5 whose die is removed once everyone has resolved."""
    equipment: tuple[str, ...] = ()
    """Equipment card ids in hand."""
    equipment_turned: tuple[str, ...] = ()
    """Cards in hand already used once (Tinkerer uses each card twice)."""
    fresh_equipment: tuple[str, ...] = ()
    """Cards drawn this round and not usable yet (see ``Settings.fresh_cards``)."""
    energy: int = 0
    """Energy bars held (Gatherer, at most 3)."""
    shared: bool = False
    """The third character of the two-player variant B, played by both players."""
    modifiers: RoundModifiers = field(default_factory=RoundModifiers)
    """Effects that last until the end of the round."""


@dataclass(frozen=True)
class LevelTable:
    """A level card: stamina lost for a given lead over the higher neighbour."""

    failed: int
    """Loss when the player did not beat both neighbours (the card's maximum)."""
    bands: tuple[tuple[int, int], ...]
    """``(smallest lead, loss)`` pairs in rising order of lead; leads above the last cost 0."""

    def loss_for(self, lead: int) -> int:
        """Return the stamina lost for ``lead`` (a lead of 0 or less counts as failed)."""
        if lead <= 0:
            return self.failed
        loss = 0
        for smallest, band_loss in self.bands:
            if lead >= smallest:
                loss = band_loss
        return loss


@dataclass(frozen=True)
class StaminaTrack:
    """The stamina board: its length and the spaces that cost a wound."""

    length: int = 25
    """Steps to the last space; reaching it means death by exhaustion."""
    wound_spaces: tuple[int, ...] = (5, 10, 15, 20)
    """Steps lost at which a wound token is taken (reached or passed)."""

    def wounds_crossed(self, before: int, after: int) -> int:
        """Return how many wound spaces lie in ``(before, after]``."""
        return sum(1 for space in self.wound_spaces if before < space <= after)


@dataclass(frozen=True)
class Settings:
    """Choices made at set-up that shape the whole game."""

    level: int
    """Difficulty level 1 to 4."""
    level_table: LevelTable
    """The stamina loss table in use (the chosen level's card, possibly edited)."""
    stamina_track: StaminaTrack = field(default_factory=StaminaTrack)
    """The stamina board in use."""
    variant: Variant | None = None
    """Two-player variant, or ``None``."""
    extreme: bool = False
    """Extreme thrill: the eruption token nearest the villages shows two volcanoes."""
    buddy_die_back: BuddyReturn = BuddyReturn.AFTER_REROLLS
    """When the Buddy's die kept aside comes back."""
    rope_onto_village: bool = False
    """Whether the rope may also step onto an adjacent village card."""
    fresh_cards: FreshCards = FreshCards.NEXT_ROUND
    """When a card drawn during a round becomes usable."""
    score_base: ScoreBase = ScoreBase.PER_CHARACTER
    """How the base points of the final score are counted."""


@dataclass(frozen=True)
class Pending:
    """A decision the table must record before the game goes on."""

    kind: PendingKind
    """What must be decided."""
    seat: int
    """The player who decides."""
    count: int = 1
    """How many of these decisions are owed (e.g. two wounds at once)."""
    cell: Position | None = None
    """The card asked about (``card`` decisions only)."""


@dataclass(frozen=True)
class Instruction:
    """Something the table must do with the physical pieces now."""

    message: Msg
    """What to do, as a translatable message."""
    cells: tuple[Position, ...] = ()
    """The board positions concerned (cards to flip, tokens to remove, ...)."""


@dataclass(frozen=True)
class Resolution:
    """The outcome of one player's phase-5 resolution, kept for the screens."""

    seat: int
    """The player who resolved."""
    own_value: int
    """Their movement value (with flare and energy bonuses)."""
    neighbour_values: tuple[tuple[int, int], ...]
    """``(neighbour seat, value)`` under the active player's condition (a value that could
    not change the outcome, and so was never asked, is left out)."""
    moved: bool
    """Whether the player was allowed to move (or stay by choice)."""
    lead: int
    """Own value minus the highest neighbour value."""
    stamina_loss: int
    """Steps of stamina lost."""
    path: tuple[Position, ...] = ()
    """Cards walked, destination last (empty when the pawn did not move)."""


@dataclass(frozen=True)
class OpenDice:
    """The extra dice set of the two-player variant A; a neighbour of both players."""

    dice: tuple[Die, ...] | None = None
    """The six dice as entered (``None``: not entered)."""
    dice_partial: tuple[Die, ...] = ()
    """Dice entered one by one so far, while the set is not complete yet."""
    quick_values: tuple[tuple[int, int], ...] = ()
    """Quick mode: ``(seat whose condition applies, total)`` pairs."""


@dataclass(frozen=True)
class State:
    """Everything the app knows about a Fuji game at one moment."""

    round: int
    """Round number, from 1."""
    phase: Phase
    """The phase being played."""
    players: tuple[Player, ...]
    """Characters in seating order."""
    board: Board
    """The cards on the table."""
    settings: Settings
    """Level, stamina track and variants."""
    open_dice: OpenDice | None = None
    """The open dice set of the two-player variant A (``None`` otherwise)."""
    resolved: tuple[int, ...] = ()
    """Seats that finished their phase-5 resolution this round, in order."""
    results: tuple[Resolution, ...] = ()
    """The phase-5 resolutions of this round, in order."""
    pending: tuple[Pending, ...] = ()
    """Decisions owed before play goes on (wound slots, equipment draws)."""
    discarded: tuple[str, ...] = ()
    """Equipment cards used up and out of the game, in the order they went."""
    instructions: tuple[Instruction, ...] = ()
    """What the table must do physically now."""
    outcome: Outcome | None = None
    """``None`` while the game runs; then won or lost."""
    outcome_reason: Msg | None = None
    """Why the game ended."""
    score: int | None = None
    """Points after a win."""
    score_band: str | None = None
    """Catalogue key of the flavour line for the score."""
