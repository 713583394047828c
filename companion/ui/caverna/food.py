"""Turning goods into food at any time: which goods can go, the dialog that asks which,
and the answers that are short only of food the player could make that way.

A refused answer that converting goods would make possible is not a dead end: its tap
opens the food dialog at once, saying that food is what is missing, and once enough food
is made the answer is carried on with (its dialog reopened at that answer, or taken when
it needs nothing more), so making the food costs only the conversions' taps.  Each
conversion stays a step of its own, undone one at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.caverna.game import GAME
from companion.games.caverna.queries import FOOD_SOURCES, LIMITS
from companion.games.caverna.questions import food_plan
from companion.games.caverna.state import CavernaState
from companion.ui.caverna.parts import RefusedButton, compact_min_size
from companion.ui.dialogs import choose
from companion.ui.intents import Intent, ShowDialog, Submit, show_made
from companion.ui.theme import TextRole, Theme
from companion.ui.widgets import Option as ChoiceOption
from companion.ui.widgets import Text, fit_text

FOOD_FEES = frozenset({"round_food", "five_food"})
"""The furnishing fees paid in food."""

Refusal = Callable[[CavernaState], Msg | None]
"""Why the rules refuse an answer in a state (``None``: they accept it)."""
CarryOn = Callable[[CavernaState], Sequence[Intent]]
"""What the answer does in a state where the rules accept it."""


HINT = Msg("ui_caverna.convert.hint")
"""What a button short only of food says when there is room: tap to make food."""
MARK = Msg("ui_caverna.convert.mark")
"""The short form of :data:`HINT` for a button with less room."""


def hinted(text: Msg | str, rect: pygame.Rect, theme: Theme, lang: str) -> str:
    """``text`` with the short-of-food hint on a line of its own: the long form where it
    fits a small button of ``rect`` at the full size, else the short mark, else either
    in smaller letters, else ``text`` alone."""
    shown = translate(text, lang)
    inner = rect.inflate(-2 * theme.px(6), -theme.px(6))
    full = theme.text_size("small")
    for least in (full, compact_min_size(theme, "small")):
        for hint in (HINT, MARK):
            both = f"{shown}\n{translate(hint, lang)}"
            if not fit_text(both, inner.width, inner.height, full, least, True).overflow:
                return both
    return shown


def convertible(state: CavernaState, seat: int) -> list[str]:
    """The goods ``seat`` holds at least one of, and so can turn into food."""
    goods = state.players[seat].goods
    return [good for good in FOOD_SOURCES if (goods.get(good) or 0) > 0]


def convert_dialog(state: CavernaState, seat: int, short: bool = False,
                   then: Callable[[dict[str, Any]], Sequence[Intent]] | None = None,
                   first: Sequence[ChoiceOption] = ()) -> ShowDialog:
    """Ask which good ``seat`` turns into food (one for one), facing that seat; with
    ``short``, the title says that food is what the answer tapped was missing, and
    ``then`` gives what follows each conversion.  ``first`` answers come before the
    goods; without ``then``, a good held twice or more is also offered whole in one tap
    (as much as the food limit takes)."""
    goods = state.players[seat].goods
    options = list(first)
    room = LIMITS["food"] - goods.food
    for good in convertible(state, seat):
        action: dict[str, Any] = {"type": "convert", "player": seat, "good": good, "count": 1}
        follow = tuple(then(action)) if then is not None else ()
        options.append(ChoiceOption(msg("ui_caverna.convert.one", good=f"@caverna.good.{good}",
                                        have=goods.get(good)), (Submit(action), *follow)))
        many = min(goods.get(good), room)
        if then is None and many >= 2:
            whole = {**action, "count": many}
            options.append(ChoiceOption(
                msg("caverna_table.convert.many", count=many, good=f"@caverna.good.{good}",
                    have=goods.get(good)), (Submit(whole),)))
    key = "ui_caverna.convert.short" if short else "ui_caverna.convert.title"
    return choose(msg(key, player=state.config.names[seat], food=goods.food), options,
                  seat=seat, seats=len(state.players))


def food_for(state: CavernaState, seat: int, refusal: Refusal, carry_on: CarryOn
             ) -> ShowDialog:
    """The food dialog for an answer refused only for want of food: each good's tap turns
    one into food, then carries on with the answer when that was enough, else asks for
    the next good."""
    return convert_dialog(state, seat, True,
                          lambda convert: _then(state, convert, refusal, carry_on),
                          _whole_plan(state, seat, refusal, carry_on))


def _whole_plan(state: CavernaState, seat: int, refusal: Refusal, carry_on: CarryOn
                ) -> list[ChoiceOption]:
    """The fewest conversions that make the answer possible, as one answer (then the
    answer carried on with), when it takes more than one good."""
    plan = food_plan(state, refusal) if seat == state.active else None
    if not plan or sum(int(step["count"]) for step in plan) < 2:
        return []
    after = state
    try:
        for step in plan:
            after = GAME.apply(after, step)
    except IllegalActionError:
        return []
    params: dict[str, str | int] = {"food": sum(int(step["count"]) for step in plan)}
    for number, step in enumerate(plan, start=1):
        params[f"n{number}"] = int(step["count"])
        params[f"g{number}"] = f"@caverna.good.{step['good']}"
    text = msg(f"caverna_table.convert.plan{len(plan)}", **params)
    return [ChoiceOption(text, (*(Submit(step) for step in plan), *carry_on(after)))]


def _then(state: CavernaState, convert: dict[str, Any], refusal: Refusal, carry_on: CarryOn
          ) -> tuple[Intent, ...]:
    """What follows the conversion ``convert``: the answer once the rules accept it,
    else the food dialog again (made only if it is reached)."""
    try:
        after = GAME.apply(state, convert)
    except IllegalActionError:
        return ()
    if refusal(after) is None:
        return tuple(carry_on(after))
    seat = int(convert["player"])
    return (show_made(lambda: food_for(after, seat, refusal, carry_on).dialog),)


def food_would_help(state: CavernaState, refusal: Refusal) -> bool:
    """Whether an answer the rules refuse now (``refusal`` gives the reason in a state)
    would be accepted once the active player has turned some goods into food (keeping
    those the answer itself needs)."""
    if not convertible(state, state.active):
        return False
    return bool(food_plan(state, refusal))


class ShortOfFoodButton(RefusedButton):
    """An answer refused only for want of food the player can make: greyed, and its tap
    opens the food dialog, which carries on with the answer once the food is made."""

    def __init__(self, rect: pygame.Rect, text: Text, refusal: Msg,
                 dialog: Callable[[], ShowDialog], role: TextRole = "small",
                 key: str = "") -> None:
        super().__init__(rect, text, refusal, role, key)
        self.dialog = dialog
        """Makes the food dialog a tap opens (at the tap, not on every redraw)."""

    def tell(self) -> list[Intent]:
        """Open the food dialog (its title says food is what is missing)."""
        return [self.dialog()]
