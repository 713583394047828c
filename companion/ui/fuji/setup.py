"""The Fuji set-up screen: map, characters, level and variants, then start.

Four pages behind tabs — *Map* (the seven scenario cards with a small preview each,
or a custom map, and the map editor), *Players* (seating order, name, colour, skill),
*Level* (level 1-4 and its editable table) and *Options* (stamina track, two-player
variants, extreme thrill) — and a *Start* button that checks the set-up with the rules
and starts the saved game, or shows the translated reason it cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg, SetupError, msg
from companion.games.fuji import GAME
from companion.games.fuji.queries import (
    SCENARIO_NUMBERS,
    TABLE_DEALS,
    build_board,
    preset_grids,
    starting_draw,
)
from companion.games.fuji.state import EQUIPMENT_CARDS, Board, Variant
from companion.ui.bar import game_bar
from companion.ui.dialogs import ChoiceDialog
from companion.ui.fuji import setup_draft as draft
from companion.ui.fuji.board_view import BoardPicture, BoardView
from companion.ui.fuji.colours import player_colour
from companion.ui.fuji.dialogs import CardZoomDialog, LayoutGrid
from companion.ui.fuji.dice_entry import ENTRY_MODE_KEY
from companion.ui.fuji.editor import MapEditor
from companion.ui.fuji.panels import TapButton, chosen_style, greyed_button
from companion.ui.fuji.readings import (
    POINTS,
    Point,
    Reading,
    current_reading,
    with_language_defaults,
)
from companion.ui.games import start_checked
from companion.ui.intents import CloseDialog, Intent, Redraw, ShowDialog, StartGame
from companion.ui.keyboard import NameDialog
from companion.ui.scene import Context, Scene
from companion.ui.theme import Theme, ink_on
from companion.ui.widgets import Button, Label, Option, Panel, Shade, Widget

PAGES: tuple[str, ...] = ("map", "players", "level", "options", "readings")
"""The tabs of the set-up screen (the editor is a page of the map tab)."""

LEVEL_ROWS_PER_COLUMN = 4
"""Rows of the level table drawn in each of its two columns."""


def preview_board(setup: dict[str, Any], players: int = 4) -> Board | None:
    """The board a set-up lays out (four players: every spot shows), or ``None``."""
    try:
        return build_board(setup, players)
    except SetupError:
        return None


class ColourSwatch(TapButton):
    """A button filled with a character colour."""

    def __init__(self, rect: pygame.Rect, colour: str, on_tap: Callable[[], list[Intent]],
                 key: str) -> None:
        super().__init__(rect, Msg(f"fuji.colour.{colour}"), on_tap, role="small", key=key)
        self.colour = colour
        """The character colour shown."""

    def colours(self, theme: Theme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """Filled with the character colour, text in black or white."""
        fill = player_colour(self.colour, theme.palette.colour_safe)
        return fill, ink_on(fill)


class StartSwatch(TapButton):
    """A button showing which start card (white or grey) a pawn begins on."""

    def __init__(self, rect: pygame.Rect, start: str, on_tap: Callable[[], list[Intent]],
                 key: str) -> None:
        super().__init__(rect, "▶", on_tap, role="body", key=key)
        self.start = start
        """``white`` or ``grey``."""

    def colours(self, theme: Theme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """White or grey, like the start symbols of the scenario card."""
        fill = (245, 245, 245) if self.start == "white" else (120, 120, 120)
        return fill, ink_on(fill)


class HandDialog(Scene):
    """A starting hand built card by card.  The fifteen cards keep their places while the
    table taps: the player's own cards are highlighted (a tap takes one back), cards in
    other hands are greyed and say whose they are, and only Done closes the dialog."""

    overlay = True

    def __init__(self, owner: FujiSetupScene, seat: int) -> None:
        super().__init__()
        self.owner = owner
        """The set-up screen whose draft the hand is written into."""
        self.seat = seat
        """The player whose hand is dealt."""

    def build(self, ctx: Context) -> list[Widget]:
        """Title, a grid of every card name, and a Done button."""
        theme = ctx.theme
        frame = ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap)
        head = pygame.Rect(frame.x + theme.gap, frame.y + theme.gap,
                           frame.width - 2 * theme.gap, theme.touch)
        widgets: list[Widget] = [Shade(ctx.screen), Panel(frame),
                                 Label(head, self.title(), "body", bold=True, align="center")]
        columns = 3
        rows = -(-len(EQUIPMENT_CARDS) // columns)
        grid_top = head.bottom + theme.gap
        grid_h = frame.bottom - grid_top - theme.touch - 2 * theme.gap
        height = max(theme.touch, min(theme.px(64), grid_h // rows - theme.gap))
        width = (head.width - (columns - 1) * theme.gap) // columns
        for index, card in enumerate(EQUIPMENT_CARDS):
            rect = pygame.Rect(head.x + (index % columns) * (width + theme.gap),
                               grid_top + (index // columns) * (height + theme.gap),
                               width, height)
            widgets.append(self._card(rect, card))
        close = pygame.Rect(head.x, frame.bottom - theme.touch - theme.gap, head.width,
                            theme.touch)
        widgets.append(Button(close, Msg("ui_fuji.common.done"), (CloseDialog(),), "primary",
                              key="hand:done"))
        return widgets

    def title(self) -> Msg:
        """How many cards the hand keeps and how many are chosen."""
        setup = self.owner.setup
        held, wanted = draft.hand_count(setup, self.seat)
        if held >= wanted:
            return msg("ui_fuji.setup.hand_full", count=wanted)
        drawn, _ = starting_draw(draft.players(setup)[self.seat]["skill"])
        return msg("ui_fuji.setup.hand_pick", drawn=drawn, kept=wanted, held=held)

    def _card(self, rect: pygame.Rect, card: str) -> Widget:
        """One card's button: taken back, greyed with its reason, or added to the hand."""
        setup = self.owner.setup
        name = Msg(f"fuji.equipment.{card}")
        key = f"hand:{card}"
        if card in draft.hand(setup, self.seat):
            return TapButton(rect, name, partial(self.owner.take_back, self.seat, card),
                             "selected", role="small", key=key)
        for seat, entry in enumerate(draft.players(setup)):
            if card in draft.hand(setup, seat):
                holder = entry["name"] or f"@fuji.colour.{entry['colour']}"
                return greyed_button(rect, name, msg(
                    "ui_fuji.equipment.dealt_to", card=f"@fuji.equipment.{card}", name=holder),
                    key)
        held, wanted = draft.hand_count(setup, self.seat)
        if held >= wanted:
            return greyed_button(rect, name, msg("ui_fuji.setup.hand_full", count=wanted), key)
        return TapButton(rect, name, partial(self.owner.give, self.seat, card), role="small",
                         key=key)


def empty_hands_question(start: list[Intent]) -> Intent:
    """Ask before a game starts with no starting hand entered: start now (the hands are
    then dealt in play, on the equipment screen) or go back and deal them on the
    *Players* tab. Never chosen silently: both are ways tables play."""
    return ShowDialog(ChoiceDialog(
        Msg("ui_fuji.setup.no_hands_title"),
        [Option(Msg("ui_fuji.setup.no_hands_start"), tuple(start))],
        Msg("ui_fuji.setup.no_hands_back"), Msg("ui_fuji.setup.no_hands_body")))


class FujiSetupScene(Scene):
    """Prepare a Fuji game (see the module documentation)."""

    def __init__(self, page: str = "map") -> None:
        super().__init__()
        self.setup: dict[str, Any] = draft.default_setup()
        """The set-up being prepared."""
        self.page = page if page in (*PAGES, "editor", "layout") else "map"
        """The tab shown (``editor`` is the map editor, ``layout`` the lay-out view)."""
        self.shuffles = 0
        """How many times the table asked for a new shuffle."""
        self.totals: bool | None = None
        """Whether the dice screen opens on typed totals (``None``: as the table's
        settings keep it); written to the settings when the game starts."""
        self.editor = MapEditor(self)
        """The map editor's own view state."""
        self.chosen_readings: set[str] = set()
        """The rule readings the table chose itself (the others follow the language's
        rulebook, see :mod:`companion.ui.fuji.readings`)."""
        if self.page == "editor":
            self.setup = draft.choose_custom(self.setup)

    # ---------------------------------------------------------------- changes
    def change(self, edited: dict[str, Any]) -> list[Intent]:
        """Keep an edited set-up and redraw."""
        self.setup = edited
        return [Redraw()]

    def show(self, page: str) -> list[Intent]:
        """Switch tabs."""
        self.page = page
        return [Redraw()]

    def start(self, ctx: Context) -> list[Intent]:
        """Check the set-up with the rules, then start the game or say what is wrong."""
        self.setup = with_language_defaults(self.setup, ctx.lang, self.chosen_readings)
        names = [translate(f"fuji.colour.{entry['colour']}", ctx.lang)
                 for entry in draft.players(self.setup)]
        ready = draft.finished(self.setup, names)
        intents = start_checked(GAME, ready)
        starts = any(isinstance(intent, StartGame) for intent in intents)
        if self.totals is not None and ctx.journal is not None and starts:
            ctx.journal.set_setting(ENTRY_MODE_KEY, "totals" if self.totals else "dice")
        if starts and not any(entry.get("equipment") for entry in draft.players(ready)):
            return [empty_hands_question(intents)]
        return intents

    def edit_name(self, seat: int) -> list[Intent]:
        """Open the keyboard for a player's name."""
        entry = draft.players(self.setup)[seat]

        def done(name: str) -> None:
            self.setup = draft.rename(self.setup, seat, name)

        title = msg("ui_fuji.setup.name_of", number=seat + 1)
        others = [str(p.get("name", "")) for i, p in enumerate(draft.players(self.setup))
                  if i != seat]
        return [ShowDialog(NameDialog(title, str(entry.get("name", "")), done, others))]

    # ---------------------------------------------------------------- build
    def build(self, ctx: Context) -> list[Widget]:
        """Bar, tabs with *Start*, and the page (the lay-out view takes the whole screen)."""
        bar, body = game_bar(ctx, Msg("ui_fuji.setup.title"))
        theme = ctx.theme
        if self.page == "editor":
            return [*bar, *self.editor.build(ctx, body)]
        if self.page == "layout":
            gap = ctx.theme.gap
            screen = pygame.Rect(gap, gap, ctx.size[0] - 2 * gap, ctx.size[1] - 2 * gap)
            return self._layout_page(ctx, screen)
        tabs = pygame.Rect(body.x, body.y, body.width, theme.touch)
        page = pygame.Rect(body.x, tabs.bottom + theme.gap, body.width,
                           body.bottom - tabs.bottom - theme.gap)
        widgets = [*bar, *self._tabs(ctx, tabs)]
        builders = {"map": self._map_page, "players": self._players_page,
                    "level": self._level_page, "options": self._options_page,
                    "readings": self._readings_page}
        return widgets + builders[self.page](ctx, page)

    def _tabs(self, ctx: Context, row: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        start_w = row.width // 5
        width = (row.width - start_w - len(PAGES) * theme.gap) // len(PAGES)
        widgets: list[Widget] = []
        for index, page in enumerate(PAGES):
            rect = pygame.Rect(row.x + index * (width + theme.gap), row.y, width, row.height)

            def tap(chosen: str = page) -> list[Intent]:
                return self.show(chosen)

            style = chosen_style(page == self.page)
            widgets.append(TapButton(rect, Msg(f"ui_fuji.setup.tab_{page}"), tap, style,
                                     key=f"setup:tab:{page}"))
        start = pygame.Rect(row.right - start_w, row.y, start_w, row.height)
        widgets.append(TapButton(start, Msg("ui_fuji.setup.start"), lambda: self.start(ctx),
                                 "primary", key="setup:start"))
        return widgets

    # ---------------------------------------------------------------- map page
    def _map_page(self, ctx: Context, page: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        choices = pygame.Rect(page.x, page.y, page.width * 55 // 100, page.height)
        preview = pygame.Rect(choices.right + theme.gap, page.y,
                              page.right - choices.right - theme.gap, page.height)
        widgets: list[Widget] = []
        columns, rows = 4, 2
        width = (choices.width - (columns - 1) * theme.gap) // columns
        height = (choices.height - (rows - 1) * theme.gap) // rows
        current = self.setup.get("scenario")
        for index, number in enumerate((*SCENARIO_NUMBERS, 0)):
            rect = pygame.Rect(choices.x + (index % columns) * (width + theme.gap),
                               choices.y + (index // columns) * (height + theme.gap), width,
                               height)
            widgets += self._scenario_choice(ctx, rect, number, current)
        edit_h = theme.touch
        board = preview_board(self.setup)
        map_rect = pygame.Rect(preview.x, preview.y, preview.width,
                               preview.height - 2 * (edit_h + theme.gap))
        if board is not None:
            widgets.append(BoardView(map_rect, BoardPicture(board), key="setup:preview"))
        half = (preview.width - theme.gap) // 2
        upper = pygame.Rect(preview.x, map_rect.bottom + theme.gap, half, edit_h)
        lower = upper.move(0, edit_h + theme.gap)
        table_deals = self.setup.get("deal") == TABLE_DEALS
        widgets.append(TapButton(upper, Msg("ui_fuji.setup.deal_app"),
                                 lambda: self.change(draft.choose_deal(self.setup, False)),
                                 chosen_style(not table_deals), role="small",
                                 key="setup:deal:app"))
        widgets.append(TapButton(upper.move(half + theme.gap, 0),
                                 Msg("ui_fuji.setup.deal_table"),
                                 lambda: self.change(draft.choose_deal(self.setup, True)),
                                 chosen_style(table_deals), role="small",
                                 key="setup:deal:table"))
        if not table_deals:
            widgets.append(TapButton(lower, Msg("ui_fuji.setup.layout"),
                                     lambda: self.show("layout"), "primary", role="small",
                                     key="setup:layout"))
        widgets.append(TapButton(lower.move(half + theme.gap, 0) if not table_deals else
                                 pygame.Rect(lower.x, lower.y, preview.width, edit_h),
                                 Msg("ui_fuji.setup.edit_map"), self._open_editor,
                                 role="small", key="setup:edit"))
        return widgets

    # ---------------------------------------------------------------- lay-out view
    def _layout_page(self, ctx: Context, body: pygame.Rect) -> list[Widget]:
        """The whole map, each card as big as the screen allows, to lay the real cards by."""
        theme = ctx.theme
        row_h = theme.touch
        board = preview_board(self.setup, len(draft.players(self.setup)))
        area = pygame.Rect(body.x, body.y, body.width, body.height - row_h - theme.gap)
        widgets: list[Widget] = []
        if board is not None:
            widgets.append(LayoutGrid(area, board, partial(self._zoom, board)))
        row = pygame.Rect(body.x, area.bottom + theme.gap, body.width, row_h)
        third = (row.width - 2 * theme.gap) // 3
        widgets.append(TapButton(pygame.Rect(row.x, row.y, third, row_h),
                                 Msg("ui_fuji.common.done"), lambda: self.show("map"),
                                 "primary", key="setup:layout:done"))
        widgets.append(Label(pygame.Rect(row.x + third + theme.gap, row.y, third, row_h),
                             Msg("ui_fuji.setup.layout_help"), "small",
                             theme.palette.text_muted, align="center"))
        widgets.append(TapButton(pygame.Rect(row.right - third, row.y, third, row_h),
                                 Msg("ui_fuji.setup.shuffle"), self._shuffle,
                                 key="setup:layout:shuffle"))
        return widgets

    def _zoom(self, board: Board, position: tuple[int, int]) -> list[Intent]:
        """Show one card of the lay-out large."""
        cell = board.cell(position)
        if cell is None or cell.condition is None:
            return []
        return [ShowDialog(CardZoomDialog(position, cell))]

    def _shuffle(self) -> list[Intent]:
        """Deal the cards again with a new shuffle."""
        self.shuffles += 1
        seed = 1000 + self.shuffles * 7919 + len(str(self.setup))
        return self.change(draft.reshuffle(self.setup, seed))

    def _scenario_choice(self, ctx: Context, rect: pygame.Rect, number: int,
                         current: object) -> list[Widget]:
        theme = ctx.theme
        custom = number == 0
        selected = (current == "custom") if custom else (current == number)
        label = Msg("ui_fuji.setup.custom") if custom else msg("ui_fuji.setup.scenario",
                                                               number=number)

        def tap() -> list[Intent]:
            if custom:
                return self.change(draft.choose_custom(self.setup))
            return self.change(draft.choose_scenario(self.setup, number))

        label_h = max(theme.px(30), rect.height // 3)
        widgets: list[Widget] = [
            TapButton(rect, "", tap, "selected" if selected else "normal",
                      key=f"setup:scenario:{number}"),
            Label(pygame.Rect(rect.x + 4, rect.y + 2, rect.width - 8, label_h), label, "small",
                  theme.palette.accent_text if selected else theme.palette.text,
                  align="center", bold=True),
        ]
        if not custom:
            board = preview_board({"scenario": number})
            if board is not None:
                mini = pygame.Rect(rect.x + 4, rect.y + label_h, rect.width - 8,
                                   rect.height - label_h - 4)
                widgets.append(BoardView(mini, BoardPicture(board), key=f"setup:mini:{number}"))
        elif preset_grids():
            widgets.append(Label(pygame.Rect(rect.x + 4, rect.y + label_h, rect.width - 8,
                                             rect.height - label_h - 4),
                                 Msg("ui_fuji.setup.custom_help"), "small",
                                 theme.palette.accent_text if selected
                                 else theme.palette.text_muted, align="center"))
        return widgets

    def _open_editor(self) -> list[Intent]:
        """Show the editor on the map as it is; the first edit makes it an own map."""
        return self.show("editor")

    # ---------------------------------------------------------------- players page
    def _players_page(self, ctx: Context, page: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        entries = draft.players(self.setup)
        rows = draft.MAX_PLAYERS + 1
        height = max(theme.touch, min(theme.px(62), (page.height - rows * theme.gap) // rows))
        widgets: list[Widget] = []
        shared_seat = (len(entries) - 1
                       if self.setup.get("variant") == Variant.TWO_PLAYER_B.value else None)
        for seat, entry in enumerate(entries):
            row = pygame.Rect(page.x, page.y + seat * (height + theme.gap), page.width, height)
            widgets += self._player_row(ctx, row, seat, entry, seat == shared_seat)
        y = page.y + len(entries) * (height + theme.gap)
        if len(entries) < draft.MAX_PLAYERS:
            widgets.append(TapButton(pygame.Rect(page.x, y, page.width // 3, height),
                                     Msg("ui_fuji.setup.add_player"),
                                     lambda: self.change(draft.add_player(self.setup)),
                                     key="setup:add"))
        hint = pygame.Rect(page.x + page.width // 3 + theme.gap, y,
                           page.width - page.width // 3 - theme.gap, height)
        widgets.append(Label(hint, Msg("ui_fuji.setup.seating_help"), "small",
                             theme.palette.text_muted))
        return widgets

    def _player_row(self, ctx: Context, row: pygame.Rect, seat: int, entry: dict[str, Any],
                    shared: bool) -> list[Widget]:
        theme = ctx.theme
        gap = theme.gap
        number_w = theme.px(40)
        colour_w = row.width * 16 // 100
        skill_w = row.width * 22 // 100
        cards_w = row.width * 11 // 100
        small_w = max(theme.touch, theme.px(56))
        starts = draft.starts(self.setup)
        start_w = small_w + gap if starts else 0
        name_w = (row.width - number_w - colour_w - skill_w - cards_w - 2 * small_w - start_w
                  - 6 * gap)
        x = row.x
        widgets: list[Widget] = [
            Label(pygame.Rect(x, row.y, number_w, row.height), f"{seat + 1}.", "heading",
                  bold=True, align="center")
        ]
        x += number_w + gap
        widgets.append(ColourSwatch(pygame.Rect(x, row.y, colour_w, row.height),
                                    entry["colour"],
                                    lambda: self.change(draft.cycle_colour(self.setup, seat)),
                                    key=f"setup:colour:{seat}"))
        x += colour_w + gap
        name: Msg | str = entry.get("name") or msg("ui_fuji.setup.name_placeholder",
                                                   colour=f"@fuji.colour.{entry['colour']}")
        if shared:
            name = msg("ui_fuji.setup.shared_name", name=entry.get("name") or "…")
        widgets.append(TapButton(pygame.Rect(x, row.y, name_w, row.height), name,
                                 lambda: self.edit_name(seat), role="body",
                                 key=f"setup:name:{seat}"))
        x += name_w + gap
        widgets.append(TapButton(pygame.Rect(x, row.y, skill_w, row.height),
                                 Msg(f"fuji.skill.{entry['skill']}"),
                                 lambda: self.change(draft.cycle_skill(self.setup, seat)),
                                 role="small", key=f"setup:skill:{seat}"))
        x += skill_w + gap
        held, wanted = draft.hand_count(self.setup, seat)
        widgets.append(TapButton(pygame.Rect(x, row.y, cards_w, row.height),
                                 f"⚒{held}/{wanted}", lambda: self._hand_dialog(seat),
                                 "normal" if held == wanted else "selected", role="small",
                                 key=f"setup:hand:{seat}"))
        x += cards_w + gap
        if starts:
            widgets.append(StartSwatch(pygame.Rect(x, row.y, small_w, row.height), starts[seat],
                                       lambda: self.change(draft.flip_start(self.setup, seat)),
                                       key=f"setup:start:{seat}"))
            x += start_w
        widgets.append(TapButton(pygame.Rect(x, row.y, small_w, row.height), "▲",
                                 lambda: self.change(draft.move_up(self.setup, seat)),
                                 key=f"setup:up:{seat}"))
        x += small_w + gap
        widgets.append(TapButton(pygame.Rect(x, row.y, small_w, row.height), "✕",
                                 lambda: self.change(draft.remove_player(self.setup, seat)),
                                 "danger", key=f"setup:remove:{seat}"))
        return widgets

    def _hand_dialog(self, seat: int) -> list[Intent]:
        """Deal the player's starting hand, card by card, until Done."""
        return [ShowDialog(HandDialog(self, seat))]

    def give(self, seat: int, card: str) -> list[Intent]:
        """Add ``card`` to the player's starting hand (the dialog stays open)."""
        self.setup = draft.add_card(self.setup, seat, card)
        return [Redraw()]

    def take_back(self, seat: int, card: str) -> list[Intent]:
        """Take ``card`` back from the player's starting hand (the dialog stays open)."""
        self.setup = draft.remove_card(self.setup, seat, card)
        return [Redraw()]

    # ---------------------------------------------------------------- level page
    def _level_page(self, ctx: Context, page: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = []
        width = (page.width - 4 * theme.gap) // 5
        label = pygame.Rect(page.x, page.y, width, theme.touch)
        widgets.append(Label(label, Msg("ui_fuji.setup.level"), "heading", bold=True))
        for level in (1, 2, 3, 4):
            rect = pygame.Rect(page.x + level * (width + theme.gap), page.y, width, theme.touch)
            style = chosen_style(self.setup.get("level") == level)

            def tap(chosen: int = level) -> list[Intent]:
                return self.change(draft.choose_level(self.setup, chosen))

            widgets.append(TapButton(rect, str(level), tap, style, key=f"setup:level:{level}"))
        table_top = label.bottom + theme.gap
        help_h = theme.px(30)
        widgets.append(Label(pygame.Rect(page.x, table_top, page.width, help_h),
                             Msg("ui_fuji.setup.level_help"), "small", theme.palette.text_muted))
        rows_area = pygame.Rect(page.x, table_top + help_h, page.width,
                                page.bottom - table_top - help_h)
        widgets += self._level_rows(ctx, rows_area)
        return widgets

    def _level_rows(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        table = draft.level_table(self.setup)
        rows: list[tuple[Msg, int]] = [(Msg("ui_fuji.setup.lead_failed"), table["failed"])]
        bands = table["bands"]
        for index, (lead, loss) in enumerate(bands):
            if index + 1 < len(bands):
                text = msg("ui_fuji.setup.lead_range", low=lead, high=bands[index + 1][0] - 1)
            else:
                text = msg("ui_fuji.setup.lead_from", low=lead)
            rows.append((text, loss))
        per_column = max(LEVEL_ROWS_PER_COLUMN, -(-len(rows) // 2))
        column_w = (area.width - theme.gap) // 2
        height = max(theme.touch, min(theme.px(56), area.height // per_column - theme.px(4)))
        widgets: list[Widget] = []
        for index, (text, loss) in enumerate(rows):
            x = area.x + (index // per_column) * (column_w + theme.gap)
            y = area.y + (index % per_column) * (height + theme.px(4))
            widgets += self._stepper(ctx, pygame.Rect(x, y, column_w, height), text,
                                     msg("ui_fuji.setup.loss", loss=loss),
                                     partial(self._change_loss, index),
                                     f"loss:{index}")
        return widgets

    def _change_loss(self, row: int, delta: int) -> dict[str, Any]:
        return draft.change_loss(self.setup, row, delta)

    def _change_wound_space(self, index: int, delta: int) -> dict[str, Any]:
        return draft.change_wound_space(self.setup, index, delta)

    def _stepper(self, ctx: Context, row: pygame.Rect, text: Msg, value: Msg,
                 edit: Callable[[int], dict[str, Any]], key: str) -> list[Widget]:
        """A label, a value and − / + buttons."""
        theme = ctx.theme
        button_w = max(theme.touch, theme.px(54))
        value_w = theme.px(90)
        text_w = row.width - 2 * button_w - value_w - 3 * theme.gap
        widgets: list[Widget] = [Panel(row)]
        widgets.append(Label(pygame.Rect(row.x + theme.pad, row.y, text_w - theme.pad,
                                         row.height), text, "small"))
        x = row.x + text_w + theme.gap
        widgets.append(TapButton(pygame.Rect(x, row.y, button_w, row.height), "−",
                                 lambda: self.change(edit(-1)), key=f"setup:{key}:minus"))
        x += button_w + theme.gap
        widgets.append(Label(pygame.Rect(x, row.y, value_w, row.height), value, "body",
                             bold=True, align="center"))
        x += value_w + theme.gap
        widgets.append(TapButton(pygame.Rect(x, row.y, button_w, row.height), "+",
                                 lambda: self.change(edit(1)), key=f"setup:{key}:plus"))
        return widgets

    # ---------------------------------------------------------------- options page
    def _options_page(self, ctx: Context, page: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        left = pygame.Rect(page.x, page.y, (page.width - theme.gap) // 2, page.height)
        right = pygame.Rect(left.right + theme.gap, page.y, page.right - left.right - theme.gap,
                            page.height)
        return self._track_column(ctx, left) + self._variant_column(ctx, right)

    def _track_column(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        track = draft.stamina_track(self.setup)
        height = max(theme.touch, min(theme.px(56),
                                      area.height // (len(track["wound_spaces"]) + 2)
                                      - theme.px(4)))
        widgets: list[Widget] = [Label(pygame.Rect(area.x, area.y, area.width, height),
                                       Msg("ui_fuji.setup.track"), "heading", bold=True)]
        y = area.y + height + theme.px(4)
        widgets += self._stepper(ctx, pygame.Rect(area.x, y, area.width, height),
                                 Msg("ui_fuji.setup.track_length"),
                                 msg("ui_fuji.setup.steps", count=track["length"]),
                                 lambda d: draft.change_length(self.setup, d), "length")
        for index, space in enumerate(track["wound_spaces"]):
            y += height + theme.px(4)
            widgets += self._stepper(ctx, pygame.Rect(area.x, y, area.width, height),
                                     msg("ui_fuji.setup.wound_space", number=index + 1),
                                     msg("ui_fuji.setup.steps", count=space),
                                     partial(self._change_wound_space, index),
                                     f"wound:{index}")
        return widgets

    def _variant_column(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        height = max(theme.touch, min(theme.px(56), area.height // 7 - theme.px(4)))
        widgets: list[Widget] = [Label(pygame.Rect(area.x, area.y, area.width, height),
                                       Msg("ui_fuji.setup.variants"), "heading", bold=True)]
        current = self.setup.get("variant")
        choices = ((None, "ui_fuji.setup.variant_none"),
                   (Variant.TWO_PLAYER_A.value, "ui_fuji.setup.variant_a"),
                   (Variant.TWO_PLAYER_B.value, "ui_fuji.setup.variant_b"))
        y = area.y + height + theme.px(4)
        for value, key in choices:
            def tap(chosen: str | None = value) -> list[Intent]:
                return self.change(draft.choose_variant(self.setup, chosen))

            style = chosen_style(current == value)
            widgets.append(TapButton(pygame.Rect(area.x, y, area.width, height), Msg(key), tap,
                                     style, role="small", key=f"setup:variant:{value}"))
            y += height + theme.px(4)
        extreme = bool(self.setup.get("extreme"))
        text = Msg("ui_fuji.setup.extreme_on" if extreme else "ui_fuji.setup.extreme_off")
        y += theme.gap
        widgets.append(TapButton(pygame.Rect(area.x, y, area.width, height), text,
                                 lambda: self.change(draft.toggle_extreme(self.setup)),
                                 "selected" if extreme else "normal", role="small",
                                 key="setup:extreme"))
        y += height + theme.px(4)
        widgets.append(self._totals_button(ctx, pygame.Rect(area.x, y, area.width, height)))
        return widgets

    def _readings_page(self, ctx: Context, page: pygame.Rect) -> list[Widget]:
        """Each point the rulebooks read differently: the question and its readings side
        by side, each naming its book; the language's own book is chosen until the table
        picks another."""
        theme = ctx.theme
        self.setup = with_language_defaults(self.setup, ctx.lang, self.chosen_readings)
        intro_h = theme.px(30)
        widgets: list[Widget] = [Label(pygame.Rect(page.x, page.y, page.width, intro_h),
                                       Msg("ui_fuji.reading.intro"), "small",
                                       theme.palette.text_muted)]
        top = page.y + intro_h + theme.px(4)
        row_h = (page.bottom - top) // len(POINTS)
        for index, point in enumerate(POINTS):
            row = pygame.Rect(page.x, top + index * row_h, page.width, row_h - theme.px(4))
            widgets += self._reading_row(ctx, row, point)
        return widgets

    def _reading_row(self, ctx: Context, row: pygame.Rect, point: Point) -> list[Widget]:
        """One point: its question on the left, a button per reading on the right."""
        theme = ctx.theme
        question_w = row.width * 30 // 100
        widgets: list[Widget] = [Label(pygame.Rect(row.x, row.y, question_w, row.height),
                                       Msg(point.question), "small", bold=True)]
        current = current_reading(point, self.setup, ctx.lang)
        count = len(point.readings)
        left = row.x + question_w + theme.gap
        width = (row.right - left - (count - 1) * theme.gap) // count
        for number, reading in enumerate(point.readings):
            rect = pygame.Rect(left + number * (width + theme.gap), row.y, width, row.height)

            def tap(chosen: Reading = reading) -> list[Intent]:
                self.chosen_readings.add(point.field)
                return self.change({**self.setup, point.field: chosen.value})

            books = "@ui_fuji.book." + "_".join(reading.books)
            widgets.append(TapButton(rect, msg(reading.answer, books=books), tap,
                                     chosen_style(reading == current), role="small",
                                     key=f"setup:reading:{point.field}:{number}"))
        return widgets

    def _totals_button(self, ctx: Context, rect: pygame.Rect) -> Widget:
        """Whether the dice screen opens on typed totals (kept with the table's settings
        when the game starts, not with the game: it changes how the table enters, never
        the rules)."""
        journal = ctx.journal
        kept = journal is None or journal.get_setting(ENTRY_MODE_KEY) != "dice"
        totals = kept if self.totals is None else self.totals

        def tap() -> list[Intent]:
            self.totals = not totals
            return [Redraw()]

        text = Msg("ui_fuji.setup.totals_on" if totals else "ui_fuji.setup.totals_off")
        return TapButton(rect, text, tap, "selected" if totals else "normal", role="small",
                         key="setup:totals")
