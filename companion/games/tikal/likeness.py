"""Treasure kinds in the table's words: by who holds the same picture.

The 24 treasure tokens are 8 kinds of 3, told apart at the table by their pictures, which
the app cannot see or name.  The rules need only to know which tokens match, so a kind is
named by the players holding tokens like it ("like Bo's pair", "a kind nobody holds").
Two kinds held alike by every player can be swapped in the state without changing anything
the rules or scores see, so a question offers one of them only (the lowest number), and a
question whose kinds are all alike is not asked at all.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.messages import Msg, msg
from companion.games.tikal.constants import COPIES_PER_KIND, TREASURE_KINDS
from companion.games.tikal.state import TikalState

ALL_KINDS: tuple[int, ...] = tuple(range(1, TREASURE_KINDS + 1))
"""Every treasure kind number (the state's own numbering, never shown to the table)."""


def holding(state: TikalState, kind: int) -> tuple[int, ...]:
    """Tokens of ``kind`` each seat holds, in seat order."""
    return tuple(player.treasures[kind - 1] for player in state.players)


def distinct_kinds(state: TikalState, kinds: Iterable[int]) -> tuple[int, ...]:
    """One kind for each way of being held among ``kinds`` (the lowest number of each),
    in number order: the others are alike to the table and the rules."""
    chosen: dict[tuple[int, ...], int] = {}
    for kind in sorted(kinds):
        chosen.setdefault(holding(state, kind), kind)
    return tuple(sorted(chosen.values()))


def takeable_kinds(state: TikalState) -> tuple[int, ...]:
    """The kinds a token turned up from a treasure hex can be: one per way of being held,
    leaving out kinds whose three tokens are all in players' hands."""
    left = (kind for kind in ALL_KINDS if sum(holding(state, kind)) < COPIES_PER_KIND)
    return distinct_kinds(state, left)


def holders_words(state: TikalState, kind: int) -> str:
    """Who holds tokens of ``kind``, e.g. "Bo ×2 · Cy" (a catalogue key when nobody does)."""
    parts = [player.name if count == 1 else f"{player.name} ×{count}"
             for player, count in zip(state.players, holding(state, kind), strict=True)
             if count > 0]
    return " · ".join(parts) if parts else "@tikal.treasure.unseen"


def kind_words(state: TikalState, kind: int) -> Msg:
    """An answer naming ``kind`` by its holders: "Like Bo ×2 · Cy", "A kind nobody holds"."""
    if not any(holding(state, kind)):
        return Msg("tikal.treasure.unseen")
    return msg("tikal.treasure.like", holders=holders_words(state, kind))
