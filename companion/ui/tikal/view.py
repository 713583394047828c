"""What the Tikal screens show, read from a state: plain values, no drawing.

Keeping these questions apart from the widgets lets the screens stay short and lets
tests check what a screen will show without drawing it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.messages import Msg, msg
from companion.games.tikal.queries import (
    ACTION_POINTS,
    BASE_CAMP,
    HEX_KIND_COUNTS,
    HEX_KINDS,
    LEVEL_SUPPLY,
    TREASURE_KINDS,
    current_stage,
    hexes_left,
    holding,
    next_seat,
    stage_left,
    strengths,
    temple_controller,
    temple_place,
    temples_scored_from_books,
    track_position,
    treasure_points,
)
from companion.games.tikal.questions import tile_name
from companion.games.tikal.state import (
    Hex,
    HexTile,
    Phase,
    Player,
    ScoreEntry,
    TikalState,
)

ACTION_COSTS: tuple[tuple[str, str], ...] = (
    ("bring", "1"),
    ("camp_move", "1"),
    ("move", "1+"),
    ("uncover", "2"),
    ("take_treasure", "3"),
    ("exchange", "3"),
    ("build_camp", "5"),
    ("place_guard", "5"),
)
"""The actions that spend points, with the cost shown on their buttons."""


def points_left(state: TikalState) -> int:
    """Action points the active player still has this turn."""
    return ACTION_POINTS - state.turn.spent


def temple_name(state: TikalState, hx: Hex) -> Msg:
    """A temple as the table names it: by its number, and by where it lies when another
    temple shows the same number."""
    where = temple_place(state, hx)
    if where is None:
        return msg("ui_tikal.temple.name", value=hx.value)
    return Msg("ui_tikal.temple.name_at", {"value": hx.value, **where})


def tile_label(tile: HexTile) -> Msg:
    """A hex from the stack (revealed or drawn), named as the questions name it."""
    return tile_name(tile)


def temples(state: TikalState) -> tuple[Hex, ...]:
    """Every temple on the board, by hex id."""
    return tuple(hx for hx in state.hexes if hx.kind == "temple")


def entry_points(state: TikalState, seat: int) -> tuple[Hex, ...]:
    """The base camp and the camps of ``seat``: where pieces enter the board."""
    return tuple(hx for hx in state.hexes if hx.id == BASE_CAMP or hx.camp == seat)


def occupied(state: TikalState, seat: int, piece: str) -> tuple[Hex, ...]:
    """Hexes where ``seat`` has a piece of that kind (``worker`` or ``leader``)."""
    if piece == "leader":
        return tuple(hx for hx in state.hexes if state.players[seat].leader == hx.id)
    return tuple(hx for hx in state.hexes if state.workers[hx.id][seat] > 0)


def leader_on_board(player: Player) -> bool:
    """Whether the leader stands on a hex (it can move)."""
    return player.leader >= 0


def next_level(state: TikalState, hx: Hex) -> tuple[int, int] | None:
    """The number a temple would grow to and how many such tiles are left (None at 10)."""
    value = hx.value + 1
    if value not in LEVEL_SUPPLY:
        return None
    return value, state.levels[value - 2]


@dataclass(frozen=True)
class TempleRow:
    """One temple as the temples list shows it."""

    hex: Hex
    """The temple."""
    strengths: tuple[int, ...]
    """Every seat's strength there (leader = 3)."""
    controller: int | None
    """Who scores it now (guard, else the single strongest)."""
    tie: bool
    """Several seats share the top strength, so nobody scores it."""
    next_level: tuple[int, int] | None
    """Next number and tiles of it left."""


def temple_rows(state: TikalState) -> tuple[TempleRow, ...]:
    """Every temple with strengths, controller and the supply of its next level."""
    rows = []
    for hx in temples(state):
        power = strengths(state, hx.id)
        best = max(power) if power else 0
        tie = hx.guard is None and best > 0 and power.count(best) > 1
        rows.append(TempleRow(hx, power, temple_controller(state, hx), tie, next_level(state, hx)))
    return tuple(rows)


def kinds_drawn(state: TikalState) -> tuple[tuple[str, int, int], ...]:
    """Per hex kind: (kind, taken from the stack, still in it)."""
    return tuple(
        (kind, HEX_KIND_COUNTS[kind] - left, left)
        for kind, left in zip(HEX_KINDS, state.kinds_left, strict=True)
    )


def stages(state: TikalState) -> tuple[tuple[str, int, int, bool], ...]:
    """Per letter: (letter, left, size at the start, is it the top of the stack)."""
    top = current_stage(state)
    return tuple(
        (letter, left, size, letter == top)
        for (letter, left), size in zip(stage_left(state), state.stage_sizes, strict=True)
        if size > 0
    )


def stack_left(state: TikalState) -> int:
    """Hexes still in the stack."""
    return hexes_left(state)


def treasure_counts(player: Player) -> tuple[int, ...]:
    """Tokens held per kind 1-8."""
    return tuple(player.treasures[:TREASURE_KINDS])


def held_kinds(state: TikalState) -> tuple[int, ...]:
    """The treasure kinds someone holds, in the state's order (columns of the treasures
    panel: the table matches pictures along a column, never by a number)."""
    return tuple(kind for kind in range(1, TREASURE_KINDS + 1) if any(holding(state, kind)))


def player_treasure_points(player: Player) -> int:
    """What a player's treasures are worth now."""
    return treasure_points(player.treasures)


def track_of(player: Player) -> tuple[int, int]:
    """Where a player's cube stands: (space 0-100, laps completed)."""
    return track_position(player.score)


def title(state: TikalState) -> Msg:
    """The bar title: whose turn, or the game's end."""
    if state.phase == Phase.FINISHED:
        return Msg("ui_tikal.title.finished")
    name = state.players[state.active].name
    if state.scoring is not None:
        return msg(f"ui_tikal.title.scoring_{state.scoring.kind}", player=name)
    if state.phase == Phase.AUCTION and state.auction is not None:
        return msg("ui_tikal.title.auction", player=name)
    return msg("ui_tikal.title.turn", player=name)


def round_entries(state: TikalState) -> tuple[ScoreEntry, ...]:
    """Scores given in the scoring round under way (empty outside a scoring round)."""
    if state.scoring is None:
        return ()
    return tuple(e for e in state.history if e.round == state.scoring_rounds)


@dataclass(frozen=True)
class ScoringSeat:
    """One player in the order of a scoring round."""

    seat: int
    """Who."""
    status: str
    """``done``, ``now`` or ``waiting``."""
    points: int | None
    """Points scored this round (done) or previewed from the books (now)."""


def scoring_order(state: TikalState) -> tuple[ScoringSeat, ...]:
    """The scoring round's order with each player's status and points."""
    if state.scoring is None:
        return ()
    given = {entry.seat: entry.points for entry in round_entries(state)}
    seats = []
    for index, seat in enumerate(state.scoring.order):
        if index < state.scoring.index:
            seats.append(ScoringSeat(seat, "done", given.get(seat, 0)))
        elif index == state.scoring.index:
            seats.append(ScoringSeat(seat, "now", preview_points(state, seat)))
        else:
            seats.append(ScoringSeat(seat, "waiting", None))
    return tuple(seats)


def preview_points(state: TikalState, seat: int) -> int:
    """What ``seat`` would score now from the pieces the app tracks."""
    temples_value = sum(temples_scored_from_books(state, seat))
    return temples_value + treasure_points(state.players[seat].treasures)


def next_opener(state: TikalState) -> int | None:
    """Auction game: who opens the next auction after the current turn (None if unknown)."""
    if state.variant != "auction" or state.scoring is not None:
        return None
    if state.phase not in (Phase.ACTIONS, Phase.CHOOSE):
        return None
    choosing = state.phase == Phase.CHOOSE
    placed = {*state.placed_this_round, *([state.active] if choosing else [])}
    still_revealed = len(state.revealed) - (1 if choosing else 0)
    if still_revealed > 0:
        seat = next_seat(state, state.active)
        for _ in range(len(state.players)):
            if seat not in placed:
                return seat
            seat = next_seat(state, seat)
        return None
    if hexes_left(state) == 0:
        return None
    return next_seat(state, state.active if choosing else _last_placer(state))


def _last_placer(state: TikalState) -> int:
    """Seat that placed the latest hex (the active seat if none is recorded)."""
    return state.last_placer if state.last_placer is not None else state.active


def ranking(state: TikalState) -> tuple[Player, ...]:
    """Players from the highest score down (seat order among equals)."""
    return tuple(sorted(state.players, key=lambda p: (-p.score, p.seat)))


def winners(state: TikalState) -> tuple[Player, ...]:
    """Everyone with the highest score."""
    best = max(p.score for p in state.players)
    return tuple(p for p in state.players if p.score == best)


def scores_by_round(state: TikalState) -> dict[int, dict[int, int]]:
    """Points per scoring round per seat."""
    table: dict[int, dict[int, int]] = {}
    for entry in state.history:
        table.setdefault(entry.round, {})[entry.seat] = entry.points
    return table


def names(state: TikalState, seats: Sequence[int]) -> str:
    """Player names joined with commas."""
    return ", ".join(state.players[s].name for s in seats)


@dataclass(frozen=True)
class AuctionWin:
    """One hex taken in the current auction round."""

    player: str
    """Who took it."""
    tile: HexTile
    """What it was."""
    paid: int
    """The winning bid (0 when taken for free)."""


def auction_wins(actions: Sequence[Mapping[str, Any]],
                 labels: Sequence[Msg]) -> tuple[AuctionWin, ...]:
    """Who took which revealed hex since the last reveal, read from the recorded steps.

    ``labels`` are the history labels of ``actions`` (same length, same order); the
    taker's name comes from the label of the ``choose`` step.
    """
    start = max((i for i, a in enumerate(actions) if a.get("type") == "reveal"), default=None)
    if start is None:
        return ()
    remaining = [_tile(raw) for raw in actions[start].get("hexes", [])]
    wins: list[AuctionWin] = []
    bid = 0
    for action, label in zip(actions[start + 1:], labels[start + 1:], strict=False):
        if action.get("type") == "bid":
            bid = int(action.get("amount", 0))
        elif action.get("type") == "choose":
            index = int(action.get("index", 0))
            if 0 <= index < len(remaining):
                wins.append(AuctionWin(str(label.params.get("player", "")),
                                       remaining.pop(index), bid))
            bid = 0
    return tuple(wins)


def _tile(raw: Mapping[str, Any]) -> HexTile:
    """A revealed hex as recorded in a ``reveal`` action."""
    return HexTile(str(raw.get("kind", "")), int(raw.get("value", 0)), int(raw.get("masks", 0)))
