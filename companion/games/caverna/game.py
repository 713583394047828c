"""The Caverna: Cave vs Cave rules engine as the core's ``Game`` (with table buttons)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.game import Action, Setup
from companion.core.messages import Msg, msg
from companion.games.caverna.cave import Cave
from companion.games.caverna.engine import HANDLERS, apply_action
from companion.games.caverna.legal import legal_actions
from companion.games.caverna.scoring import score, solo_result, winners
from companion.games.caverna.setup import new_game
from companion.games.caverna.state import ACT, FINISHED, REVEAL, CavernaState, Player
from companion.games.caverna.upgrade import DATA_VERSION, upgrade

EXAMPLE_SETUP: Mapping[str, Any] = {"players": ["Ada", "Borys"], "start_player": 0}
"""A ready two-player set-up with the default cave board and every tile."""


class CavernaGame:
    """Caverna: Cave vs Cave, Era I, for two players or one."""

    name = "caverna"
    title_key = "caverna.title"
    min_players = 1
    max_players = 2
    data_version = DATA_VERSION

    def upgrade(
        self, setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], from_version: int
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Rewrite a stored set-up and actions of ``from_version`` into the next version."""
        return upgrade(setup, actions, from_version)

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


def label(before: CavernaState, action: Mapping[str, Any]) -> Msg:
    """Return the history label of ``action`` applied to ``before``."""
    kind = str(action.get("type", "?"))
    seat = action.get("player", before.active)
    names = before.config.names
    valid = isinstance(seat, int) and 0 <= seat < len(names)
    name = names[seat] if valid else "?"
    params: dict[str, str | int] = {"player": name}
    for key in ("tile", "room"):
        if isinstance(action.get(key), str):
            params[key] = f"@caverna.{key}.{action[key]}"
    for key in ("good", "give"):
        if isinstance(action.get(key), str):
            params[key] = f"@caverna.good.{action[key]}"
    if isinstance(action.get("count"), int):
        params["count"] = int(action["count"])
    if isinstance(action.get("digs"), list):
        params["count"] = len(action["digs"])
    known = kind if kind in HANDLERS else "unknown"
    return Msg(f"caverna.label.{known}", params)


def _cave_json(cave: Cave) -> dict[str, Any]:
    rows = [
        [
            None
            if space is None
            else {"state": space.state, "room": space.room, "food_bonus": space.food_bonus}
            for space in line
        ]
        for line in cave.spaces
    ]
    extra = None
    if cave.extra is not None:
        extra = {
            "natural_sides": sorted(cave.extra.natural_sides),
            "built_sides": sorted(cave.extra.built_sides),
            "room": cave.extra.room,
        }
    walls = [[list(first), list(second)] for first, second in sorted(cave.walls)]
    return {"spaces": rows, "walls": walls, "extra": extra}


def _player_json(state: CavernaState, seat: int, player: Player) -> dict[str, Any]:
    return {
        "name": state.config.names[seat],
        "goods": player.goods.as_dict(),
        "cave": _cave_json(player.cave),
        "rooms": list(player.cave.rooms()),
        "score": score(state, seat),
    }


def state_json(state: CavernaState) -> dict[str, Any]:
    """Describe ``state`` as plain JSON data."""
    names = state.config.names
    turn = None
    if state.turn is not None:
        turn = {
            "tile": state.turn.tile,
            "used_parts": list(state.turn.used_parts),
            "room_uses_left": state.turn.room_uses_left,
            "rooms_used": list(state.turn.rooms_used),
            "digs": state.turn.digs,
        }
    data: dict[str, Any] = {
        "game": "caverna",
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "turns_this_round": state.turns_this_round,
        "start_player": state.start_player,
        "active": state.active if state.phase != FINISHED else None,
        "turns_taken": state.turns_taken,
        "players": [_player_json(state, seat, p) for seat, p in enumerate(state.players)],
        "tiles": {
            "hidden": list(state.hidden_tiles),
            "revealed": list(state.revealed_tiles),
            "taken": list(state.taken_tiles),
        },
        "turn": turn,
        "display": list(state.display),
        "pile": state.pile,
        "wall_supply": state.wall_supply,
        "extra_cavern_owner": state.extra_cavern_owner,
        "notices": [notice.to_json() for notice in state.notices],
        "scores": {names[seat]: score(state, seat) for seat in range(len(names))},
        "winners": None,
        "solo_result": None,
    }
    if state.phase == FINISHED:
        data["winners"] = [names[seat] for seat in winners(state)]
        if state.config.solo:
            data["solo_result"] = solo_result(score(state, 0))
    return data


def phase_message(state: CavernaState) -> Msg:
    """A line for the screen telling what the table should do now."""
    if state.phase == FINISHED:
        return msg("caverna.phase.finished")
    name = state.config.names[state.active]
    if state.phase == ACT and state.turn is not None:
        return msg("caverna.phase.act", player=name, tile=f"@caverna.tile.{state.turn.tile}")
    return msg(f"caverna.phase.{state.phase}", player=name, round=state.round)


def result_message(state: CavernaState) -> Msg | None:
    """The end-of-game verdict for the screen, ``None`` while the game goes on."""
    if state.phase != FINISHED:
        return None
    names = state.config.names
    if state.config.solo:
        points = score(state, 0)
        return msg(f"caverna.solo.{solo_result(points)}", points=points)
    best = winners(state)
    if len(best) > 1:
        return msg("caverna.result.shared", points=score(state, best[0]))
    return msg("caverna.result.win", player=names[best[0]], points=score(state, best[0]))


GAME = CavernaGame()
"""The registered rules engine."""
