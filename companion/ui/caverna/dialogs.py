"""Dialogs over the Caverna play screen: which tile or room came up, and the pickers
that build an action step by step (rooms to use, caverns to dig, a room to furnish and
its space, where a wall goes, how the extra cavern lies).

Each dialog ends by closing itself and submitting one action; the rules check it, and
a refusal comes back as a toast with the reason while the state stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg, msg
from companion.core.questions import Complete
from companion.games.caverna.queries import (
    EMPTY,
    EXTRA,
    FURNISHED,
    GOODS,
    JUNCTION_GIVE,
    SIDES,
    Cave,
    Edge,
    Option,
    Pos,
    choices,
    furnishable_rooms,
    wall_spots,
)
from companion.games.caverna.questions import (
    answer_refusal,
    answers,
    ask,
    closing_actions,
    ends_turn_after,
    furnish_rooms,
    furnish_spaces,
    option_refusal,
    outcome,
    refusal,
    settle,
    settled_action,
)
from companion.games.caverna.state import ACT, CavernaState
from companion.ui.asked import asked
from companion.ui.caverna.food import (
    FOOD_FEES,
    ShortOfFoodButton,
    food_for,
    food_would_help,
    hinted,
)
from companion.ui.caverna.parts import (
    CaveView,
    CompactTapButton,
    Shade,
    TapButton,
    board_columns,
    grid,
    offer,
)
from companion.ui.caverna.view import (
    colour_balance,
    cost_message,
    face_down_spaces,
    furnish_fee,
    option_label,
    reachable_digs,
    room_action,
    room_colours,
    room_point_table,
    total_cost,
    usable_rooms,
    walls_message,
)
from companion.ui.dialogs import choose
from companion.ui.intents import CloseDialog, Intent, Redraw, ShowDialog, Submit
from companion.ui.layout import dialog_frame
from companion.ui.questions import Dialogue, NearestTarget, QuestionDialog
from companion.ui.scene import Context, Scene
from companion.ui.theme import Theme
from companion.ui.widgets import Label, Text, Widget
from companion.ui.widgets import Option as ChoiceOption

Action = dict[str, Any]
"""An action as plain JSON data."""

ROOM_CARD_HEIGHT = 64
"""Smallest height of a room card in the furnishing picker, at 800x480."""


def submit(action: Mapping[str, Any], state: CavernaState | None = None) -> list[Intent]:
    """Close the dialog, then hand the action to the session (and end the turn after it
    when, in ``state``, it uses up the last thing the tile offers)."""
    return [CloseDialog(), *turn_intents(state, action)]


def turn_intents(state: CavernaState | None, action: Mapping[str, Any]) -> list[Intent]:
    """Submit ``action``; when it leaves nothing more to do with the tile, end the turn
    too (one undo brings the turn back)."""
    intents: list[Intent] = [Submit(dict(action))]
    if state is not None and ends_turn_after(state, action):
        intents += end_turn_intents(state, [action])
    return intents


def end_turn_intents(state: CavernaState, before: Sequence[Mapping[str, Any]] = ()
                     ) -> list[Intent]:
    """End the turn (after ``before``), turning up the solo pile's room with it when the
    rules call for one."""
    end = {"type": "end_turn"}
    return [Submit(end), *(Submit(drawn) for drawn in closing_actions(state, [*before, end]))]


class CellTarget(NearestTarget):
    """A tap target laid over one space of a drawn cave (framed when it is a good choice);
    its touch target grows to the smallest touch size around the space's centre."""

    def __init__(self, rect: pygame.Rect, on_tap: Callable[[], list[Intent]],
                 suggested: bool, key: str) -> None:
        super().__init__(rect, on_tap, key)
        self.suggested = suggested
        """Drawn with a bright frame: the rules allow it now."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """A frame (bright when suggested), filled lightly while pressed."""
        colour = theme.palette.accent if self.suggested else theme.palette.text_muted
        if self.pressed:
            glow = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            glow.fill((255, 255, 255, 60))
            surface.blit(glow, self.rect.topleft)
        pygame.draw.rect(surface, colour, self.rect.inflate(-theme.px(6), -theme.px(6)),
                         theme.px(3) if self.suggested else 1, border_radius=theme.px(6))


def result_text(state: CavernaState, action: Mapping[str, Any], label: Msg,
                lang: str) -> tuple[str, Msg | None]:
    """A button text saying what ``action`` gives (goods in and out, points), and the
    rules' reason when they refuse it."""
    reason = refusal(state, action)
    if reason is not None:
        return translate(label, lang), reason
    result = outcome(state, action)
    shown = translate(label, lang)
    if result is None:
        return shown, None
    return f"{shown}\n{translate(result, lang)}", None


def rooms_intents(state: CavernaState) -> list[Intent]:
    """The tile's room option: used at once when the rules leave one room with one
    choice, else the room picker (opened at the room when only one can be used)."""
    progress = settle(state, {"type": "use_room"})
    action = settled_action(progress)
    if action is not None:
        return turn_intents(state, action)
    dialog = RoomUseDialog()
    room = progress.partial.get("room_used") if progress is not None else None
    if room is not None and asks_choice(str(room)):
        return choice_intents(state, str(room))
    if room is not None:
        dialog.open_at(str(room))
    return [ShowDialog(dialog)]


def furnish_intents(state: CavernaState, option: Option) -> list[Intent]:
    """The tile's furnishing: done at once when one room fits one place, else the picker
    (at the room's places when only one room can be furnished)."""
    progress = settle(state, {"type": "furnish", "fee": option.fee})
    action = settled_action(progress)
    if action is not None:
        return turn_intents(state, action)
    dialog = FurnishDialog(option)
    room = progress.partial.get("room_furnished") if progress is not None else None
    if room is not None:
        dialog.room, dialog.forced = str(room), True
    return [ShowDialog(dialog)]


QUICK_ROOMS = 3
"""Most rooms a furnishing offers straight on the play screen."""


def quick_rooms(state: CavernaState, option: Option) -> tuple[str, ...]:
    """The rooms a furnishing option can place now, when they are few enough to offer
    on the play screen (else none: the picker lists them)."""
    if option.kind != "furnish":
        return ()
    legal = tuple(str(answer.value) for answer in furnish_rooms(state, option.fee)
                  if answer.legal)
    return legal if len(legal) <= QUICK_ROOMS else ()


def first_fit(state: CavernaState, option: Option, room: str) -> dict[str, Any]:
    """The furnishing of ``room`` in the first cavern it fits (what its cost shows)."""
    fits = [answer.value for answer in furnish_spaces(state, option.fee, room) if answer.legal]
    space: Any = EXTRA if fits and fits[0] == EXTRA else list(fits[0]) if fits else []
    return {"type": "furnish", "room": room, "space": space, "fee": option.fee}


def furnish_room_intents(state: CavernaState, option: Option, room: str) -> list[Intent]:
    """A room chosen on the play screen: furnished at once where it fits one cavern,
    else the caverns it fits are lit to choose from."""
    fits = [answer for answer in furnish_spaces(state, option.fee, room) if answer.legal]
    if len(fits) == 1:
        return turn_intents(state, first_fit(state, option, room))
    dialog = FurnishDialog(option)
    dialog.room = room
    return [ShowDialog(dialog)]


def wall_intents(state: CavernaState, remove: bool) -> list[Intent]:
    """Build (or, for Breach, remove) a wall: at once when only one border can take it."""
    action = settled_action(settle(state, {"type": "remove_wall" if remove else "build_wall"}))
    if action is not None:
        return turn_intents(state, action)
    return [ShowDialog(WallDialog(remove))]


def room_intents(state: CavernaState, room: str) -> list[Intent]:
    """A room tapped in the cave: used at once when the rules leave it one choice, else
    its choices are asked."""
    action = settled_action(settle(state, {"type": "use_room", "room_used": room}))
    if action is not None:
        return turn_intents(state, action)
    if asks_choice(room):
        return choice_intents(state, room)
    dialog = RoomUseDialog()
    dialog.open_at(room)
    dialog.forced = False
    return [ShowDialog(dialog)]


def asks_choice(room: str) -> bool:
    """Whether using ``room`` asks one of its printed choices (put by the shared
    question dialog); the Junction room's goods and the Digging cave's dig have their
    own pickers."""
    return room not in ("junction_room", "digging_cave") and len(choices(room)) > 1


@dataclass
class TurnDialogue(Dialogue):
    """A question dialogue whose finished action also ends the turn when it leaves
    nothing more to do with the tile (one undo brings the turn back)."""

    seen: CavernaState | None = None
    """The state the last answer was given in."""

    def tap(self, state: Any, value: Any, done: Sequence[Intent] = ()) -> list[Intent]:
        """Answer ``value`` (see :meth:`Dialogue.tap`), remembering the state."""
        self.seen = state
        return super().tap(state, value, done)

    def _finish(self, complete: Complete, done: Sequence[Intent]) -> list[Intent]:
        self.reset()
        return [*done, *turn_intents(self.seen, complete.action)]


def choice_intents(state: CavernaState, room: str) -> list[Intent]:
    """Ask which of ``room``'s printed choices is taken, each answer saying what it gives
    (the shared question dialog); used at once when the rules leave one."""
    start = {"type": "use_room", "room_used": room}
    action = settled_action(settle(state, start))
    if action is not None:
        return turn_intents(state, action)
    return [ShowDialog(QuestionDialog(TurnDialogue(ask, start), seats=len(state.players)))]


def dig_intents(state: CavernaState, option: Option, pos: Pos | None) -> list[Intent]:
    """An excavation started from the tile's option, or from a face-down space tapped in
    the cave (``pos``): done at once when every space is known, else the picker for the
    spaces still open."""
    dialog = DigDialog(option)
    if dialog.picker.prefill(state, pos):
        return turn_intents(state, {"type": "excavate", "digs": dialog.picker.digs})
    return [ShowDialog(dialog)]


def cave_taps(state: CavernaState, view: CaveView, options: list[Option]) -> list[Widget]:
    """Tap targets over the active player's cave for what the tile in use allows there:
    each face-down space a dig can reach, each room a room option can use.

    ``options`` are the tile's options the rules accept now (an excavation is taken
    from the first, digging one cavern before two).
    """
    if state.phase != ACT or state.turn is None:
        return []
    cave = view.cave
    widgets: list[Widget] = []
    digs = sorted((o for o in options if o.kind == "excavate"), key=lambda o: o.amount)
    if digs:
        reach = reachable_digs(cave, digs[0].through_wall)
        for pos in face_down_spaces(cave):
            if pos in reach:
                widgets.append(CellTarget(view.cell(pos), _dig_tap(state, digs, pos),
                                          True, f"caverna:cave:dig:{pos[0]}:{pos[1]}"))
    if any(o.kind == "rooms" for o in options):
        legal = asked(usable_in_cave, state)
        for pos in cave.positions():
            space = cave.at(pos)
            if space is not None and space.state == FURNISHED and space.room in legal:
                widgets.append(CellTarget(view.cell(pos),
                                          _room_tap(state, space.room), True,
                                          f"caverna:cave:room:{pos[0]}:{pos[1]}"))
    return widgets


def usable_in_cave(state: CavernaState) -> frozenset[str]:
    """The active player's rooms a room use is accepted for now."""
    return frozenset(str(answer.value)
                     for answer in answers(state, {"type": "use_room"}, "room_used")
                     if answer.legal)


def _dig_tap(state: CavernaState, options: Sequence[Option], pos: Pos
             ) -> Callable[[], list[Intent]]:
    """A tap on a face-down space: the dig when the tile offers one way to dig there,
    else the question of which (one cavern, or two for food), asked in one tap."""
    if len(options) == 1:
        return lambda: list(_dig_answer(state, options[0], pos))
    return lambda: [dig_count_dialog(state, options, pos)]


def _dig_answer(state: CavernaState, option: Option, pos: Pos) -> tuple[Intent, ...]:
    """The dig from ``pos``; when the tile's option still lacks food the player can make,
    the food dialog first, carrying on with the dig once the food is there."""
    if option_refusal(state, option) is None:
        return tuple(dig_intents(state, option, pos))
    return (food_for(state, state.active, lambda now: option_refusal(now, option),
                     lambda after: dig_intents(after, option, pos)),)


def dig_count_dialog(state: CavernaState, options: Sequence[Option], pos: Pos) -> ShowDialog:
    """Ask which of the tile's excavations the tapped space starts (never chosen
    silently: the rules let a tile offer one cavern, or two for food), facing the
    active player; the space tapped is the first dig of either."""
    answers = [ChoiceOption(option_label(state, option), _dig_answer(state, option, pos))
               for option in options]
    return choose(msg("caverna_table.dig.which", row=pos[0] + 1, col=pos[1] + 1), answers,
                  seat=state.active, seats=len(state.players))


def _room_tap(state: CavernaState, room: str) -> Callable[[], list[Intent]]:
    return lambda: room_intents(state, room)


def cave_area(area: pygame.Rect, cave: Cave, theme: Theme, wide: bool = False
              ) -> pygame.Rect:
    """The largest well-proportioned box for ``cave`` inside ``area``, centred (with
    ``wide``, as wide as ``area``: room for buttons on the borders beside the names)."""
    rows = len(cave.spaces)
    columns = board_columns(cave)
    cell_h = area.height // max(1, rows)
    cell_w = area.width // columns
    if not wide:
        cell_w = min(cell_w, cell_h * 2 + theme.px(40))
    box = pygame.Rect(0, 0, cell_w * columns, cell_h * rows)
    box.center = area.center
    return box


def cave_view(state: CavernaState, seat: int, rect: pygame.Rect,
              marked: frozenset[Pos] = frozenset()) -> CaveView:
    """The cave of ``seat`` drawn in ``rect``."""
    return CaveView(rect, state.players[seat].cave, room_colours(state),
                    room_point_table(state), marked)


class CavernaDialog(Scene):
    """A full-size dialog over the play screen: a title, a close button and a body."""

    overlay = True

    def __init__(self) -> None:
        super().__init__()
        self.current: CavernaState | None = None
        """The state drawn last (decides whether an action ends the turn too)."""

    def state_of(self, ctx: Context) -> CavernaState | None:
        """The state the dialog is about."""
        session = ctx.session
        if session is None:
            return None
        state: CavernaState = session.state
        return state

    def title(self, state: CavernaState) -> Msg:
        """The question at the top (override)."""
        return Msg("ui_caverna.common.choose")

    def body(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The dialog's own widgets (override)."""
        return []

    def has_back(self) -> bool:
        """Whether there is an earlier step to go back to (override)."""
        return False

    def go_back(self) -> list[Intent]:
        """Return to the earlier step (override)."""
        return [Redraw()]

    def build(self, ctx: Context) -> list[Widget]:
        """Shade, frame, title row with *Back* / *Cancel*, and the body."""
        state = self.state_of(ctx)
        self.current = state
        widgets, inner = dialog_frame(ctx)
        if state is None:
            return [Shade(ctx.screen)]
        theme = ctx.theme
        button_w = max(theme.touch, theme.px(130))
        head = pygame.Rect(inner.x, inner.y, inner.width, theme.touch)
        title_x = inner.x
        if self.has_back():
            widgets.append(TapButton(pygame.Rect(inner.x, inner.y, button_w, theme.touch),
                                     Msg("ui_caverna.common.back"), self.go_back, role="small",
                                     key="dialog:back"))
            title_x += button_w + theme.gap
        cancel = pygame.Rect(head.right - button_w, head.y, button_w, theme.touch)
        widgets.append(CompactTapButton(cancel, Msg("ui_caverna.common.cancel"),
                                        lambda: [CloseDialog()], "quiet", role="small",
                                        key="dialog:cancel"))
        title_box = pygame.Rect(title_x, head.y, head.right - button_w - theme.gap - title_x,
                                head.height)
        widgets.append(Label(title_box, self.title(state), "heading", bold=True))
        area = pygame.Rect(inner.x, head.bottom + theme.gap, inner.width,
                           inner.bottom - head.bottom - theme.gap)
        return widgets + self.body(ctx, state, area)

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Escape closes the dialog without doing anything."""
        return [CloseDialog()] if key == pygame.K_ESCAPE else []


# ---------------------------------------------------------------- digging
class DigPicker:
    """Collects one or more digs, each a face-down space (the room it turns up is named
    when it is furnished)."""

    def __init__(self, count: int, through_wall: bool,
                 finish: Callable[[list[dict[str, Any]]], list[Intent]]) -> None:
        self.count = count
        """Caverns to dig."""
        self.through_wall = through_wall
        """Whether the first dig may lie behind a wall."""
        self.finish = finish
        """Builds the intents once every dig is known."""
        self.digs: list[dict[str, Any]] = []
        """Digs chosen so far."""
        self.forced = 0
        """How many of the first digs the rules left as the only possible ones."""

    def title(self) -> Msg:
        """The question of the next dig."""
        return msg("ui_caverna.dig.space", number=len(self.digs) + 1, count=self.count)

    @property
    def chosen(self) -> bool:
        """Whether the table has answered something that *Back* can take back."""
        return len(self.digs) > self.forced

    def pick_space(self, pos: Pos) -> list[Intent]:
        """A face-down space was chosen: the dig is done once every space is known."""
        self.digs.append({"space": list(pos)})
        if len(self.digs) == self.count:
            return self.finish(list(self.digs))
        return [Redraw()]

    def back(self) -> list[Intent] | None:
        """Undo the last choice of the table (``None`` when it has made none)."""
        if not self.chosen:
            return None
        self.digs.pop()
        return [Redraw()]

    def prefill(self, state: CavernaState, first: Pos | None = None) -> bool:
        """Start with the space the table tapped, then take every next space the rules
        leave as the only one; whether every dig is then known."""
        if first is not None:
            self.digs.append({"space": list(first)})
        while len(self.digs) < self.count:
            targets, _ = self.targets(state)
            if len(targets) != 1:
                return False
            self.digs.append({"space": list(targets[0])})
            if first is None:
                self.forced += 1
        return True

    def targets(self, state: CavernaState) -> tuple[list[Pos], frozenset[Pos]]:
        """The face-down spaces the next dig may take, and every reachable one."""
        cave = state.players[state.active].cave
        picked = {(int(dig["space"][0]), int(dig["space"][1])) for dig in self.digs}
        suggested = reachable_digs(dug_out(cave, picked), self.through_wall)
        return ([pos for pos in face_down_spaces(cave)
                 if pos not in picked and pos in suggested], suggested)

    def widgets(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The cave to pick the next space on."""
        targets, suggested = self.targets(state)
        return cave_targets(ctx, state, area, targets, suggested, self.pick_space, "dig:cell")


def dug_out(cave: Cave, spaces: set[Pos]) -> Cave:
    """``cave`` as it will be once ``spaces`` are dug (to suggest the next dig)."""
    for pos in spaces:
        space = cave.at(pos)
        if space is not None:
            cave = cave.with_space(pos, replace(space, state=EMPTY))
    return cave


def cave_targets(ctx: Context, state: CavernaState, area: pygame.Rect, targets: list[Pos],
                 suggested: frozenset[Pos], on_pick: Callable[[Pos], list[Intent]],
                 prefix: str) -> list[Widget]:
    """The active player's cave with a tap target over each of ``targets``."""
    cave = state.players[state.active].cave
    box = cave_area(area, cave, ctx.theme)
    view = cave_view(state, state.active, box)
    widgets: list[Widget] = [view]
    for pos in targets:
        def tap(chosen: Pos = pos) -> list[Intent]:
            """Pick this space."""
            return on_pick(chosen)

        widgets.append(CellTarget(view.cell(pos), tap, pos in suggested,
                                  f"{prefix}:{pos[0]}:{pos[1]}"))
    return widgets


class DigDialog(CavernaDialog):
    """Excavate: pick each face-down space and name the room found there."""

    def __init__(self, option: Option) -> None:
        super().__init__()
        self.picker = DigPicker(option.amount, option.through_wall, self._finish)
        """The digs being collected."""

    def _finish(self, digs: list[dict[str, Any]]) -> list[Intent]:
        return submit({"type": "excavate", "digs": digs}, self.current)

    def title(self, state: CavernaState) -> Msg:
        """The question of the current step."""
        return self.picker.title()

    def has_back(self) -> bool:
        """The table has chosen a space or a dig already."""
        return self.picker.chosen

    def go_back(self) -> list[Intent]:
        """Step back inside the picker."""
        return self.picker.back() or [Redraw()]

    def body(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The picker's widgets."""
        return self.picker.widgets(ctx, state, area)


# ---------------------------------------------------------------- rooms
class RoomUseDialog(CavernaDialog):
    """Use an orange room: pick the room, then its choice (goods, a dig) when it has one."""

    def __init__(self) -> None:
        super().__init__()
        self.room: str | None = None
        """The room picked."""
        self.give: dict[str, int] = {}
        """Junction room: the goods given so far."""
        self.picker: DigPicker | None = None
        """Digging cave: the dig being named."""
        self.forced = False
        """The room was the only one the rules allow (so there is no going back to a list)."""

    def title(self, state: CavernaState) -> Msg:
        """The question of the current step."""
        if self.picker is not None:
            return self.picker.title()
        if self.room == "junction_room":
            return msg("ui_caverna.rooms.give", count=JUNCTION_GIVE)
        left = state.turn.room_uses_left if state.turn is not None else 0
        if left:
            return msg("ui_caverna.rooms.title_left", left=left)
        return Msg("ui_caverna.rooms.title")

    def has_back(self) -> bool:
        """A room has been picked by the table (not left as the only one by the rules)."""
        if self.picker is not None and self.picker.chosen:
            return True
        return self.room is not None and not self.forced

    def open_at(self, room: str) -> None:
        """Start at ``room``'s own question: the rules leave no other room to use."""
        self.forced = True
        self.room = room
        if room == "digging_cave":
            self.picker = DigPicker(1, False, self._dig_done)

    def go_back(self) -> list[Intent]:
        """Back one step inside the dig picker, else back to the room list."""
        if self.picker is not None and self.picker.back() is not None:
            return [Redraw()]
        self.room, self.picker, self.give = None, None, {}
        return [Redraw()]

    def pick(self, room: str) -> list[Intent]:
        """A room was tapped: use it at once when it has nothing to choose."""
        options = choices(room)
        if room == "digging_cave":
            self.room = room
            self.picker = DigPicker(1, False, self._dig_done)
            return [Redraw()]
        if asks_choice(room) and self.current is not None:
            intents = choice_intents(self.current, room)
            return intents if isinstance(intents[0], ShowDialog) else [CloseDialog(), *intents]
        if room == "junction_room":
            self.room = room
            return [Redraw()]
        return submit(room_action(room, options[0] if options else ""), self.current)

    def _dig_done(self, digs: list[dict[str, Any]]) -> list[Intent]:
        return submit({"type": "use_room", "room": "digging_cave", "dig": digs[0]},
                      self.current)

    def add_good(self, good: str) -> list[Intent]:
        """Junction room: give one more of ``good`` (at most three in all)."""
        if sum(self.give.values()) < JUNCTION_GIVE:
            self.give[good] = self.give.get(good, 0) + 1
        return [Redraw()]

    def body(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The room list, a room's choices, the goods to give or the dig picker."""
        if self.picker is not None:
            return self.picker.widgets(ctx, state, area)
        if self.room == "junction_room":
            return self._give(ctx, state, area)
        rooms = usable_rooms(state)
        if not rooms:
            return [Label(area, Msg("ui_caverna.rooms.none"), "body", align="center")]
        widgets: list[Widget] = []
        rects = grid(area, len(rooms), ctx.theme, 3, ctx.theme.px(84))
        reasons = {answer.value: answer.reason
                   for answer in answers(state, {"type": "use_room"}, "room_used")}
        for number, (room, rect) in enumerate(zip(rooms, rects, strict=True)):
            text, reason = self._room_text(state, room, ctx.lang)
            reason = reason or reasons.get(room)
            widgets.append(offer(rect, text, self._pick_tap(room), reason,
                                 key=f"rooms:room:{number}"))
        return widgets

    @staticmethod
    def _room_text(state: CavernaState, room: str, lang: str) -> tuple[Text, Msg | None]:
        """A room's button: its name, and what it gives when it has nothing to choose
        (a gain a limit would cut is said before the tap); the reason when refused."""
        options = choices(room)
        if room in ("junction_room", "digging_cave") or len(options) != 1:
            return Msg(f"caverna.room.{room}"), None
        return result_text(state, room_action(room, options[0]), Msg(f"caverna.room.{room}"),
                           lang)

    def _pick_tap(self, room: str) -> Callable[[], list[Intent]]:
        return lambda: self.pick(room)

    def _give(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        given = sum(self.give.values())
        line = pygame.Rect(area.x, area.y, area.width, theme.px(34))
        widgets: list[Widget] = [Label(line, msg("ui_caverna.rooms.given", count=given,
                                                 total=JUNCTION_GIVE), "body", bold=True)]
        goods = pygame.Rect(area.x, line.bottom + theme.gap, area.width,
                            area.height - line.height - theme.touch - 2 * theme.gap)
        have = state.players[state.active].goods
        for good, rect in zip(GOODS, grid(goods, len(GOODS), theme, 3), strict=True):
            text = msg("ui_caverna.rooms.give_good", good=f"@caverna.good.{good}",
                       count=self.give.get(good, 0), have=have.get(good))
            widgets.append(TapButton(rect, text, self._give_tap(good), role="small",
                                     key=f"rooms:give:{good}"))
        row = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        half = (row.width - theme.gap) // 2
        widgets.append(TapButton(pygame.Rect(row.x, row.y, half, row.height),
                                 Msg("ui_caverna.rooms.clear"), self._clear, role="small",
                                 key="rooms:give:clear"))
        action = {"type": "use_room", "room": "junction_room", "give": dict(self.give)}
        widgets.append(TapButton(pygame.Rect(row.x + half + theme.gap, row.y, half, row.height),
                                 Msg("ui_caverna.rooms.give_done"), lambda: submit(action, state),
                                 "primary", role="small", key="rooms:give:done",
                                 enabled=given == JUNCTION_GIVE))
        return widgets

    def _give_tap(self, good: str) -> Callable[[], list[Intent]]:
        return lambda: self.add_good(good)

    def _clear(self) -> list[Intent]:
        self.give = {}
        return [Redraw()]


# ---------------------------------------------------------------- furnishing
class FurnishDialog(CavernaDialog):
    """Furnish: pick a room from the display (cost with the tile's fee), then its space.

    While the display holds rooms not named yet, every dark-backed room not named yet
    is offered too: the table names the one it furnishes."""

    def __init__(self, option: Option) -> None:
        super().__init__()
        self.option = option
        """The tile's furnishing option (decides the fee)."""
        self.room: str | None = None
        """The room picked."""
        self.page = 0
        """The page of rooms shown when the display holds more than fit at once."""
        self.forced = False
        """The room was the only one the rules allow (so there is no going back to a list)."""

    def title(self, state: CavernaState) -> Msg:
        """The question of the current step."""
        if self.room is None:
            return Msg("ui_caverna.furnish.title")
        return msg("ui_caverna.furnish.space", room=f"@caverna.room.{self.room}")

    def has_back(self) -> bool:
        """A room has been picked by the table."""
        return self.room is not None and not self.forced

    def go_back(self) -> list[Intent]:
        """Back to the room list."""
        self.room = None
        return [Redraw()]

    def pick(self, room: str) -> list[Intent]:
        """A room was chosen: placed at once where it fits only one space, else ask where."""
        state = self.current
        if state is not None:
            fits = [answer for answer in furnish_spaces(state, self.option.fee, room)
                    if answer.legal]
            if len(fits) == 1:
                self.room = room
                return self.place(fits[0].value)
        self.room = room
        return [Redraw()]

    def place(self, target: Pos | str) -> list[Intent]:
        """The space was chosen: submit the furnishing."""
        assert self.room is not None
        space: Any = EXTRA if target == EXTRA else list(target)
        return submit({"type": "furnish", "room": self.room, "space": space,
                       "fee": self.option.fee}, self.current)

    def body(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The display with costs, or the active cave with its empty spaces."""
        if self.room is None:
            return self._rooms(ctx, state, area)
        return self._spaces(ctx, state, area)

    def _rooms(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        orange, blue = colour_balance(state, state.active)
        hint = pygame.Rect(area.x, area.y, area.width, theme.px(30))
        widgets: list[Widget] = [Label(hint, msg("ui_caverna.furnish.balance", orange=orange,
                                                 blue=blue), "small", theme.palette.text_muted)]
        rooms = pygame.Rect(area.x, hint.bottom + theme.gap, area.width,
                            area.bottom - hint.bottom - theme.gap)
        fee = furnish_fee(state, self.option)
        reasons = {str(answer.value): answer.reason
                   for answer in furnish_rooms(state, self.option.fee)}
        entries = []
        for room in sorted(furnishable_rooms(state),
                           key=lambda offered: reasons.get(offered) is not None):
            spec = state.config.room(room)
            text = msg("ui_caverna.furnish.room", room=f"@caverna.room.{room}",
                       colour=f"@caverna.colour.{spec.colour}", points=spec.points,
                       cost=translate(cost_message(total_cost(spec, fee)), ctx.lang),
                       walls=translate(walls_message(spec), ctx.lang))
            entries.append((room, text, reasons.get(room)))
        rows = max(1, (rooms.height + theme.gap) // (theme.px(ROOM_CARD_HEIGHT) + theme.gap))
        shown, pages = page_of(len(entries), 2 * rows, self.page)
        self.page %= pages
        slots = len(shown) + (1 if pages > 1 else 0)
        rects = grid(rooms, slots, theme, 2, theme.px(84))
        for number, rect in zip(shown, rects, strict=False):
            room, text, reason = entries[number]
            key = f"furnish:room:{room}"
            if reason is not None and asked(room_short_of_food, state, self.option.fee, room):
                widgets.append(ShortOfFoodButton(rect, hinted(text, rect, theme, ctx.lang),
                                                 reason, self._food_for(room), key=key))
                continue
            widgets.append(offer(rect, text, self._room_tap(room), reason, key=key))
        if pages > 1:
            more = msg("ui_caverna.furnish.more", page=self.page + 1, pages=pages)
            widgets.append(CompactTapButton(rects[-1], more, self.next_page, "quiet",
                                            key="furnish:more"))
        return widgets

    def next_page(self) -> list[Intent]:
        """Show the next page of rooms (after the last, the first)."""
        self.page += 1
        return [Redraw()]

    def _food_for(self, room: str) -> Callable[[], ShowDialog]:
        """The food dialog of a room short of food: once the food is made, the room is
        furnished where it fits one space, else its spaces are asked."""
        state = self.current
        assert state is not None
        option = self.option
        return lambda: food_for(state, state.active, room_refusal(option.fee, room),
                                lambda after: furnish_room_intents(after, option, room))

    def _room_tap(self, room: str) -> Callable[[], list[Intent]]:
        return lambda: self.pick(room)

    def _spaces(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        assert self.room is not None
        answers = furnish_spaces(state, self.option.fee, self.room)
        fits = [answer.value for answer in answers if answer.legal]
        cells = [(int(value[0]), int(value[1])) for value in fits if value != EXTRA]
        theme = ctx.theme
        spec = state.config.room(self.room)
        hint = pygame.Rect(area.x, area.y, area.width, theme.px(26))
        cave_box = pygame.Rect(area.x, hint.bottom + theme.px(4), area.width,
                               area.bottom - hint.bottom - theme.px(4))
        walls = translate(walls_message(spec), ctx.lang)
        note = msg("ui_caverna.furnish.outer_walls", walls=walls)
        widgets = cave_targets(ctx, state, cave_box, cells, frozenset(cells), self.place,
                               "furnish:cell")
        widgets.append(Label(hint, note, "small", theme.palette.text_muted))
        if EXTRA in fits:
            view = widgets[0]
            assert isinstance(view, CaveView)
            widgets.append(CellTarget(view.extra_cell(), lambda: self.place(EXTRA), True,
                                      "furnish:extra"))
        return widgets


def room_short_of_food(state: CavernaState, fee: str, room: str) -> bool:
    """Whether furnishing ``room`` with ``fee`` is refused now only for want of food the
    active player can make from their goods."""
    if fee not in FOOD_FEES and not state.config.room(room).cost.get("food"):
        return False

    return food_would_help(state, room_refusal(fee, room))


def room_refusal(fee: str, room: str) -> Callable[[CavernaState], Msg | None]:
    """Why furnishing ``room`` with ``fee`` is refused in a state (``None``: it is not)."""
    def reason(now: CavernaState) -> Msg | None:
        return answer_refusal(now, {"type": "furnish", "fee": fee}, "room_furnished", room,
                              Msg("caverna.ask.nothing"))
    return reason


def page_of(count: int, slots: int, page: int) -> tuple[range, int]:
    """Which of ``count`` entries a page of ``slots`` buttons shows, and how many pages.

    With more entries than slots, the last slot of every page is kept for a *More*
    button; ``page`` wraps around after the last page.
    """
    if count <= slots:
        return range(count), 1
    per_page = max(1, slots - 1)
    pages = -(-count // per_page)
    start = (page % pages) * per_page
    return range(start, min(count, start + per_page)), pages


# ---------------------------------------------------------------- walls
def edge_centre(view: CaveView, edge: Edge, side: int) -> tuple[int, int]:
    """Where the button for the border between two spaces goes by default, on screen.

    Side borders get it at their middle; a border between two rows gets it at its outer
    end (the left end in the first column, the right end in the others), so the room
    names keep the middle of their spaces.
    """
    first, second = view.cell(edge[0]), view.cell(edge[1])
    if edge[0][1] != edge[1][1]:
        return (first.centerx + second.centerx) // 2, first.centery
    y = (first.centery + second.centery) // 2
    if edge[0][1] == 0:
        return first.x + side // 2 + side // 8, y
    return first.right - side // 2 - side // 8, y


def wall_rects(view: CaveView, edges: Sequence[Edge], side: int, gap: int
               ) -> list[pygame.Rect]:
    """A ``side``-pixel button for each border of ``edges``, none touching another:
    side borders first at their middles, then each border between two rows at its outer
    end, or at its other end or nearer its middle where that end is taken."""
    rects: dict[Edge, pygame.Rect] = {}
    for edge in sorted(edges, key=lambda found: found[0][1] == found[1][1]):
        rect = pygame.Rect(0, 0, side, side)
        rect.center = edge_centre(view, edge, side)
        if edge[0][1] == edge[1][1]:
            cell = view.cell(edge[0])
            taken = [other.inflate(gap, gap) for other in rects.values()]
            for x in (rect.centerx, cell.right + cell.x - rect.centerx,
                      cell.x + side + side // 6, cell.right - side - side // 6):
                rect.centerx = x
                if rect.collidelist(taken) == -1:
                    break
        rects[edge] = rect
    return [rects[edge] for edge in edges]


class WallDialog(CavernaDialog):
    """Build a wall from the supply, or (Breach) take one of yours back."""

    def __init__(self, remove: bool = False) -> None:
        super().__init__()
        self.remove = remove
        """True for Breach: the targets are the walls already built."""

    def title(self, state: CavernaState) -> Msg:
        """The question."""
        if self.remove:
            return Msg("ui_caverna.wall.remove_title")
        return msg("ui_caverna.wall.build_title", supply=state.wall_supply)

    def body(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """The active cave with a button on every border that can take (or lose) a wall."""
        theme = ctx.theme
        cave = state.players[state.active].cave
        box = cave_area(area, cave, theme, wide=True)
        view = cave_view(state, state.active, box)
        widgets: list[Widget] = [view]
        kind = "remove_wall" if self.remove else "build_wall"
        edges = sorted(cave.walls) if self.remove else wall_spots(cave)
        side = max(theme.touch, theme.px(48))
        rects = wall_rects(view, edges, side, theme.px(4))
        for number, (edge, rect) in enumerate(zip(edges, rects, strict=True)):
            action = {"type": kind, "between": [list(edge[0]), list(edge[1])]}
            widgets.append(TapButton(rect, "✕" if self.remove else "+", self._tap(action),
                                     "danger" if self.remove else "primary",
                                     key=f"wall:{number}"))
        widgets += self._extra_sides(ctx, cave, view, kind)
        view.keep_clear = [widget.rect for widget in widgets if isinstance(widget, TapButton)]
        return widgets

    def _extra_sides(self, ctx: Context, cave: Cave, view: CaveView,
                     kind: str) -> list[Widget]:
        extra = cave.extra
        if extra is None or not extra.placed:
            return []
        theme = ctx.theme
        walled = extra.natural_sides | extra.built_sides
        sides = [s for s in SIDES if (s in extra.built_sides if self.remove else s not in walled)]
        cell = view.extra_cell()
        side_px = max(theme.touch, theme.px(48))
        centres = {"n": cell.midtop, "s": cell.midbottom, "w": cell.midleft, "e": cell.midright}
        widgets: list[Widget] = []
        for side in sides:
            rect = pygame.Rect(0, 0, side_px, side_px)
            rect.center = centres[side]
            rect.clamp_ip(view.rect.union(cell))
            widgets.append(TapButton(rect, "✕" if self.remove else "+",
                                     self._tap({"type": kind, "side": side}),
                                     "danger" if self.remove else "primary",
                                     key=f"wall:extra:{side}"))
        return widgets

    def _tap(self, action: Action) -> Callable[[], list[Intent]]:
        return lambda: submit(action, self.current)


# ---------------------------------------------------------------- extra cavern
class ExtraCavernDialog(CavernaDialog):
    """Lay the extra cavern down: choose the 2 or 3 sides walled by the tile itself."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        """The player who earned it."""
        self.sides: set[str] = {"n", "w"}
        """The sides chosen so far."""

    def title(self, state: CavernaState) -> Msg:
        """The question."""
        return msg("ui_caverna.extra.title", player=state.config.names[self.seat])

    def toggle(self, side: str) -> list[Intent]:
        """Switch one side on or off."""
        self.sides ^= {side}
        return [Redraw()]

    def body(self, ctx: Context, state: CavernaState, area: pygame.Rect) -> list[Widget]:
        """Four side toggles and *Lay it down*."""
        theme = ctx.theme
        toggles = pygame.Rect(area.x, area.y, area.width, area.height - theme.touch - theme.gap)
        widgets: list[Widget] = []
        for side, rect in zip(SIDES, grid(toggles, len(SIDES), theme, 2, theme.px(84)),
                              strict=True):
            chosen = side in self.sides
            widgets.append(TapButton(rect, Msg(f"ui_caverna.side.{side}"),
                                     self._toggle_tap(side), "selected" if chosen else "normal",
                                     key=f"extra:{side}"))
        done = pygame.Rect(area.x, area.bottom - theme.touch, area.width, theme.touch)
        action = {"type": "place_extra_cavern", "player": self.seat,
                  "walls": [s for s in SIDES if s in self.sides]}
        widgets.append(TapButton(done, Msg("ui_caverna.extra.place"), lambda: submit(action),
                                 "primary", key="extra:place"))
        return widgets

    def _toggle_tap(self, side: str) -> Callable[[], list[Intent]]:
        return lambda: self.toggle(side)
