"""How the effort bench plays Fuji: the set-up screen, dealt hands, dice and the map.

Every other tap is found by the bench's search over the drawn widgets (see
``bench/effort.py``).  This driver enters the set-up, deals each starting hand on the
equipment screen (the bench plays each example with its hands as ``add_equipment``
steps, see :func:`table_record`), enters phase 5 on the dice screen and picks a
player's card before a destination is tapped on the map.

Each record is played two ways (``ways``): typed totals, the app's default, one tap per
total the screens ask (a record of dice is first turned into the totals those dice give
under each card's condition, see :func:`typed_totals`), and die by die, one tap per die
(the record's ``set_dice`` steps become ``enter_die`` steps, see :func:`per_die`; the
set-up's switch chooses it).  The shared figures are the default's; :meth:`figures`
gives both.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any

from effort import Bench, BenchError, Counts, Spot, default_order

from companion.core.record import GameRecord
from companion.ui.widgets import Button, Widget

TRIES = 12
"""Most taps on a cycling button (colour, skill) before the bench gives up."""


WAYS: tuple[str, ...] = ("totals", "dice")
"""The ways a table enters phase 5: typed totals (the app's default), or each die."""

DICE_STEPS = frozenset({"set_dice", "enter_die"})
"""Steps that enter dice (a table typing totals enters none)."""


def table_record(record: GameRecord, way: str = "dice") -> GameRecord | None:
    """``record`` with its starting hands dealt as the first steps, as a table enters them
    in ``way``: ``dice`` keeps the record's entry (each die one step, or its typed
    totals); ``totals`` types the totals its dice give (:func:`typed_totals`).  ``None``:
    a record of typed totals has no dice to enter one by one."""
    setup = dict(record.setup)
    players = [dict(entry) for entry in setup.get("players", [])]
    given = list(setup.pop("equipment", None) or [])
    deals: list[dict[str, Any]] = []
    for seat, entry in enumerate(players):
        cards = entry.pop("equipment", None)
        if cards is None and seat < len(given):
            cards = given[seat]
        deals.extend({"type": "add_equipment", "player": seat, "card": card}
                     for card in cards or [])
    setup["players"] = players
    actions = per_die([*deals, *record.actions], setup)
    if way == "dice" and not any(a.get("type") in DICE_STEPS for a in actions):
        return None
    if way == "totals":
        actions = typed_totals(actions, setup)
    actions = owed_only(implied_steps(actions, setup), setup)
    actions = ring_resolutions(actions, setup)
    actions = planned_in_screen_order(actions, setup)
    _same_end(actions, record, setup)
    return GameRecord(record.game, setup, actions, record.expect, record.title)


def typed_totals(actions: list[dict[str, Any]], setup: Mapping[str, Any]
                 ) -> list[dict[str, Any]]:
    """The actions as a table typing totals enters them: no die is entered; each total
    the screens ask for (``owed_totals``: own totals first, then only the neighbours'
    totals that can still change a comparison) is typed as soon as the dice entered so
    far give it, its value the engine's total of those dice under that card's
    condition (``dice_value``)."""
    from companion.games.fuji import GAME
    from companion.games.fuji.queries import dice_value, owed_totals

    rolled = GAME.new_state(setup)  # the game as the record plays it, dice and all
    typed = GAME.new_state(setup)  # the same game with typed totals
    entered: list[dict[str, Any]] = []

    def type_owed() -> None:
        nonlocal typed
        while owed := owed_totals(typed):
            holder, seat = owed[0]
            value = dice_value(rolled, holder, seat)
            if value is None:
                return
            step = {"type": "set_movement_values", "values": {str(holder): {str(seat): value}}}
            entered.append(step)
            typed = GAME.apply(typed, step)

    for action in actions:
        if action.get("type") in DICE_STEPS:
            rolled = GAME.apply(rolled, action)
            type_owed()
            continue
        type_owed()
        rolled = GAME.apply(rolled, action)
        typed = GAME.apply(typed, action)
        entered.append(dict(action))
    return entered


def owed_only(actions: list[dict[str, Any]], setup: Mapping[str, Any]
              ) -> list[dict[str, Any]]:
    """The typed totals as the screens ask them: each run of ``set_movement_values`` is
    entered in the order the rules owe them (``owed_totals``: own totals first), and a
    total no comparison needs is left out.  The game must end as before."""
    from companion.games.fuji import GAME
    from companion.games.fuji.queries import owed_totals

    state = GAME.new_state(setup)
    entered: list[dict[str, Any]] = []
    index = 0
    while index < len(actions):
        run: dict[tuple[int, int], int] = {}
        while index < len(actions) and actions[index].get("type") == "set_movement_values":
            for holder, row in actions[index]["values"].items():
                for seat, total in row.items():
                    run[int(holder), int(seat)] = total
            index += 1
        for _ in range(len(run)):
            owed = owed_totals(state)
            if not owed or owed[0] not in run:
                break
            holder, seat = owed[0]
            step = {"type": "set_movement_values",
                    "values": {str(holder): {str(seat): run[holder, seat]}}}
            entered.append(step)
            state = GAME.apply(state, step)
        if index < len(actions):
            entered.append(dict(actions[index]))
            state = GAME.apply(state, actions[index])
            index += 1
    return entered


ENTRIES = frozenset({"set_movement_values", *DICE_STEPS})
"""Steps typing a total or entering a die (the last one may start the resolutions)."""

OWED_STEPS = frozenset({"choose_wound", "draw_equipment"})
"""Steps answering what a resolution left owed (asked before the next one resolves)."""


def ring_resolutions(actions: list[dict[str, Any]], setup: Mapping[str, Any]
                     ) -> list[dict[str, Any]]:
    """The resolutions as the screens enter them once the last total (or die) is in: when
    their order cannot change the game (``order_free``), the screens resolve everyone
    around the table from the first seat, each followed by the wound or card it left
    owed.  Such a run of the record's resolutions is put in that order; the game must
    end as before (checked by :func:`table_record`)."""
    from companion.games.fuji import GAME
    from companion.games.fuji.game import next_in_ring, order_free
    from companion.games.fuji.queries import owed_totals

    state = GAME.new_state(setup)
    entered: list[dict[str, Any]] = []
    index = 0
    while index < len(actions):
        action = actions[index]
        if (action.get("type") == "resolve" and entered
                and entered[-1].get("type") in ENTRIES
                and not owed_totals(state) and order_free(state)):
            end = index
            while end < len(actions) and actions[end].get("type") in ("resolve", *OWED_STEPS):
                end += 1
            run = _ringed(actions[index:end], state, next_in_ring)
            for step in run:
                state = GAME.apply(state, step)
            entered += run
            index = end
            continue
        state = GAME.apply(state, action)
        entered.append(dict(action))
        index += 1
    return entered


def planned_in_screen_order(actions: list[dict[str, Any]], setup: Mapping[str, Any]
                            ) -> list[dict[str, Any]]:
    """The destinations of each planning run in the order the play screen asks them:
    with no card tapped, it selects the first player the table still waits for, so a
    table that follows it never taps a card first.  A run of the record's destinations
    is reordered only when the rules accept each step where it lands; the game must end
    as before (checked by :func:`table_record`)."""
    from companion.games.fuji import GAME
    from companion.ui.fuji.view import default_seat

    state = GAME.new_state(setup)
    pending = [dict(action) for action in actions]
    entered: list[dict[str, Any]] = []
    while pending:
        index = _screen_pick(pending, state, default_seat(state))
        step = pending.pop(index)
        state = GAME.apply(state, step)
        entered.append(step)
    return entered


def _screen_pick(pending: list[dict[str, Any]], state: Any, seat: int) -> int:
    """Which pending step comes next: the selected seat's destination when the next steps
    are a run of destinations holding it and the rules take it now, else the first."""
    from companion.core.messages import IllegalActionError
    from companion.games.fuji import GAME

    run = 0
    while run < len(pending) and pending[run].get("type") == "set_destination":
        run += 1
    for index in range(1, run):
        if pending[index].get("player") == seat:
            try:
                GAME.apply(state, pending[index])
            except IllegalActionError:
                return 0
            return index
    return 0


def _ringed(run: list[dict[str, Any]], state: Any, next_in_ring: Any) -> list[dict[str, Any]]:
    """``run`` (resolutions and what each left owed) in seat order around the table from
    the first seat still to resolve; unchanged when a step owed cannot be told apart."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for step in run:
        if step.get("type") == "resolve":
            groups[step["player"]] = [dict(step)]
        elif step.get("player") in groups:
            groups[step["player"]].append(dict(step))
        else:
            return [dict(step) for step in run]
    ordered: list[dict[str, Any]] = []
    seat = next_in_ring(state, len(state.players) - 1)
    while seat is not None and seat in groups:
        ordered += groups.pop(seat)
        state = _counted_resolved(state, seat)
        seat = next_in_ring(state, seat)
    return ordered + [step for group in groups.values() for step in group]


def _counted_resolved(state: Any, seat: int) -> Any:
    """``state`` with ``seat`` counted as resolved (only to walk the ring)."""
    from dataclasses import replace

    return replace(state, resolved=(*state.resolved, seat))


def _same_end(actions: list[dict[str, Any]], record: GameRecord,
              setup: Mapping[str, Any]) -> None:
    """Refuse a preparation that changes how the game ends: outcome, score, every pawn's
    place, stamina, wounds and cards must be the original record's, and its ``expect``
    must still hold."""
    from companion.core.record import expectation_mismatches
    from companion.core.upgrade import current
    from companion.games.fuji import GAME

    original, steps = current(GAME, record.setup, record.actions)
    ends = []
    for start, played in ((original, steps), (setup, actions)):
        state = _replay(GAME, GAME.new_state(start), played)
        if state is None:
            raise BenchError(f"{record.title}: the steps as the screens enter them are refused")
        ends.append((state.outcome, state.score, tuple(
            (p.position, p.stamina_lost, p.wounds, p.equipment) for p in state.players)))
        if expectation_mismatches(GAME, state, record.expect):
            raise BenchError(f"{record.title}: the steps as the screens enter them miss "
                             "the record's expected end")
    if ends[0] != ends[1]:
        raise BenchError(f"{record.title}: the steps as the screens enter them end the "
                         "game differently")


def per_die(actions: list[dict[str, Any]], setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The actions as the screens enter them now: dice one at a time (``enter_die``), and
    no step for a player the rules already marked done with phase 3 (no reroll at all).

    The end state is the same: the last die of a set records it as ``set_dice`` did, and
    a ``rerolls_done`` with nothing to reroll changes nothing.
    """
    from companion.games.fuji import GAME

    state = GAME.new_state(setup)
    entered: list[dict[str, Any]] = []
    for action in actions:
        if action.get("type") == "set_dice":
            holder = action["player"]
            entered.extend({"type": "enter_die", "player": holder, "die": list(die)}
                           for die in action["dice"])
        elif action.get("type") != "rerolls_done" or GAME.apply(state, action) != state:
            entered.append(dict(action))
        state = GAME.apply(state, action)
    return entered


OPTIONAL = frozenset({"confirm_destination"})
"""Steps the rules never need (a marker is final when phase 3 starts)."""


def implied_steps(actions: list[dict[str, Any]], setup: Mapping[str, Any]
                  ) -> list[dict[str, Any]]:
    """The actions without the steps the screens no longer need: a *Next phase* that the
    following step implies (the rules close finished phases themselves, see
    ``rules.ahead``) and an optional confirmation.  A step is left out only when every
    later step is still accepted and the game ends in the same state without it.
    """
    from companion.games.fuji import GAME

    kept = [dict(action) for action in actions]
    end = _replay(GAME, GAME.new_state(setup), kept)
    state = GAME.new_state(setup)
    index = 0
    while index < len(kept):
        action = kept[index]
        if action.get("type") in ("advance", *OPTIONAL) and index + 1 < len(kept):
            rest = kept[index + 1:]
            if _replay(GAME, state, rest) == end:
                del kept[index]
                continue
        state = GAME.apply(state, action)
        index += 1
    return kept


def _replay(game: Any, state: Any, actions: list[dict[str, Any]]) -> Any:
    """The state after ``actions`` from ``state``, or ``None`` if one is refused."""
    from companion.core.messages import IllegalActionError

    try:
        for action in actions:
            state = game.apply(state, action)
    except IllegalActionError:
        return None
    return state


def unique_cycle(shown: Any, wanted: list[dict[str, Any]], field: str) -> Iterator[str]:
    """Taps on ``setup:<field>:<seat>`` buttons (each cycles to the next value nobody
    else holds) until every seat holds its wanted value; a seat holding the value
    another seat wants is moved on first."""
    for _ in range(TRIES * len(wanted)):
        entries = shown()
        wrong = [seat for seat, entry in enumerate(wanted)
                 if entries[seat][field] != entry[field]]
        if not wrong:
            return
        holders = {entry[field]: seat for seat, entry in enumerate(entries)}
        seat = wrong[0]
        blocker = holders.get(wanted[seat][field])
        yield f"setup:{field}:{blocker if blocker is not None else seat}"
    raise BenchError(f"the set-up screen cannot give every seat its {field}")


def colour_taps(setup: Mapping[str, Any], wanted: list[dict[str, Any]]) -> list[str]:
    """The fewest ``setup:colour:<seat>`` taps giving every seat its wanted colour, found
    by a search over the set-up screen's own colour rule (a tap takes the next free
    colour, or swaps with the next colour's holder when none is free)."""
    from collections import deque

    from companion.ui.fuji.setup_draft import cycle_colour

    def colours(one: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(entry["colour"] for entry in one["players"])

    goal = tuple(entry["colour"] for entry in wanted)
    start = dict(setup)
    seen = {colours(start)}
    queue: deque[tuple[dict[str, Any], list[str]]] = deque([(start, [])])
    while queue:
        here, taps = queue.popleft()
        if colours(here) == goal:
            return taps
        for seat in range(len(goal)):
            there = dict(cycle_colour(here, seat))
            if colours(there) not in seen and len(taps) < TRIES:
                seen.add(colours(there))
                queue.append((there, [*taps, f"setup:colour:{seat}"]))
    raise BenchError("the set-up screen cannot give every seat its colour")


def _cells(action: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Every [row, column] pair named in ``action``."""
    found: list[tuple[int, int]] = []

    def walk(value: Any) -> None:
        if isinstance(value, list) and len(value) == 2 and all(
                type(item) is int for item in value):
            found.append((value[0], value[1]))
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, Mapping):
            for item in value.values():
                walk(item)

    walk(dict(action))
    return found


NEEDS_SELECTION = frozenset({"set_destination", "set_die_aside", "give_equipment",
                             "spend_energy"})
"""Steps entered for the selected player (on the map, or in the equipment dialog it opens);
every other step has its own button on the player's card (or, for a card, its row among
everyone's usable cards)."""


MAP_STEPS = frozenset({"name_card"})
"""Steps that tell the app about the map the table dealt (counted as map inputs)."""


class FujiDriver:
    """Fuji: one input count per round."""

    game = "fuji"
    unit_name = "round"
    ways = WAYS
    """Each record is played typing totals (the app's default, the shared figures) and,
    when it has dice, entering each die."""

    def __init__(self) -> None:
        self.map_setup: dict[str, int] = {}
        """Set-up taps spent on the map deal, per record title (the scenario choice is
        the scenario card's, needed either way, and not counted)."""

    def prepare(self, record: GameRecord, way: str = "totals") -> GameRecord | None:
        """The record as the screens enter it in ``way`` (hands dealt in play)."""
        return table_record(record, way)

    def setup_steps(self, record: GameRecord) -> int:
        """The dealt hands belong to the set-up."""
        return sum(1 for action in record.actions if action.get("type") == "add_equipment")

    def unit(self, state: Any) -> Hashable:
        """The round number."""
        number: int = state.round
        return number

    def setup_taps(self, bench: Bench, record: GameRecord) -> Iterator[str | Spot]:
        """Scenario, players (colour, name, skill), level, variant, then start."""
        setup = record.setup

        def current() -> dict[str, Any]:
            found: dict[str, Any] = bench.setup
            return found

        scenario = setup.get("scenario")
        if scenario is not None and current().get("scenario") != scenario:
            yield f"setup:scenario:{scenario}"
        self.map_setup[record.title] = 0
        deal = "table" if setup.get("deal") == "table" else "app"
        if (current().get("deal") == "table") != (deal == "table"):
            self.map_setup[record.title] += 1
            yield f"setup:deal:{deal}"
        yield "setup:tab:players"
        wanted = list(setup["players"])
        while len(current()["players"]) < len(wanted):
            yield "setup:add"
        while len(current()["players"]) > len(wanted):
            yield f"setup:remove:{len(current()['players']) - 1}"
        variant = setup.get("variant")
        if current().get("variant") != variant:
            yield "setup:tab:options"
            yield f"setup:variant:{variant}"
            yield "setup:tab:players"
        yield from colour_taps(current(), wanted)
        yield from unique_cycle(lambda: current()["players"], wanted, "skill")
        for seat, entry in enumerate(wanted):
            yield f"setup:name:{seat}"
            bench.type_name(entry["name"])
        level = setup.get("level", 1)
        if current().get("level") != level:
            yield "setup:tab:level"
            yield f"setup:level:{level}"
        extreme = bool(setup.get("extreme")) != bool(current().get("extreme"))
        totals = types_totals(record) != _opens_totals(bench)
        if extreme or totals:
            yield "setup:tab:options"
        if extreme:
            yield "setup:extreme"
        if totals:
            yield "setup:totals"
        yield "setup:start"
        asked = getattr(bench.app.dialog, "title", None)
        if getattr(asked, "key", None) == "ui_fuji.setup.no_hands_title":
            yield "choice:0"  # no hand entered: start, the hands are dealt in play

    def figures(self, counts: Sequence[Counts]) -> dict[str, Any]:
        """Inputs per round for each way of entry (typed totals, the default, and die by
        die), over every record and over the 3-player records (the target's scope); then
        per record: set-up inputs, the map's inputs among them and in play (the deal
        chosen, each card the table is asked about), and inputs per round each way."""
        found: dict[str, Any] = {}
        for way in WAYS:
            mine = [one for one in counts if (one.way or WAYS[0]) == way]
            found[f"per_round_{way}"] = _spread(mine)
            found[f"per_round_{way}_3p"] = _spread(
                [one for one in mine if one.record is not None
                 and len(one.record.setup["players"]) == 3])
        for one in counts:
            if one.record is None:
                continue
            line = found.setdefault(one.name or "record", {})
            rounds = list(one.units.values())
            way = one.way or WAYS[0]
            if way == WAYS[0]:
                asked = sum(taps for action, taps in one.per_step
                            if action.get("type") in MAP_STEPS)
                line.update({
                    "players": len(one.record.setup["players"]),
                    "setup": one.setup_inputs,
                    "map": self.map_setup.get(one.record.title, 0) + asked,
                    "deal": "table" if one.record.setup.get("deal") == "table" else "app",
                })
            line[f"per_round_{way}"] = _mean(rounds)
            line[f"max_{way}"] = max(rounds, default=0)
        return found

    def pick(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """Dice on the dice screen, dealt cards, and the player before a destination."""
        kind = action.get("type")
        if kind == "enter_die":
            return self._die(bench, action)
        if kind == "set_movement_values":
            return self._total(bench, action)
        if kind == "add_equipment":
            return self._deal(bench, action)
        player = action.get("player")
        if kind in NEEDS_SELECTION and isinstance(player, int) and bench.app.dialog is None:
            scene = bench.app.scene
            session = bench.app.session
            assert session is not None
            if hasattr(scene, "seat") and scene.seat(session.state) != player:
                return bench.find(f"fuji:card:{player}")
        return None

    def _die(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        ready, before = _on_tab(bench, "DiceScene", "dice:tab", action["player"])
        if not ready:
            return before
        if getattr(bench.top, "quick", False):
            return bench.find("dice:mode")
        colour, value = action["die"]
        return bench.find(f"die:{colour}:{value}")

    def _total(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """One typed total: the dice screen in totals mode, the holder's tab, the card
        the total is for (when the screen is not already on it), then the number."""
        ((holder_key, row),) = action["values"].items()
        ((seat_key, total),) = row.items()
        holder, seat = int(holder_key), int(seat_key)
        top = bench.top
        if type(top).__name__ == "DiceScene" and not getattr(top, "quick", False):
            return bench.find("dice:mode")
        if type(top).__name__ == "DiceScene":
            own_panel = f"seat{holder}:num:{total}"  # flat: the holder's own panel
            if any(spot.widget.key == own_panel for spot in bench.spots()):
                return bench.find(own_panel)
            if any(spot.widget.key == f"seat{holder}:enter" for spot in bench.spots()):
                return _digit_pad(bench, top, holder, str(total))
        ready, before = _on_tab(bench, "DiceScene", "dice:tab", holder)
        if not ready:
            return before
        session = bench.app.session
        assert session is not None
        state = session.state
        if top.typing_seat(state, holder) != seat:  # type: ignore[attr-defined]
            return bench.find(f"total:{seat}")
        return bench.find(f"num:{total}")

    def _deal(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        ready, before = _on_tab(bench, "EquipmentScene", "eq:tab", action["player"])
        if not ready:
            return before
        top = bench.top
        use = getattr(top, "use", None)
        if use is None or use.steps[:1] != ("deal",):
            return bench.find("eq:deal")
        return bench.find(f"eq:deal:{action['card']}")

    def positions(self, widget: Widget, action: Mapping[str, Any]
                  ) -> list[tuple[int, int]] | None:
        """On a map, the cards the action names (none when it names none)."""
        if not hasattr(widget, "cell_rect") or not getattr(widget, "interactive", False):
            return None
        board = widget.picture.board  # type: ignore[attr-defined]
        cells = _cells(action)
        return [widget.cell_rect(cell).center for cell in cells
                if 0 <= cell[0] < board.rows and 0 <= cell[1] < board.cols]

    def order(self, widget: Widget, action: Mapping[str, Any]) -> int:
        """Labels naming what the action names first."""
        return default_order(widget, action)


def _mean(taps: Sequence[int]) -> float:
    """The mean of ``taps`` to one decimal (0 for none)."""
    return round(sum(taps) / len(taps), 1) if taps else 0


def _spread(counts: Sequence[Counts]) -> dict[str, Any]:
    """Mean, max and number of rounds over ``counts``."""
    rounds = [taps for one in counts for taps in one.units.values()]
    return {"mean": _mean(rounds), "max": max(rounds, default=0), "rounds": len(rounds)}


def types_totals(record: GameRecord) -> bool:
    """Whether the table enters this game's dice as typed totals (its first entry is one)."""
    entries = [a.get("type") for a in record.actions
               if a.get("type") in ("enter_die", "set_dice", "set_movement_values")]
    return bool(entries) and entries[0] == "set_movement_values"


def _kept_mode(bench: Bench) -> Any:
    """How the table's settings open the dice screen (``None``: never chosen)."""
    from companion.ui.fuji.dice_entry import ENTRY_MODE_KEY

    return bench.app.journal.get_setting(ENTRY_MODE_KEY)


def _opens_totals(bench: Bench) -> bool:
    """Whether the dice screen opens on typed totals (the default, unless the table's
    settings keep die by die)."""
    return bool(_kept_mode(bench) != "dice")


def _digit_pad(bench: Bench, top: object, holder: int, digits: str) -> Spot | None:
    """Four seats on a flat table: the next key of the holder's own digit pad (a digit of
    the total, ✓ once it is all typed, ↶ if something else was typed)."""
    typing = getattr(top, "seat_typing", None)
    typed = "" if typing is None else str(typing.value(holder))
    if typed == digits:
        return bench.find(f"seat{holder}:enter")
    if digits.startswith(typed):
        return bench.find(f"seat{holder}:digit:{digits[len(typed)]}")
    return bench.find(f"seat{holder}:erase")


def _on_tab(bench: Bench, dialog: str, tab: str, seat: int) -> tuple[bool, Spot | None]:
    """Whether ``dialog`` is open on ``seat``'s tab; if not, the tap that gets there
    (``None``: leave it to the search, e.g. to close another dialog first)."""
    top = bench.top
    session = bench.app.session
    assert session is not None
    if type(top).__name__ != dialog:
        return False, _opener(bench, dialog)
    if top.current(session.state) != seat:  # type: ignore[attr-defined]
        return False, bench.find(f"{tab}:{seat}")
    return True, None


def _opener(bench: Bench, dialog: str) -> Spot | None:
    """The drawn button that opens a dialog of class ``dialog`` (for the acting seat)."""
    from companion.ui.intents import ShowDialog

    for spot in bench.spots():
        widget = spot.widget
        if isinstance(widget, Button) and widget.enabled and any(
                isinstance(intent, ShowDialog) and type(intent.dialog).__name__ == dialog
                for intent in widget.intents):
            seat = getattr(next(i.dialog for i in widget.intents
                                if isinstance(i, ShowDialog)), "seat", None)
            player = bench.target.get("player")
            if seat is None or player is None or seat == player:
                return spot
    return None


DRIVER = FujiDriver()
