"""The information panels of the Tikal play screen's right-hand column.

Each function lays out one tab — temples, treasures, the score track, the hex stack,
the scoring round, the auction round or the final result — in the rectangle it is
given, from the state alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg, msg
from companion.games.tikal.queries import TREASURE_KINDS
from companion.games.tikal.state import Phase, TikalState
from companion.ui.intents import Intent
from companion.ui.scene import Context
from companion.ui.theme import Theme
from companion.ui.tikal.parts import ColourChip, ScoreTrack, TapButton
from companion.ui.tikal.view import (
    AuctionWin,
    TempleRow,
    held_kinds,
    kinds_drawn,
    next_opener,
    player_treasure_points,
    ranking,
    scores_by_round,
    scoring_order,
    stack_left,
    stages,
    temple_name,
    temple_rows,
    tile_label,
    track_of,
    treasure_counts,
    winners,
)
from companion.ui.widgets import Label, ListItem, ListView, Panel, ScrollState, Widget

INFO_TABS: tuple[str, ...] = ("map", "temples", "treasures", "track", "stack")
"""The tabs shown in every phase."""

PHASE_TABS: tuple[str, ...] = ("round", "auction", "results")
"""The tabs that appear only in a scoring round, an auction round or at the end."""


def tabs_for(state: TikalState) -> tuple[str, ...]:
    """The tabs of the right column for a state, the phase's own one first.

    A phase with a tab of its own leaves out the stack's (its top letter and count
    stay on the left, under the phase's controls).
    """
    books = INFO_TABS[:-1]
    if state.phase == "finished":
        return ("results", *books)
    if state.scoring is not None:
        return ("round", *books)
    if state.phase in (Phase.REVEAL, Phase.AUCTION, Phase.CHOOSE):
        return ("auction", *books)
    return INFO_TABS


def rows(area: pygame.Rect, count: int, height: int, gap: int) -> list[pygame.Rect]:
    """``count`` rows of at most ``height`` filling ``area`` from the top."""
    if count <= 0:
        return []
    step = min(height + gap, (area.height + gap) // count)
    return [pygame.Rect(area.x, area.y + n * step, area.width, step - gap) for n in range(count)]


# ------------------------------------------------------------------ temples
def temples_panel(ctx: Context, state: TikalState, area: pygame.Rect,
                  scroll: ScrollState) -> list[Widget]:
    """Every temple: top number (and where it lies when another shows the same number),
    who controls it, strengths, guard and the next level's supply."""
    theme = ctx.theme
    items = [ListItem(_temple_text(state, row, ctx.lang), _temple_detail(state, row))
             for row in temple_rows(state)]
    return [ListView(area, items, theme.touch + theme.px(20), scroll, key="tikal:temples")]


def _temple_text(state: TikalState, row: TempleRow, lang: str) -> Msg:
    """The temple's main line: its name as the table reads it and who holds it."""
    hx = row.hex
    name = translate(temple_name(state, hx), lang)
    if hx.guard is not None:
        return msg("ui_tikal.temples.guarded", temple=name, player=state.players[hx.guard].name)
    if row.controller is not None:
        return msg("ui_tikal.temples.held", temple=name,
                   player=state.players[row.controller].name)
    key = "ui_tikal.temples.tie" if row.tie else "ui_tikal.temples.open"
    return msg(key, temple=name)


def _temple_detail(state: TikalState, row: TempleRow) -> Msg:
    """The temple's second line: strengths and the next level's supply."""
    present = [f"{p.name} {row.strengths[p.seat]}" for p in state.players
               if row.strengths[p.seat] > 0]
    power = " · ".join(present) if present else "—"
    if row.hex.guard is not None:
        return msg("ui_tikal.temples.detail_guarded", strengths=power)
    if row.next_level is None:
        return msg("ui_tikal.temples.detail_top", strengths=power)
    value, left = row.next_level
    return msg("ui_tikal.temples.detail", strengths=power, value=value, left=left)


# ------------------------------------------------------------------ treasures
def treasures_panel(ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
    """Per player: tokens held of each kind someone holds (a column a kind, so matching
    pictures read across a column) and what they are worth."""
    theme = ctx.theme
    name_w = area.width * 34 // 100
    points_w = area.width * 11 // 100
    cell_w = (area.width - name_w - points_w) // TREASURE_KINDS
    lines = rows(area, len(state.players) + 2, theme.touch, theme.px(4))
    header, body, footer = lines[0], lines[1:-1], lines[-1]
    widgets: list[Widget] = [Label(pygame.Rect(header.x, header.y, name_w, header.height),
                                   Msg("ui_tikal.treasures.kind"), "small",
                                   theme.palette.text_muted)]
    held = held_kinds(state)
    widgets.append(Label(pygame.Rect(header.right - points_w, header.y, points_w, header.height),
                         Msg("ui_tikal.treasures.points"), "small", theme.palette.text_muted,
                         "center"))
    for player, line in zip(state.players, body, strict=True):
        widgets.append(Panel(line))
        widgets += _name_cell(theme, pygame.Rect(line.x, line.y, name_w, line.height),
                              player.name, player.colour, player.seat)
        counts = treasure_counts(player)
        for column, kind in enumerate(held):
            count = counts[kind - 1]
            cell = pygame.Rect(line.x + name_w + column * cell_w, line.y, cell_w, line.height)
            colour = theme.palette.text if count else theme.palette.text_disabled
            widgets.append(Label(cell, str(count) if count else "·", "heading", colour,
                                 "center", bold=count > 0))
        widgets.append(Label(pygame.Rect(line.right - points_w, line.y, points_w, line.height),
                             str(player_treasure_points(player)), "heading", align="center",
                             bold=True))
    widgets.append(Label(footer, msg("ui_tikal.treasures.footer", left=state.tokens_left),
                         "small", theme.palette.text_muted))
    return widgets


def _name_cell(theme: Theme, cell: pygame.Rect, name: str, colour: str,
               seat: int) -> list[Widget]:
    """A colour chip (the seat's shape in the colour-safe palette) and a name."""
    side = min(cell.height - theme.px(16), theme.px(22))
    chip = pygame.Rect(cell.x + theme.px(6), cell.centery - side // 2, side, side)
    text = pygame.Rect(chip.right + theme.px(6), cell.y, cell.right - chip.right - theme.px(8),
                       cell.height)
    return [ColourChip(chip, colour, seat), Label(text, name, "body", bold=True)]


# ------------------------------------------------------------------ score track
def track_panel(ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
    """The score track with every cube, and each player's total, space and laps."""
    theme = ctx.theme
    side = min(area.height, area.width * 55 // 100)
    board = pygame.Rect(area.x, area.y, side, area.height)
    cubes = [(track_of(p)[0], p.colour, p.seat) for p in state.players]
    widgets: list[Widget] = [ScoreTrack(board, cubes)]
    column = pygame.Rect(board.right + theme.gap, area.y, area.right - board.right - theme.gap,
                         area.height)
    for player, line in zip(state.players, rows(column, len(state.players), theme.px(90),
                                                theme.px(4)), strict=True):
        widgets.append(Panel(line))
        top = pygame.Rect(line.x, line.y, line.width, line.height // 2)
        widgets += _name_cell(theme, top, player.name, player.colour, player.seat)
        space, laps = track_of(player)
        widgets.append(Label(pygame.Rect(line.x + theme.px(8), top.bottom, line.width
                                         - theme.px(12), line.height - top.height - 2),
                             msg("ui_tikal.track.where", total=player.score, space=space,
                                 laps=laps), "small", theme.palette.text_muted))
    return widgets


# ------------------------------------------------------------------ stack
def stack_panel(ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
    """Hexes drawn and left per kind, and hexes left under each letter."""
    theme = ctx.theme
    widgets: list[Widget] = []
    head = pygame.Rect(area.x, area.y, area.width, theme.px(34))
    widgets.append(Label(head, msg("ui_tikal.stack.summary", drawn=state.drawn,
                                   left=stack_left(state)), "body", bold=True))
    kinds = kinds_drawn(state)
    kinds_area = pygame.Rect(area.x, head.bottom + theme.px(4), area.width, theme.px(150))
    for (kind, drawn, left), line in zip(kinds, rows(kinds_area, len(kinds), theme.px(34),
                                                     theme.px(4)), strict=True):
        widgets.append(Panel(line))
        widgets.append(Label(line.inflate(-2 * theme.pad, 0),
                             msg("ui_tikal.stack.kind", kind=f"@ui_tikal.kind.{kind}",
                                 drawn=drawn, left=left), "body"))
    letters = stages(state)
    strip = pygame.Rect(area.x, kinds_area.bottom + theme.gap, area.width,
                        area.bottom - kinds_area.bottom - theme.gap)
    widgets.append(Label(pygame.Rect(strip.x, strip.y, strip.width, theme.px(26)),
                         Msg("ui_tikal.stack.letters"), "small", theme.palette.text_muted))
    boxes = pygame.Rect(strip.x, strip.y + theme.px(28), strip.width,
                        strip.height - theme.px(28))
    width = (boxes.width - (max(1, len(letters)) - 1) * theme.px(4)) // max(1, len(letters))
    for index, (letter, left, size, top) in enumerate(letters):
        box = pygame.Rect(boxes.x + index * (width + theme.px(4)), boxes.y, width,
                          min(boxes.height, theme.px(80)))
        fill = theme.palette.accent if top else theme.palette.surface
        ink = theme.palette.accent_text if top else (
            theme.palette.text if left else theme.palette.text_disabled)
        widgets.append(Panel(box, fill))
        half = box.height // 2
        widgets.append(Label(pygame.Rect(box.x, box.y, box.width, half), letter, "heading",
                             ink, "center", True))
        widgets.append(Label(pygame.Rect(box.x + 2, box.y + half, box.width - 4, half - 2),
                             f"{left}/{size}", "small", ink, "center"))
    return widgets


# ------------------------------------------------------------------ scoring round
def round_panel(ctx: Context, state: TikalState, area: pygame.Rect,
                open_count: Callable[[], list[Intent]]) -> list[Widget]:
    """The scoring round: order, who scored what, the preview, and the counting screen."""
    theme = ctx.theme
    widgets: list[Widget] = []
    button = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
    widgets.append(TapButton(button, Msg("ui_tikal.round.count"), open_count, "primary",
                             key="tikal:count"))
    head = pygame.Rect(area.x, area.y, area.width, theme.px(30))
    widgets.append(Label(head, Msg("ui_tikal.round.order"), "small", theme.palette.text_muted))
    listed = pygame.Rect(area.x, head.bottom, area.width, button.y - head.bottom - theme.gap)
    widgets += order_rows(ctx, state, listed)
    return widgets


def order_rows(ctx: Context, state: TikalState, area: pygame.Rect,
               counted: int | None = None) -> list[Widget]:
    """The scoring order: each player with ``done +N``, ``now ~N`` or ``waiting``;
    ``counted``: the points the player now scoring gets as the table counted them (the
    counting screen's figure, shown without "about")."""
    theme = ctx.theme
    widgets: list[Widget] = []
    order = scoring_order(state)
    for entry, line in zip(order, rows(area, len(order), theme.px(56), theme.px(4)),
                           strict=True):
        player = state.players[entry.seat]
        now = entry.status == "now"
        widgets.append(Panel(line, theme.palette.surface_high if now else None))
        name = pygame.Rect(line.x, line.y, line.width * 45 // 100, line.height)
        widgets += _name_cell(theme, name, player.name, player.colour, player.seat)
        status = msg(f"ui_tikal.round.{entry.status}", points=entry.points or 0)
        if now and counted is not None:
            status = msg("ui_tikal.round.now_counted", points=counted)
        widgets.append(Label(pygame.Rect(name.right, line.y, line.right - name.right
                                         - theme.pad, line.height), status, "body",
                             theme.palette.accent if now else theme.palette.text,
                             "right", bold=now))
    return widgets


# ------------------------------------------------------------------ auction round
def auction_panel(ctx: Context, state: TikalState, area: pygame.Rect,
                  wins: Sequence[AuctionWin]) -> list[Widget]:
    """Revealed hexes still to take, who took what this round and who opens next."""
    theme = ctx.theme
    widgets: list[Widget] = []
    head = pygame.Rect(area.x, area.y, area.width, theme.px(28))
    widgets.append(Label(head, msg("ui_tikal.auction.revealed", count=len(state.revealed)),
                         "small", theme.palette.text_muted))
    tiles = pygame.Rect(area.x, head.bottom, area.width, theme.px(48))
    count = max(1, len(state.revealed))
    width = (tiles.width - (count - 1) * theme.gap) // count
    for index, tile in enumerate(state.revealed):
        box = pygame.Rect(tiles.x + index * (width + theme.gap), tiles.y, width, tiles.height)
        widgets.append(Panel(box, theme.palette.surface_high))
        widgets.append(Label(box.inflate(-theme.px(8), -theme.px(4)), tile_label(tile), "body",
                             align="center", bold=True))
    won_head = pygame.Rect(area.x, tiles.bottom + theme.gap, area.width, theme.px(28))
    widgets.append(Label(won_head, Msg("ui_tikal.auction.won_head"), "small",
                         theme.palette.text_muted))
    opener = next_opener(state)
    foot_h = theme.px(40) if opener is not None else 0
    listed = pygame.Rect(area.x, won_head.bottom, area.width,
                         area.bottom - won_head.bottom - foot_h)
    if not wins:
        widgets.append(Label(pygame.Rect(listed.x, listed.y, listed.width, theme.px(40)),
                             Msg("ui_tikal.auction.none_yet"), "body",
                             theme.palette.text_disabled))
    for win, line in zip(wins, rows(listed, len(wins), theme.px(44), theme.px(4)), strict=False):
        widgets.append(Panel(line))
        key = "ui_tikal.auction.won_paid" if win.paid else "ui_tikal.auction.won_free"
        half = line.width // 2
        widgets.append(Label(pygame.Rect(line.x + theme.pad, line.y, half - theme.pad,
                                         line.height), msg(key, player=win.player, paid=win.paid),
                             "body"))
        widgets.append(Label(pygame.Rect(line.x + half, line.y, half - theme.pad, line.height),
                             tile_label(win.tile), "body", align="right", bold=True))
    if opener is not None:
        foot = pygame.Rect(area.x, area.bottom - foot_h, area.width, foot_h)
        widgets.append(Label(foot, msg("ui_tikal.auction.next", player=state.players[opener].name),
                             "body", theme.palette.accent, bold=True))
    return widgets


# ------------------------------------------------------------------ results
def results_panel(ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
    """Final ranking with each scoring round's points."""
    theme = ctx.theme
    by_round = scores_by_round(state)
    rounds = sorted(by_round)
    name_w = area.width * 32 // 100
    total_w = area.width * 16 // 100
    cell_w = (area.width - name_w - total_w) // max(1, len(rounds))
    lines = rows(area, len(state.players) + 1, theme.px(60), theme.px(4))
    header = lines[0]
    widgets: list[Widget] = []
    for index, number in enumerate(rounds):
        cell = pygame.Rect(header.x + name_w + index * cell_w, header.y, cell_w, header.height)
        widgets.append(Label(cell, msg("ui_tikal.results.round", number=number), "small",
                             theme.palette.text_muted, "center"))
    widgets.append(Label(pygame.Rect(header.right - total_w, header.y, total_w, header.height),
                         Msg("ui_tikal.results.total"), "small", theme.palette.text_muted,
                         "center"))
    best = {p.seat for p in winners(state)}
    for player, line in zip(ranking(state), lines[1:], strict=True):
        won = player.seat in best
        widgets.append(Panel(line, theme.palette.surface_high if won else None))
        widgets += _name_cell(theme, pygame.Rect(line.x, line.y, name_w, line.height),
                              player.name, player.colour, player.seat)
        for index, number in enumerate(rounds):
            cell = pygame.Rect(line.x + name_w + index * cell_w, line.y, cell_w, line.height)
            points = by_round[number].get(player.seat, 0)
            widgets.append(Label(cell, f"+{points}", "body", align="center"))
        widgets.append(Label(pygame.Rect(line.right - total_w, line.y, total_w, line.height),
                             str(player.score), "title",
                             theme.palette.accent if won else theme.palette.text, "center",
                             True))
    return widgets
