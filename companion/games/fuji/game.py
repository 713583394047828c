"""The Fuji rules engine offered to the core: :data:`GAME` also answers the table's buttons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.game import Action, Game, GameInfo, Result, Setup, TableButtons
from companion.core.messages import IllegalActionError, Msg, SetupError
from companion.games.fuji import rules
from companion.games.fuji import setup as fuji_setup
from companion.games.fuji.order import next_in_ring as next_in_ring
from companion.games.fuji.order import order_free as order_free
from companion.games.fuji.state import Phase, State

if TYPE_CHECKING:
    from companion.core.questions import AskingGame, Partial, Step

# Questions, labels, the sample of legal actions, scores, JSON and cues are imported by
# the methods that use them: resuming a game and drawing it needs none of them.

DEMO_GAMES: tuple[tuple[int, int], ...] = ((1, 1), (1, 1), (3, 2), (3, 2), (5, 3), (7, 4))
"""(scenario, level) of the games in the kiosk's demo journal."""

INFO = GameInfo(
    tagline_key="fuji.info.tagline",
    attract_key="fuji.info.attract",
    published_title="Fuji",
    chart="outcomes",
    cooperative=True,
    chart_title_key="fuji.info.chart",
    demo_setups=tuple({**fuji_setup.example_setup(), "scenario": scenario, "level": level}
                      for scenario, level in DEMO_GAMES),
)
"""What the shared screens say about Fuji."""


class FujiGame:
    """The Fuji rules engine and its mapping of the table buttons."""

    name = "fuji"
    """Registry name."""
    title_key = "fuji.title"
    """Catalogue key of the game's display name."""
    min_players = fuji_setup.MIN_PLAYERS
    """Fewest characters a set-up may name."""
    max_players = fuji_setup.MAX_PLAYERS
    """Most characters a set-up may name."""
    info = INFO
    """Tagline, attract slide, published title and statistics chart."""
    data_version = 2
    """Version 2 checks starting-hand sizes (see :func:`upgrade`)."""

    def upgrade(
        self, setup: dict[str, Any], actions: list[dict[str, Any]], from_version: int
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Rewrite a stored set-up and actions of ``from_version`` in the next format."""
        return fuji_setup.upgrade(setup, actions, from_version)

    def ask(self, state: State, partial: Partial) -> Step:
        """The next question for a partly built action, or the finished action."""
        from companion.games.fuji.questions import ask

        return ask(state, partial)

    def new_state(self, setup: Setup) -> State:
        """Build the state at the start of round 1; raise ``SetupError`` when unplayable."""
        if not isinstance(setup, Mapping):
            raise SetupError("fuji.setup.not_an_object")
        return fuji_setup.new_state(setup)

    def apply(self, state: State, action: Action) -> State:
        """Return the state after ``action``; raise ``IllegalActionError`` if refused."""
        return rules.apply(state, action)

    def state_to_json(self, state: State) -> dict[str, Any]:
        """Describe the state as plain JSON data."""
        from companion.games.fuji.serialise import state_to_json

        return state_to_json(state)

    def is_finished(self, state: State) -> bool:
        """Tell whether the game was won or lost."""
        return state.outcome is not None

    def told(self, before: State, after: State) -> tuple[Msg, ...]:
        """What one step told the table to do with its pieces (History lists these under
        the step, as the play screen's instruction list does)."""
        kept, fresh = before.instructions, after.instructions
        added = fresh[len(kept):] if fresh[:len(kept)] == kept else fresh
        return tuple(instruction.message for instruction in added)

    def action_label(self, before: State, action: Action) -> Msg:
        """A short history label for ``action``."""
        from companion.games.fuji.labels import action_label

        return action_label(before, action)

    def example_setup(self) -> Setup:
        """A three-player game on scenario 3 at level 2."""
        return fuji_setup.example_setup()

    def legal_actions(self, state: State) -> Sequence[Action]:
        """A sample of legal actions that drives a game to its end."""
        from companion.games.fuji.legal import legal_actions

        return legal_actions(state)

    def choices(self, state: State) -> Sequence[Action] | None:
        """Dice, targets and paths are entered on Fuji's own screens: no full list."""
        return None

    def result(self, state: State, setup: Setup) -> Result:
        """The characters, the cooperative outcome, the scenario and the level."""
        from companion.games.fuji.scoring import result

        return result(state, setup)

    def cues(self, before: State, after: State, action: Action) -> tuple[str, ...]:
        """The escape or the loss, wounds, lava spreading, a locked marker, a new phase."""
        from companion.games.fuji.cues import step_cues

        return step_cues(before, after, action)

    def advance_action(self, state: State) -> Action:
        """The big button always asks to move to the next phase."""
        return {"type": "advance"}

    def refusal(self, state: State, action: Action) -> Msg | None:
        """Why the rules would refuse ``action`` now, or ``None`` if they accept it."""
        try:
            rules.apply(state, action)
        except IllegalActionError as refused:
            return refused.message
        return None

    def card_refusal(self, state: State, seat: int, card: str) -> Msg | None:
        """Why ``seat`` cannot play ``card`` now, or ``None`` (see :func:`rules.card_refusal`)."""
        return rules.card_refusal(state, seat, card)

    def ahead(self, state: State, phase: Phase) -> State | None:
        """``state`` moved on to ``phase`` through finished phases (see :func:`rules.ahead`)."""
        return rules.ahead(state, phase)

    def seat_action(self, state: State, seat: int, long_press: bool) -> Action | None:
        """Planning: confirm the marker, release it on a second or long press.

        Rerolls: say the player has finished rerolling.  Otherwise nothing.
        """
        if state.outcome is not None or not 0 <= seat < len(state.players):
            return None
        someone = state.players[seat]
        if state.phase is Phase.PLANNING:
            if someone.destination_confirmed:
                return {"type": "release_destination", "player": seat}
            if someone.destination is None or long_press:
                return None
            return {"type": "confirm_destination", "player": seat}
        if state.phase is Phase.REROLLS and not someone.rerolls_done:
            return {"type": "rerolls_done", "player": seat}
        return None

    def waiting_for(self, state: State) -> frozenset[int]:
        """Seats still to confirm a marker, finish rerolls, resolve or decide."""
        if state.outcome is not None:
            return frozenset()
        if state.pending:
            return frozenset(owed.seat for owed in state.pending)
        players = state.players
        if state.phase is Phase.PLANNING:
            return frozenset(p.seat for p in players if not p.destination_confirmed)
        if state.phase is Phase.REROLLS:
            return frozenset(p.seat for p in players if not p.rerolls_done)
        if state.phase is Phase.MOVEMENT:
            return frozenset(p.seat for p in players if p.seat not in state.resolved)
        return frozenset()

    def summary(self, state: State, setup: Setup) -> Msg:
        """The scenario (or own map) and level, a variant if any, and the round."""
        settings = state.settings
        variant = (settings.variant.value if settings.variant is not None
                   else "extreme" if settings.extreme else "")
        key = ("fuji.summary.custom" if "map" in setup else "fuji.summary.scenario") + (
            "_variant" if variant else "")
        return Msg(key, {"scenario": str(setup.get("scenario", "")), "level": settings.level,
                         "round": state.round, "variant": f"@fuji.variant.{variant}"})


GAME: FujiGame = FujiGame()
"""The registered Fuji rules engine."""

AS_GAME: Game[State] = GAME
"""``GAME`` seen through the core's game protocol (checked by mypy)."""
AS_BUTTONS: TableButtons[State] = GAME
"""``GAME`` seen through the table-button protocol (checked by mypy)."""
AS_ASKING: AskingGame[State] = GAME
"""``GAME`` seen through the question protocol (checked by mypy)."""
