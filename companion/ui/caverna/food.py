"""Turning goods into food at any time: which goods can go, the dialog that asks which,
and the answers that are short only of food the player could make that way.

A refused answer that converting goods would make possible is not a dead end: its tap
opens the food dialog at once, saying that food is what is missing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.caverna.game import GAME
from companion.games.caverna.queries import FOOD_SOURCES
from companion.games.caverna.state import CavernaState
from companion.ui.caverna.parts import RefusedButton
from companion.ui.dialogs import choose
from companion.ui.intents import Intent, ShowDialog, Submit
from companion.ui.theme import TextRole
from companion.ui.widgets import Option as ChoiceOption
from companion.ui.widgets import Text

FOOD_FEES = frozenset({"round_food", "five_food"})
"""The furnishing fees paid in food."""


def convertible(state: CavernaState, seat: int) -> list[str]:
    """The goods ``seat`` holds at least one of, and so can turn into food."""
    goods = state.players[seat].goods
    return [good for good in FOOD_SOURCES if (goods.get(good) or 0) > 0]


def convert_dialog(state: CavernaState, seat: int, short: bool = False) -> ShowDialog:
    """Ask which good ``seat`` turns into food (one for one), facing that seat; with
    ``short``, the title says that food is what the answer tapped was missing."""
    goods = state.players[seat].goods
    options = [ChoiceOption(msg("ui_caverna.convert.one", good=f"@caverna.good.{good}",
                                have=goods.get(good)),
                            (Submit({"type": "convert", "player": seat, "good": good,
                                     "count": 1}),))
               for good in convertible(state, seat)]
    key = "ui_caverna.convert.short" if short else "ui_caverna.convert.title"
    return choose(msg(key, player=state.config.names[seat], food=goods.food), options,
                  seat=seat, seats=len(state.players))


def all_converted(state: CavernaState, seat: int) -> CavernaState:
    """``state`` with every emmer, flax and gold of ``seat`` turned into food (as far as
    the food limit takes it)."""
    for good in convertible(state, seat):
        count = state.players[seat].goods.get(good)
        try:
            state = GAME.apply(state, {"type": "convert", "player": seat, "good": good,
                                       "count": count})
        except IllegalActionError:
            continue
    return state


def food_would_help(state: CavernaState, refusal: Callable[[CavernaState], Msg | None]
                    ) -> bool:
    """Whether an answer the rules refuse now (``refusal`` gives the reason in a state)
    would be accepted once the active player has turned goods into food."""
    seat = state.active
    if not convertible(state, seat) or refusal(state) is None:
        return False
    return refusal(all_converted(state, seat)) is None


class ShortOfFoodButton(RefusedButton):
    """An answer refused only for want of food the player can make: greyed, and its tap
    opens the food dialog."""

    def __init__(self, rect: pygame.Rect, text: Text, refusal: Msg, dialog: ShowDialog,
                 role: TextRole = "small", key: str = "") -> None:
        super().__init__(rect, text, refusal, role, key)
        self.dialog = dialog
        """The food dialog a tap opens."""

    def tell(self) -> list[Intent]:
        """Open the food dialog (its title says food is what is missing)."""
        return [self.dialog]
