"""Each player's own panel on a Tikal screen lying flat in the middle of the table.

A seat's panel shows the player's marker (their colour, and their seat's shape in the
colour-safe palette), their name, score and goods, and — when it is that player's
move — the controls only they use: *End turn* during their turn, *Bid* and *Pass*
while they are the bidder.  The panel is laid out upright and turned to face the seat
by :class:`companion.ui.flat.TurnedPanel`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from companion.core.messages import Msg, msg
from companion.games.tikal.questions import type_refusal
from companion.games.tikal.state import Phase, Player, TikalState
from companion.ui.intents import Intent, Notify, Submit
from companion.ui.scene import Context
from companion.ui.theme import MIN_TOUCH, Colour, Theme
from companion.ui.tikal.parts import ColourChip
from companion.ui.widgets import Button, ButtonStyle, Label, Panel, Widget

ACTIVE_MARK = "▶"
"""Put before the name of the player whose move it is (not only a brighter panel)."""


class GreyedButton(Button):
    """An action the rules refuse now: framed like every button, with a muted fill and
    dim text, and a tap tells why (its intents carry the reason)."""

    def colours(self, theme: Theme) -> tuple[Colour, Colour]:
        """The page's own colour inside the frame, and dim text (lighter while pressed)."""
        palette = theme.palette
        fill = palette.surface_high if self.pressed else palette.background
        return fill, palette.text_disabled


@dataclass(frozen=True)
class SeatControl:
    """A button of a seat's own panel."""

    text: Msg
    """What the button says."""
    intents: tuple[Intent, ...]
    """What a tap does."""
    style: ButtonStyle
    """How the button looks."""
    key: str
    """The widget key (the same as the upright screen's button)."""
    enabled: bool = True
    """Whether the rules can take it now (greyed otherwise, in its place)."""
    greyed: bool = False
    """Refused now, but a tap tells why (drawn as a :class:`GreyedButton`)."""


def seat_controls(state: TikalState, seat: int, bid: int,
                  after: TikalState | None = None) -> list[SeatControl]:
    """The buttons only ``seat`` uses now (``bid``: the amount prepared for a bid;
    ``after``: the auction after a spent turn ends, whose next bidder's *Bid* and *Pass*
    end that turn first)."""
    if after is not None and seat != state.active and after.phase == Phase.AUCTION:
        ending: tuple[Intent, ...] = (Submit({"type": "end_turn"}),)
        return [replace(control, intents=(*ending, *control.intents))
                for control in seat_controls(after, seat, bid)]
    if state.phase == Phase.ACTIONS and seat == state.active:
        end = "ui_tikal.turn.end_and_score" if state.scoring is not None else "ui_tikal.turn.end"
        reason = type_refusal(state, "end_turn")
        if reason is not None:  # a lean scoring ends with the last temple's holder instead
            return [SeatControl(Msg(end), (Notify(reason, error=True),), "normal",
                                "tikal:end_turn", greyed=True)]
        return [SeatControl(Msg(end), (Submit({"type": "end_turn"}),), "primary",
                            "tikal:end_turn")]
    auction = state.auction
    if state.phase == Phase.AUCTION and auction is not None and seat == auction.current:
        return [
            SeatControl(msg("ui_tikal.auction.bid", amount=bid),
                        (Submit({"type": "bid", "amount": bid}),), "primary", "tikal:bid",
                        bid <= state.players[seat].score),
            SeatControl(Msg("ui_tikal.auction.pass"), (Submit({"type": "pass"}),), "danger",
                        "tikal:pass"),
        ]
    return []


def is_their_move(state: TikalState, seat: int) -> bool:
    """Whether the table waits for ``seat`` (never once the game is over)."""
    return state.phase != "finished" and seat == state.active


def summary_line(player: Player) -> Msg:
    """Score, treasure tokens held and workers in reserve."""
    return msg("ui_tikal.flat.summary", score=player.score, treasures=sum(player.treasures),
               reserve=player.reserve)


def seat_panel(ctx: Context, state: TikalState, seat: int, area: pygame.Rect,
               bid: int, after: TikalState | None = None) -> list[Widget]:
    """The widgets of ``seat``'s panel, laid out upright in ``area`` (``after``: see
    :func:`seat_controls`)."""
    theme = ctx.theme
    player = state.players[seat]
    active = is_their_move(state, seat)
    widgets: list[Widget] = [Panel(area, theme.palette.surface_high if active else None)]
    controls = seat_controls(state, seat, bid, after)
    buttons = control_rects(theme, area, len(controls))
    for control, rect in zip(controls, buttons, strict=True):
        kind = GreyedButton if control.greyed else Button
        widgets.append(kind(rect, control.text, control.intents, control.style,
                            control.enabled, role="small", key=control.key))
    text_right = buttons[0].x - theme.px(6) if buttons else area.right - theme.pad
    side = min(area.height - theme.px(16), theme.px(30))
    chip = pygame.Rect(area.x + theme.pad, area.centery - side // 2, side, side)
    widgets.append(ColourChip(chip, player.colour, seat))
    text = pygame.Rect(chip.right + theme.px(8), area.y + theme.px(2),
                       text_right - chip.right - theme.px(8), area.height - theme.px(4))
    half = text.height // 2
    name = f"{ACTIVE_MARK} {player.name}" if active else player.name
    widgets.append(Label(pygame.Rect(text.x, text.y, text.width, half), name, "body",
                         theme.palette.accent if active else theme.palette.text, bold=True,
                         wrap=False))
    widgets.append(Label(pygame.Rect(text.x, text.y + half, text.width, text.height - half),
                         summary_line(player), "small", theme.palette.text_muted))
    return widgets


def control_rects(theme: Theme, area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Rectangles for ``count`` buttons at the right end of a seat's panel, a finger tall."""
    if count == 0:
        return []
    height = max(MIN_TOUCH, min(theme.touch, area.height - theme.px(8)))
    width = max(theme.touch, min(theme.px(130), area.width // (2 + count)))
    top = area.centery - height // 2
    right = area.right - theme.px(4)
    return [pygame.Rect(right - (count - n) * width - (count - 1 - n) * theme.px(4), top,
                        width, height) for n in range(count)]

