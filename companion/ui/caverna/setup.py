"""The Caverna set-up screen: two players or solo, names, the start player, the light
rooms in the display (solo keeps three), which action tiles stay out, and a page of
board corrections (the cave board's layout and the numbers that differ between
printings).  *Start* checks the set-up with the rules and starts the game.

The set-up is kept as the rules package's own JSON (see ``docs/caverna-actions.md``);
the functions below each return an edited copy, so they are easy to test on their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.messages import Msg, SetupError, msg
from companion.games.caverna import GAME
from companion.games.caverna.queries import (
    DEFAULT_LAYOUT,
    JUNCTION_READINGS,
    SOLO_DISPLAY_SIZE,
    SOLO_EXCLUDED,
    default_catalogue,
)
from companion.ui.bar import game_bar
from companion.ui.caverna.parts import CompactTapButton, TapButton, grid
from companion.ui.games import start_checked
from companion.ui.intents import Intent, Redraw, ShowDialog, StartGame
from companion.ui.keyboard import NameDialog
from companion.ui.layout import split_columns
from companion.ui.scene import Context, Scene
from companion.ui.widgets import ButtonStyle, Label, Widget

Setup = dict[str, Any]
"""A set-up as plain JSON data."""

TapHandler = Callable[[], list[Intent]]
"""What a tap on a set-up button does."""

PAGES: tuple[str, ...] = ("main", "board")
"""The set-up's pages: players and display, then board corrections."""

CELL_CYCLE: tuple[str, ...] = ("D", "d", ".", "#")
"""What a tap on a cave cell turns it into next (the entrance stays where it is)."""

CELL_NAMES: dict[str, str] = {
    "D": "face_down", "d": "food_bonus", ".": "empty", "#": "rock", "E": "entrance",
}
"""Layout letter -> message suffix of its name."""

def light_rooms() -> tuple[str, ...]:
    """The six rooms with a light back, in catalogue order."""
    return tuple(room.room_id for room in default_catalogue() if room.light_back)


def default_setup() -> Setup:
    """Two unnamed players, the first starts, the standard board and printing."""
    return {
        "players": ["", ""],
        "start_player": 0,
        "display": list(light_rooms()),
        "cave": list(DEFAULT_LAYOUT),
        "tile_rules": {"junction_goods": JUNCTION_READINGS[0]},
        "room_overrides": {},
    }


def is_solo(setup: Setup) -> bool:
    """Whether one player plays alone."""
    return len(setup.get("players", [])) == 1


def set_solo(setup: Setup, solo: bool) -> Setup:
    """Switch between the solo and the two-player game (the display follows)."""
    names = list(setup.get("players", []))
    names = names[:1] if solo else [*names, "", ""][:2]
    display = list(light_rooms()[:SOLO_DISPLAY_SIZE] if solo else light_rooms())
    return {**setup, "players": names, "start_player": 0, "display": display}


def rename(setup: Setup, seat: int, name: str) -> Setup:
    """Change a player's name."""
    names = list(setup["players"])
    names[seat] = name.strip()
    return {**setup, "players": names}


def set_start(setup: Setup, seat: int) -> Setup:
    """Give the start-player token to ``seat``."""
    if not 0 <= seat < len(setup["players"]):
        return setup
    return {**setup, "start_player": seat}


def toggle_display(setup: Setup, room: str) -> Setup:
    """Solo: keep or put away a light room (three stay); two players use all six."""
    if not is_solo(setup):
        return setup
    chosen = list(setup["display"])
    if room in chosen:
        chosen.remove(room)
    elif len(chosen) < SOLO_DISPLAY_SIZE:
        chosen.append(room)
    return {**setup, "display": [r for r in light_rooms() if r in chosen]}


def cycle_cell(setup: Setup, row: int, col: int) -> Setup:
    """Turn one cave cell into the next kind (face down, +1 food, empty, rock)."""
    rows = list(setup["cave"])
    letter = rows[row][col]
    if letter == "E":
        return setup
    following = CELL_CYCLE[(CELL_CYCLE.index(letter) + 1) % len(CELL_CYCLE)]
    rows[row] = rows[row][:col] + following + rows[row][col + 1:]
    return {**setup, "cave": rows}


def set_junction(setup: Setup, reading: str) -> Setup:
    """How the Junction room is read: ``different`` goods (the printed tile) or ``any``."""
    return {**setup, "tile_rules": {**setup["tile_rules"], "junction_goods": reading}}


REMEMBERED_KEY = "last-setup:caverna"
"""The journal setting keeping the cave board and the readings chosen last time."""


def remembered(setup: Setup, stored: Any) -> Setup:
    """``setup`` with the cave board and readings kept from the last game, when they are
    still a playable set-up (anything else stored is ignored)."""
    if not isinstance(stored, dict):
        return setup
    edited = dict(setup)
    if isinstance(stored.get("cave"), list):
        edited["cave"] = [str(row) for row in stored["cave"]]
    if isinstance(stored.get("tile_rules"), dict):
        edited["tile_rules"] = {**setup["tile_rules"], **stored["tile_rules"]}
    try:
        GAME.new_state({**edited, "players": ["A", "B"], "display": setup["display"]
                        if not is_solo(setup) else list(light_rooms())})
    except SetupError:
        return setup
    return edited


def to_remember(setup: Setup) -> dict[str, Any]:
    """The small part of a set-up kept for the next game: board and readings."""
    return {"cave": list(setup["cave"]), "tile_rules": dict(setup["tile_rules"])}


def reset_board(setup: Setup) -> Setup:
    """Put the standard cave board back."""
    return {**setup, "cave": list(DEFAULT_LAYOUT)}


def finished(setup: Setup, default_names: list[str]) -> Setup:
    """The set-up to start: players without a name get ``default_names``."""
    names = [name or default for name, default in zip(setup["players"], default_names,
                                                       strict=False)]
    return {**setup, "players": names}


class CavernaSetupScene(Scene):
    """Prepare a Caverna game (see the module documentation)."""

    def __init__(self, page: str = "main") -> None:
        super().__init__()
        self.setup: Setup = default_setup()
        """The set-up being prepared."""
        self.page = page if page in PAGES else "main"
        """The page shown."""
        self.recalled = False
        """Whether the board and readings of the last game were read from the journal."""

    def change(self, edited: Setup) -> list[Intent]:
        """Keep an edited set-up and redraw."""
        self.setup = edited
        return [Redraw()]

    def show(self, page: str) -> list[Intent]:
        """Switch to another page."""
        self.page = page
        return [Redraw()]

    def start(self, lang: str, journal: Journal | None = None) -> list[Intent]:
        """Check the set-up with the rules, then start the game or say what is wrong; the
        board and readings are kept in ``journal`` for the next game."""
        defaults = [translate(msg("ui_caverna.setup.player", number=seat + 1), lang)
                    for seat in range(len(self.setup["players"]))]
        ready = finished(self.setup, defaults)
        started = start_checked(GAME, ready)
        if isinstance(started[0], StartGame) and journal is not None:
            journal.set_setting(REMEMBERED_KEY, to_remember(ready))
        return started

    def edit_name(self, seat: int) -> list[Intent]:
        """Open the keyboard for a player's name."""
        def done(name: str) -> None:
            """Keep the name typed."""
            self.setup = rename(self.setup, seat, name)

        question = msg("ui_caverna.setup.name_of", number=seat + 1)
        others = [str(name) for i, name in enumerate(self.setup["players"]) if i != seat]
        return [ShowDialog(NameDialog(question, str(self.setup["players"][seat]), done,
                                      others))]

    def build(self, ctx: Context) -> list[Widget]:
        """Bar and the page shown."""
        if not self.recalled:
            self.recalled = True
            if ctx.journal is not None:
                self.setup = remembered(self.setup, ctx.journal.get_setting(REMEMBERED_KEY))
        bar, body = game_bar(ctx, Msg("ui_caverna.setup.title"))
        if self.page == "board":
            return [*bar, *self._board_page(ctx, body)]
        return [*bar, *self._main_page(ctx, body)]

    # ---------------------------------------------------------------- main page
    def _main_page(self, ctx: Context, body: pygame.Rect) -> list[Widget]:
        left, right = split_columns(body, body.width * 52 // 100, ctx.theme.gap)
        return [*self._players(ctx, left), *self._display(ctx, right)]

    def _players(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        solo = is_solo(self.setup)
        modes = pygame.Rect(area.x, area.y, area.width, theme.touch)
        widgets: list[Widget] = []
        for (mode, want_solo), rect in zip((("two", False), ("solo", True)),
                                           grid(modes, 2, theme, 2), strict=True):
            style: ButtonStyle = "selected" if solo == want_solo else "normal"
            widgets.append(TapButton(rect, Msg(f"ui_caverna.setup.mode_{mode}"),
                                     self._edit(set_solo, want_solo),
                                     style, role="small", key=f"setup:mode:{mode}"))
        caption = pygame.Rect(area.x, modes.bottom + theme.gap, area.width, theme.px(26))
        widgets.append(Label(caption, Msg("ui_caverna.setup.names"), "small",
                             theme.palette.text_muted))
        y = caption.bottom
        start_w = 0 if solo else area.width * 36 // 100
        for seat, name in enumerate(self.setup["players"]):
            row = pygame.Rect(area.x, y, area.width, theme.touch)
            name_w = row.width - start_w - (theme.gap if start_w else 0)
            text: Msg | str = name or msg("ui_caverna.setup.player", number=seat + 1)
            widgets.append(TapButton(pygame.Rect(row.x, row.y, name_w, row.height), text,
                                     self._name_tap(seat), role="body",
                                     key=f"setup:name:{seat}"))
            if start_w:
                starts = self.setup["start_player"] == seat
                widgets.append(TapButton(
                    pygame.Rect(row.right - start_w, row.y, start_w, row.height),
                    Msg("ui_caverna.setup.starts" if starts else "ui_caverna.setup.make_start"),
                    self._edit(set_start, seat),
                    "selected" if starts else "normal", role="small",
                    key=f"setup:start_player:{seat}"))
            y = row.bottom + theme.gap
        tiles = pygame.Rect(area.x, y + theme.gap, area.width, area.bottom - y - theme.gap)
        widgets.append(Label(tiles, self._tiles_note(), "small", theme.palette.text_muted))
        return widgets

    def _tiles_note(self) -> Msg:
        if is_solo(self.setup):
            return msg("ui_caverna.setup.tiles_solo", tile=f"@caverna.tile.{SOLO_EXCLUDED[0]}")
        return Msg("ui_caverna.setup.tiles_all")

    def _display(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        solo = is_solo(self.setup)
        caption = pygame.Rect(area.x, area.y, area.width, theme.px(44))
        text = (msg("ui_caverna.setup.display_solo", count=SOLO_DISPLAY_SIZE) if solo
                else Msg("ui_caverna.setup.display_all"))
        widgets: list[Widget] = [Label(caption, text, "small", theme.palette.text_muted)]
        buttons = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        rooms_box = pygame.Rect(area.x, caption.bottom, area.width,
                                buttons.y - caption.bottom - theme.gap)
        rooms = light_rooms()
        for room, rect in zip(rooms, grid(rooms_box, len(rooms), theme, 2, theme.px(70)),
                              strict=True):
            shown = room in self.setup["display"]
            widgets.append(TapButton(rect, Msg(f"caverna.room.{room}"),
                                     self._edit(toggle_display, room),
                                     "selected" if shown else "normal", role="small",
                                     key=f"setup:display:{room}"))
        half = (buttons.width - theme.gap) // 2
        widgets.append(TapButton(pygame.Rect(buttons.x, buttons.y, half, buttons.height),
                                 Msg("ui_caverna.setup.board"), lambda: self.show("board"),
                                 role="small", key="setup:page:board"))
        widgets.append(TapButton(pygame.Rect(buttons.x + half + theme.gap, buttons.y, half,
                                             buttons.height), Msg("ui_caverna.setup.start"),
                                 lambda: self.start(ctx.lang, ctx.journal), "primary",
                                 key="setup:start"))
        return widgets

    # ---------------------------------------------------------------- board page
    def _board_page(self, ctx: Context, body: pygame.Rect) -> list[Widget]:
        left, right = split_columns(body, body.width * 50 // 100, ctx.theme.gap)
        return [*self._cave_editor(ctx, left), *self._printing(ctx, right)]

    def _cave_editor(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        caption = pygame.Rect(area.x, area.y, area.width, theme.px(44))
        widgets: list[Widget] = [Label(caption, Msg("ui_caverna.setup.cave_help"), "small",
                                       theme.palette.text_muted)]
        rows = self.setup["cave"]
        cells = pygame.Rect(area.x, caption.bottom + theme.gap, area.width,
                            area.bottom - caption.bottom - theme.gap)
        count = len(rows) * len(rows[0])
        rects = grid(cells, count, theme, len(rows[0]))
        for number, rect in enumerate(rects):
            row, col = divmod(number, len(rows[0]))
            letter = rows[row][col]
            style: ButtonStyle = "selected" if letter == "E" else (
                "quiet" if letter == "#" else "normal")
            widgets.append(CompactTapButton(rect,
                                            Msg(f"ui_caverna.setup.cell_{CELL_NAMES[letter]}"),
                                            self._edit(cycle_cell, row, col), style,
                                            role="small", key=f"setup:cell:{row}:{col}"))
        return widgets

    def _printing(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        rules = self.setup["tile_rules"]
        junction = rules.get("junction_goods", JUNCTION_READINGS[0])
        questions: list[tuple[Msg, list[tuple[Msg, bool, TapHandler]]]] = [
            (Msg("ui_caverna.setup.junction"),
             [(Msg(f"ui_caverna.setup.junction_{reading}"), junction == reading,
               self._edit(set_junction, reading))
              for reading in JUNCTION_READINGS]),
        ]
        widgets: list[Widget] = []
        y = area.y
        caption_h = theme.px(26)
        for number, (question, answers) in enumerate(questions):
            widgets.append(Label(pygame.Rect(area.x, y, area.width, caption_h), question,
                                 "small", theme.palette.text_muted))
            row = pygame.Rect(area.x, y + caption_h, area.width, theme.touch)
            for index, ((text, chosen, edit), rect) in enumerate(
                    zip(answers, grid(row, len(answers), theme, len(answers)), strict=True)):
                widgets.append(TapButton(rect, text, edit,
                                         "selected" if chosen else "normal", role="small",
                                         key=f"setup:print:{number}:{index}"))
            y = row.bottom + theme.gap
        buttons = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        half = (buttons.width - theme.gap) // 2
        widgets.append(TapButton(pygame.Rect(buttons.x, buttons.y, half, buttons.height),
                                 Msg("ui_caverna.setup.reset_board"),
                                 self._edit(reset_board),
                                 role="small", key="setup:reset_board"))
        widgets.append(TapButton(pygame.Rect(buttons.x + half + theme.gap, buttons.y, half,
                                             buttons.height), Msg("ui_caverna.setup.done"),
                                 lambda: self.show("main"), "primary", role="small",
                                 key="setup:page:main"))
        return widgets

    # ---------------------------------------------------------------- taps
    def _edit(self, edit: Callable[..., Setup], *args: Any) -> TapHandler:
        """A tap handler applying ``edit(setup, *args)`` to the set-up."""
        return lambda: self.change(edit(self.setup, *args))

    def _name_tap(self, seat: int) -> Callable[[], list[Intent]]:
        return lambda: self.edit_name(seat)
