"""Immutable state of a Tikal game as the companion keeps it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.core.messages import Msg
from companion.games.tikal.tiles import BoxTile, Position

LEADER_IN_RESERVE = -1
"""``Player.leader`` value: the leader waits in the reserve."""
LEADER_OUT = -2
"""``Player.leader`` value: the leader became a guard or went to the box."""


class Phase(StrEnum):
    """The phases of a Tikal turn (stored in JSON as their string values)."""

    DRAW = "draw"
    """Basic game: the active player records the hex drawn from the stack."""
    REVEAL = "reveal"
    """Auction variant: the table records the hexes revealed for this round."""
    AUCTION = "auction"
    """Auction variant: players bid for the right to choose a hex."""
    CHOOSE = "choose"
    """Auction variant: the auction's winner picks one of the revealed hexes."""
    ACTIONS = "actions"
    """The active player spends action points."""
    FINISHED = "finished"
    """The final scoring round is over."""

SCORING_VOLCANO = "volcano"
"""A scoring round started by a volcano."""
SCORING_FINAL = "final"
"""The scoring round after the last hex."""


@dataclass(frozen=True)
class HexTile:
    """A hex as it came from the stack, before it is on the board."""

    kind: str
    """One of ``temple``, ``jungle``, ``treasure``, ``volcano``."""
    value: int = 0
    """Printed temple number (temples only, else 0)."""
    masks: int = 0
    """Masks printed on a treasure hex (treasure only, else 0)."""


@dataclass(frozen=True)
class Hex:
    """An explored hex on the board, known by its id (0-3 printed, then in placing order)."""

    id: int
    """Position in ``TikalState.hexes``."""
    kind: str
    """``base``, ``temple``, ``jungle``, ``treasure`` or ``volcano``."""
    value: int = 0
    """Temple: the number on top (the printed one or the last level tile)."""
    treasures: int = 0
    """Treasure hex: tokens still lying on it."""
    camp: int | None = None
    """Seat of the player whose camp stands here."""
    guard: int | None = None
    """Seat of the player guarding this temple."""
    at: Position | None = None
    """Where it lies on the board (axial coordinates), if the table said so."""


@dataclass(frozen=True)
class Player:
    """One expedition: its pieces off the board, treasures and score."""

    seat: int
    """Place at the table, 0 = the oldest player, clockwise."""
    name: str
    """What the table calls the player."""
    colour: str
    """Colour of the pieces, e.g. ``red``."""
    score: int
    """Total points, laps of the track included."""
    reserve: int
    """Workers waiting beside the board."""
    leader: int = LEADER_IN_RESERVE
    """Hex id of the leader, or ``LEADER_IN_RESERVE`` / ``LEADER_OUT``."""
    boxed: int = 0
    """Workers out of the game after placing a guard (guards themselves not counted)."""
    camps: int = 0
    """Camps built so far."""
    guards: int = 0
    """Temple guards placed so far."""
    worker_guards: int = 0
    """Of those guards, how many are workers (the others are the leader)."""
    treasures: tuple[int, ...] = (0,) * 8
    """Tokens held per treasure kind 1-8 (index 0 = kind 1)."""


@dataclass(frozen=True)
class Turn:
    """Book-keeping of the turn under way: points spent and per-turn limits."""

    spent: int = 0
    """Action points spent so far (never more than 10)."""
    levels: tuple[tuple[int, int], ...] = ()
    """(hex id, levels uncovered there this turn)."""
    taken: tuple[tuple[int, int], ...] = ()
    """(hex id, treasures taken there this turn)."""


@dataclass(frozen=True)
class ScoringRound:
    """A scoring round: who still plays and scores, in which order."""

    kind: str
    """``volcano`` or ``final``."""
    order: tuple[int, ...]
    """Seats in the order they take their turn and score."""
    index: int = 0
    """Position in ``order`` of the player now playing."""


@dataclass(frozen=True)
class Auction:
    """Bidding for the right to choose the next revealed hex."""

    bidders: tuple[int, ...]
    """Taking part, in bidding order starting with the one who opens."""
    current: int
    """Seat whose turn it is to bid or pass."""
    passed: tuple[int, ...] = ()
    """Seats that passed, in the order they did."""
    high_bid: int = 0
    """Highest bid so far (0: nobody bid)."""
    high_bidder: int | None = None
    """Seat of the highest bidder."""


@dataclass(frozen=True)
class ScoreEntry:
    """One player's result in one scoring round."""

    round: int
    """Scoring round number, from 1."""
    seat: int
    """Who scored."""
    temples: tuple[int, ...]
    """Values of the temples that scored."""
    treasures: int
    """Points for treasures."""

    @property
    def points(self) -> int:
        """Points gained in total."""
        return sum(self.temples) + self.treasures


@dataclass(frozen=True)
class TikalState:
    """Everything the companion knows about a Tikal game at one moment."""

    variant: str
    """``basic`` or ``auction``."""
    players: tuple[Player, ...]
    """Players by seat, clockwise."""
    hexes: tuple[Hex, ...]
    """Explored hexes by id."""
    workers: tuple[tuple[int, ...], ...]
    """Workers per hex id per seat."""
    stage_sizes: tuple[int, ...]
    """Hexes per letter stage A-G at the start."""
    drawn: int
    """Hexes taken from the stack so far."""
    kinds_left: tuple[int, ...]
    """Hexes of each kind (temple, jungle, treasure, volcano) still in the stack."""
    tokens_left: int
    """Treasure tokens not yet laid on a treasure hex."""
    levels: tuple[int, ...]
    """Level tiles left in the supply for numbers 2-10 (index 0 = number 2)."""
    phase: Phase
    """What the table does now (a ``Phase``)."""
    active: int
    """Seat the table waits for."""
    turn: Turn = Turn()
    """The action-point turn under way."""
    scoring: ScoringRound | None = None
    """The scoring round under way, if any."""
    volcano_aside: bool = False
    """The active scoring round's volcano lies beside its drawer, not yet placed."""
    volcano_owner: int | None = None
    """Seat who set the volcano aside and places it after the round."""
    revealed: tuple[HexTile, ...] = ()
    """Auction: revealed hexes not yet taken."""
    auction: Auction | None = None
    """Auction: the bidding under way."""
    placed_this_round: tuple[int, ...] = ()
    """Auction: seats that already took a hex this round."""
    last_placer: int | None = None
    """Seat that placed the most recent hex from the stack."""
    scoring_rounds: int = 0
    """Scoring rounds started so far."""
    history: tuple[ScoreEntry, ...] = ()
    """Every score given, oldest first."""
    instructions: tuple[Msg, ...] = ()
    """What the table should do with its pieces after the last action."""
    tracking: str = "full"
    """``full``: every piece is recorded; ``lean``: only what the scorings need."""
    box: tuple[BoxTile, ...] | None = None
    """Tiles still in a stack built from the published box, letter A first (``None``: the
    set-up counted its own letters, so the tiles of each letter are unknown)."""
    legacy_checks: bool = False
    """A game entered before data version 3 that has a step those checks refuse (a hex
    beside nothing but volcanoes, a lean treasure with no laid token left): they stay
    off for it, so it replays as it was played (set-up ``legacy_checks``)."""
    legacy_lean: bool = False
    """A lean game entered before data version 4, whose treasures name no hex: it keeps
    taking them without one, and without the limits per turn that need the hex (set-up
    ``legacy_lean``)."""
