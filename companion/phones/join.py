"""The join screen on the shared screen: one QR code per seat, and the Wi-Fi's code.

Each seat's code holds ``http://<the Pi's address>:<port>/#<the seat's token>``: the
address rather than a ``.local`` name (phones resolve those unreliably), the token in the
fragment (it never travels in a request line, so no log keeps it).  Under each code: the
seat's name and whether a phone sits there; at the bottom how many seats have entered what
they keep hidden ("2 of 3 entered"), never what.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.core.messages import Msg, msg
from companion.ui.kiosk.qr import qr_matrix
from companion.ui.scene import Context, Scene
from companion.ui.screens import register_screen
from companion.ui.settings import title_strip
from companion.ui.theme import Theme
from companion.ui.widgets import Label, Panel, Widget

_CODES: dict[str, pygame.Surface | None] = {}
"""Each code drawn once, one pixel a module (the seats' links change only per game)."""


def code_surface(text: str) -> pygame.Surface | None:
    """``text`` as a QR code, one pixel a module, with its quiet border (cached)."""
    if text not in _CODES:
        if len(_CODES) > 16:
            _CODES.clear()
        matrix = qr_matrix(text)
        if matrix is None:
            _CODES[text] = None
        else:
            surface = pygame.Surface((len(matrix), len(matrix)))
            surface.fill((255, 255, 255))
            for y, row in enumerate(matrix):
                for x, dark in enumerate(row):
                    if dark:
                        surface.set_at((x, y), (0, 0, 0))
            _CODES[text] = surface
    return _CODES[text]


class CodeImage(Widget):
    """A QR code scaled by whole pixels to fit its box (drawn once, blitted after)."""

    def __init__(self, rect: pygame.Rect, text: str, key: str = "") -> None:
        super().__init__(rect, key)
        self.text = text
        """What the code holds."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """The code, centred, each module a square of whole pixels."""
        code = code_surface(self.text)
        if code is None:
            return
        scale = max(1, min(self.rect.width, self.rect.height) // code.get_width())
        big = pygame.transform.scale(code, (code.get_width() * scale,) * 2)
        surface.blit(big, big.get_rect(center=self.rect.center))

if TYPE_CHECKING:
    from companion.phones.door import PhoneDoor


class JoinScene(Scene):
    """The seats' join codes (and the hotspot's Wi-Fi code when the Pi runs one)."""

    def __init__(self, door: PhoneDoor) -> None:
        super().__init__()
        self.door = door
        """The started phones."""
        self.cards: list[pygame.Rect] = []
        """The title strip and the seats' cards as drawn last (notices keep clear of them)."""

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """The title and the seats' cards: a notice never hides the instruction, a code or
        whether a phone sits there (the line at the bottom says what notices say)."""
        return list(self.cards)

    def build(self, ctx: Context) -> list[Widget]:
        """A title strip, a card per seat, the Wi-Fi card, the progress line."""
        theme = ctx.theme
        widgets, body = title_strip(ctx, Msg("phones.join.title"))
        table = self.door.table
        seats = table.seat_names()
        if not seats:
            none = "phones.no_game" if ctx.session is None else "phones.join.unsupported"
            widgets.append(Label(body, Msg(none), "heading", align="center"))
            return widgets
        cards = len(seats) + (1 if self.door.wifi else 0)
        line = theme.px(34)
        width = (body.width - (cards - 1) * theme.gap) // cards
        height = body.height - line - theme.gap
        joined = table.joined()
        self.cards = [pygame.Rect(0, 0, ctx.size[0], theme.bar_height)]
        first = 1 if self.door.wifi else 0
        if self.door.wifi:  # first: a phone joins the table's Wi-Fi before it can open a link
            card = pygame.Rect(body.x, body.y, width, height)
            self.cards.append(card)
            widgets += _card(ctx, card, Msg("phones.join.wifi"), Msg("phones.join.wifi_first"),
                             self.door.wifi, "wifi")
        for seat, name in enumerate(seats):
            card = pygame.Rect(body.x + (seat + first) * (width + theme.gap), body.y, width,
                               height)
            self.cards.append(card)
            link = self.door.link_for(seat)
            state = Msg("phones.join.joined") if seat in joined else Msg("phones.join.waiting")
            widgets += _card(ctx, card, name, state, link, f"seat{seat}")
        if table.hidden():
            done, count = table.entered()
            status = pygame.Rect(body.x, body.bottom - line, body.width, line)
            widgets.append(Label(status, msg("phones.entered", done=done, seats=count),
                                 "body", align="center", key="phones:entered"))
        return widgets


def _card(ctx: Context, card: pygame.Rect, name: Msg, state: Msg, code: str | None,
          key: str) -> list[Widget]:
    theme = ctx.theme
    text = theme.px(30)
    widgets: list[Widget] = [
        Panel(card, theme.palette.surface),
        Label(pygame.Rect(card.x + theme.pad, card.y, card.width - 2 * theme.pad, text + 4),
              name, "body", bold=True, align="center", key=f"{key}:name"),
    ]
    square = pygame.Rect(card.x + theme.pad, card.y + text + 4, card.width - 2 * theme.pad,
                         card.height - 2 * text - 8)
    if code:
        widgets.append(CodeImage(square, code, key=f"{key}:qr"))
    widgets.append(Label(pygame.Rect(card.x + theme.pad, card.bottom - text - 4,
                                     card.width - 2 * theme.pad, text), state, "small",
                         align="center", key=f"{key}:state"))
    return widgets


JOIN_SCREEN = "phones_join"
"""The join screen's name."""


def register(door: PhoneDoor) -> None:
    """Register the join screen for ``door`` (the phones' own screen)."""
    register_screen(JOIN_SCREEN, lambda: JoinScene(door))
