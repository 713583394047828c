"""The equipment screen: each player's hand, and using a card with its targets.

Left: the selected player's cards with what each does and a *Use* button.  Right:
the targets the card needs, asked one step at a time — a card on the map (rope,
binoculars), a teammate (lighter, map, water bottle), a die as colour and value
(lighter, map), up to two dice (machete), or the card a pocket knife copies.  Cards
without targets are used at once.  The rules check every use and say why one is
refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from companion.core.messages import Msg, msg
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.queries import orthogonal
from companion.games.fuji.state import EQUIPMENT_CARDS, Phase, Position, State, TerrainKind
from companion.ui.fuji.board_view import BoardPicture, BoardView
from companion.ui.fuji.dice import DieButton
from companion.ui.fuji.dice_entry import DIE_COLOURS, DIE_VALUES
from companion.ui.fuji.panels import TapButton, chosen_style, greyed_button
from companion.ui.fuji.view import board_picture, equipment_state
from companion.ui.intents import Back, CloseDialog, Intent, Notify, Redraw, Submit
from companion.ui.scene import Context, GameScene
from companion.ui.widgets import (
    Button,
    Label,
    ListItem,
    ListView,
    Panel,
    RowButton,
    ScrollState,
    Widget,
)

CARD_STEPS: dict[str, tuple[str, ...]] = {
    "binoculars": ("swap", "swap"),
    "rope": ("step",),
    "lighter": ("from", "die"),
    "map": ("to", "die"),
    "machete": ("dice",),
    "water_bottle": ("water",),
    "pocket_knife": ("copy",),
}
"""The targets each card asks for, in order (cards not listed need none)."""

CARD_PHASE_KEYS: dict[str, str] = {
    "binoculars": "ui_fuji.equipment.phase_2",
    "torch": "ui_fuji.equipment.phase_2",
    "radio": "ui_fuji.equipment.phase_2_4",
    "rope": "ui_fuji.equipment.phase_2_4",
    "pocket_knife": "ui_fuji.equipment.phase_any",
}
"""When a card may be played, for the hand list (the others: phase 4)."""

WHY_NOT_NOW: dict[str, str] = {
    "fuji.error.equipment.broken_arm": "ui_fuji.equipment.why_arm",
    "fuji.error.equipment.fresh_card": "ui_fuji.equipment.why_fresh",
    "fuji.error.equipment.knife_not_visible": "ui_fuji.equipment.why_nothing",
    "fuji.error.equipment.nothing_to_act_on": "ui_fuji.equipment.why_nothing",
}
"""Short reasons, in a hand row, that a card offers no *Use* now (a card of another
phase keeps its phase line, which already says when it is played)."""

CLOSING_STEPS: frozenset[str] = frozenset({"use_equipment", "set_die_aside"})
"""Steps after which the dialog has nothing left to offer that player now: a card used,
the Buddy's one die of the round set aside."""

SEAT_FIELDS: dict[str, str] = {"give": "to"}
"""Steps whose chosen seat goes into a field of another name."""

HELP_BLOCK = 88
"""Most height (at 800x480) one card's help takes beside the hand."""

HELP_SHOWN = 4
"""Cards of the hand whose help is shown beside the list."""

MACHETE_MOST = 2
"""Most dice the machete sets aside."""

DEAL_COLUMNS = 5
"""Columns of the dealing grid (the fifteen cards in three rows across the screen)."""


@dataclass(frozen=True)
class CardUse:
    """A card being used: the fields gathered so far and the step reached."""

    seat: int
    """The user."""
    card: str
    """The card played (or given, or a skill id for skill actions)."""
    steps: tuple[str, ...]
    """The targets still to ask for, first one next."""
    fields: dict[str, Any] = field(default_factory=dict)
    """The action fields gathered."""
    action_type: str = "use_equipment"
    """The action submitted at the end (equipment use, a skill action, or a dealt card)."""

    def action(self) -> dict[str, Any]:
        """The action with the gathered fields."""
        action: dict[str, Any] = {"type": self.action_type, "player": self.seat}
        if self.action_type in ("use_equipment", "give_equipment"):
            action["card"] = self.card
        return {**action, **self.fields}

    def then(self, **fields: Any) -> CardUse:
        """The use after one more step answered with ``fields``."""
        return replace(self, steps=self.steps[1:], fields={**self.fields, **fields})


def start_use(seat: int, card: str) -> CardUse:
    """Begin using ``card``: the steps it needs."""
    return CardUse(seat, card, CARD_STEPS.get(card, ()))


SKILL_ACTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "buddy": ("set_die_aside", ("die",)),
    "gatherer": ("spend_energy", ("target", "bars")),
}
"""Skills with an action of their own: the action type and the targets it asks for."""


def start_skill(seat: int, skill: str) -> CardUse | None:
    """Begin a skill action (``None``: the skill has none)."""
    if skill not in SKILL_ACTIONS:
        return None
    action_type, steps = SKILL_ACTIONS[skill]
    return CardUse(seat, skill, steps, action_type=action_type)


def start_give(seat: int, card: str) -> CardUse:
    """The Equipment Manager hands ``card`` to a teammate."""
    return CardUse(seat, card, ("give",), action_type="give_equipment")


def start_deal(seat: int) -> CardUse:
    """Record a card dealt to ``seat`` (set-up hands, the table's own deals)."""
    return CardUse(seat, "", ("deal",), action_type="add_equipment")


def copy_use(use: CardUse, copied: str) -> CardUse:
    """A pocket knife copying ``copied``: the copied card's steps follow."""
    return replace(use, steps=CARD_STEPS.get(copied, ()), fields={**use.fields, "copy": copied})


def use_title(use: CardUse) -> Msg:
    """The question of the next step, naming the card or skill in use."""
    name = f"@fuji.equipment.{use.card}"
    if use.action_type in ("set_die_aside", "spend_energy"):
        name = f"@fuji.skill.{use.card}"
    elif use.action_type == "add_equipment":
        name = "@ui_fuji.equipment.deal"
    return msg(f"ui_fuji.equipment.step_{use.steps[0]}", card=name)


def rope_cells(state: State, seat: int) -> frozenset[Position]:
    """Landscape cards next to the user's pawn that are not lava."""
    here = state.players[seat].position
    found = set()
    for position in orthogonal(here):
        cell = state.board.cell(position)
        if cell is not None and cell.kind is TerrainKind.LANDSCAPE and not cell.lava:
            found.add(position)
    return frozenset(found)


def swap_cells(state: State) -> frozenset[Position]:
    """Landscape cards with nothing on them (binoculars)."""
    taken = {p.position for p in state.players} | {
        p.destination for p in state.players if p.destination is not None
    }
    found = set()
    for position in state.board.positions():
        cell = state.board.cell(position)
        if (cell is not None and cell.kind is TerrainKind.LANDSCAPE and not cell.lava
                and not cell.equipment_token and not cell.eruption_token
                and position not in taken):
            found.add(position)
    return frozenset(found)


def visible_cards(state: State) -> tuple[str, ...]:
    """Cards in anyone's hand that a pocket knife may copy."""
    seen: list[str] = []
    for someone in state.players:
        for card in someone.equipment:
            if card != "pocket_knife" and card not in seen:
                seen.append(card)
    return tuple(seen)


class EquipmentScene(GameScene):
    """Show the hands and use a card (see the module documentation)."""

    needs_session = True

    def __init__(self, seat: int | None = None, as_dialog: bool = False,
                 everyone: bool = False) -> None:
        super().__init__()
        self.seat = seat
        """The player whose hand is shown."""
        self.everyone = everyone
        """Show every card any player can use now, each with its holder, so a card is one
        tap away whoever holds it (until a player's tab is chosen)."""
        self.as_dialog = as_dialog
        """Opened over the play screen."""
        self.use: CardUse | None = None
        """The card being used, if targets are being chosen."""
        self.scroll = ScrollState()
        """Scroll position of the hand."""
        self.picked_dice: tuple[tuple[str, int], ...] = ()
        """Dice picked so far for the machete."""
        self.cells_offered: frozenset[Position] = frozenset()
        """The cards outlined on the map of the step being asked (others take no tap)."""

    def current(self, state: State) -> int:
        """The player shown: the chosen one, else the first holding cards."""
        if self.seat is not None and self.seat < len(state.players):
            return self.seat
        for someone in state.players:
            if someone.equipment:
                return someone.seat
        return 0

    # ---------------------------------------------------------------- taps
    def choose(self, seat: int) -> list[Intent]:
        """Show another player's hand."""
        self.seat = seat
        self.everyone = False
        dealing = self.use is not None and self.use.action_type == "add_equipment"
        self.use = start_deal(seat) if dealing else None
        return [Redraw()]

    def begin(self, seat: int, card: str) -> list[Intent]:
        """Start using a card; cards without targets are submitted at once."""
        use = start_use(seat, card)
        return self.advance_use(use)

    def begin_other(self, use: CardUse | None) -> list[Intent]:
        """Start a skill action, a gift or a dealt card."""
        if use is None:
            return []
        return self.advance_use(use)

    def advance_use(self, use: CardUse) -> list[Intent]:
        """Ask the next target, or submit when none is left."""
        self.picked_dice = ()
        if use.steps:
            self.use = use
            return [Redraw()]
        self.use = None
        action = use.action()
        if use.action_type == "add_equipment":
            self.use = start_deal(use.seat)  # dealing goes on until Done or Cancel
        if self.as_dialog and action.get("type") in CLOSING_STEPS:
            return [Submit(action), CloseDialog()]
        return [Submit(action)]

    def cancel(self) -> list[Intent]:
        """Stop using the card."""
        self.use = None
        self.picked_dice = ()
        return [Redraw()]

    def answer_cell(self, position: Position) -> list[Intent]:
        """A card tapped on the map for rope or binoculars."""
        use = self.use
        if use is None or position not in self.cells_offered:
            return []
        cell = [position[0], position[1]]
        if use.steps[0] == "step":
            return self.advance_use(use.then(cell=cell))
        cells = [*use.fields.get("cells", []), cell]
        return self.advance_use(use.then(cells=cells))

    def answer(self, **fields: Any) -> list[Intent]:
        """A target chosen by a button."""
        if self.use is None:
            return []
        return self.advance_use(self.use.then(**fields))

    def answer_copy(self, copied: str) -> list[Intent]:
        """The card a pocket knife copies."""
        if self.use is None:
            return []
        return self.advance_use(copy_use(self.use, copied))

    def pick_die(self, colour: str, value: int) -> list[Intent]:
        """A die for the lighter or the map (one), or the machete (up to two)."""
        if self.use is None:
            return []
        if self.use.steps[0] == "die":
            return self.answer(die=[colour, value])
        if len(self.picked_dice) < MACHETE_MOST:
            self.picked_dice = (*self.picked_dice, (colour, value))
        return [Redraw()]

    def finish_dice(self) -> list[Intent]:
        """Use the machete on the dice picked."""
        dice = [[colour, value] for colour, value in self.picked_dice]
        return self.answer(dice=dice)

    # ---------------------------------------------------------------- build
    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """Header, player tabs, the hand and the target panel."""
        state: State = equipment_state(session.state)
        theme = ctx.theme
        seat = self.current(state)
        widgets = self._header(ctx, state, seat)
        top = theme.bar_height + theme.gap
        if self.use is not None and self.use.steps[0] in ("step", "swap"):
            whole = pygame.Rect(theme.gap, top, ctx.size[0] - 2 * theme.gap,
                                ctx.size[1] - top - theme.gap)
            return widgets + self._map_targets(ctx, state, whole, self.use)
        tabs = pygame.Rect(theme.gap, top, ctx.size[0] - 2 * theme.gap, theme.touch)
        widgets += self._tabs(ctx, state, tabs, seat)
        body_top = tabs.bottom + theme.gap
        body = pygame.Rect(theme.gap, body_top, tabs.width, ctx.size[1] - body_top - theme.gap)
        if self.use is not None and self.use.steps[0] == "deal":
            return widgets + self._targets(ctx, state, body)  # every card at once, wide
        hand = pygame.Rect(body.x, body.y, body.width * 46 // 100, body.height)
        right = pygame.Rect(hand.right + theme.gap, body.y, body.right - hand.right - theme.gap,
                            body.height)
        widgets += self._hand(ctx, state, hand, seat)
        widgets += self._targets(ctx, state, right)
        return widgets

    def usable(self, state: State) -> list[tuple[int, str]]:
        """Every ``(seat, card)`` a player could use now, in seat order (everyone mode)."""
        if not self.everyone:
            return []
        return [(someone.seat, card) for someone in state.players
                for card in dict.fromkeys(someone.equipment)
                if GAME.card_refusal(state, someone.seat, card) is None]

    def _header(self, ctx: Context, state: State, seat: int) -> list[Widget]:
        theme = ctx.theme
        bar = pygame.Rect(0, 0, ctx.size[0], theme.bar_height)
        widgets: list[Widget] = [Panel(bar, theme.palette.surface, border=False)]
        width = max(theme.touch, theme.px(120))
        done = pygame.Rect(bar.right - theme.gap - width, (bar.height - theme.touch) // 2,
                           width, theme.touch)
        close: Intent = CloseDialog() if self.as_dialog else Back()
        widgets.append(Button(done, Msg("ui_fuji.common.done"), (close,), "primary",
                              key="eq:done"))
        name = state.players[seat].name
        everyone = bool(self.usable(state))
        if everyone:
            name = "@ui_fuji.equipment.everyone"
        widgets += self._seat_buttons(ctx, state, done, seat, everyone)
        left = min(w.rect.x for w in widgets[1:])
        phase = msg("ui_fuji.equipment.title", name=name,
                    phase=f"@ui_fuji.phase.{state.phase.value}")
        widgets.append(Label(pygame.Rect(theme.pad, 0, left - 2 * theme.pad, bar.height),
                             phase, "heading", bold=True))
        return widgets

    def _seat_buttons(self, ctx: Context, state: State, done: pygame.Rect, seat: int,
                      everyone: bool) -> list[Widget]:
        """Deal a card to the shown player and, if their skill acts, use it.  Showing
        everyone's cards, only the skill of the player the table waits for is offered
        (named by the skill, which says whose it is); dealing waits for a tab."""
        theme = ctx.theme
        step = done.width + theme.gap
        deal = done.move(-step, 0)
        widgets: list[Widget] = []
        if not everyone:
            widgets.append(TapButton(deal, Msg("ui_fuji.equipment.deal"),
                                     lambda: self.begin_other(start_deal(seat)),
                                     role="small", key="eq:deal"))
        skill = state.players[seat].skill.value
        if skill in SKILL_ACTIONS:
            place = deal if everyone else deal.move(-step, 0)
            widgets.append(TapButton(place, Msg(f"fuji.skill.{skill}"),
                                     lambda: self.begin_other(start_skill(seat, skill)),
                                     "selected", role="small", key="eq:skill"))
        return widgets

    def _tabs(self, ctx: Context, state: State, row: pygame.Rect, seat: int) -> list[Widget]:
        theme = ctx.theme
        count = len(state.players)
        width = (row.width - (count - 1) * theme.gap) // count
        widgets: list[Widget] = []
        for someone in state.players:
            rect = pygame.Rect(row.x + someone.seat * (width + theme.gap), row.y, width,
                               row.height)
            text = msg("ui_fuji.equipment.tab", name=someone.name, count=len(someone.equipment))

            def tap(chosen: int = someone.seat) -> list[Intent]:
                return self.choose(chosen)

            style = chosen_style(someone.seat == seat and not self.usable(state))
            widgets.append(TapButton(rect, text, tap, style, role="small",
                                     key=f"eq:tab:{someone.seat}"))
        return widgets

    def _hand(self, ctx: Context, state: State, area: pygame.Rect, seat: int) -> list[Widget]:
        usable = self.usable(state)
        if usable:
            return self._everyone_hand(ctx, state, area, usable)
        theme = ctx.theme
        someone = state.players[seat]
        if not someone.equipment:
            return [Panel(area), Label(area.inflate(-2 * theme.pad, -2 * theme.pad),
                                       Msg("ui_fuji.equipment.empty"), "body",
                                       theme.palette.text_muted, align="center")]
        items = []
        for card in someone.equipment:
            detail = msg("ui_fuji.equipment.detail", phase="@" + CARD_PHASE_KEYS.get(
                card, "ui_fuji.equipment.phase_4"))
            if card in someone.equipment_turned:
                detail = Msg("ui_fuji.equipment.turned")
            refusal = GAME.card_refusal(state, seat, card)
            buttons = [] if refusal is not None else [
                RowButton(Msg("ui_fuji.equipment.use"), (), "primary")]
            if someone.skill.value == "equipment_manager":
                buttons.append(RowButton(Msg("ui_fuji.equipment.give"), ()))
            if refusal is not None and refusal.key in WHY_NOT_NOW:
                detail = Msg(WHY_NOT_NOW[refusal.key])
            items.append(ListItem(Msg(f"fuji.equipment.{card}"), detail,
                                  buttons=tuple(buttons)))
        functions = [self._row_functions(seat, card, someone.skill.value == "equipment_manager",
                                         GAME.card_refusal(state, seat, card) is None)
                     for card in someone.equipment]
        view = _HandList(area, items, max(theme.touch, theme.px(64)), self.scroll, functions)
        return [view]

    def _everyone_hand(self, ctx: Context, state: State, area: pygame.Rect,
                       usable: list[tuple[int, str]]) -> list[Widget]:
        """Each card usable now with its holder's name; *Use* starts it for that holder."""
        theme = ctx.theme
        items = [ListItem(Msg(f"fuji.equipment.{card}"), state.players[seat].name,
                          buttons=(RowButton(Msg("ui_fuji.equipment.use"), (), "primary"),))
                 for seat, card in usable]
        functions = [self._row_functions(seat, card, False, True) for seat, card in usable]
        return [_HandList(area, items, max(theme.touch, theme.px(64)), self.scroll, functions)]

    def _row_functions(self, seat: int, card: str, can_give: bool,
                       can_use: bool) -> list[Any]:
        def use() -> list[Intent]:
            return self.begin(seat, card)

        def give() -> list[Intent]:
            return self.begin_other(start_give(seat, card))

        return [*([use] if can_use else []), *([give] if can_give else [])]

    # ---------------------------------------------------------------- targets
    def _targets(self, ctx: Context, state: State, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = [Panel(area)]
        inner = area.inflate(-2 * theme.px(6), -2 * theme.px(6))
        use = self.use
        if use is None:
            return widgets + self._help(ctx, state, inner)
        step = use.steps[0]
        title_h = theme.px(40)
        title = use_title(use)
        cancel_w = max(theme.touch, theme.px(110))
        widgets.append(Label(pygame.Rect(inner.x, inner.y, inner.width - cancel_w - theme.gap,
                                         title_h), title, "small", bold=True))
        widgets.append(TapButton(pygame.Rect(inner.right - cancel_w, inner.y, cancel_w,
                                             max(theme.touch, title_h)),
                                 Msg("ui.common.cancel"), self.cancel, "quiet", role="small",
                                 key="eq:cancel"))
        top = inner.y + max(theme.touch, title_h) + theme.gap
        space = pygame.Rect(inner.x, top, inner.width, inner.bottom - top)
        if step in ("step", "swap"):
            widgets += self._cell_step(state, space, use, step)
        elif step in ("from", "to", "target", "give"):
            widgets += self._seat_step(ctx, state, space, use, step)
        elif step == "bars":
            widgets += self._bars_step(ctx, state, space, use)
        elif step == "deal":
            widgets += self._deal_grid(ctx, state, space, use.seat)
        elif step in ("die", "dice"):
            widgets += self._die_step(ctx, space, step)
        elif step == "water":
            widgets += self._water_step(ctx, state, space, use)
        elif step == "copy":
            widgets += self._copy_step(ctx, state, space)
        return widgets

    def _help(self, ctx: Context, state: State, inner: pygame.Rect) -> list[Widget]:
        """What each card in the hand does, under a line saying how to play one."""
        theme = ctx.theme
        text = Msg("ui_fuji.equipment.pick_card")
        if state.phase not in (Phase.PLANNING, Phase.EQUIPMENT):
            text = Msg("ui_fuji.equipment.not_now")
        hand = state.players[self.current(state)].equipment[:HELP_SHOWN]
        line = theme.px(40)
        widgets: list[Widget] = [Label(pygame.Rect(inner.x, inner.y, inner.width, line), text,
                                       "small", theme.palette.accent, bold=True)]
        if not hand:
            return widgets
        height = min((inner.height - line) // len(hand), theme.px(HELP_BLOCK))
        for index, card in enumerate(hand):
            box = pygame.Rect(inner.x, inner.y + line + index * height, inner.width,
                              height - theme.px(4))
            title = pygame.Rect(box.x, box.y, box.width, theme.px(26))
            widgets.append(Label(title, Msg(f"fuji.equipment.{card}"), "small", bold=True))
            widgets.append(Label(pygame.Rect(box.x, title.bottom, box.width,
                                             box.bottom - title.bottom),
                                 Msg(f"fuji.equipment.{card}.help"), "small",
                                 theme.palette.text_muted))
        return widgets

    def _map_targets(self, ctx: Context, state: State, area: pygame.Rect,
                     use: CardUse) -> list[Widget]:
        """Rope and binoculars: the map as large as the body, the question beside it."""
        theme = ctx.theme
        side = min(area.height, area.width * 52 // 100)
        board = pygame.Rect(area.x, area.y, side, area.height)
        right = pygame.Rect(board.right + theme.gap, area.y, area.right - board.right - theme.gap,
                            area.height)
        title = use_title(use)
        cancel = pygame.Rect(right.x, right.bottom - theme.touch, right.width, theme.touch)
        return [
            *self._cell_step(state, board, use, use.steps[0]),
            Panel(pygame.Rect(right.x, right.y, right.width, cancel.y - right.y - theme.gap)),
            Label(pygame.Rect(right.x, right.y, right.width, cancel.y - right.y - theme.gap)
                  .inflate(-2 * theme.pad, -2 * theme.pad), title, "body", bold=True),
            TapButton(cancel, Msg("ui.common.cancel"), self.cancel, "quiet", key="eq:cancel"),
        ]

    def _cell_step(self, state: State, space: pygame.Rect, use: CardUse,
                   step: str) -> list[Widget]:
        legal = rope_cells(state, use.seat) if step == "step" else swap_cells(state)
        chosen = {tuple(cell) for cell in use.fields.get("cells", [])}
        base = board_picture(state, use.seat)
        picture = BoardPicture(board=base.board, pawns=base.pawns, markers=base.markers,
                               legal=frozenset(p for p in legal if p not in chosen),
                               flips=frozenset(), selected_colour=base.selected_colour)
        self.cells_offered = picture.legal
        return [BoardView(space, picture, self.answer_cell, key="eq:board")]

    def _seat_step(self, ctx: Context, state: State, space: pygame.Rect, use: CardUse,
                   step: str) -> list[Widget]:
        theme = ctx.theme
        others = [p for p in state.players if p.seat != use.seat or step == "target"]
        height = max(theme.touch, min(theme.px(60), space.height // max(1, len(others))))
        widgets: list[Widget] = []
        for index, someone in enumerate(others):
            rect = pygame.Rect(space.x, space.y + index * (height + theme.gap), space.width,
                               height)

            def tap(chosen: int = someone.seat) -> list[Intent]:
                return self.answer(**{SEAT_FIELDS.get(step, step): chosen})

            widgets.append(TapButton(rect, someone.name, tap, key=f"eq:seat:{someone.seat}"))
        return widgets

    def _die_step(self, ctx: Context, space: pygame.Rect, step: str) -> list[Widget]:
        theme = ctx.theme
        widgets: list[Widget] = []
        footer = theme.touch + theme.gap if step == "dice" else 0
        gap = theme.px(4)
        size = min((space.width - 5 * gap) // 6, (space.height - footer - 2 * gap) // 3)
        for row, colour in enumerate(DIE_COLOURS):
            for column, value in enumerate(DIE_VALUES):
                rect = pygame.Rect(space.x + column * (size + gap), space.y + row * (size + gap),
                                   size, size)

                def tap(c: str = colour, v: int = value) -> list[Intent]:
                    return self.pick_die(c, v)

                widgets.append(DieButton(rect, colour, value, tap, key=f"eq:die:{colour}{value}"))
        if step == "dice":
            footer_row = pygame.Rect(space.x, space.bottom - theme.touch, space.width,
                                     theme.touch)
            picked = " ".join(f"{colour[0].upper()}{value}" for colour, value in self.picked_dice)
            text = msg("ui_fuji.equipment.set_aside", dice=picked or "–")
            widgets.append(TapButton(footer_row, text, self.finish_dice, "primary", role="small",
                                     key="eq:machete"))
        return widgets

    def _water_step(self, ctx: Context, state: State, space: pygame.Rect,
                    use: CardUse) -> list[Widget]:
        theme = ctx.theme
        options: list[tuple[Msg, dict[str, Any]]] = [
            (msg("ui_fuji.equipment.water_self", count=2), {}),  # the rules' default
            (msg("ui_fuji.equipment.water_self", count=1), {"rerolls": 1}),
        ]
        for someone in state.players:
            if someone.seat != use.seat:
                options.append((msg("ui_fuji.equipment.water_give", name=someone.name),
                                {"to": someone.seat}))
        height = max(theme.touch, min(theme.px(56), space.height // len(options) - theme.gap))
        widgets: list[Widget] = []
        for index, (text, fields) in enumerate(options):
            rect = pygame.Rect(space.x, space.y + index * (height + theme.gap), space.width,
                               height)

            def tap(chosen: dict[str, Any] = fields) -> list[Intent]:
                return self.answer(**chosen)

            widgets.append(TapButton(rect, text, tap, role="small", key=f"eq:water:{index}"))
        return widgets

    def _bars_step(self, ctx: Context, state: State, space: pygame.Rect,
                   use: CardUse) -> list[Widget]:
        theme = ctx.theme
        held = max(1, state.players[use.seat].energy)
        width = (space.width - (held - 1) * theme.gap) // held
        widgets: list[Widget] = []
        for number in range(1, held + 1):
            rect = pygame.Rect(space.x + (number - 1) * (width + theme.gap), space.y, width,
                               max(theme.touch, theme.px(64)))

            def tap(bars: int = number) -> list[Intent]:
                return self.answer(bars=bars)

            widgets.append(TapButton(rect, str(number), tap, key=f"eq:bars:{number}"))
        return widgets

    def _copy_step(self, ctx: Context, state: State, space: pygame.Rect) -> list[Widget]:
        return self._card_grid(ctx, space, visible_cards(state))

    def _card_grid(self, ctx: Context, space: pygame.Rect,
                   cards: tuple[str, ...]) -> list[Widget]:
        """Card names as buttons: the card a pocket knife copies."""
        theme = ctx.theme
        if not cards:
            return [Label(space, Msg("ui_fuji.equipment.nothing_to_copy"), "body",
                          theme.palette.text_muted, align="center")]
        widgets: list[Widget] = []
        columns = 2 if len(cards) <= 8 else 3
        for rect, card in zip(grid_cells(ctx, space, len(cards), columns), cards, strict=True):

            def tap(chosen: str = card) -> list[Intent]:
                return self.answer_copy(chosen)

            widgets.append(TapButton(rect, Msg(f"fuji.equipment.{card}"), tap, role="small",
                                     key=f"eq:copy:{card}"))
        return widgets

    def _deal_grid(self, ctx: Context, state: State, space: pygame.Rect,
                   seat: int) -> list[Widget]:
        """Every equipment card in printed order, each always in the same place: a card
        still in the deck deals to ``seat``; one already dealt stays where it was, shown
        as the player's own (highlighted) or greyed, and a tap says who holds it."""
        holders = {card: someone for someone in state.players for card in someone.equipment}
        widgets: list[Widget] = []
        places = grid_cells(ctx, space, len(EQUIPMENT_CARDS), DEAL_COLUMNS)
        for rect, card in zip(places, EQUIPMENT_CARDS, strict=True):
            name = Msg(f"fuji.equipment.{card}")
            key = f"eq:deal:{card}"
            holder = holders.get(card)
            if holder is not None:
                reason = msg("ui_fuji.equipment.dealt_to", card=f"@fuji.equipment.{card}",
                             name=holder.name)
                if holder.seat == seat:

                    def tell(why: Msg = reason) -> list[Intent]:
                        return [Notify(why)]

                    widgets.append(TapButton(rect, name, tell, "selected", role="small",
                                             key=key))
                else:
                    widgets.append(greyed_button(rect, name, reason, key))
            elif card in state.discarded:
                widgets.append(greyed_button(rect, name, msg(
                    "ui_fuji.equipment.dealt_used", card=f"@fuji.equipment.{card}"), key))
            else:

                def tap(chosen: str = card) -> list[Intent]:
                    return self.answer(card=chosen)

                widgets.append(TapButton(rect, name, tap, role="small", key=key))
        return widgets


def grid_cells(ctx: Context, space: pygame.Rect, count: int,
               columns: int) -> list[pygame.Rect]:
    """``count`` button places filling ``space`` row by row in ``columns`` columns."""
    theme = ctx.theme
    rows = max(1, -(-count // columns))
    width = (space.width - (columns - 1) * theme.gap) // columns
    height = max(theme.touch, min(theme.px(56), space.height // rows - theme.gap))
    return [pygame.Rect(space.x + (index % columns) * (width + theme.gap),
                        space.y + (index // columns) * (height + theme.gap), width, height)
            for index in range(count)]


class _HandList(ListView):
    """The hand: a list whose row buttons use (or give away) that row's card."""

    def __init__(self, rect: pygame.Rect, items: list[ListItem], row_height: int,
                 scroll: ScrollState, uses: list[list[Any]]) -> None:
        super().__init__(rect, items, row_height, scroll, key="eq:hand")
        self.uses = uses
        """Per row, one function per row button (use; give for the Equipment Manager)."""

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """A tap on a row's *Use* button starts using its card."""
        index = self.index_at(pos)
        if index is None:
            return []
        functions = self.uses[index]
        rects = self._button_rects(self.row_rect(index), len(functions), self._gap)
        for rect, function in zip(rects, functions, strict=True):
            if rect.inflate(self._gap // 2, self._gap).collidepoint(pos):
                result: list[Intent] = function()
                return result
        return []
