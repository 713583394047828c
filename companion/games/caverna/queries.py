"""Read-only views of a Caverna state for the screens: what to do now, and the verdict.

The screens import the rules only through this module (with game, state and
questions), so it also re-exports the rules' names they read.
"""

from __future__ import annotations

from companion.core.messages import Msg, msg
from companion.games.caverna.cave import DEFAULT_LAYOUT as DEFAULT_LAYOUT
from companion.games.caverna.cave import EMPTY as EMPTY
from companion.games.caverna.cave import FURNISHED as FURNISHED
from companion.games.caverna.cave import HIDDEN as HIDDEN
from companion.games.caverna.cave import STEPS as STEPS
from companion.games.caverna.cave import Cave as Cave
from companion.games.caverna.cave import Edge as Edge
from companion.games.caverna.cave import Pos as Pos
from companion.games.caverna.cave import diggable as diggable
from companion.games.caverna.cave import wall_spots as wall_spots
from companion.games.caverna.cavework import EXTRA as EXTRA
from companion.games.caverna.cavework import furnishable_rooms as furnishable_rooms
from companion.games.caverna.cavework import unseen_dark_rooms as unseen_dark_rooms
from companion.games.caverna.goods import FOOD_SOURCES as FOOD_SOURCES
from companion.games.caverna.goods import GOODS as GOODS
from companion.games.caverna.goods import LIMITS as LIMITS
from companion.games.caverna.rooms import ENTRANCE as ENTRANCE
from companion.games.caverna.rooms import SIDES as SIDES
from companion.games.caverna.rooms import RoomSpec as RoomSpec
from companion.games.caverna.rooms import default_catalogue as default_catalogue
from companion.games.caverna.roomuse import JUNCTION_GIVE as JUNCTION_GIVE
from companion.games.caverna.roomuse import choices as choices
from companion.games.caverna.rules import known_face_up as known_face_up
from companion.games.caverna.rules import open_candidates as open_candidates
from companion.games.caverna.rules import renovation_allowed as renovation_allowed
from companion.games.caverna.rules import unnamed_candidates as unnamed_candidates
from companion.games.caverna.scoring import best_room as best_room
from companion.games.caverna.scoring import room_points as room_points
from companion.games.caverna.scoring import score as score
from companion.games.caverna.scoring import solo_result, winners
from companion.games.caverna.setup import SOLO_DISPLAY_SIZE as SOLO_DISPLAY_SIZE
from companion.games.caverna.setup import back_for_round as back_for_round
from companion.games.caverna.state import ACT, DRAW, FINISHED, REVEAL, CavernaState
from companion.games.caverna.tiles import BREACH_GAIN as BREACH_GAIN
from companion.games.caverna.tiles import FIVE_FOOD as FIVE_FOOD
from companion.games.caverna.tiles import JUNCTION_READINGS as JUNCTION_READINGS
from companion.games.caverna.tiles import RENOVATION as RENOVATION
from companion.games.caverna.tiles import SOLO_EXCLUDED as SOLO_EXCLUDED
from companion.games.caverna.tiles import TILE_BACKS as TILE_BACKS
from companion.games.caverna.tiles import TRADE_PRICE as TRADE_PRICE
from companion.games.caverna.tiles import Option as Option
from companion.games.caverna.tiles import tile_parts as tile_parts


def phase_message(state: CavernaState) -> Msg:
    """A line for the screen telling what the table should do now."""
    if state.phase == FINISHED:
        return msg("caverna.phase.finished")
    name = state.config.names[state.active]
    if state.phase == ACT and state.turn is not None:
        return msg("caverna.phase.act", player=name, tile=f"@caverna.tile.{state.turn.tile}")
    if state.phase == DRAW and draw_ends_round(state):
        return msg("caverna_table.phase.draw_round", player=name, round=state.round + 1)
    if state.phase == REVEAL and state.config.solo:
        return msg("caverna_table.phase.reveal_solo", player=name, round=state.round)
    return msg(f"caverna.phase.{state.phase}", player=name, round=state.round)


def draw_ends_round(state: CavernaState) -> bool:
    """Solo: whether the pile's room turned up now closes a round that is not the last
    (so the next round's new tile is turned up right after it).

    Rulebook (paraphrased): at the start of every round a new action tile is turned up;
    solo, a turn that excavated exactly one room also turns up the pile's top room."""
    last_turn = state.turns_taken + 1 >= state.turns_this_round * len(state.players)
    return state.phase == DRAW and last_turn and state.round < state.rounds


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
