"""The Caverna play screen: the turn on the left, the players' caves and the table on the right.

Left column, top to bottom: whose turn it is (start player and double turn marked),
round and turn counters and the walls left; the line telling the table what to do now
(the engine's ``phase_message``); then what the phase asks for — a button to name the
tile turned up, the face-up tiles to take (taken ones marked), the options of the tile
in use as buttons (one row per part: a row's buttons are alternatives, every row may
be used once), the room from the solo pile, or the final scores; at the bottom the
notices of the last step (goods lost to a limit, automatic room effects).

Right column: one tab per player with their goods (limits marked), conversion to food
and their cave; a tab with every action tile; a tab with the rooms in the display.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.session import Session
from companion.games.caverna.game import GAME
from companion.games.caverna.queries import (
    TILE_BACKS,
    Option,
    back_for_round,
    draw_ends_round,
    known_face_up,
    open_candidates,
    phase_message,
    result_message,
    score,
    tile_parts,
)
from companion.games.caverna.questions import (
    loses_goods,
    nothing_left,
    option_refusal,
    outcome,
    refusal,
    table_steps,
)
from companion.games.caverna.state import ACT, CHOOSE, DRAW, FINISHED, REVEAL, CavernaState
from companion.ui.asked import asked
from companion.ui.bar import game_bar
from companion.ui.caverna.dialogs import (
    ExtraCavernDialog,
    cave_taps,
    cave_view,
    dig_intents,
    end_turn_intents,
    furnish_intents,
    furnish_room_intents,
    quick_rooms,
    rooms_intents,
    turn_intents,
    wall_intents,
)
from companion.ui.caverna.flat import SeatMark, SeatTab, corner_buttons, mark_side, seat_panel
from companion.ui.caverna.food import (
    FOOD_FEES,
    ShortOfFoodButton,
    convert_dialog,
    food_for,
    food_would_help,
    hinted,
)
from companion.ui.caverna.food import convertible as convertible
from companion.ui.caverna.parts import (
    FACE_DOWN,
    ROOM_COLOURS,
    CaveView,
    ColourChip,
    CompactButton,
    CompactLabel,
    CompactTapButton,
    GoodsTrack,
    RefusedButton,
    compact_min_size,
    grid,
)
from companion.ui.caverna.view import (
    OptionSpec,
    closing_note,
    cost_message,
    name_of,
    option_label,
    round_line,
    score_lines,
    tile_button_text,
    tile_chips,
    turn_parts,
    walls_message,
    whose_turn,
)
from companion.ui.flat import (
    FlatLayout,
    TurnedPanel,
    flat_depths,
    flat_layout,
    upright_rect,
)
from companion.ui.instructions import listed
from companion.ui.intents import Intent, Redraw, ShowDialog, Submit
from companion.ui.layout import split_columns
from companion.ui.scene import Context, GameScene
from companion.ui.theme import TextRole, Theme
from companion.ui.widgets import (
    Button,
    ButtonStyle,
    Label,
    ListItem,
    ListView,
    Panel,
    ScrollState,
    TapButton,
    Widget,
    fit_text,
)

PROSPECTING_SITE = "prospecting_site"
"""The blue room that works with one printed tile only."""
PROSPECT_TILE = "undergrowth"
"""The tile the Prospecting site names: 1 room, +2 wood (in Polish, "Mały rozwój")."""

LEFT_SHARE = 52
"""Percentage of the body width taken by the turn column."""

NOTES_HEIGHT = 56
"""Height of the notices box at 800x480."""

NOTES_SHARE = 58
"""Percentage of the turn column's width given to the notices beside *End the turn*."""

FLAT_LEFT_SHARE = 52
"""Percentage of the middle of a flat screen taken by the turn column."""

FLAT_HEADER_HEIGHT = 26
"""Height of the one-line header of the turn column on a flat screen, at 800x480."""

TABLE_TABS: tuple[str, ...] = ("tiles", "display")
"""The right-column tabs after the players' own."""

TapHandler = Callable[[], list[Intent]]
"""A scene function run by a tap."""


class CavernaPlayScene(GameScene):
    """The play screen of a Caverna game (see the module documentation)."""

    needs_session = True

    def __init__(self, tab: str | None = None) -> None:
        super().__init__()
        self.tab = tab
        """The right-column tab chosen by the table (``None``: the active player's)."""
        self.tab_turn: tuple[int, int] | None = None
        """Round and turn when the tab was chosen; a new turn shows the new player's cave."""
        self.display_scroll = ScrollState()
        """Scroll position of the display list."""
        self.grid_page = 0
        """The page of the tile grid shown (when the tiles need more than one)."""
        self.grid_turn: tuple[int, int] | None = None
        """Round and turn the grid page belongs to (a new turn starts at the first)."""

    # ---------------------------------------------------------------- session
    def show_tab(self, tab: str, state: CavernaState | None = None) -> list[Intent]:
        """Switch the right column to ``tab`` (until the turn passes, when ``state`` is given)."""
        self.tab = tab
        self.tab_turn = turn_key(state) if state is not None else None
        return [Redraw()]

    def current_tab(self, state: CavernaState) -> str:
        """The tab shown: the chosen one, else the active player's (the winner's at the end)."""
        tabs = tabs_for(state)
        chosen_now = self.tab_turn is None or self.tab_turn == turn_key(state)
        if self.tab in tabs and chosen_now:
            return self.tab
        if state.phase == FINISHED:
            return f"seat:{score_lines(state)[0].seat}"
        return f"seat:{state.active}"

    def notice_keep_clear(self) -> list[pygame.Rect]:
        """The caves' drawn spaces and the seats' panels, as drawn last: a notice keeps
        clear of them where it can, even where none is to be tapped, as the table reads
        them all the same."""
        rects: list[pygame.Rect] = []
        for widget in self.widgets:
            if isinstance(widget, CaveView):
                rects += widget.space_rects()
            elif isinstance(widget, TurnedPanel):
                rects.append(pygame.Rect(widget.rect))
        return rects

    # ---------------------------------------------------------------- build
    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """Bar, the turn column and the caves column."""
        state: CavernaState = session.state
        bar, body = game_bar(ctx)
        left, right = split_columns(body, body.width * LEFT_SHARE // 100, ctx.theme.gap)
        return [*bar, *self._turn_column(ctx, state, left), *self._right_column(ctx, state, right)]

    # ---------------------------------------------------------------- flat table
    def build_flat(self, ctx: Context, session: Session) -> list[Widget]:
        """The screen lying mid-table: a turned panel per seat, the turn and the table
        in the middle, the bar's buttons in the corners."""
        state: CavernaState = session.state
        theme = ctx.theme
        seats = len(state.players)
        layout = flat_layout(ctx.size, seats, flat_depths(theme), theme.gap)
        centre = flat_centre(layout, ctx.size, theme.gap)
        left, right = split_columns(centre, centre.width * FLAT_LEFT_SHARE // 100, theme.gap)
        widgets: list[Widget] = [
            *self._turn_column(ctx, state, left, flat=True),
            *self._right_column(ctx, state, right, flat=True),
            *corner_buttons(ctx, layout.corners),
        ]
        for seat, (rect, place) in enumerate(zip(layout.panels, layout.places, strict=True)):
            content = seat_panel(state, seat, upright_rect(rect, place.angle), theme, ctx.lang,
                                 convert_dialog(state, seat))
            widgets.append(TurnedPanel(rect, place.angle, content, key=f"caverna:seat:{seat}"))
        return widgets

    # ---------------------------------------------------------------- left column
    def _turn_column(self, ctx: Context, state: CavernaState, area: pygame.Rect,
                     flat: bool = False) -> list[Widget]:
        theme = ctx.theme
        if flat:
            head = pygame.Rect(area.x, area.y - theme.gap, area.width, 0)
            widgets: list[Widget] = []
        else:
            head = pygame.Rect(area.x, area.y, area.width, theme.px(60))
            widgets = self._header(ctx, header_state(state), head)
        phase = pygame.Rect(area.x, head.bottom + theme.gap, area.width, theme.px(44))
        if state.phase == FINISHED:
            phase.height = 0
        else:
            widgets.append(Label(phase, phase_message(state), "body", theme.palette.accent,
                                 bold=True))
        notes_h = theme.px(NOTES_HEIGHT) if shown_notices(state) else 0
        notes = pygame.Rect(area.x, area.bottom - notes_h, area.width, notes_h)
        bottom = notes.y - theme.gap if notes_h else area.bottom
        if notes_h and notes_beside_end(state):
            notes.width = area.width * NOTES_SHARE // 100
            bottom = area.bottom
        middle = pygame.Rect(area.x, phase.bottom + theme.gap, area.width,
                             bottom - phase.bottom - theme.gap)
        builders = {
            REVEAL: self._reveal,
            CHOOSE: self._choose,
            ACT: self._act,
            DRAW: self._draw,
            FINISHED: self._finished,
        }
        widgets += builders[state.phase](ctx, state, middle)
        if notes_h:
            widgets += self._notices(ctx, state, notes)
        return widgets

    def _header(self, ctx: Context, state: CavernaState, head: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = [Panel(head)]
        inner = head.inflate(-2 * theme.pad, -theme.px(6))
        if state.phase == FINISHED:
            widgets.append(Label(inner, phase_message(state), "heading",
                                 theme.palette.accent, bold=True))
            return widgets
        top = pygame.Rect(inner.x, inner.y, inner.width, inner.height * 11 // 20)
        widgets.append(Label(top, whose_turn(state), "heading", bold=True))
        line = pygame.Rect(inner.x, top.bottom, inner.width, inner.bottom - top.bottom)
        split = line.width * 58 // 100
        widgets.append(Label(pygame.Rect(line.x, line.y, split, line.height), round_line(state),
                             "small", bold=True))
        widgets.append(Label(pygame.Rect(line.x + split, line.y, line.width - split,
                                         line.height),
                             msg("ui_caverna.turn.walls", walls=state.wall_supply), "small",
                             theme.palette.text_muted, align="right"))
        return widgets

    def _flat_header(self, ctx: Context, state: CavernaState,
                     head: pygame.Rect) -> list[Widget]:
        """One line on a flat screen: whose turn and the round (walls are on the tiles tab)."""
        theme = ctx.theme
        if state.phase == FINISHED:
            return [Label(head, phase_message(state), "heading", theme.palette.accent,
                          bold=True)]
        split = head.width * 44 // 100
        side = mark_side(theme)
        mark = pygame.Rect(head.x, head.centery - side // 2, side, side)
        name = pygame.Rect(mark.right + theme.px(6), head.y,
                           split - side - theme.px(6), head.height)
        state = header_state(state)
        return [SeatMark(mark, state.active),
                CompactLabel(name, whose_turn(state), "small", bold=True),
                CompactLabel(pygame.Rect(head.x + split, head.y, head.width - split,
                                         head.height),
                             round_line(state), "small", theme.palette.text_muted,
                             align="right")]

    def _reveal(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The round's tile is turned up without naming it: the tiles are offered at
        once, in their sections (see :meth:`_choose`), the table's steps taken with the
        tap."""
        steps, after = table_steps(state)
        if after.phase != CHOOSE:
            return []
        widgets = self._choose(ctx, after, area, tuple(steps))
        theme = ctx.theme
        bottom = max(widget.rect.bottom for widget in widgets)
        info = pygame.Rect(area.x, bottom + theme.gap, area.width, area.bottom - bottom - theme.gap)
        if info.height >= theme.px(40):
            back = back_for_round(state.round, state.rounds)
            face_down = (sum(TILE_BACKS[tile] == back for tile in open_candidates(after))
                         - after.unnamed_tiles.count(back))
            widgets.append(Label(info, msg("ui_caverna.reveal.info", back=back, count=face_down),
                                 "small", theme.palette.text_muted))
        return widgets

    def _choose(self, ctx: Context, state: CavernaState, area: pygame.Rect,
                before: tuple[dict[str, Any], ...] = ()) -> list[Widget]:
        """Two sections, each under its heading on every round: the tiles lying face up
        (those turned up unnamed included when every tile of their back is up), and the
        tiles an unnamed face-up tile may be (exactly those still face down, its back's
        number said); a tap records the tile taken, naming the new one only when that
        is the one taken."""
        theme = ctx.theme
        shown = (*state.revealed_tiles, *known_face_up(state))
        new = open_candidates(state)
        sections: list[tuple[Msg, tuple[str, ...]]] = [
            (msg("ui_caverna.reveal.face_up", player=name_of(state, state.active)), shown)]
        if new:
            backs = ", ".join(str(back) for back in sorted(
                {TILE_BACKS[tile] for tile in new}))
            sections.append((msg("ui_caverna.reveal.new", backs=backs), new))
        columns = 3 if theme.text_scale <= 1.2 else 2
        caption_h = round(theme.px(20) * theme.text_scale)
        pages = tile_pages(sections, columns, caption_h + theme.gap, theme.touch + theme.gap,
                           area.height + theme.gap)
        if len(pages) > 1:
            bar = theme.touch + theme.gap
            pages = tile_pages(sections, columns, caption_h + theme.gap,
                               theme.touch + theme.gap, area.height + theme.gap - bar)
        if self.grid_turn != turn_key(state) or self.grid_page >= len(pages):
            self.grid_turn, self.grid_page = turn_key(state), 0
        widgets: list[Widget] = []
        y = area.y
        for caption, group in pages[self.grid_page]:
            widgets.append(CompactLabel(pygame.Rect(area.x, y, area.width, caption_h), caption,
                                        "small", theme.palette.text_muted))
            y += caption_h + theme.gap
            lines = -(-len(group) // columns)
            height = lines * theme.touch + (lines - 1) * theme.gap
            box = pygame.Rect(area.x, y, area.width, height)
            widgets += self._tile_buttons(ctx, state, box, group, before, columns)
            y += height + theme.gap
        if len(pages) > 1:
            widgets += self._grid_pager(ctx, area, len(pages))
        return widgets

    def _grid_pager(self, ctx: Context, area: pygame.Rect, count: int) -> list[Widget]:
        """Previous and next page of the tile grid, both always shown (greyed at the
        ends), with the page number between them."""
        theme = ctx.theme
        row = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        side = max(theme.touch, row.width // 3)
        back = pygame.Rect(row.x, row.y, side, row.height)
        ahead = pygame.Rect(row.right - side, row.y, side, row.height)
        middle = pygame.Rect(back.right, row.y, ahead.x - back.right, row.height)
        return [
            TapButton(back, Msg("caverna_table.grid.back"), lambda: self._turn_page(-1),
                      role="small", key="caverna:grid:back", enabled=self.grid_page > 0),
            Label(middle, msg("caverna_table.grid.page", page=self.grid_page + 1, pages=count),
                  "small", theme.palette.text_muted, align="center"),
            TapButton(ahead, Msg("caverna_table.grid.next"), lambda: self._turn_page(1),
                      role="small", key="caverna:grid:next", enabled=self.grid_page < count - 1),
        ]

    def _turn_page(self, step: int) -> list[Intent]:
        self.grid_page = max(0, self.grid_page + step)
        return [Redraw()]

    def _tile_buttons(self, ctx: Context, state: CavernaState, area: pygame.Rect,
                      tiles: tuple[str, ...], before: tuple[dict[str, Any], ...],
                      columns: int) -> list[Widget]:
        """A button per tile the active player may take (greyed with the reason when
        the rules refuse it), ``columns`` a row."""
        theme = ctx.theme
        widgets: list[Widget] = []
        for tile, rect in zip(tiles, grid(area, len(tiles), theme, columns, theme.px(84)),
                              strict=True):
            action = {"type": "take_tile", "tile": tile}
            reason = asked(tile_refusal, state, tile)
            key = f"caverna:tile:{tile}"
            if reason is not None:
                widgets.append(RefusedButton(rect, tile_button_text(state, tile), reason,
                                             key=key))
                continue
            if asked(idle_tile, state, tile):
                taken = GAME.apply(state, action)
                intents = (*(Submit(done) for done in (*before, action)),
                           *end_turn_intents(taken))
                widgets.append(CompactButton(rect, msg("ui_caverna.tiles.idle",
                                                       tile=f"@caverna.tile.{tile}"),
                                             intents, "quiet", role="small", key=key))
                continue
            intents = tuple(Submit(done) for done in (*before, action))
            widgets.append(CompactButton(rect, tile_button_text(state, tile), intents,
                                         role="small", key=key))
        return widgets

    def _act(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        parts = turn_parts(state)
        caption = pygame.Rect(area.x, area.y, area.width, round(theme.px(24) * theme.text_scale))
        widgets: list[Widget] = [Label(caption, Msg("ui_caverna.option.rule"), "small",
                                       theme.palette.text_muted)]
        end = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        if shown_notices(state) and notes_beside_end(state):
            end_x = area.x + area.width * NOTES_SHARE // 100 + theme.gap
            end = pygame.Rect(end_x, area.bottom - theme.px(NOTES_HEIGHT), area.right - end_x,
                              theme.px(NOTES_HEIGHT))
        rows = pygame.Rect(area.x, caption.bottom + theme.px(4), area.width,
                           end.y - caption.bottom - theme.px(4) - theme.gap)
        count = max(1, len(parts))
        height = min(theme.px(70), (rows.height - (count - 1) * theme.gap) // count)
        for index, part in enumerate(parts):
            row = pygame.Rect(rows.x, rows.y + index * (height + theme.gap), rows.width, height)
            widgets += self._part_row(ctx, state, part, row)
        gains = asked(plain_gains, state)
        if len(gains) >= 2:
            half = (end.width - theme.gap) // 2
            take = pygame.Rect(end.x, end.y, half, end.height)
            end = pygame.Rect(take.right + theme.gap, end.y, end.right - take.right - theme.gap,
                              end.height)
            widgets.append(TapButton(take, Msg("ui_caverna.turn.take_all"),
                                     lambda: take_all_intents(state, gains), role="small",
                                     key="caverna:take_all"))
        widgets.append(Button(end, Msg("ui_caverna.turn.end"), tuple(end_turn_intents(state)),
                              "primary", role="small" if len(gains) >= 2 else "button",
                              key="caverna:end_turn"))
        return widgets

    def _part_row(self, ctx: Context, state: CavernaState, part: tuple[OptionSpec, ...],
                  row: pygame.Rect) -> list[Widget]:
        widgets: list[Widget] = []
        for spec, rect in zip(part, grid(row, len(part), ctx.theme, len(part)), strict=True):
            text = asked(option_text, state, spec.option, ctx.lang)
            reason = asked(option_refusal, state, spec.option) if spec.available else None
            if reason is not None and asked(option_short_of_food, state, spec.option):
                text = hinted(text, rect, ctx.theme, ctx.lang)
                widgets.append(ShortOfFoodButton(rect, text, reason,
                                                 self._food_for(state, spec.option),
                                                 key=option_key(spec)))
                continue
            if reason is not None:
                widgets.append(RefusedButton(rect, text, reason, key=option_key(spec)))
                continue
            quick = asked(quick_rooms, state, spec.option) if spec.available else ()
            if quick and len(quick) <= quick_fit(ctx.theme, rect):
                widgets += self._furnish_row(ctx, state, spec, rect, quick)
                continue
            widgets.append(TapButton(rect, text, self._option_tap(state, spec.option),
                                     role="small", key=option_key(spec),
                                     enabled=spec.available))
        return widgets

    def _furnish_row(self, ctx: Context, state: CavernaState, spec: OptionSpec,
                     rect: pygame.Rect, rooms: tuple[str, ...]) -> list[Widget]:
        """A furnishing with few rooms the rules allow: one button per room (furnished
        with its tap when it fits one cavern), and a narrow button for the whole
        display with the refused rooms and their reasons."""
        theme = ctx.theme
        more = pygame.Rect(rect.right - theme.touch, rect.y, theme.touch, rect.height)
        area = pygame.Rect(rect.x, rect.y, more.x - theme.gap - rect.x, rect.height)
        widgets: list[Widget] = []
        for room, box in zip(rooms, grid(area, len(rooms), theme, len(rooms)), strict=True):
            text = msg("ui_caverna.furnish.quick", room=f"@caverna.room.{room}",
                       points=state.config.room(room).points)
            widgets.append(CompactTapButton(box, text,
                                            self._furnish_tap(state, spec.option, room),
                                            role="small", key=f"caverna:furnish:{room}"))
        widgets.append(TapButton(more, "…", self._option_tap(state, spec.option),
                                 role="small", key=option_key(spec)))
        return widgets

    def _food_for(self, state: CavernaState, option: Option) -> Callable[[], ShowDialog]:
        """The food dialog of an option short of food: once the food is made, the option
        is carried on with as if tapped again."""
        return lambda: food_for(state, state.active, lambda now: option_refusal(now, option),
                                lambda after: self.option_intents(after, option))

    def _option_tap(self, state: CavernaState, option: Option) -> TapHandler:
        """What a tap on an option does, worked out at the tap (not on every redraw)."""
        return lambda: list(self.option_intents(state, option))

    @staticmethod
    def _furnish_tap(state: CavernaState, option: Option, room: str) -> TapHandler:
        return lambda: furnish_room_intents(state, option, room)

    def option_intents(self, state: CavernaState, option: Option) -> tuple[Intent, ...]:
        """What tapping an option does: submit it, or open the dialog that builds it."""
        kind = option.kind
        if kind in ("gain", "trade", "prospect"):
            return tuple(turn_intents(state, direct_action(option)))
        if kind == "rooms":
            return tuple(rooms_intents(state))
        if kind == "excavate":
            return tuple(dig_intents(state, option, None))
        if kind == "furnish":
            return tuple(furnish_intents(state, option))
        return tuple(wall_intents(state, kind == "breach"))

    def _draw(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The pile's room is turned up without naming it: the next tile taken records it
        (and the round's new tile when the round is over); else one button does."""
        steps, after = table_steps(state)
        if after.phase == CHOOSE:
            return self._choose(ctx, after, area, tuple(steps))
        theme = ctx.theme
        button = pygame.Rect(area.x, area.y, area.width, min(area.height, theme.px(84)))
        info = pygame.Rect(area.x, button.bottom + theme.gap, area.width,
                           area.bottom - button.bottom - theme.gap)
        return [
            Button(button, Msg("ui_caverna.pile.button"),
                   (Submit({"type": "draw_pile"}),), "primary",
                   key="caverna:pile"),
            Label(info, msg("ui_caverna.pile.info", count=state.pile), "body",
                  theme.palette.text_muted),
        ]

    def _finished(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        verdict = result_message(state) or Msg("caverna.phase.finished")
        top = pygame.Rect(area.x, area.y, area.width, theme.px(56))
        widgets: list[Widget] = [CompactLabel(top, verdict, "title", theme.palette.accent,
                                              bold=True)]
        lines = score_lines(state)
        row_h = theme.px(40)
        y = top.bottom + theme.gap
        header = pygame.Rect(area.x, y, area.width, theme.px(26))
        widgets += self._score_row(theme, header, (Msg("ui_caverna.over.player"),
                                                   Msg("ui_caverna.over.rooms"),
                                                   Msg("ui_caverna.over.gold"),
                                                   Msg("ui_caverna.over.total")), True)
        y = header.bottom
        for line in lines:
            row = pygame.Rect(area.x, y, area.width, row_h)
            widgets.append(Panel(row))
            widgets += self._score_row(theme, row.inflate(-theme.pad, 0),
                                       (line.name, str(line.rooms), str(line.gold),
                                        str(line.total)), False)
            y += row_h + theme.px(4)
        note = pygame.Rect(area.x, y + theme.gap, area.width, area.bottom - y - theme.gap)
        widgets.append(Label(note, closing_note(state), "small", theme.palette.text_muted))
        return widgets

    @staticmethod
    def _score_row(theme: Theme, row: pygame.Rect, cells: tuple[Msg | str, ...],
                   header: bool) -> list[Widget]:
        name_w = row.width * 40 // 100
        rest = (row.width - name_w) // 3
        colour = theme.palette.text_muted if header else theme.palette.text
        role: TextRole = "small" if header else "body"
        widgets: list[Widget] = [Label(pygame.Rect(row.x, row.y, name_w, row.height), cells[0],
                                       role, colour, bold=not header)]
        for index, text in enumerate(cells[1:]):
            rect = pygame.Rect(row.x + name_w + index * rest, row.y, rest, row.height)
            widgets.append(Label(rect, text, role, colour, align="center",
                                 bold=index == 2 and not header))
        return widgets

    def _notices(self, ctx: Context, state: CavernaState, box: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        return listed(box, theme, ctx.lang, shown_notices(state), "caverna:told",
                      theme.palette.toast, compact_min_size(theme, "small"))

    # ---------------------------------------------------------------- right column
    def _right_column(self, ctx: Context, state: CavernaState, area: pygame.Rect,
                      flat: bool = False) -> list[Widget]:
        theme = ctx.theme
        tabs = tabs_for(state)
        chosen = self.current_tab(state)
        widgets: list[Widget] = []
        if flat:
            head = pygame.Rect(area.x, area.y, area.width, theme.px(FLAT_HEADER_HEIGHT))
            widgets += self._flat_header(ctx, state, head)
            area = pygame.Rect(area.x, head.bottom + theme.gap, area.width,
                               area.bottom - head.bottom - theme.gap)
        row = pygame.Rect(area.x, area.y, area.width, theme.touch)
        for tab, rect in zip(tabs, grid(row, len(tabs), theme, len(tabs)), strict=True):
            seat = tab_seat(tab)
            style: ButtonStyle = "selected" if tab == chosen else "normal"
            key = f"caverna:tab:{tab}"
            if seat is None:
                widgets.append(CompactTapButton(rect, tab_label(state, tab),
                                                self._tab_tap(tab, state), style, role="small",
                                                key=key))
                continue
            tab_button = SeatTab(rect, seat, "", self._tab_tap(tab, state), style, key)
            tab_button.text = fitting_tab_label(state, tab, ctx.lang, theme,
                                                tab_button.text_rect(theme), not flat)
            widgets.append(tab_button)
        page = pygame.Rect(area.x, row.bottom + theme.gap, area.width,
                           area.bottom - row.bottom - theme.gap)
        if chosen == "tiles":
            return widgets + self._tiles_page(ctx, state, page)
        if chosen == "display":
            return widgets + self._display_page(ctx, state, page)
        seat = int(chosen.split(":")[1])
        if flat:
            view = cave_view(state, seat, page)
            return [*widgets, view, *self._cave_taps(state, seat, view)]
        return widgets + self._seat_page(ctx, state, seat, page)

    def _tab_tap(self, tab: str, state: CavernaState) -> TapHandler:
        return lambda: self.show_tab(tab, state)

    def _seat_page(self, ctx: Context, state: CavernaState, seat: int,
                   page: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        goods_h = theme.px(96)
        convert_w = max(theme.touch, theme.px(104))
        goods = pygame.Rect(page.x, page.y, page.width - convert_w - theme.gap, goods_h)
        widgets: list[Widget] = [GoodsTrack(goods, state.players[seat].goods.as_dict())]
        convert = pygame.Rect(goods.right + theme.gap, page.y, convert_w, goods_h)
        widgets.append(Button(convert, Msg("ui_caverna.convert.button"),
                              (convert_dialog(state, seat),), role="small",
                              key=f"caverna:convert:{seat}",
                              enabled=state.phase != FINISHED and bool(convertible(state, seat))))
        cave_box = pygame.Rect(page.x, goods.bottom + theme.gap, page.width,
                               page.bottom - goods.bottom - theme.gap)
        extra = state.players[seat].cave.extra
        if extra is not None and not extra.placed and state.phase != FINISHED:
            button = pygame.Rect(page.x, page.bottom - theme.touch, page.width, theme.touch)
            widgets.append(Button(button, Msg("ui_caverna.extra.button"),
                                  (ShowDialog(ExtraCavernDialog(seat)),),
                                  "primary", role="small", key=f"caverna:extra:{seat}"))
            cave_box.height -= theme.touch + theme.gap
        view = cave_view(state, seat, cave_box)
        return [*widgets, view, *self._cave_taps(state, seat, view)]

    def _cave_taps(self, state: CavernaState, seat: int, view: CaveView) -> list[Widget]:
        """Taps on the active player's cave for the tile in use (digs, room uses)."""
        if seat != state.active:
            return []
        options = [spec.option for part in turn_parts(state) for spec in part
                   if spec.available and (asked(option_refusal, state, spec.option) is None
                                          or asked(option_short_of_food, state, spec.option))]
        return cave_taps(state, view, options)

    def _tiles_page(self, ctx: Context, state: CavernaState,
                    page: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        line = pygame.Rect(page.x, page.y, page.width, theme.px(28))
        supply = (msg("ui_caverna.table.supply_solo", walls=state.wall_supply, pile=state.pile)
                  if state.config.solo else msg("ui_caverna.table.supply",
                                                walls=state.wall_supply))
        widgets: list[Widget] = [Label(line, supply, "small", theme.palette.text_muted)]
        chips = tile_chips(state)
        area = pygame.Rect(page.x, line.bottom + theme.gap, page.width,
                           page.bottom - line.bottom - theme.gap)
        columns = 3 if theme.text_scale <= 1.2 else 2
        for chip, rect in zip(chips, grid(area, len(chips), theme, columns, theme.px(80)),
                              strict=True):
            if chip.status == "hidden":
                fill, text = FACE_DOWN, msg("ui_caverna.tiles.hidden", back=chip.back)
                colour = theme.palette.text_muted
            elif chip.status == "new":
                fill, text = theme.palette.surface_high, msg("caverna_table.tiles.new",
                                                             back=chip.back)
                colour = theme.palette.text
            elif chip.status == "taken":
                fill = theme.palette.background
                text = msg("ui_caverna.tiles.taken", tile=f"@caverna.tile.{chip.tile}")
                colour = theme.palette.text_disabled
            else:
                fill, text = theme.palette.surface_high, Msg(f"caverna.tile.{chip.tile}")
                colour = theme.palette.text
            widgets.append(Panel(rect, fill))
            widgets.append(Label(rect.inflate(-theme.px(8), -theme.px(4)), text, "small",
                                 colour, align="center", bold=chip.status == "free"))
        return widgets

    def _display_page(self, ctx: Context, state: CavernaState,
                      page: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        if not state.display:
            return [Label(page, Msg("ui_caverna.display.empty"), "body", align="center")]
        items = []
        chip = theme.px(14)
        for room in state.display:
            spec = state.config.room(room)
            detail = msg("ui_caverna.display.detail", points=spec.points,
                         cost=translate(cost_message(spec.cost), ctx.lang),
                         walls=translate(walls_message(spec), ctx.lang))
            if room == PROSPECTING_SITE:
                detail = msg("ui_caverna.display.prospecting", detail=translate(detail, ctx.lang),
                             tile=f"@caverna.tile.{PROSPECT_TILE}")
            items.append(ListItem(msg("ui_caverna.display.room", room=f"@caverna.room.{room}",
                                      colour=f"@caverna.colour.{spec.colour}"), detail,
                                  reserve=chip + theme.pad))
        row_height = round(theme.px(60) * theme.text_scale ** 2)
        view = ListView(page, items, row_height, self.display_scroll, key="caverna:display")
        widgets: list[Widget] = [view]
        for index in view.visible_rows():
            row = view.row_rect(index)
            colour = state.config.room(state.display[index]).colour
            top = row.y + theme.px(8)
            if page.y <= top and top + chip <= page.bottom:
                widgets.append(ColourChip(pygame.Rect(row.right - chip - theme.pad, top, chip,
                                                      chip), ROOM_COLOURS[colour]))
        return widgets


QUICK_ROOM_WIDTH = 150
"""Narrowest button for a room offered straight on the play screen, at 800x480."""


Section = tuple[Msg, tuple[str, ...]]
"""A heading and the tiles under it."""


def header_state(state: CavernaState) -> CavernaState:
    """The state the header speaks of: solo, when the pile's room closes the round, the
    new round (its tiles are offered at once, so its number and player are said)."""
    if state.phase != DRAW or not draw_ends_round(state):
        return state
    _, after = table_steps(state)
    return after


def tile_pages(sections: list[Section], columns: int, caption: int, row: int, height: int
               ) -> list[list[Section]]:
    """The tile grid cut into pages of ``height`` (rows of ``row``, headings of
    ``caption``, gaps included): a section going on to the next page has its heading
    repeated there, so every page says what its tiles are."""
    pages: list[list[Section]] = [[]]
    free = height
    for heading, tiles in sections:
        rows = [tiles[start:start + columns] for start in range(0, len(tiles), columns)]
        part: list[str] = []
        for line in rows:
            need = row + (caption if not part else 0)
            if need > free and (part or pages[-1]):
                if part:
                    pages[-1].append((heading, tuple(part)))
                pages.append([])
                part, free = [], height
                need = row + caption
            part += line
            free -= need
        if part:
            pages[-1].append((heading, tuple(part)))
    return [page for page in pages if page] or [[]]


def quick_fit(theme: Theme, rect: pygame.Rect) -> int:
    """How many room buttons fit beside the narrow *all rooms* button in ``rect``."""
    room = rect.width - theme.touch - theme.gap
    return max(0, (room + theme.gap) // (theme.px(QUICK_ROOM_WIDTH) + theme.gap))


def idle_tile(state: CavernaState, tile: str) -> bool:
    """Whether taking ``tile`` (which the rules accept) leaves the active player nothing
    they can do with it: the button says so, and its tap also ends the turn."""
    parts = tile_parts(tile, state.config.tile_rules)
    if any(option.kind == "gain" for part in parts for option in part):
        return False  # a tile's gain is always taken (a limit only caps it)
    try:
        return nothing_left(GAME.apply(state, {"type": "take_tile", "tile": tile}))
    except IllegalActionError:
        return False


def option_short_of_food(state: CavernaState, option: Option) -> bool:
    """Whether a tile's option is refused now only for want of food the active player
    can make from their goods (only a food fee, the two-cavern dig's food or
    Prospecting can be)."""
    if option.fee not in FOOD_FEES and option.kind != "prospect" and not option.food_cost:
        return False
    return food_would_help(state, lambda now: option_refusal(now, option))


def tile_refusal(state: CavernaState, tile: str) -> Msg | None:
    """Why the active player cannot take ``tile`` now (``None``: they can)."""
    return refusal(state, {"type": "take_tile", "tile": tile})


def direct_action(option: Option) -> dict[str, Any]:
    """The action of an option that needs no further question."""
    if option.kind == "gain":
        return {"type": "gain", "good": option.good}
    if option.kind == "trade":
        return {"type": "trade", "give": option.good}
    return {"type": "prospect"}


def option_text(state: CavernaState, option: Option, lang: str) -> Msg | str:
    """An option's button text; a gain that a limit would cut says so before the tap."""
    label = option_label(state, option)
    if option.kind not in ("gain", "trade", "prospect"):
        return label
    result = outcome(state, direct_action(option))
    if result is None or not loses_goods(result):
        return label
    lost = msg("ui_caverna.option.lost", count=int(str(result.params.get("lost", 0))),
               amount=str(result.params.get("lost_good", "")))
    return f"{translate(label, lang)}\n{translate(lost, lang)}"


def plain_gains(state: CavernaState) -> list[dict[str, Any]]:
    """The gains of the tile in use that stand alone in their part and are still unused
    and accepted (what *Take all* takes)."""
    if state.turn is None:
        return []
    gains = []
    for index, part in enumerate(tile_parts(state.turn.tile, state.config.tile_rules)):
        if index in state.turn.used_parts or len(part) != 1 or part[0].kind != "gain":
            continue
        action = {"type": "gain", "good": part[0].good}
        if outcome(state, action) is not None:
            gains.append(action)
    return gains


def take_all_intents(state: CavernaState, gains: list[dict[str, Any]]) -> list[Intent]:
    """Submit every plain gain, then end the turn if nothing else is left to do."""
    intents: list[Intent] = []
    for action in gains:
        intents.append(Submit(action))
        state = GAME.apply(state, action)
    if nothing_left(state):
        intents += end_turn_intents(state)
    return intents


def flat_centre(layout: FlatLayout, size: tuple[int, int], gap: int) -> pygame.Rect:
    """The middle of a flat screen, reaching the side edges: Caverna has at most two
    seats, at the top and bottom edges, so nobody sits at the sides."""
    centre = layout.centre
    return pygame.Rect(gap // 2, centre.y, size[0] - gap, centre.height)


def notes_beside_end(state: CavernaState) -> bool:
    """Whether the notices share a row with *End the turn* (a tile of three parts needs
    the height for its option buttons)."""
    return state.phase == ACT and bool(shown_notices(state)) and len(turn_parts(state)) >= 3


def turn_key(state: CavernaState) -> tuple[int, int]:
    """Round and turns taken: changes whenever the turn passes to the next player."""
    return (state.round, state.turns_taken)


def option_key(spec: OptionSpec) -> str:
    """The stable widget key of an option button, e.g. ``caverna:option:1:gain:emmer``."""
    option = spec.option
    detail = option.good or option.fee or str(option.amount)
    return f"caverna:option:{spec.part}:{option.kind}:{detail}"


def tabs_for(state: CavernaState) -> tuple[str, ...]:
    """The right-column tabs: one per player, then the tiles and the display."""
    return (*(f"seat:{seat}" for seat in range(len(state.players))), *TABLE_TABS)


def tab_seat(tab: str) -> int | None:
    """The seat a player's tab stands for (``None`` for the table's tabs)."""
    return int(tab.split(":")[1]) if tab.startswith("seat:") else None


def tab_label(state: CavernaState, tab: str) -> Msg:
    """A tab's text: a player's name and points, or the tab's name."""
    if tab.startswith("seat:"):
        seat = int(tab.split(":")[1])
        return msg("ui_caverna.tab.seat", player=state.config.names[seat],
                   points=score(state, seat))
    return Msg(f"ui_caverna.tab.{tab}")


def fitting_tab_label(state: CavernaState, tab: str, lang: str, theme: Theme,
                      box: pygame.Rect, with_points: bool = True) -> str:
    """A tab's text in ``lang`` fitted into ``box``; a name too long is shortened with a dot.

    Without ``with_points`` a player's tab shows the name alone (the flat screen has
    the points on the player's own panel).
    """
    text = translate(tab_label(state, tab), lang)
    seat = tab_seat(tab)
    if seat is None:
        return text
    name = state.config.names[seat]
    points = score(state, seat)
    for length in range(len(name), 0, -1):
        short = name if length == len(name) else name[:length].rstrip() + "."
        shown = (msg("ui_caverna.tab.seat", player=short, points=points) if with_points
                 else msg("ui_caverna.turn.player", player=short))
        text = translate(shown, lang)
        fitted = fit_text(text, box.width, box.height, theme.text_size("small"),
                          theme.min_text_size("small"), True)
        if not fitted.overflow:
            break
    return text


UNSAID_NOTICES = frozenset({
    "caverna.notice.new_round",
    "caverna.notice.game_over",
    "caverna.notice.food_bonus",
})
"""Notices the play screen does not repeat: the new round and its start player are in
the header and the phase line, the final count is the score table, and the food of a
+1 food space is on the goods track and the dig's result already."""


def shown_notices(state: CavernaState) -> tuple[Msg, ...]:
    """The notices of the last step worth the table's attention: goods lost to a limit,
    the effects of blue rooms, the extra cavern to take."""
    return tuple(notice for notice in state.notices if notice.key not in UNSAID_NOTICES)
