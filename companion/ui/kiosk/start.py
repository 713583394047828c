"""The guests' screens: the start screen, the resume question and the attract loop."""

from __future__ import annotations

import time
from typing import Any

import pygame

from companion.core import registry
from companion.core.game import Game
from companion.core.i18n import LANGUAGES
from companion.core.kiosk import SLIDE_SECONDS, attract_slides
from companion.core.messages import Msg
from companion.ui.fault_badge import title_room
from companion.ui.home import new_game_intents
from companion.ui.intents import Back, Intent, Navigate, SetLanguage
from companion.ui.kiosk.common import kiosk_settings
from companion.ui.kiosk.flags import FlagButton
from companion.ui.kiosk.intents import ContinueGame, StartOver
from companion.ui.kiosk.looks import draw_seat_marker, seat_colour
from companion.ui.scene import Context, Scene
from companion.ui.theme import TextRole, Theme
from companion.ui.widgets import (
    Button,
    Label,
    Panel,
    Text,
    Widget,
    draw_fitted,
    fit_text,
    render_text,
)


class GameCard(Button):
    """A big game button: the name in large letters and a line about the game under it."""

    def __init__(self, rect: pygame.Rect, title: Text, tagline: Text,
                 intents: tuple[Intent, ...], key: str) -> None:
        super().__init__(rect, title, intents, "primary", role="title", key=key)
        self.tagline = tagline
        """The line under the name."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the card with the name above and the tagline below."""
        text_colour = self.draw_frame(surface, theme)
        inner = self.rect.inflate(-2 * theme.pad, -theme.pad)
        title_box = pygame.Rect(inner.x, inner.y, inner.width, inner.height * 13 // 20)
        line_box = pygame.Rect(inner.x, title_box.bottom, inner.width,
                               inner.bottom - title_box.bottom)
        role: TextRole = "title" if self.rect.height >= theme.px(200) else "heading"
        title = fit_text(render_text(self.text, lang), title_box.width, title_box.height,
                         theme.text_size(role), theme.min_text_size(role), True)
        line = fit_text(render_text(self.tagline, lang), line_box.width, line_box.height,
                        theme.text_size("small"), theme.min_text_size("small"), False)
        self.overflow = title.overflow or line.overflow
        draw_fitted(surface, title, title_box, text_colour, True, "center")
        draw_fitted(surface, line, line_box, text_colour, False, "center")


class LockButton(Button):
    """The discreet staff button: a drawn padlock instead of a word."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the button's box and a padlock in its middle."""
        fill = self.colours(theme)[0]
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.radius)
        side = min(self.rect.width, self.rect.height) // 2
        body = pygame.Rect(0, 0, side, side * 3 // 4)
        body.midbottom = (self.rect.centerx, self.rect.centery + side // 2)
        shackle = pygame.Rect(0, 0, side * 2 // 3, side * 2 // 3)
        shackle.midbottom = (body.centerx, body.y + side // 6)
        pygame.draw.ellipse(surface, theme.palette.text_muted, shackle, max(2, side // 8))
        pygame.draw.rect(surface, theme.palette.text_muted, body, border_radius=side // 8)
        pygame.draw.circle(surface, fill, body.center, max(2, side // 8))
        self.overflow = False


def language_flags(ctx: Context, area: pygame.Rect, key: str) -> list[Widget]:
    """One flag button per language; tapping switches the app's language."""
    theme = ctx.theme
    width = (area.width - (len(LANGUAGES) - 1) * theme.gap // 2) // len(LANGUAGES)
    return [
        FlagButton(pygame.Rect(area.x + n * (width + theme.gap // 2), area.y, width,
                               area.height), lang, (SetLanguage(lang),), lang == ctx.lang,
                   key=f"{key}:{lang}")
        for n, lang in enumerate(LANGUAGES)
    ]


def _tagline(game: Game[Any]) -> Text:
    return Msg(game.info.tagline_key or "kiosk.start.tagline.other")


class StartScene(Scene):
    """Game choice and language flags; the staff button sits in the corner."""

    def build(self, ctx: Context) -> list[Widget]:
        """Title, flags and staff button on top; big game cards below."""
        theme = ctx.theme
        top = pygame.Rect(0, 0, ctx.size[0], theme.bar_height)
        widgets: list[Widget] = [Panel(top, theme.palette.surface, border=False)]
        staff = pygame.Rect(top.right - theme.gap - theme.touch,
                            (top.height - theme.touch) // 2, theme.touch, theme.touch)
        flags_width = min(theme.px(600), staff.x - theme.px(172) - 2 * theme.gap)
        flags = pygame.Rect(staff.x - theme.gap - flags_width, staff.y, flags_width, theme.touch)
        title = title_room(pygame.Rect(theme.pad, 0, flags.x - 2 * theme.pad, top.height),
                           Msg("ui.app.title"), ctx.faults, ctx.lang, theme)
        widgets.append(Label(title, Msg("ui.app.title"), "heading", bold=True))
        widgets.extend(language_flags(ctx, flags, "start:lang"))
        widgets.append(LockButton(staff, Msg("kiosk.start.staff"), (Navigate("kiosk.pin"),),
                                  "quiet", key="start:staff"))
        body = pygame.Rect(theme.gap, top.bottom + theme.gap, ctx.size[0] - 2 * theme.gap,
                           ctx.size[1] - top.bottom - 2 * theme.gap)
        return widgets + self._body(ctx, body)

    def _body(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = []
        y = area.y
        if ctx.session is not None and not ctx.session.finished:
            back = pygame.Rect(area.x, y, area.width, theme.touch)
            widgets.append(Button(back, Msg("kiosk.start.back_to_game"), (Back(),), "selected",
                                  key="start:back"))
            y = back.bottom + theme.gap
        heading = pygame.Rect(area.x, y, area.width, theme.px(36))
        widgets.append(Label(heading, Msg("kiosk.start.choose"), "heading", bold=True,
                             align="center"))
        hint = pygame.Rect(area.x, area.bottom - theme.px(30), area.width, theme.px(30))
        widgets.append(Label(hint, Msg("kiosk.start.hint"), "small", theme.palette.text_muted,
                             align="center"))
        cards = pygame.Rect(area.x, heading.bottom + theme.gap, area.width,
                            hint.y - heading.bottom - 2 * theme.gap)
        return widgets + self._cards(ctx, cards)

    @staticmethod
    def _cards(ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        games = list(registry.all_games().values())
        if not games:
            return [Label(area, Msg("ui.home.no_games_installed"), "body", align="center")]
        columns = min(3, len(games))
        rows = -(-len(games) // columns)
        width = (area.width - (columns - 1) * theme.gap) // columns
        height = max(theme.touch, (area.height - (rows - 1) * theme.gap) // rows)
        cards: list[Widget] = []
        for index, game in enumerate(games):
            column, row = index % columns, index // columns
            rect = pygame.Rect(area.x + column * (width + theme.gap),
                               area.y + row * (height + theme.gap), width, height)
            cards.append(GameCard(rect, Msg(game.title_key), _tagline(game),
                                  new_game_intents(game), key=f"start:game:{game.name}"))
        return cards

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Escape does nothing here: guests cannot leave the start screen."""
        return []


class ResumeScene(Scene):
    """After a restart or a long pause: carry on with the open game, or start over."""

    needs_session = True

    def build(self, ctx: Context) -> list[Widget]:
        """The game's name and progress, and two big answers."""
        theme = ctx.theme
        session = ctx.session
        area = ctx.screen.inflate(-4 * theme.gap, -4 * theme.gap)
        widgets: list[Widget] = [Panel(area, theme.palette.surface)]
        inner = area.inflate(-2 * theme.pad, -2 * theme.pad)
        heading = pygame.Rect(inner.x, inner.y, inner.width, theme.px(48))
        widgets.append(Label(heading, Msg("kiosk.resume.title"), "title", bold=True,
                             align="center"))
        detail = pygame.Rect(inner.x, heading.bottom, inner.width, theme.px(70))
        widgets.append(Label(detail, self._detail(ctx), "body", theme.palette.text_muted,
                             align="center"))
        last = session.last_label() if session is not None else None
        if last is not None:
            caption = pygame.Rect(inner.x, detail.bottom, inner.width, theme.px(26))
            widgets.append(Label(caption, Msg("kiosk.resume.last_step"), "small",
                                 theme.palette.text_muted, align="center"))
            widgets.append(Label(pygame.Rect(inner.x, caption.bottom, inner.width, theme.px(44)),
                                 last, "body", align="center", bold=True))
        height = max(theme.touch, theme.px(88))
        width = (inner.width - theme.gap) // 2
        y = inner.bottom - height
        widgets.append(Button(pygame.Rect(inner.x, y, width, height),
                              Msg("kiosk.resume.continue"), (ContinueGame(),), "primary",
                              role="title", key="resume:continue"))
        widgets.append(Button(pygame.Rect(inner.x + width + theme.gap, y, width, height),
                              Msg("kiosk.resume.start_over"), (StartOver(),), "normal",
                              role="title", key="resume:start_over"))
        return widgets

    @staticmethod
    def _detail(ctx: Context) -> Text:
        session = ctx.session
        if session is None or ctx.journal is None:
            return ""
        updated = ctx.journal.summary(session.game_id).updated
        when = time.strftime("%H:%M", time.localtime(updated))
        return Msg("kiosk.resume.detail", {"game": f"@{session.game.title_key}",
                                           "steps": session.cursor, "when": when})

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Enter continues; Escape does nothing (the question must be answered)."""
        return [ContinueGame()] if key in (pygame.K_RETURN, pygame.K_KP_ENTER) else []


class TouchAnywhere(Widget):
    """An invisible target covering the screen: any touch wakes the app."""

    interactive = True

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Leave the attract loop."""
        return [Back()]


class SeatRow(Widget):
    """A row of the four seat markers, as decoration of the attract loop."""

    def __init__(self, rect: pygame.Rect, colour_safe: bool) -> None:
        super().__init__(rect, "attract:seats")
        self.colour_safe = colour_safe
        """Whether to use the colour-safe seat colours."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the markers side by side."""
        side = self.rect.height
        gap = side // 2
        total = 4 * side + 3 * gap
        x = self.rect.centerx - total // 2
        for seat in range(4):
            box = pygame.Rect(x + seat * (side + gap), self.rect.y, side, side)
            colour = seat_colour(seat, theme.palette, self.colour_safe)
            draw_seat_marker(surface, box, seat, colour, theme.palette.text)


class AttractScene(Scene):
    """What the companion does, a slide at a time, until someone touches the screen."""

    def slide(self, ctx: Context) -> int:
        """Index of the slide to show now."""
        return int(ctx.now // SLIDE_SECONDS) % len(attract_slides())

    def build(self, ctx: Context) -> list[Widget]:
        """Title, the current slide, progress dots and the touch hint."""
        theme = ctx.theme
        screen = ctx.screen
        index = self.slide(ctx)
        widgets: list[Widget] = [
            Label(pygame.Rect(theme.gap, theme.px(24), screen.width - 2 * theme.gap,
                              theme.px(60)), Msg("ui.app.title"), "huge", theme.palette.accent,
                  "center", bold=True),
            SeatRow(pygame.Rect(0, theme.px(100), screen.width, theme.px(36)),
                    kiosk_settings(ctx).colour_safe),
            Label(pygame.Rect(theme.px(60), theme.px(160), screen.width - theme.px(120),
                              theme.px(190)), Msg(attract_slides()[index]), "title",
                  align="center"),
            ProgressDots(pygame.Rect(0, theme.px(370), screen.width, theme.px(16)), index,
                         len(attract_slides())),
            Label(pygame.Rect(theme.gap, screen.height - theme.px(70),
                              screen.width - 2 * theme.gap, theme.px(50)),
                  Msg("kiosk.attract.hint"), "heading", theme.palette.text_muted, "center"),
            TouchAnywhere(pygame.Rect(screen), "attract:touch"),
        ]
        return widgets

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Any key leaves the loop, like a touch."""
        return [Back()]


class ProgressDots(Widget):
    """Which slide of how many is showing."""

    def __init__(self, rect: pygame.Rect, current: int, count: int) -> None:
        super().__init__(rect, "attract:dots")
        self.current = current
        """The slide shown."""
        self.count = count
        """How many slides there are."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """One dot per slide, the current one filled."""
        radius = self.rect.height // 2
        step = radius * 4
        x = self.rect.centerx - step * (self.count - 1) // 2
        for index in range(self.count):
            centre = (x + index * step, self.rect.centery)
            if index == self.current:
                pygame.draw.circle(surface, theme.palette.accent, centre, radius)
            else:
                pygame.draw.circle(surface, theme.palette.text_muted, centre, radius, 2)
