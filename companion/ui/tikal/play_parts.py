"""What the parts of the Tikal play screen (map and drags, auction panel, inline scoring)
read of the screen they are mixed into: its fields and the few steps they share."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.messages import Msg, msg
from companion.games.tikal.state import TikalState
from companion.ui.intents import Intent
from companion.ui.questions import Dialogue
from companion.ui.scene import Context
from companion.ui.tikal.hexmap import HexMapLayout
from companion.ui.tikal.view import stack_left
from companion.ui.widgets import Drop


class PlayParts:
    """The play screen as its parts see it (each method is the play screen's own)."""

    flat: bool
    """Whether the last build was the flat-table layout."""
    tab: str | None
    """The right-column tab chosen by the table (``None``: the phase's own)."""
    inline: Dialogue
    """The next drawn hex, asked on the play screen itself."""
    volcano: Dialogue
    """Where the volcano placed after a scoring round lies, asked on the map itself."""
    score_inline: Dialogue
    """A lean scoring turn's temples, asked on the play screen itself."""
    map_layout: HexMapLayout | None
    """Where the map tab draws each hex."""
    bid: int | None
    """The bid being prepared with − / + (``None``: one more than the highest)."""
    _bid_key: tuple[int, int] | None
    """The bidder and lowest bid the prepared bid belongs to."""
    _volcano_shown: int | None
    """The volcano whose question has already brought the map forward once."""

    @staticmethod
    def _stack_line(state: TikalState) -> Msg:
        """The letter on top of the stack and how many hexes are left."""
        from companion.games.tikal.queries import current_stage

        letter = current_stage(state)
        if letter is None:
            return Msg("ui_tikal.draw.empty")
        return msg("ui_tikal.draw.stack", letter=letter, left=stack_left(state))

    def ask(self, ctx: Context, state: TikalState, start: dict[str, object]) -> list[Intent]:
        """Open the questions of an action."""
        raise NotImplementedError

    def ending(self, ctx: Context, state: TikalState) -> tuple[Intent, ...]:
        """What an entry in ``state`` submits first."""
        raise NotImplementedError

    def inline_state(self, state: TikalState) -> tuple[TikalState, tuple[Intent, ...]] | None:
        """The state the next drawn hex is entered in, and what its entry submits first."""
        raise NotImplementedError

    def auction_after_spent(self, state: TikalState) -> TikalState | None:
        """The state after a spent auction turn ends, when its next entry is the auction's."""
        raise NotImplementedError

    def current_tab(self, state: TikalState) -> str:
        """The tab shown."""
        raise NotImplementedError

    def lean_scoring(self, state: TikalState) -> bool:
        """Whether a lean scoring turn asks who holds each temple right on the screen."""
        raise NotImplementedError

    def _field_drop(self, put_at: Callable[[list[int]], list[Intent]]) -> Drop | None:
        """A drag onto one of the empty fields the map shows."""
        raise NotImplementedError
