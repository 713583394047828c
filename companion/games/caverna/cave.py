"""A cave board: cavern spaces, walls, which face-down rooms can be dug, where rooms fit."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from companion.core.messages import IllegalActionError, SetupError
from companion.games.caverna.rooms import ENTRANCE, SIDES

Pos = tuple[int, int]
"""A cavern space as (row, column); row 0 is the top of the board."""

Edge = tuple[Pos, Pos]
"""The border between two neighbouring spaces, smaller position first."""

HIDDEN = "hidden"
"""A space still covered by a face-down room."""
EMPTY = "empty"
"""A dug cavern with no room in it."""
FURNISHED = "furnished"
"""A cavern holding a room."""

DEFAULT_LAYOUT: tuple[str, ...] = ("DDd", "DdD", ".DD", "ED#")
"""The cave board as rows of letters: ``D`` face-down room, ``d`` face-down room on a
+1 food space, ``.`` empty cavern, ``E`` entrance, ``#`` solid rock (not part of the cave)."""

STEPS: dict[str, Pos] = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
"""Row and column change when leaving a space through each side."""


@dataclass(frozen=True)
class Space:
    """One cavern space of a cave board."""

    state: str
    """``hidden``, ``empty`` or ``furnished``."""
    room: str = ""
    """The room furnished here, empty otherwise."""
    food_bonus: bool = False
    """True where the board shows +1 food under the face-down room."""


@dataclass(frozen=True)
class ExtraCavern:
    """The single extra cavern tile, once a player has earned it."""

    natural_sides: frozenset[str] = frozenset()
    """Sides walled by the tile itself; empty until the player has laid it down."""
    built_sides: frozenset[str] = frozenset()
    """Sides walled with walls from the supply."""
    room: str = ""
    """The room furnished in it, empty otherwise."""

    @property
    def placed(self) -> bool:
        """Tell whether the player has chosen the tile's side and laid it down."""
        return bool(self.natural_sides)


@dataclass(frozen=True)
class Cave:
    """One player's cave board."""

    spaces: tuple[tuple[Space | None, ...], ...]
    """Rows of spaces; ``None`` is rock outside the cave."""
    walls: frozenset[Edge] = frozenset()
    """Walls built between spaces."""
    extra: ExtraCavern | None = None
    """The extra cavern, if this player has it."""

    def at(self, pos: Pos) -> Space | None:
        """Return the space at ``pos`` (``None`` for rock or off the board)."""
        row, col = pos
        if 0 <= row < len(self.spaces) and 0 <= col < len(self.spaces[row]):
            return self.spaces[row][col]
        return None

    def positions(self) -> Iterator[Pos]:
        """Yield every cavern space's position, row by row."""
        for row, line in enumerate(self.spaces):
            for col, space in enumerate(line):
                if space is not None:
                    yield (row, col)

    def with_space(self, pos: Pos, space: Space) -> Cave:
        """Return a copy with ``space`` at ``pos``."""
        row, col = pos
        line = (*self.spaces[row][:col], space, *self.spaces[row][col + 1 :])
        return replace(self, spaces=(*self.spaces[:row], line, *self.spaces[row + 1 :]))

    def rooms(self) -> tuple[str, ...]:
        """Return every furnished room, the entrance and the extra cavern included."""
        found = [space.room for space in self.iter_spaces() if space.state == FURNISHED]
        if self.extra is not None and self.extra.room:
            found.append(self.extra.room)
        return tuple(found)

    def iter_spaces(self) -> Iterator[Space]:
        """Yield every cavern space of the board."""
        for pos in self.positions():
            space = self.at(pos)
            if space is not None:
                yield space

    def count(self, state: str) -> int:
        """Return how many board spaces are in ``state``."""
        return sum(space.state == state for space in self.iter_spaces())

    def is_full(self) -> bool:
        """Tell whether every board space holds a room."""
        return self.count(HIDDEN) == 0 and self.count(EMPTY) == 0


def parse_layout(rows: Sequence[str]) -> Cave:
    """Build a fresh cave from layout rows (see :data:`DEFAULT_LAYOUT`)."""
    if not rows or any(not isinstance(row, str) or not row for row in rows):
        raise SetupError("caverna.error.bad_cave", detail="rows must be non-empty strings")
    if len({len(row) for row in rows}) != 1:
        raise SetupError("caverna.error.bad_cave", detail="rows must have equal length")
    symbols = {
        "D": Space(HIDDEN),
        "d": Space(HIDDEN, food_bonus=True),
        ".": Space(EMPTY),
        "E": Space(FURNISHED, ENTRANCE),
        "#": None,
    }
    if any(char not in symbols for row in rows for char in row):
        raise SetupError("caverna.error.bad_cave", detail="use only the letters D d . E #")
    if sum(row.count("E") for row in rows) != 1:
        raise SetupError("caverna.error.bad_cave", detail="exactly one entrance E")
    return Cave(tuple(tuple(symbols[char] for char in row) for row in rows))


def edge(first: Pos, second: Pos) -> Edge:
    """Return the edge between two neighbouring positions, refusing any other pair."""
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        raise IllegalActionError("caverna.error.not_neighbours")
    return (first, second) if first < second else (second, first)


def neighbour(pos: Pos, side: str) -> Pos:
    """Return the position across ``side`` of ``pos``."""
    step = STEPS[side]
    return (pos[0] + step[0], pos[1] + step[1])


def walled_sides(cave: Cave, pos: Pos) -> frozenset[str]:
    """Return the sides of ``pos`` closed by a wall: built, or the cave's outer rock."""
    sides = set()
    for side in SIDES:
        other = neighbour(pos, side)
        if cave.at(other) is None or edge(pos, other) in cave.walls:
            sides.add(side)
    return frozenset(sides)


def extra_walled_sides(extra: ExtraCavern) -> frozenset[str]:
    """Return the walled sides of the extra cavern."""
    return extra.natural_sides | extra.built_sides


def _open_neighbours(cave: Cave, pos: Pos) -> Iterator[tuple[Pos, bool]]:
    """Yield each neighbouring space with True when a built wall stands between."""
    for side in SIDES:
        other = neighbour(pos, side)
        if cave.at(other) is not None:
            yield other, edge(pos, other) in cave.walls


def reachable(cave: Cave) -> frozenset[Pos]:
    """Return the dug spaces reachable from the entrance without crossing walls."""
    start = next(
        pos for pos in cave.positions() if (space := cave.at(pos)) and space.room == ENTRANCE
    )
    seen = {start}
    queue = [start]
    while queue:
        pos = queue.pop()
        for other, walled in _open_neighbours(cave, pos):
            space = cave.at(other)
            if walled or other in seen or space is None or space.state == HIDDEN:
                continue
            seen.add(other)
            queue.append(other)
    return frozenset(seen)


def diggable(cave: Cave, through_wall: bool = False) -> frozenset[Pos]:
    """Return the face-down spaces that may be dug now (behind one wall if allowed)."""
    found = set()
    for pos in reachable(cave):
        for other, walled in _open_neighbours(cave, pos):
            space = cave.at(other)
            if space is not None and space.state == HIDDEN and (through_wall or not walled):
                found.add(other)
    return frozenset(found)


def wall_spots(cave: Cave) -> list[Edge]:
    """Return every border between two spaces that has no wall yet."""
    spots = []
    for pos in cave.positions():
        for side in ("e", "s"):
            other = neighbour(pos, side)
            if cave.at(other) is not None and edge(pos, other) not in cave.walls:
                spots.append(edge(pos, other))
    return spots
