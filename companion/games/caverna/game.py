"""The Caverna: Cave vs Cave rules engine as the core's ``Game`` (with table buttons)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.game import Action, Game, GameInfo, OwnScreensGame, Result, Setup
from companion.core.messages import Msg
from companion.core.questions import Partial, Step
from companion.games.caverna import scoring
from companion.games.caverna.labels import label
from companion.games.caverna.legal import legal_actions
from companion.games.caverna.questions import ask
from companion.games.caverna.rules import apply_action
from companion.games.caverna.serialise import state_json
from companion.games.caverna.setup import new_game
from companion.games.caverna.state import FINISHED, REVEAL, CavernaState
from companion.games.caverna.upgrade import DATA_VERSION, upgrade

EXAMPLE_SETUP: Mapping[str, Any] = {"players": ["Ada", "Borys"], "start_player": 0}
"""A ready two-player set-up with the default cave board and every tile."""

INFO = GameInfo(
    tagline_key="caverna.info.tagline",
    attract_key="caverna.info.attract",
    published_title="Caverna: Cave vs Cave",
    chart="scores",
    short_title_key="caverna.info.short_title",
)
"""What the shared screens say about Caverna: Cave vs Cave."""


class CavernaGame(OwnScreensGame[CavernaState]):
    """Caverna: Cave vs Cave, Era I, for two players or one."""

    name = "caverna"
    title_key = "caverna.title"
    min_players = 1
    max_players = 2
    info = INFO
    data_version = DATA_VERSION

    def upgrade(
        self, setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], from_version: int
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Rewrite a stored set-up and actions of ``from_version`` into the next version."""
        return upgrade(setup, actions, from_version)

    def ask(self, state: CavernaState, partial: Partial) -> Step:
        """The next question of a partly built action, or the completed action."""
        return ask(state, partial)

    def new_state(self, setup: Setup) -> CavernaState:
        """Build the first state from ``setup`` (see ``docs/caverna-actions.md``)."""
        return new_game(setup)

    def apply(self, state: CavernaState, action: Action) -> CavernaState:
        """Return the state after ``action``; illegal actions raise ``IllegalActionError``."""
        return apply_action(state, action)

    def is_finished(self, state: CavernaState) -> bool:
        """Tell whether the last round is over."""
        return state.phase == FINISHED

    def example_setup(self) -> Setup:
        """Return a two-player set-up with the default board."""
        return dict(EXAMPLE_SETUP)

    def legal_actions(self, state: CavernaState) -> Sequence[Action]:
        """Return a sample of legal actions (every tile choice, a sample of the options)."""
        return legal_actions(state, self.apply)

    def action_label(self, before: CavernaState, action: Action) -> Msg:
        """Return a short history label, e.g. "Ada takes Masonry"."""
        return label(before, action)

    def state_to_json(self, state: CavernaState) -> dict[str, Any]:
        """Describe the state as plain JSON data (see ``docs/caverna-actions.md``)."""
        return state_json(state)


    def result(self, state: CavernaState, setup: Setup) -> Result:
        """The players, their scores and the winners."""
        return scoring.result(state)


    def advance_action(self, state: CavernaState) -> Action:
        """The big button ends the current turn (or turns up the only possible tile)."""
        if state.phase == REVEAL:
            candidates = legal_actions(state, self.apply)
            if len(candidates) == 1:
                return candidates[0]
        return {"type": "end_turn"}

    def seat_action(self, state: CavernaState, seat: int, long_press: bool) -> Action | None:
        """Seat buttons do nothing in this game: choices are made on the screen."""
        return None

    def waiting_for(self, state: CavernaState) -> frozenset[int]:
        """The table waits for the active player (nobody once the game is over)."""
        if state.phase == FINISHED:
            return frozenset()
        return frozenset({state.active})

    def summary(self, state: CavernaState, setup: Setup) -> Msg:
        """The round of the game's rounds, and whether it is the solo game."""
        if state.phase == FINISHED:
            return _finished_summary(state)
        key = "caverna.summary.solo" if state.config.solo else "caverna.summary.duel"
        return Msg(key, {"round": state.round, "rounds": len(state.config.turns)})


def _finished_summary(state: CavernaState) -> Msg:
    """A finished game: the points, not "round 7 of 7" as if a round were still open."""
    points = [scoring.score(state, seat) for seat in range(len(state.players))]
    if state.config.solo:
        return Msg("caverna_table.summary.solo_over", {"points": points[0]})
    names = state.config.names
    return Msg("caverna_table.summary.duel_over", {"player1": names[0], "points1": points[0],
                                                  "player2": names[1], "points2": points[1]})


GAME = CavernaGame()
"""The registered rules engine."""

PINNED: Game[CavernaState] = GAME
"""The engine as mypy must see it: ``Game[its state]`` (the shared protocol)."""
