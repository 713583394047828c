"""The immutable state of a game of Caverna: Cave vs Cave."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.core.messages import Msg
from companion.games.caverna.cave import Cave
from companion.games.caverna.goods import Goods
from companion.games.caverna.rooms import RoomSpec, room_lookup
from companion.games.caverna.tiles import TileRules


class Phase(StrEnum):
    """The phases of a Caverna round (stored in JSON as their string values)."""

    REVEAL = "reveal"
    CHOOSE = "choose"
    ACT = "act"
    DRAW = "draw"
    FINISHED = "finished"


REVEAL = Phase.REVEAL
"""Phase: the table turns up the round's new action tile."""
CHOOSE = Phase.CHOOSE
"""Phase: the active player picks an action tile."""
ACT = Phase.ACT
"""Phase: the active player uses the options of the tile picked."""
DRAW = Phase.DRAW
"""Phase (solo): the top room of the pile is turned up after a single dig."""
FINISHED = Phase.FINISHED
"""Phase: the game has been scored."""

TWO_PLAYER_TURNS: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 3, 4)
"""Turns each player takes in rounds 1-8."""
SOLO_TURNS: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 4)
"""Turns in rounds 1-7 of the solo game."""
SOLO_GOAL = 50
"""Points a solo player needs to succeed."""
SOLO_OUTSTANDING = 60
"""More points than this make a solo game outstanding."""
WALL_SUPPLY = 7
"""Walls in the common supply at the start."""


@dataclass(frozen=True)
class Config:
    """Everything fixed by the set-up."""

    names: tuple[str, ...]
    """Player names, seat order."""
    rooms: tuple[RoomSpec, ...]
    """The room catalogue in use (data file plus set-up corrections)."""
    tiles: tuple[str, ...]
    """Action tiles in play."""
    turns: tuple[int, ...]
    """Turns per player in each round; its length is the number of rounds."""
    tile_rules: TileRules
    """Printing-dependent numbers on the action tiles."""

    @property
    def solo(self) -> bool:
        """Tell whether this is the one-player game."""
        return len(self.names) == 1

    def room(self, room_id: str) -> RoomSpec:
        """Return the catalogue entry of ``room_id``."""
        return room_lookup(self.rooms, room_id)


@dataclass(frozen=True)
class Player:
    """One player's goods and cave."""

    goods: Goods
    """The goods track."""
    cave: Cave
    """The cave board."""


@dataclass(frozen=True)
class Turn:
    """What the active player has done so far with the tile taken this turn."""

    tile: str
    """The action tile taken."""
    used_parts: tuple[int, ...] = ()
    """Indices of the tile's parts already used."""
    room_uses_left: int = 0
    """Orange rooms still usable through the tile's room option."""
    rooms_used: tuple[str, ...] = ()
    """Orange rooms used this turn (each at most once)."""
    digs: int = 0
    """Caverns dug this turn (the solo pile is turned after exactly one)."""


@dataclass(frozen=True)
class CavernaState:
    """A whole game at one moment."""

    config: Config
    """The set-up."""
    players: tuple[Player, ...]
    """Each player's goods and cave, seat order."""
    round: int = 1
    """The current round, from 1."""
    phase: Phase = REVEAL
    """One of :data:`REVEAL`, :data:`CHOOSE`, :data:`ACT`, :data:`DRAW`, :data:`FINISHED`."""
    start_player: int = 0
    """Seat holding the start-player token this round."""
    turns_taken: int = 0
    """Turns completed this round, by both players together."""
    hidden_tiles: tuple[str, ...] = ()
    """Action tiles still face down."""
    revealed_tiles: tuple[str, ...] = ()
    """Action tiles face up, in the order they came up."""
    unnamed_tiles: tuple[int, ...] = ()
    """The backs of tiles turned face up that the table has not named yet: each is named
    when a player takes it (until then it stays among ``hidden_tiles``)."""
    taken_tiles: tuple[str, ...] = ()
    """Tiles already taken this round."""
    turn: Turn | None = None
    """The turn in progress, once a tile has been taken."""
    display: tuple[str, ...] = ()
    """Face-up rooms in the middle of the table, ready to furnish."""
    pile: int = 0
    """Solo: face-down rooms left in the pile."""
    seen_rooms: tuple[str, ...] = ()
    """Rooms with a dark back that have been turned face up and named so far."""
    unnamed: int = 0
    """Rooms turned face up into the display (dug, or from the solo pile) that the table
    has not named yet: each is named when it is furnished."""
    wall_supply: int = WALL_SUPPLY
    """Walls left in the common supply."""
    extra_cavern_owner: int | None = None
    """Seat that earned the extra cavern."""
    notices: tuple[Msg, ...] = ()
    """What the last action told the table (goods lost to a limit, automatic effects)."""

    @property
    def active(self) -> int:
        """Seat whose turn it is."""
        return (self.start_player + self.turns_taken) % len(self.players)

    @property
    def turns_this_round(self) -> int:
        """Turns each player takes in the current round."""
        return self.config.turns[min(self.round, len(self.config.turns)) - 1]

    @property
    def rounds(self) -> int:
        """Rounds in this game."""
        return len(self.config.turns)
