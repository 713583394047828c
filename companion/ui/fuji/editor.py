"""The map editor page of the set-up screen.

Left: the grid, gaps drawn dotted.  Right: the tools — pick one, then tap spots on
the grid: crater, scoria, landscape, village, four-player village, white or grey
start, gap, equipment token (on/off), eruption token (none, one, two volcanoes),
extra-reroll symbol (on/off) and *Card*, which opens the dice-condition picker for
the tapped spot: the 30 printed cards of the catalogue, or a free condition (colours
and/or values, joined by AND or OR).  Rows and columns grow or shrink; the map is
checked after every change and the reason it cannot be played is shown translated.
All edits go through the rules package's pure editor functions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.messages import Msg, SetupError, msg
from companion.games.fuji.queries import (
    card_conditions,
    cards_of_kind,
    grid_spots,
    map_grid,
    parse_token,
    resize,
    set_cell_kind,
    set_condition,
    set_equipment_token,
    set_eruption_token,
    set_reroll_symbol,
    set_start,
    validate_map,
)
from companion.games.fuji.state import (
    Board,
    Cell,
    Combine,
    DiceCondition,
    DieColour,
    Position,
    StartKind,
    TerrainKind,
)
from companion.ui.fuji.board_view import BoardPicture, BoardView
from companion.ui.fuji.colours import die_colour
from companion.ui.fuji.draw import draw_condition
from companion.ui.fuji.panels import TapButton, chosen_style
from companion.ui.fuji.setup_draft import choose_custom, players
from companion.ui.intents import Intent, Notify, Redraw
from companion.ui.scene import Context
from companion.ui.theme import Theme, ink_on
from companion.ui.widgets import Label, Panel, Widget

if TYPE_CHECKING:
    from companion.ui.fuji.setup import FujiSetupScene

TOOLS: tuple[str, ...] = (
    "crater", "scoria", "landscape", "village",
    "village4", "white", "grey", "gap",
    "equipment", "eruption", "reroll", "card",
)
"""The editor's tools, in palette order."""

KINDS: dict[str, tuple[TerrainKind | None, bool]] = {
    "crater": (TerrainKind.CRATER, False),
    "scoria": (TerrainKind.SCORIA, False),
    "landscape": (TerrainKind.LANDSCAPE, False),
    "village": (TerrainKind.VILLAGE, False),
    "village4": (TerrainKind.VILLAGE, True),
    "gap": (None, False),
}
"""Tools that lay a card of a kind (or take the card away)."""

STARTS: dict[str, StartKind] = {"white": StartKind.WHITE, "grey": StartKind.GREY}
"""Tools that mark a start card."""

@dataclass
class FreeCondition:
    """A condition being composed by hand."""

    colours: set[str] = field(default_factory=set)
    """Chosen die colours."""
    values: set[int] = field(default_factory=set)
    """Chosen die values."""
    combine: str = Combine.OR.value
    """How colours and values join when both are given."""

    def condition(self) -> DiceCondition:
        """The condition as the rules know it (``alone`` when only one set is given)."""
        combine = Combine(self.combine) if self.colours and self.values else Combine.ALONE
        return DiceCondition(frozenset(DieColour(c) for c in self.colours),
                             frozenset(self.values), combine)


def apply_tool(setup: dict[str, Any], tool: str, position: Position) -> dict[str, Any]:
    """Apply ``tool`` at ``position``; raise ``SetupError`` if the rules refuse."""
    if tool in KINDS:
        kind, four_only = KINDS[tool]
        return set_cell_kind(setup, position, kind, four_only)
    grid = map_grid(setup)
    spot = parse_token(grid[position[0]][position[1]])
    if tool in STARTS:
        return _place_start(setup, position, STARTS[tool], spot is not None and
                            spot.kind is TerrainKind.LANDSCAPE)
    if spot is None:
        raise SetupError("fuji.setup.no_card_here", cell=f"{position[0]},{position[1]}")
    if tool == "equipment":
        return set_equipment_token(setup, position, not spot.equipment_token)
    if tool == "eruption":
        return set_eruption_token(setup, position, (spot.eruption_token + 1) % 3)
    if tool == "reroll":
        return set_reroll_symbol(setup, position, not _has_reroll(setup, position))
    return setup


def _place_start(setup: dict[str, Any], position: Position, start: StartKind,
                 landscape: bool) -> dict[str, Any]:
    """Mark a start (a single one of each colour: the old mark moves here)."""
    edited = setup if landscape else set_cell_kind(setup, position, TerrainKind.LANDSCAPE)
    for other, spot in grid_spots(map_grid(edited)).items():
        if spot.start is start and other != position:
            edited = set_start(edited, other, None)
    return set_start(edited, position, start)


def _has_reroll(setup: dict[str, Any], position: Position) -> bool:
    entry = card_conditions(setup, grid_spots(map_grid(setup))).get(position)
    return bool(entry and entry[2])


def map_problem(setup: dict[str, Any]) -> Msg | None:
    """Why the map cannot be played with the set-up's players (``None``: it can)."""
    try:
        validate_map(setup, max(2, len(players(setup))))
    except SetupError as error:
        return error.message
    return None


class CardButton(TapButton):
    """A catalogue card: its condition glyph and its id."""

    def __init__(self, rect: pygame.Rect, card_id: str, condition: DiceCondition, reroll: bool,
                 on_tap: Callable[[], list[Intent]], selected: bool,
                 show_id: bool = True) -> None:
        super().__init__(rect, "", on_tap, "selected" if selected else "normal",
                         key=f"editor:card:{card_id}")
        self.card_id = card_id
        """The catalogue id."""
        self.show_id = show_id
        """Whether the id is written above the glyph (not where the table reads the
        printed card, which carries no id)."""
        self.condition = condition
        """Its condition."""
        self.reroll = reroll
        """Whether it shows the extra-reroll symbol."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """The button box, then the glyph and the id."""
        super().draw(surface, theme, lang)
        inner = self.rect.inflate(-theme.px(8), -theme.px(8))
        strip = pygame.Rect(inner.x, inner.y + inner.height // 3, inner.width,
                            inner.height * 2 // 3)
        draw_condition(surface, strip, self.condition, theme.palette.colour_safe)
        from companion.ui.fonts import font

        face = font(max(9, inner.height // 3), True)
        label = (self.card_id + " " if self.show_id else "") + ("↻" if self.reroll else "")
        _fill, text = self.colours(theme)
        image = face.render(label, True, text)
        surface.blit(image, (inner.x, inner.y - 1))


class MapEditor:
    """The editor page's view state and widgets (owned by the set-up scene)."""

    def __init__(self, scene: FujiSetupScene) -> None:
        self.scene = scene
        """The set-up scene whose set-up is edited."""
        self.tool = "landscape"
        """The tool in hand."""
        self.picking: Position | None = None
        """The spot whose card is being chosen (the condition picker is open)."""
        self.free: FreeCondition | None = None
        """A free condition being composed (``None``: the catalogue is shown)."""

    # ---------------------------------------------------------------- taps
    def edit(self, change: Callable[[dict[str, Any]], dict[str, Any]]) -> list[Intent]:
        """Apply a change to the set-up, or show why the rules refuse it."""
        try:
            setup = self.scene.setup
            if setup.get("scenario") != "custom" or "map" not in setup:
                setup = choose_custom(setup)
            self.scene.setup = change(setup)
        except SetupError as error:
            return [Notify(error.message, error=True)]
        return [Redraw()]

    def tap_cell(self, position: Position) -> list[Intent]:
        """A spot tapped with the current tool."""
        if self.tool == "card":
            spot = parse_token(map_grid(self.scene.setup)[position[0]][position[1]])
            if spot is None or spot.kind not in (TerrainKind.LANDSCAPE, TerrainKind.VILLAGE):
                return [Notify(Msg("ui_fuji.editor.card_needs_terrain"), error=True)]
            self.picking = position
            self.free = None
            return [Redraw()]
        return self.edit(lambda setup: apply_tool(setup, self.tool, position))

    def choose_tool(self, tool: str) -> list[Intent]:
        """Take another tool."""
        self.tool = tool
        self.picking = None
        return [Redraw()]

    def pick_card(self, card_id: str) -> list[Intent]:
        """Lay catalogue card ``card_id`` on the spot being chosen."""
        position = self.picking
        if position is None:
            return []
        self.picking = None
        return self.edit(lambda setup: set_condition(setup, position, card_id))

    def apply_free(self) -> list[Intent]:
        """Lay the free condition being composed."""
        position, free = self.picking, self.free
        if position is None or free is None:
            return []
        try:
            condition = free.condition()
        except ValueError:
            return [Notify(Msg("ui_fuji.editor.condition_incomplete"), error=True)]
        result = self.edit(lambda setup: set_condition(setup, position, condition))
        if not any(isinstance(intent, Notify) for intent in result):
            self.picking, self.free = None, None
        return result

    def resize(self, rows: int, cols: int) -> list[Intent]:
        """Grow or shrink the grid."""
        return self.edit(lambda setup: resize(setup, rows, cols))

    # ---------------------------------------------------------------- build
    def build(self, ctx: Context, body: pygame.Rect) -> list[Widget]:
        """The grid on the left and the tools (or the card picker) on the right."""
        theme = ctx.theme
        side = min(body.height, body.width * 52 // 100)
        grid_rect = pygame.Rect(body.x, body.y, side, body.height)
        right = pygame.Rect(grid_rect.right + theme.gap, body.y,
                            body.right - grid_rect.right - theme.gap, body.height)
        widgets: list[Widget] = self._grid(grid_rect)
        if self.picking is not None and self.free is not None:
            return widgets + self._free_page(ctx, right, self.free)
        if self.picking is not None:
            return widgets + self._card_page(ctx, right, self.picking)
        return widgets + self._tools_page(ctx, right)

    def _grid(self, area: pygame.Rect) -> list[Widget]:
        try:
            board = build_board_loose(self.scene.setup)
        except SetupError:
            return []
        marked = frozenset({self.picking}) if self.picking is not None else frozenset()
        picture = BoardPicture(board=board, legal=marked, show_gaps=True)
        return [BoardView(area, picture, self.tap_cell, key="editor:grid")]

    def _tools_page(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        columns, rows = 4, 3
        gap = theme.px(6)
        width = (area.width - (columns - 1) * gap) // columns
        height = max(theme.touch, theme.px(54))
        widgets: list[Widget] = []
        for index, tool in enumerate(TOOLS):
            rect = pygame.Rect(area.x + (index % columns) * (width + gap),
                               area.y + (index // columns) * (height + gap), width, height)

            def tap(chosen: str = tool) -> list[Intent]:
                return self.choose_tool(chosen)

            style = chosen_style(tool == self.tool)
            widgets.append(TapButton(rect, Msg(f"ui_fuji.editor.tool_{tool}"), tap, style,
                                     role="small", key=f"editor:tool:{tool}"))
        y = area.y + rows * (height + gap)
        widgets += self._size_row(ctx, pygame.Rect(area.x, y, area.width, height))
        done = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        status_top = y + height + gap
        problem = map_problem(self.scene.setup)
        status = problem if problem is not None else Msg("ui_fuji.editor.map_ok")
        colour = (255, 150, 130) if problem is not None else (130, 230, 150)
        widgets.append(Label(pygame.Rect(area.x, status_top, area.width,
                                         done.y - status_top - gap), status, "small", colour))
        widgets.append(TapButton(done, Msg("ui_fuji.common.done"),
                                 lambda: self.scene.show("map"), "primary", key="editor:done"))
        return widgets

    def _size_row(self, ctx: Context, row: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        grid = map_grid(self.scene.setup)
        rows, cols = len(grid), len(grid[0])
        gap = theme.px(4)
        piece = (row.width - 5 * gap) // 6
        specs: list[tuple[Msg | str, Callable[[], list[Intent]] | None]] = [
            ("−", lambda: self.resize(rows - 1, cols)),
            (msg("ui_fuji.editor.rows", count=rows), None),
            ("+", lambda: self.resize(rows + 1, cols)),
            ("−", lambda: self.resize(rows, cols - 1)),
            (msg("ui_fuji.editor.cols", count=cols), None),
            ("+", lambda: self.resize(rows, cols + 1)),
        ]
        widgets: list[Widget] = []
        for index, (text, action) in enumerate(specs):
            rect = pygame.Rect(row.x + index * (piece + gap), row.y, piece, row.height)
            if action is None:
                widgets.append(Label(rect, text, "small", align="center", bold=True))
            else:
                widgets.append(TapButton(rect, text, action, key=f"editor:size:{index}"))
        return widgets

    def _card_page(self, ctx: Context, area: pygame.Rect, position: Position) -> list[Widget]:
        theme = ctx.theme
        spot = parse_token(map_grid(self.scene.setup)[position[0]][position[1]])
        kind = spot.kind if spot is not None else TerrainKind.LANDSCAPE
        cards = cards_of_kind(kind)
        title_h = theme.px(30)
        widgets: list[Widget] = [Label(
            pygame.Rect(area.x, area.y, area.width, title_h),
            msg("ui_fuji.editor.card_title", row=position[0] + 1, col=position[1] + 1),
            "small", bold=True)]
        bottom = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        grid_area = pygame.Rect(area.x, area.y + title_h, area.width,
                                bottom.y - area.y - title_h - theme.px(4))
        columns = 4
        rows = -(-len(cards) // columns)
        gap = theme.px(4)
        width = (grid_area.width - (columns - 1) * gap) // columns
        height = max(48, min(theme.px(60), (grid_area.height - (rows - 1) * gap) // rows))
        for index, card in enumerate(cards):
            rect = pygame.Rect(grid_area.x + (index % columns) * (width + gap),
                               grid_area.y + (index // columns) * (height + gap), width, height)

            def tap(chosen: str = card.card_id) -> list[Intent]:
                return self.pick_card(chosen)

            widgets.append(CardButton(rect, card.card_id, card.condition, card.reroll_symbol,
                                      tap, False))
        half = (bottom.width - theme.gap) // 2
        widgets.append(TapButton(pygame.Rect(bottom.x, bottom.y, half, bottom.height),
                                 Msg("ui_fuji.editor.free"), self._open_free, role="small",
                                 key="editor:free"))
        widgets.append(TapButton(pygame.Rect(bottom.x + half + theme.gap, bottom.y, half,
                                             bottom.height), Msg("ui.common.cancel"),
                                 self._close_picker, "quiet", role="small",
                                 key="editor:cancel"))
        return widgets

    def _open_free(self) -> list[Intent]:
        self.free = FreeCondition()
        return [Redraw()]

    def _close_picker(self) -> list[Intent]:
        self.picking, self.free = None, None
        return [Redraw()]

    def _free_page(self, ctx: Context, area: pygame.Rect, free: FreeCondition) -> list[Widget]:
        theme = ctx.theme
        gap = theme.px(6)
        height = max(theme.touch, min(theme.px(56), (area.height - 7 * gap) // 6))
        widgets: list[Widget] = [Panel(area)]
        area = area.inflate(-2 * gap, -2 * gap)
        y = area.y
        glyph_w = theme.px(110)
        widgets.append(Label(pygame.Rect(area.x, y, area.width - glyph_w - gap, height),
                             Msg("ui_fuji.editor.free_help"), "small"))
        widgets.append(ConditionPreview(pygame.Rect(area.right - glyph_w, y + height // 4,
                                                    glyph_w, height // 2), free))
        y += height + gap
        widgets += self._toggle_row(area.x, y, area.width, height, gap, [
            (_die_label(c), c in free.colours,
             partial(_flip, free.colours, c), f"colour:{c}", die_colour(c))
            for c in ("yellow", "blue", "pink")])
        y += height + gap
        widgets += self._toggle_row(area.x, y, area.width, height, gap, [
            (str(v), v in free.values, partial(_flip, free.values, v), f"value:{v}", None)
            for v in range(1, 7)])
        y += height + gap
        widgets += self._toggle_row(area.x, y, area.width, height, gap, [
            (Msg(f"ui_fuji.editor.combine_{c}"), free.combine == c,
             partial(_set_combine, free, c), f"combine:{c}", None)
            for c in (Combine.OR.value, Combine.AND.value)])
        y += height + gap
        half = (area.width - gap) // 2
        widgets.append(TapButton(pygame.Rect(area.x, y, half, height),
                                 Msg("ui_fuji.editor.apply"), self.apply_free, "primary",
                                 role="small", key="editor:apply"))
        widgets.append(TapButton(pygame.Rect(area.x + half + gap, y, half, height),
                                 Msg("ui.common.cancel"), self._close_picker, "quiet",
                                 role="small", key="editor:free-cancel"))
        return widgets

    @staticmethod
    def _toggle_row(x: int, y: int, width: int, height: int, gap: int,
                    specs: list[tuple[Msg | str, bool, Callable[[], None], str,
                                      tuple[int, int, int] | None]]) -> list[Widget]:
        piece = (width - (len(specs) - 1) * gap) // len(specs)
        widgets: list[Widget] = []
        for index, (text, on, flip, key, fill) in enumerate(specs):
            def tap(change: Callable[[], None] = flip) -> list[Intent]:
                change()
                return [Redraw()]

            rect = pygame.Rect(x + index * (piece + gap), y, piece, height)
            button = ToggleButton(rect, text, tap, on, fill, key=f"editor:{key}")
            widgets.append(button)
        return widgets


class ConditionPreview(Widget):
    """The free condition being composed, drawn as it will appear on the map."""

    def __init__(self, rect: pygame.Rect, free: FreeCondition) -> None:
        super().__init__(rect)
        self.free = free
        """The condition being composed."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the glyph once at least one colour or value is chosen."""
        if self.free.colours or self.free.values:
            draw_condition(surface, self.rect, self.free.condition(),
                           theme.palette.colour_safe)


class ToggleButton(TapButton):
    """An on/off button; die colours show their own colour."""

    def __init__(self, rect: pygame.Rect, text: Msg | str, on_tap: Callable[[], list[Intent]],
                 on: bool, fill: tuple[int, int, int] | None, key: str) -> None:
        super().__init__(rect, text, on_tap, "selected" if on else "normal", role="small",
                         key=key)
        self.on = on
        """Whether the option is chosen."""
        self.fill = fill
        """A colour of its own (die colours), or ``None``."""

    def colours(self, theme: Theme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """Die colours keep their colour; the chosen ones get a tick in the label."""
        if self.fill is None:
            return super().colours(theme)
        return self.fill, ink_on(self.fill)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the button; a chosen coloured option gets a thick light frame."""
        super().draw(surface, theme, lang)
        if self.fill is not None and self.on:
            pygame.draw.rect(surface, theme.palette.accent, self.rect, theme.px(5),
                             border_radius=theme.radius)


def _die_label(colour: str) -> Msg:
    return Msg(f"ui_fuji.editor.die_{colour}")


def _flip(chosen: set[Any], value: Any) -> None:
    if value in chosen:
        chosen.discard(value)
    else:
        chosen.add(value)


def _set_combine(free: FreeCondition, combine: str) -> None:
    free.combine = combine


def build_board_loose(setup: dict[str, Any]) -> Board:
    """Lay out the grid for drawing even when the map is not yet playable."""

    grid = map_grid(setup)
    spots = grid_spots(grid)
    try:
        conditions = card_conditions(setup, spots)
    except SetupError:
        conditions = {}
    rows = []
    for r, row in enumerate(grid):
        cells: list[Cell | None] = []
        for c in range(len(row)):
            spot = spots.get((r, c))
            if spot is None:
                cells.append(None)
                continue
            found = conditions.get((r, c))
            cells.append(Cell(kind=spot.kind, lava=spot.kind is TerrainKind.CRATER,
                              equipment_token=spot.equipment_token,
                              eruption_token=spot.eruption_token, start=spot.start,
                              four_players_only=spot.four_players_only,
                              condition=found[0] if found else None,
                              card_id=found[1] if found else None,
                              reroll_symbol=bool(found and found[2])))
        rows.append(tuple(cells))
    return Board(len(grid), len(grid[0]), tuple(rows))

