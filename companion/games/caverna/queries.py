"""Read-only views of a Caverna state for the screens: what to do now, and the verdict."""

from __future__ import annotations

from companion.core.messages import Msg, msg
from companion.games.caverna.scoring import score, solo_result, winners
from companion.games.caverna.state import ACT, FINISHED, CavernaState


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
