"""The scoring-round screen: who scores in which order, and the temples as counted at the table.

The app knows where every piece it was told about stands, so it proposes each temple's
controller from its books.  If the table sees it differently it corrects a temple here —
by naming the controller, or by counting every player's strength (leader = 3; equal
strongest means nobody scores).  Guarded temples always belong to their guard.  The
result for the player now scoring is shown before it is recorded; the cube moves that
follow appear as instructions on the play screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from companion.core.messages import Msg, msg
from companion.core.session import Session
from companion.games.tikal.queries import majority_holder, strengths, temple_controller
from companion.games.tikal.state import Hex, TikalState
from companion.ui.instructions import listed
from companion.ui.intents import CloseDialog, Intent, Redraw, Submit
from companion.ui.questions import NearestTarget, share_touch
from companion.ui.scene import Context, GameScene
from companion.ui.shapes import seat_glyph
from companion.ui.theme import Colour, Theme
from companion.ui.tikal.dialogs import dialog_box, grid
from companion.ui.tikal.hexmap import HexMap, HexMapLayout
from companion.ui.tikal.panels import order_rows
from companion.ui.tikal.parts import TapButton, piece_colour
from companion.ui.tikal.view import player_treasure_points, temples
from companion.ui.widgets import Button, ButtonStyle, Label, Panel, Widget

Entry = tuple[str, Any]
"""A temple as the table counted it: ``("controller", seat or None)`` or
``("strengths", per-seat strengths)``."""


@dataclass(frozen=True)
class TempleOutcome:
    """Who scores one temple in this turn's scoring."""

    hex: Hex
    """The temple."""
    controller: int | None
    """The seat that scores it (``None``: nobody)."""
    tie: bool
    """Nobody scores it because the strongest are equal."""
    counted: bool
    """The table corrected the app's books for this temple."""


def temple_outcomes(state: TikalState, entries: Mapping[int, Entry]) -> tuple[TempleOutcome, ...]:
    """Every temple with the controller from the table's entries, else from the books."""
    result = []
    for hx in temples(state):
        entry = entries.get(hx.id) if hx.guard is None else None
        if entry is None:
            power = strengths(state, hx.id)
            controller = temple_controller(state, hx)
        elif entry[0] == "strengths":
            power = tuple(entry[1])
            controller = majority_holder(power)
        else:
            power = ()
            controller = entry[1]
        best = max(power) if power else 0
        tie = controller is None and best > 0 and power.count(best) > 1
        result.append(TempleOutcome(hx, controller, tie, entry is not None))
    return tuple(result)


def points_for(state: TikalState, seat: int, entries: Mapping[int, Entry]) -> tuple[int, ...]:
    """The temple values ``seat`` scores with the table's entries."""
    return tuple(o.hex.value for o in temple_outcomes(state, entries) if o.controller == seat)


def score_action(state: TikalState, entries: Mapping[int, Entry]) -> dict[str, Any]:
    """The action that ends the scoring turn: ``end_turn`` if nothing was corrected."""
    if not any(hx.guard is None and hx.id in entries for hx in temples(state)):
        return {"type": "end_turn"}
    listed: list[dict[str, Any]] = []
    for outcome in temple_outcomes(state, entries):
        if outcome.hex.guard is not None:
            continue  # a guarded temple always scores for its guard: never entered
        entry = entries.get(outcome.hex.id)
        if entry is not None and entry[0] == "strengths":
            listed.append({"hex": outcome.hex.id, "strengths": list(entry[1])})
        else:
            listed.append({"hex": outcome.hex.id, "controller": outcome.controller})
    return {"type": "score", "temples": listed}


class TikalScoringScene(GameScene):
    """Count the temples at the table and record the score (see the module documentation)."""

    overlay = True
    needs_session = True

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[int, Entry] = {}
        """Temples the table corrected, by hex id."""
        self.selected: int | None = None
        """The temple being edited."""
        self.step_seen: int | None = None
        """The game step the entries belong to; they are forgotten when the game moves on."""

    # ---------------------------------------------------------------- edits
    def select(self, hex_id: int) -> list[Intent]:
        """Edit the temple on ``hex_id``."""
        self.selected = hex_id
        return [Redraw()]

    def set_controller(self, hex_id: int, seat: int | None) -> list[Intent]:
        """The table says who controls the temple (``None``: nobody)."""
        self.entries[hex_id] = ("controller", seat)
        return [Redraw()]

    def change_strength(self, state: TikalState, hex_id: int, seat: int,
                        delta: int) -> list[Intent]:
        """Count one player's strength on the temple up or down."""
        entry = self.entries.get(hex_id)
        power = list(entry[1]) if entry is not None and entry[0] == "strengths" else list(
            strengths(state, hex_id))
        power[seat] = max(0, power[seat] + delta)
        self.entries[hex_id] = ("strengths", tuple(power))
        return [Redraw()]

    def as_tracked(self, hex_id: int) -> list[Intent]:
        """Forget the table's correction of a temple."""
        self.entries.pop(hex_id, None)
        return [Redraw()]

    def _forget_when_moved_on(self, session: Session) -> None:
        """Drop the corrections once the game has moved to another step."""
        if session.cursor != self.step_seen:
            self.step_seen = session.cursor
            self.entries = {}
            self.selected = None

    # ---------------------------------------------------------------- build
    def build_without_game(self, ctx: Context) -> list[Widget]:
        """The empty dialog frame."""
        return dialog_box(ctx)[0]

    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """Title and close, the order and result on the left, the temples on the right."""
        widgets, inner = dialog_box(ctx)
        self._forget_when_moved_on(session)
        state: TikalState = session.state
        theme = ctx.theme
        close_w = inner.width // 5
        head = pygame.Rect(inner.x, inner.y, inner.width - close_w - theme.gap, theme.touch)
        widgets.append(Button(pygame.Rect(head.right + theme.gap, inner.y, close_w, theme.touch),
                              Msg("ui_tikal.common.close"), (CloseDialog(),), "quiet",
                              key="score:close"))
        if state.scoring is None:
            widgets.append(Label(head, Msg("ui_tikal.score.over"), "heading", bold=True))
            notes = pygame.Rect(inner.x, head.bottom + theme.gap, inner.width,
                                min(theme.px(120), inner.bottom - head.bottom - theme.gap))
            return widgets + self._notes(ctx, state, notes)
        player = state.players[state.active]
        widgets.append(Label(head, msg(f"ui_tikal.score.title_{state.scoring.kind}",
                                       number=state.scoring_rounds, player=player.name),
                             "heading", theme.palette.accent, bold=True))
        body = pygame.Rect(inner.x, head.bottom + theme.gap, inner.width,
                           inner.bottom - head.bottom - theme.gap)
        left = pygame.Rect(body.x, body.y, body.width * 36 // 100, body.height)
        right = pygame.Rect(left.right + theme.gap, body.y, body.right - left.right - theme.gap,
                            body.height)
        return widgets + self._left(ctx, state, left) + self._right(ctx, state, right)

    def _left(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """Order of play, the result for the player scoring and *Score*."""
        theme = ctx.theme
        button = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        gained = points_for(state, state.active, self.entries)
        treasures = player_treasure_points(state.players[state.active])
        total = sum(gained) + treasures
        widgets: list[Widget] = [
            Button(button, msg("ui_tikal.score.record", points=total),
                   (Submit(score_action(state, self.entries)), CloseDialog()), "primary",
                   key="score:record")
        ]
        result_h = theme.px(74)
        result = pygame.Rect(area.x, button.y - theme.gap - result_h, area.width, result_h)
        widgets.append(Panel(result))
        temples_text = " + ".join(str(v) for v in gained) if gained else "0"
        widgets.append(Label(result.inflate(-2 * theme.px(8), -theme.px(6)),
                             msg("ui_tikal.score.sum", temples=temples_text,
                                 treasures=treasures, total=total), "small", bold=True))
        order = pygame.Rect(area.x, area.y, area.width, result.y - area.y - theme.gap)
        return widgets + order_rows(ctx, state, order, total)

    def _right(self, ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """The temples as chips and the editor of the chosen one."""
        theme = ctx.theme
        outcomes = temple_outcomes(state, self.entries)
        hint = pygame.Rect(area.x, area.y, area.width, theme.px(26))
        widgets: list[Widget] = [Label(hint, Msg("ui_tikal.score.hint"), "small",
                                       theme.palette.text_muted)]
        if all(o.hex.at is not None for o in outcomes):
            rows = 1 + -(-len(state.players) // 2)
            editing = rows * theme.touch + (rows + 1) * theme.px(4) + theme.gap
            if self.selected is None:
                editing = theme.px(72)
            board = pygame.Rect(area.x, hint.bottom, area.width,
                                max(theme.touch * 2, area.bottom - hint.bottom - editing))
            layout = HexMapLayout(board, state, (), theme)
            widgets += [Panel(board, theme.palette.surface), HexMap(board, state, layout)]
            targets = [self._chip(state, outcome, layout.box(layout.centre(outcome.hex)))
                       for outcome in outcomes]
            share_touch(targets)
            widgets += targets
            top = board.bottom
        else:
            columns = 7 if len(outcomes) > 12 else (6 if len(outcomes) > 8 else 4)
            chip_rows = max(1, -(-len(outcomes) // columns))
            chips = pygame.Rect(area.x, hint.bottom, area.width,
                                chip_rows * (theme.touch + theme.gap) - theme.gap)
            for outcome, rect in zip(outcomes, grid(chips, len(outcomes), theme, columns),
                                     strict=True):
                widgets.append(self._value_chip(state, outcome, rect))
            top = chips.bottom
        editor = pygame.Rect(area.x, top + theme.gap, area.width,
                             area.bottom - top - theme.gap)
        chosen = next((o for o in outcomes if o.hex.id == self.selected), None)
        if chosen is None:
            return widgets + self._notes(ctx, state, editor)
        return widgets + self._editor(ctx, state, chosen, editor)

    @staticmethod
    def _notes(ctx: Context, state: TikalState, area: pygame.Rect) -> list[Widget]:
        """The cube moves just asked of the table, or how the counting works."""
        theme = ctx.theme
        if not state.instructions:
            return [Label(area, Msg("ui_tikal.score.pick"), "body", theme.palette.text_disabled,
                          "center")]
        return listed(area, theme, ctx.lang, state.instructions, "tikal:score:told",
                      theme.palette.accent)


    def _chip(self, state: TikalState, outcome: TempleOutcome, rect: pygame.Rect) -> Widget:
        """One temple on the map: a ring in the colour of who scores it; tapping chooses it."""
        hx = outcome.hex

        def tap(hex_id: int = hx.id) -> list[Intent]:
            return self.select(hex_id)

        holder = hx.guard if hx.guard is not None else outcome.controller
        colour = piece_colour(state.players[holder].colour) if holder is not None else None
        return TempleTarget(rect, tap, colour, hx.id == self.selected, outcome.counted,
                            key=f"score:temple:{hx.id}")

    def _value_chip(self, state: TikalState, outcome: TempleOutcome, rect: pygame.Rect) -> Widget:
        """One temple of a board recorded without places: its value and who scores it."""
        hx = outcome.hex
        if hx.guard is not None:
            text = msg("ui_tikal.score.chip_guard", value=hx.value,
                       player=state.players[hx.guard].name)
        elif outcome.controller is not None:
            text = msg("ui_tikal.score.chip", value=hx.value,
                       player=state.players[outcome.controller].name)
        elif outcome.tie:
            text = msg("ui_tikal.score.chip_tie", value=hx.value)
        else:
            text = msg("ui_tikal.score.chip_none", value=hx.value)
        style: ButtonStyle = "selected" if hx.id == self.selected else (
            "primary" if outcome.counted else "normal")

        def tap(hex_id: int = hx.id) -> list[Intent]:
            return self.select(hex_id)

        return TapButton(rect, text, tap, style, role="small", key=f"score:temple:{hx.id}")

    def _editor(self, ctx: Context, state: TikalState, outcome: TempleOutcome,
                area: pygame.Rect) -> list[Widget]:
        """Nobody / as tracked, and every player's name and strength."""
        theme = ctx.theme
        hx = outcome.hex
        locked = hx.guard is not None
        widgets: list[Widget] = [Panel(area)]
        inner = area.inflate(-2 * theme.px(4), -2 * theme.px(4))
        quick_w = inner.width * 22 // 100
        head = pygame.Rect(inner.x, inner.y, inner.width - 2 * (quick_w + theme.px(4)),
                           theme.touch)
        widgets.append(Label(head, _editor_title(state, outcome), "small", bold=True))
        nobody = pygame.Rect(head.right + theme.px(4), inner.y, quick_w, theme.touch)
        widgets.append(TapButton(nobody, Msg("ui_tikal.score.nobody"),
                                 lambda: self.set_controller(hx.id, None), role="small",
                                 key="score:nobody", enabled=not locked))
        widgets.append(TapButton(nobody.move(quick_w + theme.px(4), 0),
                                 Msg("ui_tikal.score.tracked"), lambda: self.as_tracked(hx.id),
                                 role="small", key="score:tracked",
                                 enabled=not locked and outcome.counted))
        cells = pygame.Rect(inner.x, head.bottom + theme.px(4), inner.width,
                            inner.bottom - head.bottom - theme.px(4))
        shown = self._strengths_shown(state, hx.id)
        for seat, rect in enumerate(grid(cells, len(state.players), theme, 2, theme.px(4))):
            widgets += self._player_cell(ctx.theme, state, hx.id, seat, shown[seat], rect,
                                         locked, outcome.controller == seat)
        return widgets

    def _strengths_shown(self, state: TikalState, hex_id: int) -> tuple[int, ...]:
        """The strengths entered for a temple, else those of the books."""
        entry = self.entries.get(hex_id)
        if entry is not None and entry[0] == "strengths":
            return tuple(entry[1])
        return strengths(state, hex_id)

    def _player_cell(self, theme: Theme, state: TikalState, hex_id: int, seat: int,
                     strength: int, rect: pygame.Rect, locked: bool,
                     controls: bool) -> list[Widget]:
        """A player's name (gives the temple) and − strength +."""
        player = state.players[seat]
        button_w = max(theme.touch, rect.width // 5)
        value_w = max(theme.px(30), rect.width // 7)
        name_w = rect.width - 2 * button_w - value_w - 2 * theme.px(4)
        name = TapButton(pygame.Rect(rect.x, rect.y, name_w, rect.height), player.name,
                         lambda: self.set_controller(hex_id, seat),
                         "selected" if controls else "normal", role="small",
                         key=f"score:give:{seat}", enabled=not locked)
        x = rect.x + name_w + theme.px(4)
        minus = TapButton(pygame.Rect(x, rect.y, button_w, rect.height), "−",
                          lambda: self.change_strength(state, hex_id, seat, -1),
                          key=f"score:minus:{seat}", enabled=not locked)
        shown = f"{seat_glyph(seat)}{strength}" if theme.palette.colour_safe else str(strength)
        value = Label(pygame.Rect(x + button_w, rect.y, value_w, rect.height), shown,
                      "heading", piece_colour(player.colour) if player.colour != "black"
                      else theme.palette.text, "center", True)
        plus = TapButton(pygame.Rect(x + button_w + value_w + theme.px(4), rect.y, button_w,
                                     rect.height), "+",
                         lambda: self.change_strength(state, hex_id, seat, 1),
                         key=f"score:plus:{seat}", enabled=not locked)
        return [name, minus, value, plus]


def _editor_title(state: TikalState, outcome: TempleOutcome) -> Msg:
    """What the edited temple brings, and to whom."""
    hx = outcome.hex
    if hx.guard is not None:
        return msg("ui_tikal.score.edit_guarded", value=hx.value,
                   player=state.players[hx.guard].name)
    if outcome.controller is not None:
        return msg("ui_tikal.score.edit_held", value=hx.value,
                   player=state.players[outcome.controller].name)
    key = "ui_tikal.score.edit_tie" if outcome.tie else "ui_tikal.score.edit_none"
    return msg(key, value=hx.value)


class TempleTarget(NearestTarget):
    """A temple on the counting screen's map: tap to count it at the table."""

    def __init__(self, rect: pygame.Rect, on_tap: Callable[[], list[Intent]],
                 holder: Colour | None, selected: bool, counted: bool, key: str) -> None:
        super().__init__(rect, on_tap, key)
        self.holder = holder
        """Colour of who scores the temple now (``None``: nobody)."""
        self.selected = selected
        """Whether the temple is being counted."""
        self.counted = counted
        """Whether the table changed the app's books for it."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """A square ring: thick in the accent colour when chosen, in the holder's colour."""
        width = max(2, theme.px(3))
        if self.holder is not None:
            pygame.draw.rect(surface, self.holder, self.rect.inflate(-2 * width, -2 * width),
                             width, border_radius=theme.radius)
        if self.selected or self.counted:
            colour = theme.palette.accent if self.selected else theme.palette.text
            pygame.draw.rect(surface, colour, self.rect, width, border_radius=theme.radius)
