"""Pickers shown over the play screen: which equipment card was drawn.

The deck is shuffled on the table, so the app asks which card came up; the cards
already in someone's hand are left out.
"""

from __future__ import annotations

import pygame

from companion.core.messages import Msg, msg
from companion.games.fuji.queries import equipment_in_play
from companion.games.fuji.state import EQUIPMENT_CARDS, State
from companion.ui.intents import CloseDialog, Intent, Submit
from companion.ui.scene import Context, Scene
from companion.ui.widgets import Button, Label, ListItem, ListView, Panel, ScrollState, Widget
from companion.ui.widgets import Shade as Shade


def free_cards(state: State) -> tuple[str, ...]:
    """Equipment cards not in anyone's hand (the deck and the discard pile)."""
    held = equipment_in_play(state)
    return tuple(card for card in EQUIPMENT_CARDS if card not in held)


def draw_action(seat: int, card: str | None) -> dict[str, object]:
    """The action recording that ``seat`` drew ``card`` (``None``: the deck was empty)."""
    return {"type": "draw_equipment", "player": seat, "card": card}


class CardPickerDialog(Scene):
    """Ask which equipment card a player drew; the list scrolls."""

    overlay = True

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        """The player who draws."""
        self.scroll = ScrollState()
        """Scroll position of the card list."""

    def build(self, ctx: Context) -> list[Widget]:
        """A box with the question, the card list and the deck-empty and cancel buttons."""
        session = ctx.session
        if session is None:
            return []
        state: State = session.state
        theme = ctx.theme
        screen = ctx.screen
        box = screen.inflate(-2 * theme.px(60), -2 * theme.gap)
        inner = box.inflate(-2 * theme.pad, -2 * theme.pad)
        widgets: list[Widget] = [Shade(screen), Panel(box)]
        title_h = theme.px(40)
        name = state.players[self.seat].name if self.seat < len(state.players) else ""
        widgets.append(Label(pygame.Rect(inner.x, inner.y, inner.width, title_h),
                             msg("ui_fuji.draw.question", name=name), "heading", bold=True,
                             align="center"))
        buttons_y = inner.bottom - theme.touch
        items = [
            ListItem(Msg(f"fuji.equipment.{card}"), Msg(f"fuji.equipment.{card}.help"),
                     (CloseDialog(), Submit(draw_action(self.seat, card))))
            for card in free_cards(state)
        ]
        lst = pygame.Rect(inner.x, inner.y + title_h + theme.gap, inner.width,
                          buttons_y - inner.y - title_h - 2 * theme.gap)
        widgets.append(ListView(lst, items, max(theme.touch, theme.px(64)), self.scroll,
                                key="fuji:cards"))
        half = (inner.width - theme.gap) // 2
        empty: tuple[Intent, ...] = (CloseDialog(), Submit(draw_action(self.seat, None)))
        widgets.append(Button(pygame.Rect(inner.x, buttons_y, half, theme.touch),
                              Msg("ui_fuji.draw.deck_empty"), empty, key="fuji:deck-empty"))
        widgets.append(Button(pygame.Rect(inner.x + half + theme.gap, buttons_y, half,
                                          theme.touch),
                              Msg("ui.common.cancel"), (CloseDialog(),), "quiet",
                              key="fuji:cancel"))
        return widgets

