"""Pickers shown over the play screen: which equipment card was drawn.

The deck is shuffled on the table, so the app asks which card came up; the cards
already in someone's hand or used up are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.fuji import GAME
from companion.games.fuji.queries import ConditionCard, cards_left_for, drawable_cards
from companion.games.fuji.state import Board, Cell, PendingKind, Position, State
from companion.ui import layout
from companion.ui.flat import facing, seat_angle
from companion.ui.fonts import rendered
from companion.ui.fuji.draw import draw_condition
from companion.ui.fuji.view import phase_five_over, table_state
from companion.ui.intents import CloseDialog, Intent, ShowDialog, Submit
from companion.ui.scene import Context, Scene
from companion.ui.theme import Theme
from companion.ui.widgets import Button, Label, ListItem, ListView, Panel, ScrollState, Widget
from companion.ui.widgets import Shade as Shade


def free_cards(state: State) -> tuple[str, ...]:
    """Equipment cards still in the deck (not in a hand, not used up)."""
    return drawable_cards(state)


def draw_action(seat: int, card: str | None) -> dict[str, object]:
    """The action recording that ``seat`` drew ``card`` (``None``: the deck was empty)."""
    return {"type": "draw_equipment", "player": seat, "card": card}


def drawn(state: State, seat: int, card: str | None) -> tuple[Intent, ...]:
    """Close the picker and record the draw; when that was the last thing phase 5 owed,
    the eruption starts with the same tap (the screen then says which cards flip)."""
    action = draw_action(seat, card)
    entry: tuple[Intent, ...] = (CloseDialog(), Submit(action))
    try:
        after = GAME.apply(state, action)
    except IllegalActionError:
        return entry
    return (*entry, Submit({"type": "advance"})) if phase_five_over(after) else entry


GRID_MOST = 15
"""Most cards the picker shows all at once, as the set-up's hand picker does (the whole
deck); a longer list (an edited deck) scrolls."""


class CardPickerDialog(Scene):
    """Ask which equipment card a player drew: every card left in the deck at once (a
    list that scrolls only past :data:`GRID_MOST` cards)."""

    overlay = True

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        """The player who draws."""
        self.scroll = ScrollState()
        """Scroll position of the card list."""

    def build(self, ctx: Context) -> list[Widget]:
        """A box with the question, the card list and the deck-empty and cancel buttons;
        on a flat table it is turned to face the drawing player (a grid of the cards then,
        which needs no scrolling)."""
        session = ctx.session
        if session is None:
            return []
        state: State = session.state
        theme = ctx.theme
        screen = ctx.screen
        box = screen.inflate(-2 * theme.px(60), -2 * theme.gap)
        angle = seat_angle(ctx, self.seat, len(state.players))
        if angle % 360:
            return [Shade(screen), *facing(box, angle, lambda area: self._grid(ctx, state, area),
                                           "fuji:cards:panel")]
        if len(free_cards(state)) <= GRID_MOST:
            return [Shade(screen), *self._grid(ctx, state, screen.inflate(-2 * theme.gap,
                                                                          -2 * theme.gap))]
        inner = box.inflate(-2 * theme.pad, -2 * theme.pad)
        title_h = theme.px(40)
        widgets: list[Widget] = [Shade(screen), Panel(box), self._title(state, inner, title_h)]
        buttons_y = inner.bottom - theme.touch
        items = [
            ListItem(Msg(f"fuji.equipment.{card}"), Msg(f"fuji.equipment.{card}.help"),
                     drawn(state, self.seat, card))
            for card in free_cards(state)
        ]
        lst = pygame.Rect(inner.x, inner.y + title_h + theme.gap, inner.width,
                          buttons_y - inner.y - title_h - 2 * theme.gap)
        widgets.append(ListView(lst, items, max(theme.touch, theme.px(64)), self.scroll,
                                key="fuji:cards"))
        return widgets + self._foot(state, inner, theme)

    def _grid(self, ctx: Context, state: State, area: pygame.Rect) -> list[Widget]:
        """The picker built upright in ``area``: the question, one button per card left in
        the deck (two or three to a row), and the deck-empty and cancel buttons."""
        theme = ctx.theme
        inner = area.inflate(-2 * theme.pad, -2 * theme.pad)
        title_h = theme.px(48)
        widgets: list[Widget] = [Panel(area), self._title(state, inner, title_h)]
        buttons_y = inner.bottom - theme.touch
        cards = free_cards(state)
        grid = pygame.Rect(inner.x, inner.y + title_h + theme.gap, inner.width,
                           buttons_y - inner.y - title_h - 2 * theme.gap)
        columns = 3 if grid.width >= theme.px(600) else 2
        cells = layout.grid(grid, len(cards), theme.gap, columns, theme.px(64))
        widgets += [Button(rect, Msg(f"fuji.equipment.{card}"), drawn(state, self.seat, card),
                           role="small", key=f"fuji:card:{card}")
                    for rect, card in zip(cells, cards, strict=True)]
        return widgets + self._foot(state, inner, theme)

    def _title(self, state: State, inner: pygame.Rect, height: int) -> Label:
        """The question at the top of ``inner``: which card the drawing player took."""
        name = state.players[self.seat].name if self.seat < len(state.players) else ""
        return Label(pygame.Rect(inner.x, inner.y, inner.width, height),
                     msg("ui_fuji.draw.question", name=name), "heading", bold=True,
                     align="center")

    def _foot(self, state: State, inner: pygame.Rect, theme: Theme) -> list[Widget]:
        """The deck-empty and cancel buttons side by side at the foot of ``inner``."""
        buttons_y = inner.bottom - theme.touch
        half = (inner.width - theme.gap) // 2
        return [
            Button(pygame.Rect(inner.x, buttons_y, half, theme.touch),
                   Msg("ui_fuji.draw.deck_empty"), drawn(state, self.seat, None),
                   key="fuji:deck-empty"),
            Button(pygame.Rect(inner.x + half + theme.gap, buttons_y, half, theme.touch),
                   Msg("ui.common.cancel"), (CloseDialog(),), "quiet", key="fuji:cancel"),
        ]



class ZoomedCard(Widget):
    """One terrain card drawn large: its dice condition and, if printed, the reroll symbol."""

    def __init__(self, rect: pygame.Rect, cell: Cell) -> None:
        super().__init__(rect)
        self.cell = cell
        """The card shown."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw the condition across the card, the reroll mark above it."""
        safe = bool(theme.palette.colour_safe)
        face = self.rect
        pygame.draw.rect(surface, (236, 226, 196), face, border_radius=face.height // 10)
        strip = face.inflate(-face.width // 8, -face.height // 2)
        strip.bottom = face.bottom - face.height // 10
        if self.cell.condition is not None:
            draw_condition(surface, strip, self.cell.condition, safe)
        if self.cell.reroll_symbol:
            size = face.height // 4
            centre = (face.x + size, face.y + size)
            pygame.draw.circle(surface, (40, 40, 40), centre, size * 3 // 4, max(3, size // 6))
            pygame.draw.polygon(surface, (40, 40, 40), [
                (centre[0] + size * 3 // 4 - size // 4, centre[1] - size // 3),
                (centre[0] + size * 3 // 4 + size // 4, centre[1] - size // 3),
                (centre[0] + size * 3 // 4, centre[1] + size // 6)])


class CardZoomDialog(Scene):
    """A card of the map shown large; any tap closes it."""

    overlay = True

    def __init__(self, position: Position, cell: Cell) -> None:
        super().__init__()
        self.position = position
        """Where the card lies on the map."""
        self.cell = cell
        """The card."""

    def build(self, ctx: Context) -> list[Widget]:
        """Shade, the big card, where it lies and a close button."""
        theme = ctx.theme
        width, height = ctx.size
        frame = pygame.Rect(0, 0, width * 3 // 5, height * 4 // 5)
        frame.center = (width // 2, height // 2)
        title_h = theme.touch
        card = pygame.Rect(frame.x + theme.pad, frame.y + title_h + theme.gap,
                           frame.width - 2 * theme.pad,
                           frame.height - 2 * title_h - 3 * theme.gap)
        row, col = self.position
        where = msg("ui_fuji.layout.where", row=row + 1, col=col + 1)
        close = pygame.Rect(frame.x + theme.pad, frame.bottom - title_h - theme.gap,
                            frame.width - 2 * theme.pad, title_h)
        return [
            Shade(ctx.screen),
            Panel(frame),
            Label(pygame.Rect(frame.x + theme.pad, frame.y + theme.gap // 2,
                              frame.width - 2 * theme.pad, title_h), where, "heading",
                  bold=True, align="center"),
            ZoomedCard(card, self.cell),
            Button(close, Msg("ui_fuji.common.done"), (CloseDialog(),), "primary",
                   key="zoom:close"),
        ]


LAYOUT_COLOURS: dict[str, tuple[int, int, int]] = {
    "crater": (150, 30, 30),
    "scoria": (110, 100, 100),
    "landscape": (70, 120, 70),
    "village": (200, 165, 60),
}
"""Background of each kind of card in the lay-out view."""


class LayoutGrid(Widget):
    """The map as wide cards filling the area, each showing its printed condition large.

    Cards are as wide as the area allows (not square), so the condition of each can be
    read from across the table; a tap on a card asks ``on_tap`` (to show it larger).
    """

    interactive = True

    def __init__(self, rect: pygame.Rect, board: Board,
                 on_tap: Callable[[Position], list[Intent]]) -> None:
        super().__init__(rect, "layout:grid")
        self.board = board
        """The cards laid out."""
        self.on_tap = on_tap
        """What a tap on a card asks for."""

    def cell_rect(self, position: Position) -> pygame.Rect:
        """Where the card at ``position`` is drawn."""
        width = self.rect.width // max(1, self.board.cols)
        height = self.rect.height // max(1, self.board.rows)
        row, col = position
        return pygame.Rect(self.rect.x + col * width, self.rect.y + row * height,
                           width - 2, height - 2)

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """Draw every card: its kind as a colour, its condition and its reroll mark."""
        safe = bool(theme.palette.colour_safe)
        for position in self.board.positions():
            cell = self.board.cell(position)
            if cell is None:
                continue
            box = self.cell_rect(position)
            pygame.draw.rect(surface, LAYOUT_COLOURS[cell.kind.value], box,
                             border_radius=max(3, box.height // 8))
            if cell.condition is None:
                continue
            mark = box.height * 2 // 5 if cell.reroll_symbol else 0
            strip = pygame.Rect(box.x + 3 + mark, box.y + box.height // 5,
                                box.width - 6 - mark, box.height * 3 // 5)
            draw_condition(surface, strip, cell.condition, safe)
            if mark:
                image = rendered("↻", mark + 8, True, (255, 255, 255))
                surface.blit(image, (box.x + 2, box.y + 2))

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """A tap on a card asks for it."""
        for position in self.board.positions():
            if self.cell_rect(position).collidepoint(pos):
                return self.on_tap(position)
        return []


class NameCardDialog(Scene):
    """Which printed card lies under a new marker: tap it among the cards not laid yet.

    The bottom row answers just the reroll symbol, which is all that typed totals need.
    """

    overlay = True

    def __init__(self, title: Msg, position: Position, cards: tuple[ConditionCard, ...]) -> None:
        super().__init__()
        self.title = title
        """The question."""
        self.position = position
        """The card asked about."""
        self.cards = cards
        """The catalogue cards it may be."""

    def build(self, ctx: Context) -> list[Widget]:
        """Title, a grid of the cards still in the pile, and the reroll-only answers."""
        from companion.ui.fuji.editor import CardButton

        theme = ctx.theme
        frame = ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap)
        head = pygame.Rect(frame.x + theme.gap, frame.y + theme.gap // 2,
                           frame.width - 2 * theme.gap, theme.px(40))
        bottom = pygame.Rect(head.x, frame.bottom - theme.touch - theme.gap // 2, head.width,
                             theme.touch)
        widgets: list[Widget] = [Shade(ctx.screen), Panel(frame),
                                 Label(head, self.title, "small", bold=True, align="center")]
        faces = printed_faces(self.cards)
        columns = 6
        rows = max(1, -(-len(faces) // columns))
        gap = theme.px(4)
        area_h = bottom.y - head.bottom - 2 * gap
        width = (head.width - (columns - 1) * gap) // columns
        height = max(MIN_CARD, min(theme.px(72), (area_h - (rows - 1) * gap) // rows))
        cell = [self.position[0], self.position[1]]
        state = ctx.session.state if ctx.session is not None else None
        for index, card in enumerate(faces):
            rect = pygame.Rect(head.x + (index % columns) * (width + gap),
                               head.bottom + gap + (index // columns) * (height + gap),
                               width, height)
            named = Submit({"type": "name_card", "cell": cell, "card": card.card_id})
            widgets.append(CardButton(rect, card.card_id, card.condition, card.reroll_symbol,
                                      _intents(named, state), False, show_id=False))
        third = (bottom.width - 2 * theme.gap) // 3
        answers = (("ui_fuji.card.reroll_yes", True), ("ui_fuji.card.reroll_no", False))
        for index, (key, reroll) in enumerate(answers):
            rect = pygame.Rect(bottom.x + index * (third + theme.gap), bottom.y, third,
                               bottom.height)
            only = Submit({"type": "name_card", "cell": cell, "reroll": reroll})
            widgets.append(Button(rect, Msg(key), tuple(_intents(only, state)()), role="small",
                                  key=f"namecard:reroll:{str(reroll).lower()}"))
        widgets.append(Button(pygame.Rect(bottom.right - third, bottom.y, third, bottom.height),
                              Msg("ui.common.cancel"), (CloseDialog(),), "quiet", role="small",
                              key="namecard:cancel"))
        return widgets


def printed_faces(cards: tuple[ConditionCard, ...]) -> tuple[ConditionCard, ...]:
    """One card per printed face (condition and reroll symbol): cards that look alike on
    the table play alike, so the table is shown each face once, in catalogue order."""
    seen: set[tuple[object, bool]] = set()
    faces: list[ConditionCard] = []
    for card in cards:
        face = (card.condition, card.reroll_symbol)
        if face not in seen:
            seen.add(face)
            faces.append(card)
    return tuple(faces)


MIN_CARD = 48
"""Smallest height of a card button in the naming grid (the rows of 24 cards must fit)."""


def _intents(submit: Submit, state: State | None = None) -> Callable[[], list[Intent]]:
    """A tap that closes the dialog and records the card; when another card is owed a
    question after it (in ``state``), that question is asked at once: it would be the
    table's next tap anyway."""
    entry: list[Intent] = [CloseDialog(), submit]
    following = None if state is None else next_card_question(state, submit.action)
    return lambda: [*entry, *([following] if following is not None else [])]


def next_card_question(state: State, action: Mapping[str, object]) -> Intent | None:
    """The card question still owed once ``action`` is recorded, if any (in the phase
    the player cards show, as they would ask it next)."""
    try:
        after = table_state(GAME.apply(state, action))
    except IllegalActionError:
        return None
    owed = next((p for p in after.pending if p.kind is PendingKind.CARD and p.cell is not None),
                None)
    if owed is None or owed.cell is None:
        return None
    return card_question(after, owed.seat, owed.cell)


def card_question(state: State, seat: int, position: Position) -> Intent:
    """Ask what the card under ``seat``'s marker shows: the printed card, or its symbol."""
    title = msg("ui_fuji.card.question_marker", name=state.players[seat].name)
    return ShowDialog(NameCardDialog(title, position, cards_left_for(state, position)))
