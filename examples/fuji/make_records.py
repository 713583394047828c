"""Write one complete Fuji game record per scenario preset (examples/fuji/scenario-<n>.json).

Each game is played through the real rules engine by a small, deterministic table: the
players walk towards the villages, enter dice chosen so that the round goes the way the
story of that scenario says (who gets beaten, who is doomed), use some equipment and
skills, place wounds and report the equipment cards they draw.  Nothing here is random
at run time: every choice comes from a ``random.Random`` seeded by scenario, round and
attempt, so running the script again writes the same files.

Run it from the repository root::

    .venv/bin/python examples/fuji/make_records.py
"""

from __future__ import annotations

import json
import random
import sys
import tomllib
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.core.messages import IllegalActionError
from companion.games.fuji import GAME
from companion.games.fuji.eruption import cells_to_flip
from companion.games.fuji.queries import (
    dice_value,
    legal_destinations,
    movement_values,
    neighbours,
    path_choice_needed,
    reroll_allowance,
    shortest_paths,
    walkable,
)
from companion.games.fuji.state import (
    EQUIPMENT_CARDS,
    OPEN_DICE_SEAT,
    SKILL_STARTING_CARDS,
    Die,
    DieColour,
    PendingKind,
    Position,
    Skill,
    State,
    TerrainKind,
)

Action = dict[str, Any]
"""One action as JSON data."""

HERE = Path(__file__).resolve().parent
"""Where the records are written."""

DIE_KINDS: tuple[dict[int, str], ...] = tuple(
    {1: a, 6: a, 2: b, 5: b, 3: c, 4: c}
    for a, b, c in (
        ("blue", "yellow", "pink"),
        ("yellow", "pink", "blue"),
        ("pink", "blue", "yellow"),
    )
)
"""The colour of each value on the three printed kinds of die (two of each per player)."""

DICE_TRIES = 6000
"""Dice rolls tried per round before giving up on that round plan."""
ROUND_ATTEMPTS = 60
"""Round plans tried before the story is declared impossible."""
MAX_ROUNDS = 16
"""A game that lasts longer than this is a broken story."""
WOUND_PREFERENCE = ("eye", "leg", "amnesia", "arm")
"""The order in which the players like to give up their abilities (each seat starts further on)."""


@dataclass(frozen=True)
class Story:
    """How one example game should go."""

    scenario: int
    """Scenario preset number."""
    players: tuple[tuple[str, str, str], ...]
    """``(name, colour, skill)`` in seating order."""
    level: int
    """Difficulty level."""
    outcome: str
    """``won`` or ``lost``."""
    variant: str | None = None
    """Two-player variant, if any."""
    extreme: bool = False
    """Extreme thrill."""
    beaten: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Round -> seats that lose their comparison that round (when it is safe)."""
    doomed: tuple[int, int] | None = None
    """``(seat, first round)``: from then on this player is always beaten (lost games)."""
    target_lead: int = 3
    """The lead the dice aim for when a player is allowed to move."""
    title: str = ""
    """One line describing the game."""


def story_from_data(entry: dict[str, Any]) -> Story:
    """One story as written in ``stories.toml``."""
    doomed = entry.get("doomed")
    return Story(
        int(entry["scenario"]),
        tuple((str(name), str(colour), str(skill)) for name, colour, skill in entry["players"]),
        level=int(entry["level"]),
        outcome=str(entry["outcome"]),
        variant=entry.get("variant"),
        extreme=bool(entry.get("extreme", False)),
        beaten={int(r): tuple(int(seat) for seat in seats)
                for r, seats in entry.get("beaten", {}).items()},
        doomed=None if doomed is None else (int(doomed[0]), int(doomed[1])),
        target_lead=int(entry.get("target_lead", 3)),
        title=str(entry.get("title", "")),
    )


STORIES: tuple[Story, ...] = tuple(
    story_from_data(entry)
    for entry in tomllib.loads((HERE / "stories.toml").read_text(encoding="utf-8"))["story"])
"""The seven example games, one per scenario preset (their stories in ``stories.toml``)."""


# --- the table's bookkeeping --------------------------------------------------------


@dataclass
class Table:
    """A game in progress: the record so far and the physical equipment deck."""

    story: Story
    """The game being played."""
    state: State
    """The state after every action so far."""
    actions: list[Action]
    """The record so far."""
    deck: list[str]
    """Equipment cards still in the draw pile, top first."""

    def do(self, action: Action) -> None:
        """Apply ``action`` and record it."""
        self.state = GAME.apply(self.state, action)
        self.actions.append(action)


def setup_for(story: Story) -> tuple[dict[str, Any], list[str]]:
    """Return the set-up of ``story`` with dealt starting hands, and the rest of the deck."""
    deck = list(EQUIPMENT_CARDS)
    random.Random(f"deck-{story.scenario}").shuffle(deck)
    players = []
    for name, colour, skill in story.players:
        keep = SKILL_STARTING_CARDS[Skill(skill)]
        hand, deck = deck[:keep], deck[keep:]
        players.append({"name": name, "colour": colour, "skill": skill, "equipment": hand})
    setup: dict[str, Any] = {
        "scenario": story.scenario,
        "players": players,
        "level": story.level,
        "variant": story.variant,
        "extreme": story.extreme,
    }
    return setup, deck


# --- where the pawns go -------------------------------------------------------------


def village_distances(state: State) -> dict[Position, int]:
    """Walking distance from every walkable card to the nearest village."""
    board = state.board
    villages = [p for p in board.positions() if _kind(state, p) is TerrainKind.VILLAGE]
    found = {p: 0 for p in villages if walkable(board, p)}
    queue = deque(found)
    while queue:
        here = queue.popleft()
        row, col = here
        for nearby in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if nearby not in found and walkable(board, nearby):
                found[nearby] = found[here] + 1
                queue.append(nearby)
    return found


def _kind(state: State, position: Position) -> TerrainKind | None:
    cell = state.board.cell(position)
    return cell.kind if cell is not None else None


def choose_destinations(table: Table, rng: random.Random) -> None:
    """Every player places a marker: safe cards first, then the nearest to a village."""
    state = table.state
    danger = set(cells_to_flip(state.board))
    to_village = village_distances(state)
    for seat in rng.sample(range(len(state.players)), len(state.players)):
        options = legal_destinations(table.state, seat)
        ranked = sorted(
            options,
            key=lambda p: (p in danger, to_village.get(p, 99), rng.random()),
        )
        pick = ranked[1] if len(ranked) > 1 and rng.random() < 0.15 else ranked[0]
        if pick in danger and ranked[0] not in danger:
            pick = ranked[0]
        table.do({"type": "set_destination", "player": seat, "cell": list(pick)})
        table.do({"type": "confirm_destination", "player": seat})


# --- dice ---------------------------------------------------------------------------


def roll(count: int, rng: random.Random) -> list[list[Any]]:
    """Roll ``count`` printed-looking dice: two of each kind, values 1-6."""
    dice = []
    for index in range(count):
        value = rng.randint(1, 6)
        dice.append([DIE_KINDS[index % 3][value], value])
    return dice


def holders(state: State) -> list[int]:
    """Every seat that enters dice (with the open set of variant A)."""
    seats = [someone.seat for someone in state.players]
    return [*seats, OPEN_DICE_SEAT] if state.open_dice is not None else seats


def dice_count(state: State, holder: int) -> int:
    """How many dice ``holder`` enters."""
    return 6 if holder == OPEN_DICE_SEAT else state.players[holder].dice_count


def with_rolls(state: State, rolls: dict[int, list[list[Any]]]) -> State:
    """``state`` with the dice of ``rolls`` entered (a quick way to judge a candidate)."""
    players = list(state.players)
    open_dice = state.open_dice
    for holder, faces in rolls.items():
        dice = tuple(Die(DieColour(colour), value) for colour, value in faces)
        if holder == OPEN_DICE_SEAT:
            assert open_dice is not None
            open_dice = replace(open_dice, dice=dice)
        else:
            players[holder] = replace(players[holder], dice=dice)
    return replace(state, players=tuple(players), open_dice=open_dice)


def find_rolls(
    state: State, beaten: set[int], target_lead: int, rng: random.Random
) -> dict[int, list[list[Any]]] | None:
    """Find dice under which exactly the ``beaten`` players lose their comparison."""
    best: tuple[int, dict[int, list[list[Any]]]] | None = None
    for _ in range(DICE_TRIES):
        rolls = {holder: roll(dice_count(state, holder), rng) for holder in holders(state)}
        judged = with_rolls(state, rolls)
        miss = 0
        for someone in state.players:
            preview = movement_values(judged, someone.seat)
            if bool(preview.allowed) == (someone.seat in beaten):
                miss = -1
                break
            if preview.allowed:
                miss += abs((preview.lead or 0) - target_lead)
        if miss < 0:
            continue
        if best is None or miss < best[0]:
            best = (miss, rolls)
        if miss == 0:
            break
    return best[1] if best else None


# --- one round ----------------------------------------------------------------------


def planned_beaten(table: Table, round_number: int) -> set[int]:
    """The players beaten this round: the story's schedule, kept only where it is safe."""
    story = table.story
    state = table.state
    danger = set(cells_to_flip(state.board))
    scheduled = story.beaten.get(round_number, ())
    beaten = {seat for seat in scheduled if state.players[seat].position not in danger}
    if story.doomed is not None and round_number >= story.doomed[1]:
        beaten.add(story.doomed[0])
    return beaten


def play_round(table: Table, rng: random.Random) -> None:
    """Play one whole round, from the roll to the eruption (or the end of the game)."""
    round_number = table.state.round
    table.do({"type": "advance"})  # roll -> planning
    planning_equipment(table, rng, round_number)
    choose_destinations(table, rng)
    table.do({"type": "advance"})  # planning -> rerolls
    rerolls(table, rng)
    table.do({"type": "advance"})  # rerolls -> equipment
    beaten = planned_beaten(table, round_number)
    equipment_phase(table, rng, beaten, round_number)
    table.do({"type": "advance"})  # equipment -> movement
    movement(table, rng, beaten)
    if table.state.outcome is None:
        table.do({"type": "advance"})  # movement -> eruption
    if table.state.outcome is None:
        table.do({"type": "advance"})  # eruption -> next round


def rerolls(table: Table, rng: random.Random) -> None:
    """Each player rerolls some of their allowance (a Buddy keeps a die aside first)."""
    for someone in table.state.players:
        seat = someone.seat
        allowance = reroll_allowance(table.state, seat)
        if someone.skill is Skill.BUDDY and not someone.wounds.amnesia and allowance:
            table.do({"type": "set_die_aside", "player": seat, "die": roll(1, rng)[0]})
        used = rng.randint(0, allowance) if allowance else 0
        table.do({"type": "rerolls_done", "player": seat, "used": used})


def holding(table: Table, seat: int, card: str) -> bool:
    """Tell whether ``seat`` can play ``card`` now (no broken arm)."""
    someone = table.state.players[seat]
    return card in someone.equipment and not someone.wounds.arm


def planning_equipment(table: Table, rng: random.Random, round_number: int) -> None:
    """Phase-2 cards: the radio early on, the torch now and then, the manager shares."""
    for someone in table.state.players:
        seat = someone.seat
        manager = someone.skill is Skill.EQUIPMENT_MANAGER and not someone.wounds.amnesia
        if manager and round_number == 1 and len(someone.equipment) > 1:
            receiver = (seat + 1) % len(table.state.players)
            card = someone.equipment[-1]
            table.do({"type": "give_equipment", "player": seat, "to": receiver, "card": card})
        for card in ("radio", "torch"):
            if holding(table, seat, card) and rng.random() < 0.4:
                table.do({"type": "use_equipment", "player": seat, "card": card})
        climb_with_rope(table, seat)
        swap_with_binoculars(table, seat)


def empty_landscapes(state: State) -> list[Position]:
    """Landscape cards with no lava, token, pawn or marker on them."""
    taken = {p.position for p in state.players} | {p.destination for p in state.players}
    found = []
    for position in state.board.positions():
        cell = state.board.cell(position)
        assert cell is not None
        if cell.kind is not TerrainKind.LANDSCAPE or cell.lava or position in taken:
            continue
        if not cell.equipment_token and not cell.eruption_token:
            found.append(position)
    return found


def swap_with_binoculars(table: Table, seat: int) -> None:
    """Bring a card with the reroll symbol within reach, swapping it for a plain one."""
    if not holding(table, seat, "binoculars"):
        return
    state = table.state
    danger = set(cells_to_flip(state.board))
    reachable = set(legal_destinations(state, seat))
    to_village = village_distances(state)
    empty = [p for p in empty_landscapes(state) if p not in danger]
    near = [p for p in empty if p in reachable and not _reroll(state, p)]
    far = [p for p in empty if p not in reachable and _reroll(state, p)]
    if near and far:
        target = min(near, key=lambda p: (to_village.get(p, 99), p))
        action = {"type": "use_equipment", "player": seat, "card": "binoculars"}
        table.do({**action, "cells": [list(target), list(min(far))]})


def _reroll(state: State, position: Position) -> bool:
    cell = state.board.cell(position)
    return cell is not None and cell.reroll_symbol


def climb_with_rope(table: Table, seat: int) -> None:
    """Use the rope to step one safe landscape card nearer to the villages."""
    if not holding(table, seat, "rope"):
        return
    state = table.state
    here = state.players[seat].position
    danger = set(cells_to_flip(state.board))
    to_village = village_distances(state)
    row, col = here
    steps = []
    for nearby in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        cell = state.board.cell(nearby)
        if cell is None or cell.lava or cell.kind is not TerrainKind.LANDSCAPE:
            continue
        if cell.eruption_token or nearby in danger:
            continue
        if to_village.get(nearby, 99) < to_village.get(here, 99):
            steps.append(nearby)
    if steps:
        table.do({"type": "use_equipment", "player": seat, "card": "rope", "cell": list(steps[0])})
        settle_pending(table)


PHASE_FOUR_CHEAP = ("carabiner", "duct_tape", "compass", "shovel", "water_bottle")
"""Cards that only change dice behind the screens: recorded, the table rerolls or turns."""


def equipment_phase(table: Table, rng: random.Random, beaten: set[int], round_number: int) -> None:
    """Phase-4 cards: first aid for the beaten, flares and dice cards for the others."""
    for someone in table.state.players:
        seat = someone.seat
        wanted = "first_aid_kit" if seat in beaten else "flare_gun"
        if holding(table, seat, wanted) and (seat in beaten or round_number > 1):
            table.do({"type": "use_equipment", "player": seat, "card": wanted})
            continue
        if holding(table, seat, "pocket_knife") and wanted in visible_cards(table.state):
            action = {"type": "use_equipment", "player": seat, "card": "pocket_knife"}
            table.do({**action, "copy": wanted})
            continue
        for card in PHASE_FOUR_CHEAP:
            if holding(table, seat, card) and rng.random() < 0.3:
                table.do({"type": "use_equipment", "player": seat, "card": card})
                break


def visible_cards(state: State) -> set[str]:
    """Equipment cards lying face up in front of any player."""
    return {card for someone in state.players for card in someone.equipment}


def movement(table: Table, rng: random.Random, beaten: set[int]) -> None:
    """Spend energy, enter the dice, resolve everyone, settle wounds and draws."""
    spend_energy(table, beaten)
    rolls = find_rolls(table.state, beaten, table.story.target_lead, rng)
    if rolls is None:
        raise RoundPlanError("no dice fit this round")
    for holder, faces in rolls.items():
        table.do({"type": "set_dice", "player": holder, "dice": faces})
    for seat in resolution_order(table.state):
        table.do(resolve_action(table.state, seat))
        settle_pending(table)
        if table.state.outcome is not None:
            return


def spend_energy(table: Table, beaten: set[int]) -> None:
    """A Gatherer with bars helps the first player who must move this round."""
    for someone in table.state.players:
        if someone.skill is not Skill.GATHERER or someone.wounds.amnesia or not someone.energy:
            continue
        helped = next((p.seat for p in table.state.players if p.seat not in beaten), None)
        if helped is not None:
            action = {"type": "spend_energy", "player": someone.seat, "target": helped, "bars": 1}
            table.do(action)


def crosses_token(state: State, seat: int) -> bool:
    """Tell whether the walk of ``seat`` may cross an eruption token."""
    someone = state.players[seat]
    if someone.destination is None:
        return False
    for path in shortest_paths(state, seat, someone.destination):
        for position in path:
            cell = state.board.cell(position)
            if cell is not None and cell.eruption_token:
                return True
    return False


def resolution_order(state: State) -> list[int]:
    """Players who would set off an eruption token go last, as the table usually decides."""
    seats = [someone.seat for someone in state.players]
    return sorted(seats, key=lambda seat: crosses_token(state, seat))


def resolve_action(state: State, seat: int) -> Action:
    """A resolve action, naming the path when the walks differ in tokens crossed."""
    action: Action = {"type": "resolve", "player": seat}
    if path_choice_needed(state, seat):
        target = state.players[seat].destination
        assert target is not None
        paths = shortest_paths(state, seat, target)
        action["path"] = [list(step) for step in paths[0]]
    return action


def settle_pending(table: Table) -> None:
    """Place owed wound tokens and report drawn equipment cards."""
    while table.state.pending and table.state.outcome is None:
        owed = table.state.pending[0]
        someone = table.state.players[owed.seat]
        if owed.kind is PendingKind.WOUND:
            free = [slot.value for slot in someone.wounds.free_slots()]
            turn = owed.seat % len(WOUND_PREFERENCE)
            liked = WOUND_PREFERENCE[turn:] + WOUND_PREFERENCE[:turn]
            slot = next(s for s in liked if s in free)
            table.do({"type": "choose_wound", "player": owed.seat, "slot": slot})
        else:
            card = table.deck.pop(0) if table.deck else None
            table.do({"type": "draw_equipment", "player": owed.seat, "card": card})


class RoundPlanError(RuntimeError):
    """This round plan cannot tell the story; try another."""


# --- a whole game -------------------------------------------------------------------


def play_story(story: Story) -> dict[str, Any]:
    """Play ``story`` to its end and return the game record."""
    setup, deck = setup_for(story)
    table = Table(story, GAME.new_state(setup), [], deck)
    while table.state.outcome is None:
        if table.state.round > MAX_ROUNDS:
            raise RuntimeError(f"scenario {story.scenario}: the game does not end")
        table = play_round_somehow(table)
    outcome = table.state.outcome.value
    if outcome != story.outcome:
        raise RuntimeError(f"scenario {story.scenario}: {outcome}, wanted {story.outcome}")
    expect: dict[str, Any] = {"outcome": outcome}
    if table.state.score is not None:
        expect["score"] = table.state.score
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "fuji",
        "title": story.title,
        "setup": setup,
        "actions": table.actions,
        "expect": expect,
    }


def play_round_somehow(table: Table) -> Table:
    """Try round plans until one keeps to the story (no unplanned loss)."""
    story = table.story
    for attempt in range(ROUND_ATTEMPTS):
        rng = random.Random(f"{story.scenario}-{table.state.round}-{attempt}")
        trial = Table(story, table.state, list(table.actions), list(table.deck))
        try:
            play_round(trial, rng)
        except (RoundPlanError, IllegalActionError):
            continue
        if trial.state.outcome is None or keeps_to_story(trial):
            return trial
    raise RuntimeError(f"scenario {story.scenario}: round {table.state.round} cannot be played")


def keeps_to_story(table: Table) -> bool:
    """A finished game must end the way the story says; a lost one through the doomed player."""
    state = table.state
    if state.outcome is None or state.outcome.value != table.story.outcome:
        return False
    if table.story.doomed is None or state.outcome_reason is None:
        return True
    doomed_name = state.players[table.story.doomed[0]].name
    return state.outcome_reason.params.get("name") == doomed_name


TOTALS_SCENARIOS = (3,)
"""Scenarios also written as a table that types totals instead of entering each die."""


def totals_record(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` as a table that types totals: each ``set_dice`` becomes one
    ``set_movement_values`` per comparison those dice take part in (own card, then the
    neighbours' cards, in seat order), holding the total the dice show under that card.

    The game goes the same way, so it ends the same; the record is replayed to its end.
    """
    state = GAME.new_state(record["setup"])
    actions: list[Action] = []
    for action in record["actions"]:
        after = GAME.apply(state, action)
        if action.get("type") == "set_dice":
            holder = action["player"]
            for seat in compared_under(after, holder):
                total = dice_value(after, holder, seat)
                actions.append({"type": "set_movement_values",
                                "values": {str(holder): {str(seat): total}}})
        else:
            actions.append(action)
        state = after
    end = state
    replayed = GAME.new_state(record["setup"])
    for action in actions:
        replayed = GAME.apply(replayed, action)
    if replayed.outcome != end.outcome or replayed.score != end.score:
        raise RuntimeError("the totals record ends another way than its dice record")
    expect: dict[str, Any] = {"outcome": replayed.outcome.value if replayed.outcome else None}
    if replayed.score is not None:
        expect["score"] = replayed.score
    return {**record, "title": record["title"] + " (totals typed)", "actions": actions,
            "expect": expect}


def table_deals_record(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` (of typed totals) as a table that shuffled and laid the cards itself: the
    app knows no card, and is told a card's reroll symbol only when the rules ask it (a
    marker on it whose reroll count matters), as the real card shows it — the card the
    app's own deal put there.  The game goes the same way and ends the same."""
    setup = {**record["setup"], "deal": "table"}
    dealt = GAME.new_state(record["setup"])
    state = GAME.new_state(setup)
    actions: list[Action] = []
    for action in record["actions"]:
        for owed in state.pending:
            if owed.kind is PendingKind.CARD and owed.cell is not None:
                cell = dealt.board.cell(owed.cell)
                assert cell is not None
                asked = {"type": "name_card", "cell": list(owed.cell),
                         "reroll": cell.reroll_symbol}
                actions.append(asked)
                state = GAME.apply(state, asked)
        dealt = GAME.apply(dealt, action)
        if action.get("type") == "rerolls_done" and state.players[
                action["player"]].rerolls_done:
            continue  # the rules settled this player's rerolls: nobody asks
        actions.append(action)
        state = GAME.apply(state, action)
    if state.outcome != dealt.outcome or state.score != dealt.score:
        raise RuntimeError("the table-deals record ends another way than its totals record")
    return {**record, "setup": setup, "actions": actions,
            "title": record["title"].replace("(totals typed)", "(table deals, totals typed)")}


def compared_under(state: State, holder: int) -> list[int]:
    """The seats (in seat order) whose card ``holder``'s dice are compared under."""
    return [someone.seat for someone in state.players
            if someone.seat not in state.resolved
            and (someone.seat == holder or holder in neighbours(state, someone.seat))]


def write_records(stories: Iterable[Story] = STORIES, folder: Path = HERE) -> list[Path]:
    """Play every story and write its record (and a totals record for some); return the
    files written."""
    written = []
    for story in stories:
        record = play_story(story)
        path = folder / f"scenario-{story.scenario}.json"
        written.append(_write(path, record))
        if story.scenario in TOTALS_SCENARIOS:
            totals = folder / f"scenario-{story.scenario}-totals.json"
            typed = totals_record(record)
            written.append(_write(totals, typed))
            dealt = folder / f"scenario-{story.scenario}-table-deals.json"
            written.append(_write(dealt, table_deals_record(typed)))
    return written


def _write(path: Path, record: dict[str, Any]) -> Path:
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def main(argv: Sequence[str] = ()) -> int:
    """Write the records and say where they went."""
    for path in write_records():
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
