"""A lean scoring asked on the Tikal play screen itself: who holds each open temple, that
temple ringed on the map."""


from __future__ import annotations

import pygame

from companion.games.tikal.questions import (
    TEMPLE_FIELD,
)
from companion.games.tikal.state import (
    Phase,
    TikalState,
)
from companion.ui.questions import (
    QuestionLook,
    needed_height,
    question_widgets,
)
from companion.ui.scene import Context
from companion.ui.tikal.dialogs import tikal_look
from companion.ui.tikal.play_parts import PlayParts
from companion.ui.widgets import (
    Widget,
)


class InlineScoring(PlayParts):
    """The lean scoring's questions of :class:`~companion.ui.tikal.play.TikalPlayScene`
    (mixed into the play screen)."""

    def lean_scoring(self, state: TikalState) -> bool:
        """Whether a lean scoring turn asks who holds each temple right on the screen."""
        return (state.tracking == "lean" and state.phase == Phase.ACTIONS
                and state.scoring is not None
                and self.score_inline.question(state) is not None)

    def _score_needs(self, ctx: Context, state: TikalState, area: pygame.Rect,
                     head: pygame.Rect, notes_h: int) -> bool:
        """Whether a lean scoring's question would not fit above ``notes_h`` of notes."""
        theme = ctx.theme
        look = QuestionLook(lambda key: None, None, False)
        wanted = needed_height(self.score_inline, state, area.width, ctx, look)
        room = area.bottom - notes_h - head.bottom - 3 * theme.gap - theme.touch
        return wanted > room

    def scored_temple(self, state: TikalState) -> int | None:
        """The temple a lean scoring asks about now (ringed on the map)."""
        if not self.lean_scoring(state):
            return None
        question = self.score_inline.question(state)
        field = question.field if question is not None else ""
        return int(field.removeprefix(TEMPLE_FIELD)) if field.startswith(TEMPLE_FIELD) else None

    def _inline_score(self, ctx: Context, state: TikalState, area: pygame.Rect
                      ) -> list[Widget]:
        """Who holds each open temple, asked right on the play screen (one seat colour per
        temple, that temple ringed on the map)."""
        look = QuestionLook(lambda key: None, tikal_look(state).seat_colour, False)
        return question_widgets(self.score_inline, state, area, ctx, look)
