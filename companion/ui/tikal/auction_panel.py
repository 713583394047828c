"""The auction game's part of the Tikal play screen: the reveal, the bidding with its
stepper, and the winner's choice of a revealed hex (dragged onto its field)."""


from __future__ import annotations

import pygame

from companion.core.messages import Msg, msg
from companion.games.tikal.state import (
    TikalState,
)
from companion.ui.intents import Intent, Redraw, Submit
from companion.ui.scene import Context
from companion.ui.theme import MIN_TOUCH, Theme
from companion.ui.tikal.dialogs import grid
from companion.ui.tikal.parts import TapButton
from companion.ui.tikal.play_parts import PlayParts
from companion.ui.tikal.view import (
    stack_left,
    tile_label,
)
from companion.ui.widgets import (
    Button,
    Label,
    Widget,
)

BID_STEPS: tuple[tuple[int, ...], ...] = ((-1, 1, 2, 3), (-1, 1, 3), (-1, 1))
"""The steps beside the bid, most first: as many as the row has room for."""


def bid_steps(width: int, theme: Theme) -> tuple[tuple[int, ...], int]:
    """The steps a bid row of ``width`` shows, and the width of each step's button (a
    finger wide at least; the amount between them keeps room for its number)."""
    amount_w = max(MIN_TOUCH, theme.px(96))
    for steps in BID_STEPS:
        room = width - amount_w - len(steps) * theme.gap
        if room >= len(steps) * MIN_TOUCH:
            return steps, min(theme.touch, room // len(steps))
    return BID_STEPS[-1], MIN_TOUCH


def can_bid(state: TikalState) -> bool:
    """Whether the current bidder can still raise: a bid may not exceed their score."""
    auction = state.auction
    if auction is None:
        return False
    return auction.high_bid + 1 <= state.players[auction.current].score


class AuctionPanel(PlayParts):
    """The auction's controls of :class:`~companion.ui.tikal.play.TikalPlayScene`, and the
    bid being prepared (mixed into the play screen)."""

    def _reveal(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """Auction game: the button that records the revealed hexes."""
        theme = ctx.theme
        count = min(len(state.players), stack_left(state))
        button = pygame.Rect(area.x, area.y, area.width, theme.px(96))
        return [
            TapButton(button, msg("ui_tikal.reveal.button", count=count),
                      lambda: self.ask(ctx, state, {"type": "reveal"}), "primary",
                      key="tikal:reveal"),
            Label(pygame.Rect(area.x, button.bottom + theme.gap, area.width,
                              area.bottom - button.bottom - theme.gap),
                  self._stack_line(state), "body", theme.palette.text_muted),
        ]

    def _auction(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """The highest bid, the bid being prepared, *Bid* and *Pass*."""
        theme = ctx.theme
        auction = state.auction
        if auction is None:
            return []
        amount = self.bid_amount(state)
        bidder = state.players[auction.current]
        widgets: list[Widget] = []
        if auction.high_bidder is not None:
            high = msg("ui_tikal.auction.high", amount=auction.high_bid,
                       player=state.players[auction.high_bidder].name)
        else:
            high = Msg("ui_tikal.auction.no_bid")
        line = theme.px(30)
        widgets.append(Label(pygame.Rect(area.x, area.y, area.width, line), high, "body",
                             bold=True))
        lines = 1 if self.flat else 2
        if not self.flat:
            widgets.append(Label(pygame.Rect(area.x, area.y + line, area.width, line),
                                 msg("ui_tikal.auction.capital", player=bidder.name,
                                     score=bidder.score), "small", theme.palette.text_muted))
        stepper = pygame.Rect(area.x, area.y + lines * line + theme.gap, area.width, theme.touch)
        widgets += self._bid_stepper(ctx, state, stepper, amount)
        if self.flat:
            below = pygame.Rect(area.x, stepper.bottom + theme.gap, area.width,
                                area.bottom - stepper.bottom - theme.gap)
            return [*widgets, Label(below, self._bidders_line(state), "small",
                                    theme.palette.text_muted)]
        actions = pygame.Rect(area.x, stepper.bottom + theme.gap, area.width, theme.touch)
        half = (actions.width - theme.gap) // 2
        widgets.append(Button(pygame.Rect(actions.x, actions.y, half, actions.height),
                              msg("ui_tikal.auction.bid", amount=amount),
                              (*self.ending(ctx, state), Submit({"type": "bid", "amount": amount})),
                              "primary",
                              enabled=can_bid(state), key="tikal:bid"))
        widgets.append(Button(pygame.Rect(actions.x + half + theme.gap, actions.y, half,
                                          actions.height), Msg("ui_tikal.auction.pass"),
                              (*self.ending(ctx, state), Submit({"type": "pass"})), "danger",
                              key="tikal:pass"))
        passed = pygame.Rect(area.x, actions.bottom + theme.gap, area.width,
                             area.bottom - actions.bottom - theme.gap)
        widgets.append(Label(passed, self._bidders_line(state), "small",
                             theme.palette.text_muted))
        return widgets

    @staticmethod
    def _bidders_line(state: TikalState) -> Msg:
        """Who still bids and who passed."""
        auction = state.auction
        assert auction is not None
        active = [state.players[s].name for s in auction.bidders if s not in auction.passed]
        out = [state.players[s].name for s in auction.passed]
        return msg("ui_tikal.auction.bidders", active=", ".join(active),
                   passed=", ".join(out) if out else "—")

    def bid_amount(self, state: TikalState) -> int:
        """The bid prepared with − / +, reset whenever the bidding moves on."""
        auction = state.auction
        lowest = (auction.high_bid if auction is not None else 0) + 1
        key = (state.active, lowest)
        if key != self._bid_key:
            self._bid_key = key
            self.bid = None
        return lowest if self.bid is None else max(lowest, self.bid)

    def change_bid(self, state: TikalState, delta: int) -> list[Intent]:
        """Raise or lower the prepared bid (never below the lowest allowed)."""
        auction = state.auction
        lowest = (auction.high_bid if auction is not None else 0) + 1
        highest = max(lowest, state.players[state.active].score)
        self.bid = min(max(lowest, self.bid_amount(state) + delta), highest)
        return [Redraw()]

    def _bid_stepper(self, ctx: Context, state: TikalState, row: pygame.Rect,
                     amount: int) -> list[Widget]:
        """− amount +1 +2 +3; tapping the amount opens a number pad for any bid."""
        theme = ctx.theme
        steps, button_w = bid_steps(row.width, theme)
        widgets: list[Widget] = []
        x = row.x
        enabled = can_bid(state)
        for step in steps:
            if step == 1:
                after = len(steps) - 1
                pad = pygame.Rect(x, row.y, row.right - x - after * (button_w + theme.gap),
                                  row.height)
                widgets.append(TapButton(pad, str(amount),
                                         lambda: self.ask(ctx, state, {"type": "bid"}),
                                         "selected", role="heading", key="tikal:bid:pad",
                                         enabled=enabled))
                x = pad.right + theme.gap
            text = "−" if step < 0 else f"+{step}"

            def tap(delta: int = step) -> list[Intent]:
                return self.change_bid(state, delta)

            widgets.append(TapButton(pygame.Rect(x, row.y, button_w, row.height), text, tap,
                                     key="tikal:bid:minus" if step < 0
                                     else f"tikal:bid:plus{step}", enabled=enabled))
            x += button_w + theme.gap
        return widgets

    def _choose(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """The auction's winner picks one of the revealed hexes."""
        theme = ctx.theme
        ask = pygame.Rect(area.x, area.y, area.width, theme.px(52))  # two lines
        widgets: list[Widget] = [Label(ask, Msg("ui_tikal.choose.ask"), "body", bold=True)]
        buttons = pygame.Rect(area.x, ask.bottom + theme.gap, area.width,
                              area.bottom - ask.bottom - theme.gap)
        for index, (tile, rect) in enumerate(zip(state.revealed,
                                                 grid(buttons, len(state.revealed), theme, 2),
                                                 strict=True)):
            def tap(chosen: int = index, laid: bool = tile.kind != "volcano") -> list[Intent]:
                marked = self.inline.partial.get("at")  # a field tapped first
                where = {"at": marked} if marked is not None and laid else {}
                return self.ask(ctx, state, {"type": "choose", "index": chosen, **where})

            def lay(at: list[int], chosen: int = index) -> list[Intent]:
                return self.ask(ctx, state, {"type": "choose", "index": chosen, "at": at})

            button = TapButton(rect, tile_label(tile), tap, "primary",
                               key=f"tikal:choose:{index}")
            if tile.kind != "volcano":  # dragged onto the field it is laid on
                button.dropping = self._field_drop(lay)
            widgets.append(button)
        return widgets
