"""Pebbles: a tiny fourth game that lives only in the tests.

Players take 1, 2 or 3 pebbles in turn from one pile; each keeps what they took.
When the pile is empty, whoever holds most pebbles wins.  It touches no shared file:
the test that uses it adds this folder to ``companion.games`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.game import Action, GameInfo, Result, Setup, turn_cues
from companion.core.messages import IllegalActionError, Msg, SetupError

TAKES = (1, 2, 3)
"""How many pebbles a turn may take."""


@dataclass(frozen=True)
class PebblesState:
    """The pile, each player's pebbles and whose turn it is."""

    names: tuple[str, ...]
    pile: int
    held: tuple[int, ...]
    turn: int = 0


class PebblesGame:
    """Take 1-3 pebbles in turn; most pebbles when the pile is gone wins."""

    name = "pebbles"
    title_key = "pebbles.title"
    min_players = 2
    max_players = 4
    info = GameInfo(tagline_key="pebbles.info.tagline", attract_key="pebbles.info.attract",
                    published_title="Pebbles", chart="scores")

    def new_state(self, setup: Setup) -> PebblesState:
        """Players by name and the size of the pile."""
        names = setup.get("players")
        pile = setup.get("pile", 12)
        if not isinstance(names, list) or not 2 <= len(names) <= 4:
            raise SetupError("core.error.bad_action", detail="players")
        if type(pile) is not int or pile < 1:
            raise SetupError("core.error.bad_action", detail="pile")
        return PebblesState(tuple(str(name) for name in names), pile, (0,) * len(names))

    def apply(self, state: PebblesState, action: Action) -> PebblesState:
        """Take pebbles for the player whose turn it is."""
        count = action.get("take")
        if action.get("type") != "take" or type(count) is not int or count not in TAKES:
            raise IllegalActionError("core.error.bad_action", detail="take")
        if count > state.pile:
            raise IllegalActionError("core.error.bad_action", detail="pile")
        held = list(state.held)
        held[state.turn] += count
        return replace(state, pile=state.pile - count, held=tuple(held),
                       turn=(state.turn + 1) % len(state.names))

    def state_to_json(self, state: PebblesState) -> dict[str, Any]:
        """The pile, the pebbles held and whose turn it is."""
        return {"pile": state.pile, "held": list(state.held), "turn": state.turn}

    def is_finished(self, state: PebblesState) -> bool:
        """Over once the pile is empty."""
        return state.pile == 0

    def action_label(self, before: PebblesState, action: Mapping[str, Any]) -> Msg:
        """Who took how many."""
        return Msg("pebbles.label.take", {"player": before.names[before.turn],
                                          "count": str(action.get("take"))})

    def example_setup(self) -> Setup:
        """Two players, twelve pebbles."""
        return {"players": ["Ada", "Bo"], "pile": 12}

    def legal_actions(self, state: PebblesState) -> Sequence[Action]:
        """Every take the pile allows."""
        return [{"type": "take", "take": n} for n in TAKES if n <= state.pile]

    def choices(self, state: PebblesState) -> Sequence[Action]:
        """Every take the pile allows (the list is short and complete)."""
        return self.legal_actions(state)

    def result(self, state: PebblesState, setup: Setup) -> Result:
        """Pebbles held are the scores; most pebbles win once the pile is empty."""
        best = max(state.held)
        winners = tuple(name for name, held in zip(state.names, state.held, strict=True)
                        if held == best) if self.is_finished(state) else ()
        return Result(players=state.names, scores=state.held, winners=winners)

    def cues(self, before: PebblesState, after: PebblesState, action: Action) -> tuple[str, ...]:
        """The win at the end."""
        return turn_cues(self.is_finished(after), False)


GAME = PebblesGame()
"""The registered rules engine."""
