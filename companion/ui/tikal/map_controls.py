"""The Tikal play screen's map and drags: the empty fields the next hex may be laid on,
hexes dragged onto them, pieces dragged from hex to hex, one-tap levels and treasures
on a lean map, the volcano's field, and the next hex's question beside the map."""


from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pygame

from companion.core.messages import IllegalActionError, Msg
from companion.core.questions import Complete, Question, Style
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.queries import (
    free_spots,
    has_places,
    unlaid_volcano,
)
from companion.games.tikal.questions import (
    TILE_FIELD,
    refusal,
    tile_options,
    type_refusal,
)
from companion.games.tikal.state import (
    Hex,
    HexTile,
    Phase,
    TikalState,
)
from companion.ui.intents import Intent, Notify, Redraw, Submit
from companion.ui.questions import (
    AnswerTarget,
    Dialogue,
    QuestionLook,
    needed_height,
    question_widgets,
)
from companion.ui.scene import Context
from companion.ui.tikal.dialogs import tikal_look
from companion.ui.tikal.hexmap import HexMapLayout, SpotTarget
from companion.ui.tikal.play_parts import PlayParts
from companion.ui.tikal.tilepick import tile_page
from companion.ui.tikal.view import (
    tile_label,
)
from companion.ui.widgets import (
    Button,
    Drop,
    Label,
    Widget,
)

DROP_FILLER: dict[str, object] = {"piece": "worker", "count": 1, "stones": 1}
"""The least of an action a drop on a hex that does not take it is judged with, so the
rules say why that hex cannot be the answer."""


TILE_PAGE_FROM = 4
"""Most tiles the next hex's question shows as plain answers; more are laid out by kind
on one page (:func:`companion.ui.tikal.tilepick.tile_page`)."""


class MapControls(PlayParts):
    """What a finger does on the map of :class:`~companion.ui.tikal.play.TikalPlayScene` and
    the next hex's question that lays a hex on it (mixed into the play screen)."""

    def _prepare_map(self, ctx: Context, session: Session, state: TikalState,
                     right: pygame.Rect, tabs_above: bool = True) -> None:
        """Follow the game with the inline draw, and lay out the map for its places
        (``right``: the books column, its tabs along the top unless ``tabs_above`` is
        false, as on a flat table, whose tabs span the middle)."""
        if self.inline.cursor != session.cursor:
            # Each drawn hex is a new question, but its answers keep their slots from turn
            # to turn (a tile, a seat stays where the finger found it last time).
            self.inline = Dialogue(GAME.ask, {"type": "draw"}, cursor=session.cursor,
                                   slots=self.inline.slots)
            self.volcano = Dialogue(GAME.ask, {"type": "lay_volcano"}, cursor=session.cursor,
                                    slots=self.volcano.slots)
            self.score_inline = Dialogue(GAME.ask, {"type": "score"}, cursor=session.cursor,
                                         slots=self.score_inline.slots)
            if self.lean_scoring(state):
                self.tab = "map"  # the temple asked about is ringed there
        self.map_layout = None
        inline = self.inline_state(state)
        question = self.inline.question(inline[0]) if inline is not None else None
        strip = 0
        if question is None or question.style != Style.PLACE:
            question = self.volcano_question(state)
            strip = self._strip_height(ctx, state, right.width) if question else 0
            if question is not None:
                self._show_map_once(state)
        elif question.style == Style.PLACE:
            self.tab = "map"
        spots: list[tuple[int, int]] = []
        if question is not None and question.style == Style.PLACE:
            spots = [(int(a.value[0]), int(a.value[1])) for a in question.answers]
        else:
            spots = list(self.field_spots(state))
        theme = ctx.theme
        top = strip + (theme.touch + theme.gap if tabs_above else 0)
        page = pygame.Rect(right.x, right.y + top, right.width, right.height - top)
        self.map_layout = HexMapLayout(page, state, spots, theme)

    def volcano_question(self, state: TikalState) -> Question | None:
        """Where the volcano lies, while one waits for its field on a board whose every hex
        has its place (``None``: nothing to ask)."""
        if state.phase != Phase.ACTIONS or unlaid_volcano(state) is None:
            return None
        return self.volcano.question(state)

    def _strip_height(self, ctx: Context, state: TikalState, width: int) -> int:
        """Room the volcano's question takes along the top of the map."""
        look = QuestionLook(lambda key: None, None, False)
        return needed_height(self.volcano, state, width - 2 * ctx.theme.pad, ctx, look) \
            + ctx.theme.px(8)

    def next_hex_spots(self, state: TikalState) -> tuple[tuple[int, int], ...]:
        """The empty fields beside the board while the next hex is asked: a tap on one says
        where the hex lies, then the hex is named (or dragged onto it at once).  A lean
        table that does not care just names the hex; a fully tracked board always says
        where (its map then asks the field after the hex)."""
        inline = self.inline_state(state)
        if inline is None or self.volcano_question(state):
            return ()
        if state.tracking != "lean" and not has_places(state):
            return ()  # a board recorded before hexes had places
        if all(tile.get("kind") == "volcano" for tile in tile_options(inline[0])):
            return ()  # a volcano is set aside, never laid on a field when drawn
        return free_spots(inline[0])

    def field_spots(self, state: TikalState) -> tuple[tuple[int, int], ...]:
        """The empty fields the map shows: those of the next hex (:meth:`next_hex_spots`)
        or, while an auction's winner picks a revealed hex, those it can be dragged onto
        (also while a spent turn waits for the next entry: the last, free hex of the round,
        whose choice ends that turn)."""
        after = self.auction_after_spent(state)
        choosing = after if after is not None and after.phase == Phase.CHOOSE else state
        if choosing.phase != Phase.CHOOSE or state.tracking == "lean" \
                or not has_places(state):
            return self.next_hex_spots(state)
        return free_spots(choosing)

    def _field_drop(self, put_at: Callable[[list[int]], list[Intent]]) -> Drop | None:
        """A drag onto one of the empty fields the map shows, which ``put_at`` is given
        (``None``: the map shows none)."""
        layout = self.map_layout
        if layout is None or not layout.spots:
            return None

        def under(pos: tuple[int, int]) -> tuple[int, int] | None:
            shown = self.map_layout
            return None if shown is None else shown.spot_at(pos)

        def land(pos: tuple[int, int]) -> pygame.Rect | None:
            spot, shown = under(pos), self.map_layout
            return None if spot is None or shown is None else shown.box(shown.centre_of(spot))

        def put(pos: tuple[int, int]) -> list[Intent]:
            spot = under(pos)
            return [] if spot is None else put_at([spot[0], spot[1]])

        return Drop(land, put)

    def _drop_tiles(self, widgets: list[Widget], asked: TikalState,
                    first: tuple[Intent, ...]) -> list[Widget]:
        """Let each hex the stack can give be dragged onto the empty field it is laid on:
        where and what in one input."""
        for widget in widgets:
            if not isinstance(widget, AnswerTarget) or widget.field != TILE_FIELD:
                continue
            tile = widget.answer.value if widget.answer.legal else None
            if not isinstance(tile, dict) or tile.get("kind") == "volcano":
                continue

            def lay(at: list[int], chosen: dict[str, object] = tile) -> list[Intent]:
                self.inline.partial["at"] = at
                return self.inline.tap(asked, chosen, first)

            widget.dropping = self._field_drop(lay)
        return widgets

    def mark_spot(self, spot: tuple[int, int], state: TikalState | None = None
                  ) -> list[Intent]:
        """Note (or forget, tapped again) the field where the next hex lies.  When the stack
        can give only one hex (``state`` given), the field is all the table has to say: the
        hex goes there at once, ending the turn as naming it would."""
        chosen = [spot[0], spot[1]]
        if self.inline.partial.get("at") == chosen:
            self.inline.partial.pop("at")
            return [Redraw()]
        self.inline.partial["at"] = chosen
        only = self.only_tile(state) if state is not None else None
        if only is not None:
            first, action = only
            return [*first, Submit(action)]
        return [Redraw()]

    def only_tile(self, state: TikalState) -> tuple[tuple[Intent, ...], dict[str, object]] | None:
        """The next hex's action when the stack can give only that one (and what its entry
        submits first), or ``None``."""
        inline = self.inline_state(state)
        if inline is None:
            return None
        asked, first = inline
        step = self.inline.progress(asked).step
        return (first, dict(step.action)) if isinstance(step, Complete) else None

    def _map_targets(self, ctx: Context, state: TikalState) -> list[Widget]:
        """What a finger does on a lean game's map: an empty field says where the next hex
        lies, a temple gets its next level (the lean turn's most common entry, one tap),
        a treasure hex gives its top token (its kind is asked next)."""
        return self._spot_targets(state) + self._level_targets(state) \
            + self._treasure_targets(ctx, state)

    def _treasure_targets(self, ctx: Context, state: TikalState) -> list[Widget]:
        """Each treasure hex of a lean game's map a treasure can be taken from now: a tap
        takes it from there (the hex the rules need, in the same tap as the action)."""
        layout = self.map_layout
        if layout is None or state.tracking != "lean" or state.legacy_lean \
                or state.phase != Phase.ACTIONS or type_refusal(state, "take_treasure"):
            return []
        try:
            step = GAME.ask(state, {"type": "take_treasure"})
        except IllegalActionError:
            return []
        if not isinstance(step, Question) or step.field != "hex":
            return []
        widgets: list[Widget] = []
        for answer in step.legal_answers():
            hex_id = int(answer.value)

            def tap(chosen: int = hex_id) -> list[Intent]:
                return self.ask(ctx, state, {"type": "take_treasure", "hex": chosen})

            box = layout.box(layout.centre(state.hexes[hex_id]))
            widgets.append(SpotTarget(box, tap, False, key=f"tikal:treasure:{hex_id}"))
        return widgets

    def move_sources(self, state: TikalState) -> tuple[int, ...]:
        """The hexes a tap on the map starts a move from in full tracking: those holding the
        active player's pieces, while a move can still be paid for (empty: no such tap now).
        A volcano waiting for its (optional) field does not stop them: its fields are empty
        ground, the pieces stand on laid hexes."""
        if state.tracking != "full" or state.phase != Phase.ACTIONS \
                or type_refusal(state, "move") is not None:
            return ()
        try:
            step = GAME.ask(state, {"type": "move"})
        except IllegalActionError:
            return ()
        if not isinstance(step, Question) or step.field != "from":
            return ()
        return tuple(int(answer.value) for answer in step.answers if answer.reason is None)

    def move_hint(self, state: TikalState) -> bool:
        """Whether the turn column says that a tap on a hex with the player's pieces moves
        them (the map is shown and such a hex is there)."""
        return self.current_tab(state) == "map" and bool(self.move_sources(state))

    def _move_targets(self, ctx: Context, state: TikalState) -> list[Widget]:
        """Each hex of a fully tracked game's map holding the active player's pieces: a tap
        opens *Move* with that hex already given as where the pieces leave from."""
        layout = self.map_layout
        if layout is None:
            return []
        widgets: list[Widget] = []
        for source in self.move_sources(state):
            def tap(hex_id: int = source) -> list[Intent]:
                return self.ask(ctx, state, {"type": "move", "from": hex_id})

            box = layout.box(layout.centre(state.hexes[source]))
            target = SpotTarget(box, tap, False, key=f"tikal:move:{source}")
            target.dropping = self._hex_drop(ctx, state, {"type": "move", "from": source},
                                             "to", home=(source, tap))
            widgets.append(target)
        return widgets

    def _hex_drop(self, ctx: Context, state: TikalState, start: dict[str, object],
                  field: str, home: tuple[int, Callable[[], list[Intent]]] | None = None
                  ) -> Drop | None:
        """A drag onto a hex of the map that answers the question ``field`` of the action
        begun as ``start``: only hexes that question accepts take the drop (and ``home``,
        the hex dragged from, which then counts as a tap on it); ``None`` when the map is
        not shown.  The rules are asked only once a finger drags it, not on every build."""
        if self.map_layout is None:
            return None

        @cache
        def accepted() -> frozenset[int]:
            try:
                step = GAME.ask(state, start)
            except IllegalActionError:
                return frozenset()
            if not isinstance(step, Question) or step.field != field:
                return frozenset()  # the action asks something else first
            hexes = {int(answer.value) for answer in step.legal_answers()}
            return frozenset(hexes | ({home[0]} if home is not None else set()))

        def under(pos: tuple[int, int]) -> Hex | None:
            layout = self.map_layout
            return None if layout is None else layout.hex_at(pos, state.hexes)

        def land(pos: tuple[int, int]) -> pygame.Rect | None:
            found, layout = under(pos), self.map_layout
            if found is None or layout is None or found.id not in accepted():
                return None
            return layout.box(layout.centre(found))

        def put(pos: tuple[int, int]) -> list[Intent]:
            found = under(pos)
            if found is None:
                return []
            if home is not None and found.id == home[0]:
                return home[1]()
            if found.id in accepted():
                return self.ask(ctx, state, {**start, field: found.id})
            reason = refusal(state, {**DROP_FILLER, **start, field: found.id})
            return [] if reason is None else [Notify(reason, error=True)]

        return Drop(land, put)

    def _level_targets(self, state: TikalState) -> list[Widget]:
        """Each temple of a lean game's map whose next level the rules accept now."""
        layout = self.map_layout
        if layout is None or state.tracking != "lean" \
                or state.phase != Phase.ACTIONS:
            return []
        widgets: list[Widget] = []
        for hx in state.hexes:
            action = {"type": "uncover", "hex": hx.id}
            if hx.kind != "temple" or refusal(state, action) is not None:
                continue
            widgets.append(SpotTarget(layout.box(layout.centre(hx)), lambda: [], False,
                                      key=f"tikal:level:{hx.id}",
                                      intents=(Submit(action),
                                               Notify(GAME.action_label(state, action)))))
        return widgets

    def _spot_targets(self, state: TikalState) -> list[Widget]:
        """The empty fields the map shows for the next hex (drawn, or taken at an auction),
        each a target for :meth:`mark_spot`: the field may be tapped before the hex."""
        layout = self.map_layout
        if layout is None:
            return []
        chosen = self.inline.partial.get("at")
        widgets: list[Widget] = []
        for spot in self.field_spots(state):
            def tap(field: tuple[int, int] = spot) -> list[Intent]:
                return self.mark_spot(field, state)

            widgets.append(SpotTarget(layout.box(layout.centre_of(spot)), tap,
                                      chosen == [spot[0], spot[1]],
                                      key=f"tikal:spot:{spot[0]},{spot[1]}"))
        return widgets

    def _show_map_once(self, state: TikalState) -> None:
        """Bring the map forward when a volcano has just come back after its scoring round
        (the table may then look at other tabs; the question stays on the map)."""
        volcano = unlaid_volcano(state)
        just_placed = volcano is not None and volcano.id == len(state.hexes) - 1 \
            and state.scoring is None
        if volcano is not None and just_placed and volcano.id != self._volcano_shown:
            self._volcano_shown = volcano.id
            self.tab = "map"

    def _volcano_strip(self, ctx: Context, state: TikalState, page: pygame.Rect
                       ) -> list[Widget]:
        """The volcano's question along the top of the map, its fields on the map."""
        if self.volcano_question(state) is None:
            return []
        layout = self.map_layout

        def rects(key: str) -> pygame.Rect | None:
            return layout.rect_for(state, key) if layout is not None else None

        theme = ctx.theme
        strip = pygame.Rect(page.x + theme.pad, page.y + theme.px(4), page.width - 2 * theme.pad,
                            self._strip_height(ctx, state, page.width) - theme.px(8))
        look = QuestionLook(rects, tikal_look(state).seat_colour, False, round_places=True)
        return question_widgets(self.volcano, state, strip, ctx, look)

    def _inline_draw(self, ctx: Context, state: TikalState, area: pygame.Rect
                     ) -> list[Widget]:
        """The question of the next drawn hex, answered right on the play screen."""
        inline = self.inline_state(state)
        if inline is None:
            return []
        asked, first = inline
        layout = self.map_layout

        def rects(key: str) -> pygame.Rect | None:
            return layout.rect_for(asked, key) if layout is not None else None

        look = QuestionLook(rects, tikal_look(state).seat_colour, False, round_places=True)
        step = self.inline.progress(asked).step
        if isinstance(step, Complete):
            action = step.action
            tile = HexTile(str(action["kind"]), int(action.get("value", 0)),
                           int(action.get("masks", 0)))
            theme = ctx.theme
            line = pygame.Rect(area.x, area.y, area.width, theme.px(30))
            button = pygame.Rect(area.x, line.bottom, area.width,
                                 max(theme.touch, min(area.height - line.height, theme.px(84))))
            only = "ui_tikal.draw.only_spot" if self.next_hex_spots(state) \
                else "ui_tikal.draw.only"
            only_tile = Button(button, tile_label(tile), (*first, Submit(action)), "primary",
                               key="tikal:draw:only")
            if tile.kind != "volcano":
                only_tile.dropping = self._field_drop(
                    lambda at: self.mark_spot((at[0], at[1]), state))
            return [Label(line, Msg(only), "small", theme.palette.text_muted), only_tile]
        question = step if isinstance(step, Question) else None
        if question is not None and question.field == TILE_FIELD \
                and len(question.answers) > TILE_PAGE_FROM:
            page = tile_page(self.inline, asked, question, area, ctx, first)
            if page is not None:
                return self._drop_tiles(page, asked, first)
        widgets = self._drop_tiles(question_widgets(self.inline, asked, area, ctx, look, first),
                                   asked, first)
        return widgets + self._drag_hint(ctx, widgets, area)

    @staticmethod
    def _drag_hint(ctx: Context, widgets: list[Widget], area: pygame.Rect) -> list[Widget]:
        """A line under the hexes offered saying they can be dragged onto their fields,
        when one can and the column has room for it below them."""
        if not any(widget.dropping is not None for widget in widgets):
            return []
        theme = ctx.theme
        lowest = max(widget.rect.bottom for widget in widgets)
        room = area.bottom - lowest - theme.gap
        if room < theme.px(44):
            return []
        line = pygame.Rect(area.x, lowest + theme.gap, area.width, min(room, theme.px(60)))
        return [Label(line, Msg("ui_tikal.draw.drag_hint"), "small", theme.palette.text_muted)]
