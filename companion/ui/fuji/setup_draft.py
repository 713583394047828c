"""The set-up being prepared on the set-up screen, as plain JSON data, and its edits.

Every function takes a set-up and returns a new one; the screen keeps the newest.
The format is the rules package's own (see ``docs/fuji-actions.md``), so what the
screen builds is exactly what ``Session.start(journal, "fuji", setup)`` receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.fuji.queries import (
    DEFAULT_STAMINA_TRACK,
    LEVEL_TABLES,
    TABLE_DEALS,
    frozen_cards,
    level_table_to_json,
    map_grid,
    stamina_track_to_json,
)
from companion.games.fuji.state import (
    CHARACTER_COLOURS,
    EQUIPMENT_CARDS,
    SKILL_STARTING_CARDS,
    Skill,
    Variant,
)

Setup = dict[str, Any]
"""A set-up as plain JSON data."""

SKILLS: tuple[str, ...] = tuple(skill.value for skill in Skill)
"""Skill ids in printed order."""

SIX_DICE_SKILLS: tuple[str, ...] = ("equipment_manager", "buddy", "gatherer")
"""Skills with six dice (the shared character of variant B needs one)."""

MIN_PLAYERS = 2
"""Fewest characters."""
MAX_PLAYERS = 4
"""Most characters."""
MAX_TRACK = 40
"""Longest stamina track the screen offers."""
MAX_LOSS = 9
"""Largest stamina loss a level-table row can be set to."""


def default_setup() -> Setup:
    """Three characters on scenario 1 at level 1, no variant."""
    return {
        "scenario": 1,
        "players": [
            {"name": "", "colour": CHARACTER_COLOURS[0], "skill": SKILLS[0]},
            {"name": "", "colour": CHARACTER_COLOURS[1], "skill": SKILLS[1]},
            {"name": "", "colour": CHARACTER_COLOURS[2], "skill": SKILLS[2]},
        ],
        "level": 1,
        "variant": None,
        "extreme": False,
    }


def players(setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The character entries (copies)."""
    return [dict(entry) for entry in setup.get("players", [])]


def _with(setup: Mapping[str, Any], **changes: Any) -> Setup:
    return {**setup, **changes}


def choose_scenario(setup: Mapping[str, Any], number: int) -> Setup:
    """Use preset ``number`` (any edited map and card choices are dropped)."""
    fresh = {key: value for key, value in setup.items() if key not in ("map", "cards")}
    return _with(fresh, scenario=number)


def choose_custom(setup: Mapping[str, Any]) -> Setup:
    """Start editing: the current map becomes a custom map the editor may change.

    Every card keeps the condition it shows now: the deal is written out card by card,
    so an edit changes only what the table touched.
    """
    grid = map_grid(setup)
    return _with(setup, scenario="custom", map=[list(row) for row in grid],
                 cards=frozen_cards(setup))


def choose_deal(setup: Mapping[str, Any], table_deals: bool) -> Setup:
    """Say who deals the landscape and village cards: the table, or the app."""
    return _with(setup, deal=TABLE_DEALS if table_deals else "app")


def reshuffle(setup: Mapping[str, Any], seed: int) -> Setup:
    """Deal the landscape and village cards again with ``seed`` (named cards stay)."""
    return _with(setup, deal_seed=seed)


def _unused(values: tuple[str, ...], taken: list[str], current: str) -> str:
    """The next value after ``current`` that nobody else has."""
    start = values.index(current) if current in values else -1
    for step in range(1, len(values) + 1):
        candidate = values[(start + step) % len(values)]
        if candidate not in taken:
            return candidate
    return current


def cycle_colour(setup: Mapping[str, Any], seat: int) -> Setup:
    """Give ``seat`` the next character colour nobody else uses; when every colour is
    taken (four characters), swap with the holder of the next colour."""
    entries = players(setup)
    current = entries[seat]["colour"]
    taken = [e["colour"] for i, e in enumerate(entries) if i != seat]
    chosen = _unused(CHARACTER_COLOURS, taken, current)
    if chosen == current and current in CHARACTER_COLOURS:
        chosen = CHARACTER_COLOURS[(CHARACTER_COLOURS.index(current) + 1)
                                   % len(CHARACTER_COLOURS)]
        for entry in entries:
            if entry["colour"] == chosen:
                entry["colour"] = current
    entries[seat]["colour"] = chosen
    return _with(setup, players=entries)


def cycle_skill(setup: Mapping[str, Any], seat: int) -> Setup:
    """Give ``seat`` the next skill nobody else has (six-dice skills for a shared character)."""
    entries = players(setup)
    taken = [e["skill"] for i, e in enumerate(entries) if i != seat]
    shared = setup.get("variant") == Variant.TWO_PLAYER_B.value and seat == len(entries) - 1
    choices = SIX_DICE_SKILLS if shared else SKILLS
    entries[seat]["skill"] = _unused(choices, taken, entries[seat]["skill"])
    return _with(setup, players=entries)


def rename(setup: Mapping[str, Any], seat: int, name: str) -> Setup:
    """Set the name of ``seat``."""
    entries = players(setup)
    entries[seat]["name"] = name
    return _with(setup, players=entries)


def add_player(setup: Mapping[str, Any]) -> Setup:
    """Add a character with a free colour and skill (at most four)."""
    entries = players(setup)
    if len(entries) >= MAX_PLAYERS:
        return dict(setup)
    colour = _unused(CHARACTER_COLOURS, [e["colour"] for e in entries], "")
    skill = _unused(SKILLS, [e["skill"] for e in entries], "")
    entries.append({"name": "", "colour": colour, "skill": skill})
    variant = setup.get("variant")
    if variant == Variant.TWO_PLAYER_A.value or len(entries) > 3:
        variant = None
    return _with(setup, players=entries, variant=variant)


def remove_player(setup: Mapping[str, Any], seat: int) -> Setup:
    """Remove ``seat`` (at least two characters stay)."""
    entries = players(setup)
    if len(entries) <= MIN_PLAYERS:
        return dict(setup)
    del entries[seat]
    variant = setup.get("variant")
    if len(entries) == 2:
        variant = Variant.TWO_PLAYER_A.value
    return _with(setup, players=entries, variant=variant)


def move_up(setup: Mapping[str, Any], seat: int) -> Setup:
    """Swap ``seat`` with the seat before it (seating order decides the neighbours)."""
    entries = players(setup)
    if seat <= 0 or seat >= len(entries):
        return dict(setup)
    entries[seat - 1], entries[seat] = entries[seat], entries[seat - 1]
    return _with(setup, players=entries)


def choose_variant(setup: Mapping[str, Any], variant: str | None) -> Setup:
    """Pick the two-player variant; the character count follows it."""
    edited = _with(setup, variant=variant)
    entries = players(edited)
    if variant == Variant.TWO_PLAYER_A.value:
        edited["players"] = entries[:2]
    elif variant == Variant.TWO_PLAYER_B.value:
        if len(entries) < 3:
            edited = add_player(_with(edited, variant=None))
            edited["variant"] = variant
        edited["players"] = players(edited)[:3]
        last = len(edited["players"]) - 1
        if edited["players"][last]["skill"] not in SIX_DICE_SKILLS:
            edited = cycle_skill(edited, last)
    elif len(entries) < 3:
        edited = add_player(edited)
    return edited


def level_table(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The level table in use: the edited one, else the chosen level's card."""
    table = setup.get("level_table")
    if isinstance(table, Mapping):
        return {"failed": int(table["failed"]), "bands": [list(b) for b in table["bands"]]}
    return level_table_to_json(LEVEL_TABLES[int(setup.get("level", 1))])


def choose_level(setup: Mapping[str, Any], level: int) -> Setup:
    """Pick a level; its printed table replaces any edited one."""
    fresh = {key: value for key, value in setup.items() if key != "level_table"}
    return _with(fresh, level=level)


def change_loss(setup: Mapping[str, Any], row: int, delta: int) -> Setup:
    """Raise or lower one row of the level table (row 0: failed or tied)."""
    table = level_table(setup)
    if row == 0:
        table["failed"] = min(MAX_LOSS, max(0, table["failed"] + delta))
    else:
        band = table["bands"][row - 1]
        band[1] = min(MAX_LOSS, max(0, band[1] + delta))
    return _with(setup, level_table=table)


def stamina_track(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The stamina track in use as JSON data."""
    track = setup.get("stamina_track")
    if isinstance(track, Mapping):
        return {"length": int(track["length"]), "wound_spaces": list(track["wound_spaces"])}
    return stamina_track_to_json(DEFAULT_STAMINA_TRACK)


def change_length(setup: Mapping[str, Any], delta: int) -> Setup:
    """Make the stamina track longer or shorter (wound spaces stay inside it)."""
    track = stamina_track(setup)
    length = min(MAX_TRACK, max(2, track["length"] + delta))
    spaces = sorted({min(space, length - 1) for space in track["wound_spaces"]})
    return _with(setup, stamina_track={"length": length, "wound_spaces": spaces})


def change_wound_space(setup: Mapping[str, Any], index: int, delta: int) -> Setup:
    """Move one wound space along the track (kept between 1 and the last space)."""
    track = stamina_track(setup)
    spaces = list(track["wound_spaces"])
    if not 0 <= index < len(spaces):
        return dict(setup)
    spaces[index] = min(track["length"] - 1, max(1, spaces[index] + delta))
    track["wound_spaces"] = sorted(set(spaces))
    return _with(setup, stamina_track=track)


def toggle_extreme(setup: Mapping[str, Any]) -> Setup:
    """Switch the extreme-thrill variant on or off."""
    return _with(setup, extreme=not bool(setup.get("extreme")))


def finished(setup: Mapping[str, Any], default_names: list[str]) -> Setup:
    """The set-up to start: empty names replaced by ``default_names`` (colour names)."""
    entries = players(setup)
    for seat, entry in enumerate(entries):
        if not str(entry.get("name", "")).strip():
            entry["name"] = default_names[seat]
    return _with(setup, players=entries)


def hand(setup: Mapping[str, Any], seat: int) -> tuple[str, ...]:
    """The equipment cards ``seat`` keeps at the start."""
    return tuple(players(setup)[seat].get("equipment") or ())


def hand_count(setup: Mapping[str, Any], seat: int) -> tuple[int, int]:
    """``(cards chosen, cards the skill card keeps)`` for ``seat``."""
    skill = Skill(players(setup)[seat]["skill"])
    return len(hand(setup, seat)), SKILL_STARTING_CARDS[skill]


def free_cards(setup: Mapping[str, Any]) -> tuple[str, ...]:
    """The equipment cards nobody keeps yet, in printed order."""
    taken = {card for entry in players(setup) for card in entry.get("equipment") or ()}
    return tuple(card for card in EQUIPMENT_CARDS if card not in taken)


def add_card(setup: Mapping[str, Any], seat: int, card: str) -> Setup:
    """Give ``seat`` one more starting card (up to what the skill card keeps)."""
    held, wanted = hand_count(setup, seat)
    if held >= wanted or card not in free_cards(setup):
        return dict(setup)
    entries = players(setup)
    entries[seat]["equipment"] = [*hand(setup, seat), card]
    return _with(setup, players=entries)


def remove_card(setup: Mapping[str, Any], seat: int, card: str) -> Setup:
    """Take a starting card back from ``seat``."""
    entries = players(setup)
    entries[seat]["equipment"] = [held for held in hand(setup, seat) if held != card]
    return _with(setup, players=entries)


def starts(setup: Mapping[str, Any]) -> list[str]:
    """The start card of each seat with four players (``[]`` otherwise)."""
    if len(players(setup)) != 4:
        return []
    chosen = setup.get("starts")
    if isinstance(chosen, list) and len(chosen) == 4:
        return [str(kind) for kind in chosen]
    return ["white", "white", "grey", "grey"]


def flip_start(setup: Mapping[str, Any], seat: int) -> Setup:
    """Move ``seat``'s pawn to the other start card, and a pawn from there to this one."""
    kinds = starts(setup)
    if not kinds:
        return dict(setup)
    mine = kinds[seat]
    other = "grey" if mine == "white" else "white"
    swap = next(index for index, kind in enumerate(kinds) if kind == other and index != seat)
    kinds[seat], kinds[swap] = other, mine
    return _with(setup, starts=kinds)
