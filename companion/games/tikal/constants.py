"""Fixed numbers of the Tikal box: costs, supplies, stack make-up and limits."""

from __future__ import annotations

from collections.abc import Mapping

ACTION_POINTS = 10
"""Action points a player may spend in one turn."""

COST_BRING = 1
"""Bring one piece from the reserve to the base camp or an own camp."""
COST_CAMP_MOVE = 1
"""Move one piece between the base camp and own camps."""
COST_UNCOVER = 2
"""Uncover one temple level."""
COST_TAKE_TREASURE = 3
"""Take one treasure token from a treasure hex."""
COST_EXCHANGE = 3
"""Swap one treasure with another player."""
COST_CAMP = 5
"""Build a camp."""
COST_GUARD = 5
"""Place a temple guard."""

MAX_STONES_PER_MOVE = 6
"""Most stones one crossing can have (up to three on each of the two edges)."""
MAX_LEVELS_PER_TEMPLE_PER_TURN = 2
"""Temple levels one player may uncover on one temple in one turn."""
MAX_TREASURES_PER_HEX_PER_TURN = 2
"""Treasures one player may take from one hex in one turn."""
MAX_CAMPS = 2
"""Camps each player owns."""
MAX_GUARDS = 2
"""Temple guards each player may place in a game."""
WORKERS = 18
"""Workers of each colour."""
LEADER_STRENGTH = 3
"""A leader counts as this many workers for majorities."""

TREASURE_KINDS = 8
"""Different treasures in the game, numbered 1 to 8."""
COPIES_PER_KIND = 3
"""Tokens of each treasure kind."""
TREASURE_SET_POINTS: Mapping[int, int] = {0: 0, 1: 1, 2: 3, 3: 6}
"""Points for holding 0-3 treasures of one kind."""

LEVEL_SUPPLY: Mapping[int, int] = {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
"""Square temple level tiles by number."""
HIGHEST_TEMPLE_VALUE = 10
"""No temple can show more than this."""

HEX_KINDS: tuple[str, ...] = ("temple", "jungle", "treasure", "volcano")
"""Kinds of hex that can come from the stack."""
HEX_KIND_COUNTS: Mapping[str, int] = {"temple": 15, "jungle": 10, "treasure": 8, "volcano": 3}
"""How many hexes of each kind the stack holds."""
MIN_MASKS = 2
"""Fewest masks (treasures) on a treasure hex."""
MAX_MASKS = 4
"""Most masks (treasures) on a treasure hex."""

STAGES: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G")
"""Letters on the backs of the hexes, A on top of the stack."""
DEFAULT_STAGE_SIZES: Mapping[str, int] = {
    "A": 6, "B": 6, "C": 5, "D": 5, "E": 5, "F": 5, "G": 4,
}
"""Hexes per letter of the published box, used when the set-up does not count them (36 in all)."""
FORMER_STAGE_SIZES: Mapping[str, int] = {
    "A": 2, "B": 4, "C": 5, "D": 5, "E": 6, "F": 7, "G": 7,
}
"""The split set-ups of data version 1 used when they named none (kept so they replay)."""

TRACK_SPACES = 100
"""Spaces on the score track; a cube passing 100 starts a new lap."""
AUCTION_START_SCORE = 20
"""Score every cube starts on in the auction variant."""

BASE_CAMP = 0
"""Hex id of the base camp."""
START_HEXES: tuple[tuple[str, int], ...] = (
    ("base", 0), ("temple", 1), ("temple", 1), ("jungle", 0),
)
"""The hexes printed on the board (kind, temple value), ids 0-3."""

TRACKING: tuple[str, ...] = ("full", "lean")
"""How much the table records: every piece, or only what the scorings need."""

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "white", "green", "black")
"""Colours a set-up may give the players."""
