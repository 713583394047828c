"""Building the first state of a Fuji game from a set-up (plain JSON data)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, TypeVar

from companion.core.messages import SetupError, require_distinct
from companion.games.fuji.levels import (
    DEFAULT_STAMINA_TRACK,
    LEVEL_TABLES,
    LEVELS,
    level_table_from_json,
    stamina_track_from_json,
)
from companion.games.fuji.phases import enter_phase
from companion.games.fuji.scenarios import build_board
from companion.games.fuji.state import (
    CHARACTER_COLOURS,
    EQUIPMENT_CARDS,
    SKILL_DICE,
    SKILL_STARTING_CARDS,
    Board,
    BuddyReturn,
    FreshCards,
    OpenDice,
    Phase,
    Player,
    Position,
    ScoreBase,
    Settings,
    Skill,
    StartKind,
    State,
    TerrainKind,
    Variant,
)

E = TypeVar("E", bound=StrEnum)
"""A rule reading chosen at set-up."""

FREE_HANDS = "free"
"""``"starting_hands"`` value that accepts hands of any size (games recorded before the check)."""

MIN_PLAYERS = 2
"""Fewest characters at the table."""
MAX_PLAYERS = 4
"""Most characters at the table."""


def new_state(setup: Mapping[str, Any]) -> State:
    """Build the state at the start of round 1; raise ``SetupError`` for a bad set-up."""
    settings = read_settings(setup)
    entries = _player_entries(setup, settings.variant)
    board = build_board(setup, len(entries))
    if settings.extreme:
        board = mark_extreme_token(board)
    players = _players(entries, board, setup)
    open_dice = OpenDice() if settings.variant is Variant.TWO_PLAYER_A else None
    state = State(1, Phase.ROLL, players, board, settings, open_dice=open_dice)
    return enter_phase(state, Phase.ROLL)


def read_settings(setup: Mapping[str, Any]) -> Settings:
    """Read level, level table, stamina track and variants from a set-up."""
    level = setup.get("level", 1)
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise SetupError("fuji.setup.bad_level", level=str(level))
    table = LEVEL_TABLES[level]
    if setup.get("level_table") is not None:
        table = level_table_from_json(_mapping(setup["level_table"], "level_table"))
    track = DEFAULT_STAMINA_TRACK
    if setup.get("stamina_track") is not None:
        track = stamina_track_from_json(_mapping(setup["stamina_track"], "stamina_track"))
    return Settings(
        level,
        table,
        track,
        _variant(setup),
        bool(setup.get("extreme", False)),
        buddy_die_back=_buddy_die_back(setup),
        rope_onto_village=_flag(setup, "rope_onto_village"),
        fresh_cards=_choice(setup, "fresh_cards", FreshCards, FreshCards.NEXT_ROUND),
        score_base=_choice(setup, "score_base", ScoreBase, ScoreBase.PER_CHARACTER),
    )


def _choice(setup: Mapping[str, Any], field: str, kind: type[E], default: E) -> E:
    """Read an optional named reading of a rule (absent or null: ``default``)."""
    name = setup.get(field)
    if name is None:
        return default
    if not isinstance(name, str) or name not in {choice.value for choice in kind}:
        raise SetupError("fuji.setup.bad_field", field=field)
    return kind(name)


def _buddy_die_back(setup: Mapping[str, Any]) -> BuddyReturn:
    """Read the reading of the Buddy's skill (default: the die comes back after phase 3)."""
    name = setup.get("buddy_die_back")
    if name is None:
        return BuddyReturn.AFTER_REROLLS
    if not isinstance(name, str) or name not in {choice.value for choice in BuddyReturn}:
        raise SetupError("fuji.setup.bad_field", field="buddy_die_back")
    return BuddyReturn(name)


def _flag(setup: Mapping[str, Any], field: str) -> bool:
    """Read an optional true/false option (absent or null: false)."""
    value = setup.get(field)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise SetupError("fuji.setup.bad_field", field=field)
    return value


def _variant(setup: Mapping[str, Any]) -> Variant | None:
    name = setup.get("variant")
    if name is None:
        return None
    if not isinstance(name, str) or name not in {variant.value for variant in Variant}:
        raise SetupError("fuji.setup.bad_variant", variant=str(name))
    return Variant(name)


def _mapping(value: Any, field: str) -> Mapping[str, Any]:
    """Return ``value`` if it is a JSON object; refuse it otherwise."""
    if not isinstance(value, Mapping):
        raise SetupError("fuji.setup.bad_field", field=field)
    return value


def _player_entries(setup: Mapping[str, Any], variant: Variant | None) -> list[Mapping[str, Any]]:
    given = setup.get("players") or []
    if not isinstance(given, list) or not all(isinstance(entry, Mapping) for entry in given):
        raise SetupError("fuji.setup.bad_field", field="players")
    entries: list[Mapping[str, Any]] = list(given)
    count = len(entries)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise SetupError("fuji.setup.player_count", count=count)
    if variant is Variant.TWO_PLAYER_A and count != 2:
        raise SetupError("fuji.setup.variant_a_two_players", count=count)
    if variant is Variant.TWO_PLAYER_B and count != 3:
        raise SetupError("fuji.setup.variant_b_three_characters", count=count)
    if count == 2 and variant is None:
        raise SetupError("fuji.setup.two_players_need_variant")
    return entries


def _players(
    entries: Sequence[Mapping[str, Any]], board: Board, setup: Mapping[str, Any]
) -> tuple[Player, ...]:
    starts = _start_positions(board, len(entries), setup.get("starts"))
    hands = _starting_hands(setup, entries)
    variant_b = setup.get("variant") == Variant.TWO_PLAYER_B.value
    players = []
    for seat, entry in enumerate(entries):
        shared = variant_b and seat == len(entries) - 1
        players.append(_player(seat, entry, starts[seat], hands[seat], shared))
    _check_unique(players)
    if any(hands) and setup.get("starting_hands") != FREE_HANDS:
        _check_hand_sizes(players)
    return tuple(players)


def _check_hand_sizes(players: Sequence[Player]) -> None:
    """Refuse starting hands whose size is not the one the character's skill card deals.

    A set-up naming no card at all is accepted: the table did not record its hands.
    """
    for someone in players:
        wanted = SKILL_STARTING_CARDS[someone.skill]
        if len(someone.equipment) != wanted:
            raise SetupError(
                "fuji.setup.hand_size",
                name=someone.name,
                count=wanted,
                skill=f"@fuji.skill.{someone.skill.value}",
            )


def _player(
    seat: int, entry: Mapping[str, Any], start: Position, hand: tuple[str, ...], shared: bool
) -> Player:
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise SetupError("fuji.setup.name_missing", seat=seat + 1)
    colour = entry.get("colour")
    if not isinstance(colour, str) or colour not in CHARACTER_COLOURS:
        raise SetupError("fuji.setup.bad_colour", colour=str(colour), name=name)
    try:
        skill = Skill(str(entry.get("skill", "")))
    except ValueError as error:
        raise SetupError(
            "fuji.setup.bad_skill", skill=str(entry.get("skill")), name=name
        ) from error
    if shared and SKILL_DICE[skill] != 6:
        raise SetupError("fuji.setup.shared_needs_six_dice", name=name)
    return Player(
        seat=seat,
        name=name.strip(),
        colour=colour,
        skill=skill,
        dice_count=SKILL_DICE[skill],
        position=start,
        equipment=hand,
        shared=shared,
    )


def _check_unique(players: Sequence[Player]) -> None:
    colours = [someone.colour for someone in players]
    require_distinct(colours, "fuji.setup.colour_twice")
    skills = [someone.skill for someone in players]
    require_distinct(skills, "fuji.setup.skill_twice")


def _start_positions(board: Board, count: int, chosen: object) -> tuple[Position, ...]:
    """White start for all with 2-3 characters; with 4, two on white and two on grey.

    With four characters the set-up may say which start card each seat uses
    (``"starts": ["white", "grey", "white", "grey"]``); by default seats 1 and 2 take
    the white card.
    """
    found: dict[StartKind, Position] = {}
    for position in board.positions():
        cell = board.cell(position)
        if cell is not None and cell.start is not None:
            found[cell.start] = position
    white = found[StartKind.WHITE]
    if count < 4:
        return (white,) * count
    return tuple(found[kind] for kind in read_starts(chosen))


FOUR_PLAYER_STARTS: tuple[StartKind, ...] = (
    StartKind.WHITE,
    StartKind.WHITE,
    StartKind.GREY,
    StartKind.GREY,
)
"""The start cards of four seats when the set-up does not choose them."""


def read_starts(chosen: object) -> tuple[StartKind, ...]:
    """Read the four seats' start cards: two on white, two on grey."""
    if chosen is None:
        return FOUR_PLAYER_STARTS
    names = {kind.value for kind in StartKind}
    if (
        not isinstance(chosen, list)
        or len(chosen) != len(FOUR_PLAYER_STARTS)
        or not all(isinstance(name, str) and name in names for name in chosen)
    ):
        raise SetupError("fuji.setup.bad_field", field="starts")
    kinds = tuple(StartKind(name) for name in chosen)
    if kinds.count(StartKind.WHITE) != 2:
        raise SetupError("fuji.setup.starts_two_each")
    return kinds


def _starting_hands(
    setup: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]
) -> list[tuple[str, ...]]:
    given = setup.get("equipment") or []
    if not isinstance(given, list):
        raise SetupError("fuji.setup.bad_field", field="equipment")
    hands: list[tuple[str, ...]] = []
    for seat, entry in enumerate(entries):
        cards = entry.get("equipment")
        if cards is None and seat < len(given):
            cards = given[seat]
        if not isinstance(cards, list | None):
            raise SetupError("fuji.setup.bad_field", field="equipment")
        hands.append(tuple(str(card) for card in (cards or [])))
    every = [card for hand in hands for card in hand]
    for card in every:
        if card not in EQUIPMENT_CARDS:
            raise SetupError("fuji.setup.unknown_equipment", card=card)
    require_distinct(every, "fuji.setup.equipment_twice")
    return hands


def mark_extreme_token(board: Board) -> Board:
    """Turn the eruption token nearest a village to its two-volcano side.

    Nothing changes when the map already shows a two-volcano token.
    """
    tokens = [p for p in board.positions() if _cell_tokens(board, p) > 0]
    if not tokens or any(_cell_tokens(board, p) == 2 for p in tokens):
        return board
    villages = [p for p in board.positions() if _kind(board, p) is TerrainKind.VILLAGE]
    nearest = min(tokens, key=lambda p: (min(_manhattan(p, v) for v in villages), p))
    cell = board.cell(nearest)
    assert cell is not None
    return board.replace(nearest, replace(cell, eruption_token=2))


def _cell_tokens(board: Board, position: Position) -> int:
    cell = board.cell(position)
    return cell.eruption_token if cell is not None else 0


def _kind(board: Board, position: Position) -> TerrainKind | None:
    cell = board.cell(position)
    return cell.kind if cell is not None else None


def _manhattan(a: Position, b: Position) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def upgrade(
    setup: dict[str, Any], actions: list[dict[str, Any]], from_version: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Rewrite a set-up and actions of ``from_version`` in the next format.

    Version 2 checks the size of the starting hands; a version-1 set-up whose hands do
    not match its skill cards is marked ``"starting_hands": "free"`` so it replays.
    """
    if from_version == 1 and _hands_off_size(setup):
        return {**setup, "starting_hands": FREE_HANDS}, actions
    return setup, actions


def _hands_off_size(setup: Mapping[str, Any]) -> bool:
    """Tell whether a set-up names starting hands that the version-2 check would refuse."""
    try:
        entries = _player_entries(setup, _variant(setup))
        hands = _starting_hands(setup, entries)
    except SetupError:
        return False
    if not any(hands):
        return False
    for entry, hand in zip(entries, hands, strict=True):
        skill = entry.get("skill")
        if skill not in {choice.value for choice in Skill}:
            return False
        if len(hand) != SKILL_STARTING_CARDS[Skill(str(skill))]:
            return True
    return False


def example_setup() -> dict[str, Any]:
    """A three-player game on scenario 3 at level 2, used for quick start and tests."""
    return {
        "scenario": 3,
        "players": [
            {"name": "Claire", "colour": "blue", "skill": Skill.SURVIVALIST.value},
            {"name": "Jonathan", "colour": "green", "skill": Skill.GATHERER.value},
            {"name": "Stéphane", "colour": "purple", "skill": Skill.SCOUT.value},
        ],
        "level": 2,
        "variant": None,
        "extreme": False,
    }
