"""A reveal the app can work out itself.

Rulebook, auction variant (in our words): each round, as many hexes as there are players
are turned up from the stack, letter by letter.  When the letter on top holds exactly as
many hexes as are to be turned up, the table has no choice to tell: they are those hexes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.core.questions import Complete, Question
from companion.games.tikal import GAME
from companion.games.tikal.flow import letter_tiles
from companion.games.tikal.state import Phase, TikalState

from .support import start


def _auction(tiles_in_letter: int) -> TikalState:
    """A four-player auction game whose stack's top letter holds ``tiles_in_letter`` hexes
    (the following letters as the box has them)."""
    state = start(4, "auction", stages=None)
    assert state.phase == Phase.REVEAL and state.box is not None
    first = state.box[0].letter
    top = [tile for tile in state.box if tile.letter == first][:tiles_in_letter]
    rest = [tile for tile in state.box if tile.letter != first]
    return replace(state, box=(*top, *rest))


def _names(tiles: object) -> Counter[str]:
    assert isinstance(tiles, list)
    return Counter(repr(sorted(tile.items())) for tile in tiles)


def test_a_reveal_of_exactly_the_letters_hexes_is_not_asked() -> None:
    """Four players, four hexes left in the letter: the reveal is complete at once, holds
    exactly those four, and the rules accept it."""
    state = _auction(4)
    step = GAME.ask(state, {"type": "reveal"})
    assert isinstance(step, Complete)
    expected = [{"kind": t.kind, **({"value": t.value} if t.kind == "temple" else {}),
                 **({"masks": t.masks} if t.kind == "treasure" else {})}
                for t in letter_tiles(state)]
    assert _names(step.action["hexes"]) == _names(expected)
    after = GAME.apply(state, step.action)
    assert len(after.revealed) == 4


def test_a_reveal_with_a_choice_left_is_still_asked() -> None:
    """Five hexes left in the letter for four places: which one stays is the table's to say."""
    step = GAME.ask(_auction(5), {"type": "reveal"})
    assert isinstance(step, Question) and step.field == "hex0"
