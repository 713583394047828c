"""The home screen: start a game, resume or delete a saved one, switch the language."""

from __future__ import annotations

import time
import weakref
from typing import Any

import pygame

from companion.core import registry
from companion.core.game import Game, where_it_stands
from companion.core.i18n import LANGUAGE_NAMES, LANGUAGES
from companion.core.journal import GameSummary, Journal
from companion.core.messages import IllegalActionError, Msg
from companion.core.values import Value
from companion.ui.fault_badge import title_room
from companion.ui.games import setup_screen_name
from companion.ui.intents import DeleteGame, Intent, Navigate, ResumeGame, SetLanguage, StartGame
from companion.ui.scene import Context, ListScene
from companion.ui.screens import register_screen
from companion.ui.widgets import (
    Button,
    ButtonStyle,
    Label,
    ListItem,
    ListView,
    Panel,
    RowButton,
    Text,
    Widget,
    render_text,
)


def new_game_intents(game: Game[Any]) -> tuple[Intent, ...]:
    """What the *new game* button of ``game`` does: its set-up screen, or a quick start."""
    setup = setup_screen_name(game.name)
    if setup is not None:
        return (Navigate(setup),)
    return (StartGame(game.name, dict(game.example_setup())),)


def language_buttons(ctx: Context, area: pygame.Rect) -> list[Widget]:
    """One button per language, each named in its own language; the chosen one marked."""
    theme = ctx.theme
    width = (area.width - (len(LANGUAGES) - 1) * theme.gap // 2) // len(LANGUAGES)
    buttons: list[Widget] = []
    for number, lang in enumerate(LANGUAGES):
        rect = pygame.Rect(area.x + number * (width + theme.gap // 2), area.y, width, area.height)
        style: ButtonStyle = "selected" if lang == ctx.lang else "normal"
        buttons.append(Button(rect, LANGUAGE_NAMES[lang], (SetLanguage(lang),), style,
                              role="small", key=f"lang:{lang}"))
    return buttons


def game_name(summary: GameSummary) -> Text:
    """The saved game's title, or its game's name."""
    if summary.title:
        return summary.title
    games = registry.all_games()
    return Msg(games[summary.game].title_key) if summary.game in games else summary.game


class Standing(Value):
    """Who plays a saved game and where it stands, read by replaying it."""

    players: tuple[str, ...]
    """Player names in seat order."""
    stands: Msg | None
    """The game's own line on its round or turn and variant (``None``: it has none)."""


def read_standing(journal: Journal, summary: GameSummary) -> Standing | None:
    """Replay a saved game to read its players and standing (``None``: it does not replay)."""
    from companion.core.record import replay_journal_game  # only once games are listed

    game = registry.all_games().get(summary.game)
    if game is None:
        return None
    try:
        setup, state = replay_journal_game(journal, summary.id, game)
        return Standing(game.result(state, setup).players, where_it_stands(game, state, setup))
    except (IllegalActionError, ValueError, KeyError, TypeError):
        return None


def _noon(day: time.struct_time) -> float:
    """Local noon of ``day``: two noons lie whole days apart, even across clock changes."""
    return time.mktime((day.tm_year, day.tm_mon, day.tm_mday, 12, 0, 0, 0, 0, -1))


_STANDINGS: weakref.WeakKeyDictionary[Journal, dict[int, tuple[float, int, Standing | None]]] = (
    weakref.WeakKeyDictionary())
"""Per journal, what replaying each saved game told, with the change and step it was read at
(the home screen is built afresh each time the players come back to it)."""


def when_played(updated: float, now: float) -> Msg:
    """When a game was last played, in the table's terms: today, yesterday, or the date."""
    then, today = time.localtime(updated), time.localtime(now)
    clock = time.strftime("%H:%M", then)
    days = round((_noon(today) - _noon(then)) / 86400)
    if days == 0:
        return Msg("ui.home.when.today", {"time": clock})
    if days == 1:
        return Msg("ui.home.when.yesterday", {"time": clock})
    key = "ui.home.when.date" if then.tm_year == today.tm_year else "ui.home.when.old"
    return Msg(key, {"day": then.tm_mday, "month": f"@ui.home.month.{then.tm_mon}",
                     "year": then.tm_year})


def saved_game_item(summary: GameSummary, standing: Standing | None, lang: str,
                    now: float) -> ListItem:
    """One row of the saved-games list: tap to resume, a button to delete.

    The first line names the game and when it was last played; the second the players,
    where the game stands, and its status and steps.
    """
    parts: list[Text] = []
    if standing is not None:
        parts.append(", ".join(standing.players))
        if standing.stands is not None:
            parts.append(standing.stands)
    parts.append(Msg("ui.home.game_detail", {
        "status": f"@core.status.{summary.status}", "steps": summary.steps,
    }))
    from companion.ui.dialogs import confirm  # only once there are saved games to list

    title = " · ".join(render_text(text, lang)
                       for text in (game_name(summary), when_played(summary.updated, now)))
    delete = confirm(
        Msg("ui.home.delete_question"), Msg("ui.home.delete"), (DeleteGame(summary.id),),
        body=Msg("ui.home.delete_body"),
    )
    return ListItem(
        title, " · ".join(render_text(part, lang) for part in parts), (ResumeGame(summary.id),),
        dim=summary.status == "finished",
        buttons=(RowButton(Msg("ui.home.delete"), (delete,), "danger"),),
    )


class HomeScene(ListScene):
    """Choose a game to start, pick up a saved one, or change the language."""

    def build(self, ctx: Context) -> list[Widget]:
        """Top strip with title, languages and settings; new games left; saved games right."""
        theme = ctx.theme
        top = pygame.Rect(0, 0, ctx.size[0], theme.bar_height)
        widgets: list[Widget] = [Panel(top, theme.palette.surface, border=False)]
        settings_width = max(theme.touch, theme.px(120))
        settings = pygame.Rect(top.right - theme.gap - settings_width,
                               top.y + (top.height - theme.touch) // 2, settings_width,
                               theme.touch)
        langs_width = min(theme.px(420), top.width // 2)
        langs = pygame.Rect(settings.x - theme.gap - langs_width, settings.y, langs_width,
                            theme.touch)
        title = pygame.Rect(theme.pad, top.y, langs.x - 2 * theme.pad, top.height)
        title = title_room(title, Msg("ui.app.title"), ctx.faults, ctx.lang, theme)
        widgets.append(Label(title, Msg("ui.app.title"), "heading", bold=True))
        widgets.extend(language_buttons(ctx, langs))
        widgets.append(Button(settings, Msg("ui.bar.settings"), (Navigate("settings"),),
                              role="small", key="home:settings"))
        body_top = top.bottom + theme.gap
        height = ctx.size[1] - body_top - theme.gap
        left = pygame.Rect(theme.gap, body_top, ctx.size[0] * 2 // 5 - theme.gap, height)
        right = pygame.Rect(left.right + theme.gap, body_top,
                            ctx.size[0] - left.right - 2 * theme.gap, height)
        widgets.extend(self._new_games(ctx, left))
        widgets.extend(self._saved_games(ctx, right))
        return widgets

    def _new_games(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        heading = pygame.Rect(area.x, area.y, area.width, theme.px(36))
        widgets: list[Widget] = [Label(heading, Msg("ui.home.new_game"), "heading", bold=True)]
        games = list(registry.all_games().values())
        if not games:
            widgets.append(Label(pygame.Rect(area.x, heading.bottom, area.width, theme.touch),
                                 Msg("ui.home.no_games_installed"), "body"))
            return widgets
        space = area.bottom - heading.bottom - theme.gap
        height = max(theme.touch, min(theme.px(80), space // len(games) - theme.gap))
        y = heading.bottom + theme.gap
        for game in games:
            rect = pygame.Rect(area.x, y, area.width, height)
            widgets.append(Button(rect, Msg(game.title_key), new_game_intents(game), "primary",
                                  role="title", key=f"new:{game.name}"))
            y += height + theme.gap
        return widgets

    def _saved_games(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        heading = pygame.Rect(area.x, area.y, area.width, theme.px(36))
        widgets: list[Widget] = [Label(heading, Msg("ui.home.saved_games"), "heading", bold=True)]
        summaries = self.saved_games(ctx)
        box = pygame.Rect(area.x, heading.bottom + theme.gap, area.width,
                          area.bottom - heading.bottom - theme.gap)
        if not summaries:
            widgets.append(Label(box, Msg("ui.home.no_saved_games"), "body",
                                 theme.palette.text_muted, align="center"))
            return widgets
        now = time.time()
        items = [saved_game_item(summary, self.standing(ctx, summary), ctx.lang, now)
                 for summary in summaries]
        row_height = theme.touch + theme.px(50)
        widgets.append(ListView(box, items, row_height, self.scroll, key="saved"))
        return widgets

    @staticmethod
    def standing(ctx: Context, summary: GameSummary) -> Standing | None:
        """The players and standing of a saved game, replayed once per change."""
        if ctx.journal is None:
            return None
        kept = _STANDINGS.setdefault(ctx.journal, {})
        known = kept.get(summary.id)
        if known is not None and known[:2] == (summary.updated, summary.steps):
            return known[2]
        standing = read_standing(ctx.journal, summary)
        kept[summary.id] = (summary.updated, summary.steps, standing)
        return standing

    @staticmethod
    def saved_games(ctx: Context) -> list[GameSummary]:
        """Unfinished games first (newest first), then finished ones kept for history."""
        if ctx.journal is None:
            return []
        active = ctx.journal.list_games("active")
        finished = ctx.journal.list_games("finished")
        return sorted(active, key=lambda s: -s.updated) + sorted(finished, key=lambda s: -s.updated)


register_screen("home", HomeScene)
