"""The Tikal set-up screen: 2-4 players in clockwise order, their names and colours, and
the basic or auction game; *Start* checks the set-up with the rules and starts the game.

The set-up is kept as the rules package's own JSON (see ``docs/tikal-actions.md``); the
functions below each return an edited copy, so they are easy to test on their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg, msg
from companion.games.tikal import GAME
from companion.games.tikal.queries import COLOURS, MAX_PLAYERS, MIN_PLAYERS, TRACKING
from companion.ui.bar import game_bar
from companion.ui.games import start_checked
from companion.ui.intents import Intent, Redraw, ShowDialog
from companion.ui.keyboard import NameDialog
from companion.ui.scene import Context, Scene
from companion.ui.theme import Theme
from companion.ui.tikal.parts import ColourButton, TapButton
from companion.ui.tikal.stages import StagesDialog, stages_text
from companion.ui.widgets import Label, Widget

Setup = dict[str, Any]
"""A set-up as plain JSON data."""

VARIANTS: tuple[str, ...] = ("basic", "auction")
"""The two ways to play."""


def default_setup() -> Setup:
    """Three players without names, basic game."""
    return {"variant": "basic", "players": [{"name": "", "colour": c} for c in COLOURS[:3]]}


def players(setup: Setup) -> list[dict[str, Any]]:
    """The player entries, in seating order."""
    return [dict(entry) for entry in setup.get("players", [])]


def _with_players(setup: Setup, entries: list[dict[str, Any]]) -> Setup:
    """The set-up with its player list replaced."""
    return {**setup, "players": entries}


def add_player(setup: Setup) -> Setup:
    """Seat one more player in the first free colour (at most four)."""
    entries = players(setup)
    if len(entries) >= MAX_PLAYERS:
        return setup
    used = {entry["colour"] for entry in entries}
    colour = next(c for c in COLOURS if c not in used)
    return _with_players(setup, [*entries, {"name": "", "colour": colour}])


def remove_player(setup: Setup, seat: int) -> Setup:
    """Take a player off the table (never below two)."""
    entries = players(setup)
    if len(entries) <= MIN_PLAYERS or not 0 <= seat < len(entries):
        return setup
    del entries[seat]
    return _with_players(setup, entries)


def move_up(setup: Setup, seat: int) -> Setup:
    """Swap a player with the one seated before them (the first moves to the end)."""
    entries = players(setup)
    if len(entries) < 2 or not 0 <= seat < len(entries):
        return setup
    other = (seat - 1) % len(entries)
    entries[seat], entries[other] = entries[other], entries[seat]
    return _with_players(setup, entries)


def next_colour(setup: Setup, seat: int) -> Setup:
    """Give a player the next colour nobody else uses."""
    entries = players(setup)
    used = {entry["colour"] for n, entry in enumerate(entries) if n != seat}
    start = COLOURS.index(entries[seat]["colour"])
    for step in range(1, len(COLOURS) + 1):
        colour = COLOURS[(start + step) % len(COLOURS)]
        if colour not in used:
            entries[seat] = {**entries[seat], "colour": colour}
            break
    return _with_players(setup, entries)


def rename(setup: Setup, seat: int, name: str) -> Setup:
    """Change a player's name."""
    entries = players(setup)
    entries[seat] = {**entries[seat], "name": name.strip()}
    return _with_players(setup, entries)


def choose_variant(setup: Setup, variant: str) -> Setup:
    """Play the basic or the auction game."""
    return {**setup, "variant": variant if variant in VARIANTS else "basic"}


def choose_tracking(setup: Setup, tracking: str) -> Setup:
    """Record every piece (full) or only what the scorings need (lean)."""
    return {**setup, "tracking": tracking if tracking in TRACKING else "full"}


def choose_stages(setup: Setup, stages: dict[str, int] | None) -> Setup:
    """Hexes per letter of the table's stack (``None``: the published box's)."""
    edited = {key: value for key, value in setup.items() if key != "stages"}
    if stages is not None:
        edited["stages"] = dict(stages)
    return edited


def finished(setup: Setup, colour_names: list[str]) -> Setup:
    """The set-up to start: players without a name are called by their colour."""
    entries = players(setup)
    for entry, colour_name in zip(entries, colour_names, strict=True):
        if not entry["name"]:
            entry["name"] = colour_name[:1].upper() + colour_name[1:]
    return _with_players(setup, entries)


class TikalSetupScene(Scene):
    """Prepare a Tikal game (see the module documentation)."""

    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup = default_setup()
        """The set-up being prepared."""

    def change(self, edited: Setup) -> list[Intent]:
        """Keep an edited set-up and redraw."""
        self.setup = edited
        return [Redraw()]

    def start(self, lang: str) -> list[Intent]:
        """Check the set-up with the rules, then start the game or say what is wrong."""
        names = [translate(f"tikal.colour.{entry['colour']}", lang)
                 for entry in players(self.setup)]
        ready = finished(self.setup, names)
        return start_checked(GAME, ready)

    def edit_name(self, seat: int) -> list[Intent]:
        """Open the keyboard for a player's name."""
        entry = players(self.setup)[seat]

        def done(name: str) -> None:
            self.setup = rename(self.setup, seat, name)

        question = msg("ui_tikal.setup.name_of", number=seat + 1)
        others = [str(p.get("name", "")) for i, p in enumerate(players(self.setup))
                  if i != seat]
        return [ShowDialog(NameDialog(question, str(entry.get("name", "")), done, others))]

    def build(self, ctx: Context) -> list[Widget]:
        """Bar, the players on the left, the variant and *Start* on the right."""
        bar, body = game_bar(ctx, Msg("ui_tikal.setup.title"))
        theme = ctx.theme
        left = pygame.Rect(body.x, body.y, body.width * 62 // 100, body.height)
        right = pygame.Rect(left.right + theme.gap, body.y, body.right - left.right - theme.gap,
                            body.height)
        return [*bar, *self._players(ctx, left), *self._options(ctx, right)]

    def _players(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        """The seating list with a row per player and *+ Player*."""
        theme = ctx.theme
        entries = players(self.setup)
        head, widgets = _heading(theme, area, theme.px(30), "ui_tikal.setup.seating")
        height = max(theme.touch, min(theme.px(60), (area.height - head.height) // 5
                                      - theme.gap))
        y = head.bottom
        for seat, entry in enumerate(entries):
            row = pygame.Rect(area.x, y, area.width, height)
            widgets += self._player_row(ctx, row, seat, entry)
            y += height + theme.gap
        half = (area.width - theme.gap) // 2
        if len(entries) < MAX_PLAYERS:
            widgets.append(TapButton(pygame.Rect(area.x, y, half, height),
                                     Msg("ui_tikal.setup.add"),
                                     lambda: self.change(add_player(self.setup)),
                                     key="setup:add"))
        stack = pygame.Rect(area.right - half, y, half, height)
        widgets.append(TapButton(stack, msg("ui_tikal.setup.stages",
                                            split=stages_text(self.setup.get("stages"))),
                                 self.edit_stages, role="small", key="setup:stages"))
        return widgets

    def edit_stages(self) -> list[Intent]:
        """Open the hexes-per-letter editor."""
        def done(stages: dict[str, int] | None) -> None:
            self.setup = choose_stages(self.setup, stages)

        return [ShowDialog(StagesDialog(self.setup.get("stages"), done))]

    def _player_row(self, ctx: Context, row: pygame.Rect, seat: int,
                    entry: dict[str, Any]) -> list[Widget]:
        """Number, colour, name, move-up and remove buttons of one seat."""
        theme = ctx.theme
        gap = theme.gap
        number_w = theme.px(34)
        colour_w = row.width * 22 // 100
        small_w = max(theme.touch, theme.px(54))
        name_w = row.width - number_w - colour_w - 2 * small_w - 4 * gap
        x = row.x
        widgets: list[Widget] = [Label(pygame.Rect(x, row.y, number_w, row.height),
                                       f"{seat + 1}.", "heading", bold=True, align="center")]
        x += number_w + gap
        widgets.append(ColourButton(pygame.Rect(x, row.y, colour_w, row.height),
                                    Msg(f"tikal.colour.{entry['colour']}"), entry["colour"],
                                    lambda: self.change(next_colour(self.setup, seat)),
                                    key=f"setup:colour:{seat}"))
        x += colour_w + gap
        name: Msg | str = entry.get("name") or Msg("ui_tikal.setup.name_placeholder")
        widgets.append(TapButton(pygame.Rect(x, row.y, name_w, row.height), name,
                                 lambda: self.edit_name(seat), role="body",
                                 key=f"setup:name:{seat}"))
        x += name_w + gap
        widgets.append(TapButton(pygame.Rect(x, row.y, small_w, row.height), "▲",
                                 lambda: self.change(move_up(self.setup, seat)),
                                 key=f"setup:up:{seat}"))
        x += small_w + gap
        widgets.append(TapButton(pygame.Rect(x, row.y, small_w, row.height), "✕",
                                 lambda: self.change(remove_player(self.setup, seat)), "danger",
                                 key=f"setup:remove:{seat}",
                                 enabled=len(players(self.setup)) > MIN_PLAYERS))
        return widgets

    def _options(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        """The two ways to play and *Start*."""
        theme = ctx.theme
        head, widgets = _heading(theme, area, theme.px(30), "ui_tikal.setup.variant")
        start = pygame.Rect(area.x, area.bottom - theme.px(64), area.width, theme.px(64))
        tracking = pygame.Rect(area.x, start.y - theme.gap - theme.touch - theme.px(26),
                               area.width, theme.touch + theme.px(26))
        height = min(theme.px(96), (tracking.y - head.bottom - 3 * theme.gap) // 2)
        rects = [pygame.Rect(area.x, head.bottom + n * (height + theme.gap), area.width, height)
                 for n in range(len(VARIANTS))]
        widgets += self._choices(rects, "variant", VARIANTS, self.setup.get("variant"),
                                 lambda variant: f"tikal.variant.{variant}", choose_variant)
        widgets += self._tracking(ctx, tracking)
        widgets.append(TapButton(start, Msg("ui_tikal.setup.start"), lambda: self.start(ctx.lang),
                                 "primary", key="setup:start"))
        return widgets

    def _tracking(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        """Full or lean tracking, side by side under a heading."""
        theme = ctx.theme
        head, widgets = _heading(theme, area, theme.px(26), "ui_tikal.setup.tracking")
        width = (area.width - theme.gap) // 2
        rects = [pygame.Rect(area.x + n * (width + theme.gap), head.bottom, width,
                             area.bottom - head.bottom) for n in range(len(TRACKING))]
        return widgets + self._choices(rects, "tracking", TRACKING,
                                       self.setup.get("tracking", "full"),
                                       lambda tracking: f"ui_tikal.setup.tracking_{tracking}",
                                       choose_tracking)

    def _choices(self, rects: list[pygame.Rect], name: str, options: tuple[str, ...],
                 current: object, text_key: Callable[[str], str],
                 choose: Callable[[Setup, str], Setup]) -> list[Widget]:
        """One button per option of a set-up choice, the chosen one highlighted."""
        widgets: list[Widget] = []
        for option, rect in zip(options, rects, strict=True):
            def tap(chosen: str = option) -> list[Intent]:
                return self.change(choose(self.setup, chosen))

            widgets.append(TapButton(rect, Msg(text_key(option)), tap,
                                     "selected" if current == option else "normal",
                                     role="small", key=f"setup:{name}:{option}"))
        return widgets


def _heading(theme: Theme, area: pygame.Rect, height: int,
             key: str) -> tuple[pygame.Rect, list[Widget]]:
    """A muted heading across the top of ``area``: its rectangle and its label."""
    head = pygame.Rect(area.x, area.y, area.width, height)
    return head, [Label(head, Msg(key), "small", theme.palette.text_muted)]
