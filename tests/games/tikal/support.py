"""Building Tikal states for tests by playing real actions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.games.tikal import GAME
from companion.games.tikal.constants import FORMER_STAGE_SIZES
from companion.games.tikal.state import TikalState

NAMES = ("Ada", "Bo", "Cy", "Di")
COLOURS = ("red", "blue", "yellow", "white")


def setup(players: int = 3, variant: str = "basic", **extra: Any) -> dict[str, Any]:
    """A set-up with ``players`` players named Ada, Bo, Cy, Di.

    Unless ``stages`` is given, the stack is counted by hand (the former split), so any
    kind of hex may be drawn at any time; ``stages=None`` plays the published box.
    """
    seats = [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(players)]
    extra.setdefault("stages", dict(FORMER_STAGE_SIZES))
    if extra["stages"] is None:
        del extra["stages"]
    return {"variant": variant, "players": seats, **extra}


def start(players: int = 3, variant: str = "basic", **extra: Any) -> TikalState:
    """A fresh game."""
    return GAME.new_state(setup(players, variant, **extra))


def play(state: TikalState, *actions: Mapping[str, Any]) -> TikalState:
    """Apply actions in order."""
    for action in actions:
        state = GAME.apply(state, action)
    return state


def play_all(state: TikalState, actions: Iterable[Mapping[str, Any]]) -> TikalState:
    """Apply an iterable of actions in order."""
    return play(state, *actions)


def jungle() -> dict[str, Any]:
    """Draw a jungle hex."""
    return {"type": "draw", "kind": "jungle"}


def temple(value: int) -> dict[str, Any]:
    """Draw a temple hex with a printed number."""
    return {"type": "draw", "kind": "temple", "value": value}


def treasure(masks: int) -> dict[str, Any]:
    """Draw a treasure hex."""
    return {"type": "draw", "kind": "treasure", "masks": masks}


VOLCANO: dict[str, Any] = {"type": "draw", "kind": "volcano"}
END: dict[str, Any] = {"type": "end_turn"}


def bring(to: int = 0, piece: str = "worker") -> dict[str, Any]:
    """Bring a piece from the reserve."""
    return {"type": "bring", "piece": piece, "to": to}


def move(source: int, target: int, stones: int = 1, piece: str = "worker") -> dict[str, Any]:
    """Move a piece across stones."""
    return {"type": "move", "piece": piece, "from": source, "to": target, "stones": stones}


def skip_turns(state: TikalState, count: int) -> TikalState:
    """Let ``count`` basic turns pass with a jungle draw and no actions."""
    for _ in range(count):
        state = play(state, jungle(), END)
    return state
