"""The end of a game: the result, a QR code for the players' phones, and *New group*.

In the *flat* table layout every player's result sits on the screen edge nearest
their seat, turned to face them; the code and the buttons stay in the middle.
"""

from __future__ import annotations

import pygame

from companion.core.messages import Msg
from companion.core.stats import Play, play_from_state
from companion.ui.intents import Back
from companion.ui.kiosk.common import kiosk_bar, kiosk_settings
from companion.ui.kiosk.intents import NewGroup
from companion.ui.kiosk.looks import (
    blit_turned,
    draw_seat_marker,
    flat_panel_rects,
    flat_places,
    seat_colour,
    upright_size,
)
from companion.ui.kiosk.qr import QrCode, bgstats_link, qr_matrix
from companion.ui.scene import Context, Scene
from companion.ui.theme import Theme
from companion.ui.widgets import Button, Label, Panel, Text, Widget


def current_play(ctx: Context) -> Play | None:
    """The open game as a play (its result so far)."""
    session = ctx.session
    if session is None or ctx.journal is None:
        return None
    summary = ctx.journal.summary(session.game_id)
    return play_from_state(summary, session.setup, session.game, session.state)


def headline(play: Play) -> Msg:
    """The big line: won, lost, the winners, or that the game goes on."""
    if not play.finished:
        return Msg("kiosk.end.running")
    if play.outcome == "won":
        return Msg("kiosk.end.won")
    if play.outcome == "lost":
        return Msg("kiosk.end.lost")
    if play.winners:
        return Msg("kiosk.end.winners", {"names": ", ".join(play.winners)})
    return Msg("kiosk.end.over")


def result_line(play: Play, seat: int) -> Text:
    """One player's line: name and score, or just the name in a game without scores."""
    name = play.players[seat]
    if seat < len(play.scores):
        return Msg("kiosk.end.score", {"name": name, "score": play.scores[seat]})
    return name


class SeatResult(Widget):
    """A player's marker and result line."""

    def __init__(self, rect: pygame.Rect, seat: int, text: Text, colour_safe: bool,
                 winner: bool) -> None:
        super().__init__(rect, f"end:seat:{seat}")
        self.seat = seat
        """The player's seat."""
        self.colour_safe = colour_safe
        """Colour-safe seat colours."""
        self.label = Label(rect.inflate(-rect.height - 8, -4).move(rect.height // 2, 0), text,
                           "heading", bold=winner)
        """The result text."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Marker on the left, text beside it."""
        side = self.rect.height * 2 // 3
        marker = pygame.Rect(self.rect.x + 4, self.rect.centery - side // 2, side, side)
        draw_seat_marker(surface, marker, self.seat,
                         seat_colour(self.seat, theme.palette, self.colour_safe),
                         theme.palette.text)
        self.label.draw(surface, theme, lang)
        self.overflow = self.label.overflow


class TurnedResult(Widget):
    """A seat's result drawn upright off screen, then turned to face its seat."""

    def __init__(self, rect: pygame.Rect, angle: int, seat: int, text: Text,
                 colour_safe: bool, winner: bool) -> None:
        super().__init__(rect, f"end:turned:{seat}")
        self.angle = angle
        """Degrees to turn (0 bottom, 180 top, 90/270 the sides)."""
        width, height = upright_size(rect, angle)
        self.inner = SeatResult(pygame.Rect(0, 0, width, height), seat, text, colour_safe,
                                winner)
        """The result, laid out upright."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the panel and its result facing the seat."""
        content = pygame.Surface(self.inner.rect.size)
        content.fill(theme.palette.surface)
        self.inner.draw(content, theme, lang)
        self.overflow = self.inner.overflow
        blit_turned(surface, content, self.rect, self.angle)
        pygame.draw.rect(surface, theme.palette.border, self.rect, theme.border_width)


class EndScene(Scene):
    """The result, the BG Stats QR code and the *New group* button."""

    needs_session = True

    def build(self, ctx: Context) -> list[Widget]:
        """Upright: bar, results left, code right.  Flat: results on the edges."""
        play = current_play(ctx)
        if play is None:
            return []
        if kiosk_settings(ctx).table_layout == "flat":
            return self._flat(ctx, play)
        return self._upright(ctx, play)

    def _buttons(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        width = (area.width - theme.gap) // 2
        return [
            Button(pygame.Rect(area.x, area.y, width, area.height), Msg("kiosk.end.back"),
                   (Back(),), "normal", key="end:back"),
            Button(pygame.Rect(area.x + width + theme.gap, area.y, width, area.height),
                   Msg("kiosk.end.new_group"), (NewGroup(),), "primary", key="end:new_group"),
        ]

    def _code(self, ctx: Context, play: Play, area: pygame.Rect,
              caption: pygame.Rect | None = None) -> list[Widget]:
        theme = ctx.theme
        if caption is None:
            caption = pygame.Rect(area.x, area.bottom - theme.px(44), area.width, theme.px(44))
            area = pygame.Rect(area.x, area.y, area.width, caption.y - area.y)
        matrix = qr_matrix(bgstats_link(play)) if play.finished else None
        if matrix is None:
            key = "kiosk.end.no_qr" if play.finished else "kiosk.end.qr_later"
            return [Label(area.union(caption), Msg(key), "body", theme.palette.text_muted,
                          "center")]
        return [QrCode(area, matrix, key="end:qr"),
                Label(caption, Msg("kiosk.end.qr_caption"), "small", align="center")]

    def _upright(self, ctx: Context, play: Play) -> list[Widget]:
        theme = ctx.theme
        widgets, body = kiosk_bar(ctx, Msg(ctx.session.game.title_key) if ctx.session else "",
                                  [], "end")
        colour_safe = kiosk_settings(ctx).colour_safe
        code_width = min(body.width // 2, body.height - theme.touch - theme.gap)
        left = pygame.Rect(body.x, body.y, body.width - code_width - theme.gap,
                           body.height - theme.touch - theme.gap)
        widgets.append(Panel(left, theme.palette.surface))
        inner = left.inflate(-2 * theme.pad, -2 * theme.pad)
        head = pygame.Rect(inner.x, inner.y, inner.width, theme.px(50))
        widgets.append(Label(head, headline(play), "title", theme.palette.accent, bold=True))
        row = min(theme.px(46), (inner.bottom - head.bottom) // max(1, len(play.players)))
        for seat in range(len(play.players)):
            rect = pygame.Rect(inner.x, head.bottom + theme.gap + seat * row, inner.width, row)
            widgets.append(SeatResult(rect, seat, result_line(play, seat), colour_safe,
                                      play.players[seat] in play.winners))
        code = pygame.Rect(left.right + theme.gap, body.y, code_width, left.height)
        widgets.extend(self._code(ctx, play, code))
        buttons = pygame.Rect(body.x, body.bottom - theme.touch, body.width, theme.touch)
        return widgets + self._buttons(ctx, buttons)

    def _flat(self, ctx: Context, play: Play) -> list[Widget]:
        theme = ctx.theme
        colour_safe = kiosk_settings(ctx).colour_safe
        depth = max(theme.touch, theme.px(64))
        seats = max(1, len(play.players))
        widgets: list[Widget] = []
        for seat, (rect, place) in enumerate(zip(flat_panel_rects(ctx.size, seats, depth),
                                                 flat_places(seats), strict=True)):
            if seat < len(play.players):
                widgets.append(TurnedResult(rect, place.angle, seat, result_line(play, seat),
                                            colour_safe, play.players[seat] in play.winners))
        middle = ctx.screen.inflate(-2 * depth - 2 * theme.gap, -2 * depth - 2 * theme.gap)
        code = pygame.Rect(middle.x, middle.y, middle.height, middle.height)
        right = pygame.Rect(code.right + theme.gap, middle.y, middle.right - code.right
                            - theme.gap, middle.height)
        head = pygame.Rect(right.x, right.y, right.width, theme.px(60))
        widgets.append(Label(head, headline(play), "heading", theme.palette.accent, "center",
                             bold=True))
        buttons = pygame.Rect(right.x, right.bottom - theme.touch, right.width, theme.touch)
        caption = pygame.Rect(right.x, head.bottom, right.width,
                              buttons.y - head.bottom - theme.gap)
        return widgets + self._code(ctx, play, code, caption) + self._buttons(ctx, buttons)
