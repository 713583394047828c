"""The one interface every game's rules engine offers to the core and the screens."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar

from companion.core.messages import Msg
from companion.core.values import Value

Action = Mapping[str, Any]
"""An action is plain JSON data: ``{"type": "...", ...}``.  Tuples are written as lists."""

Setup = Mapping[str, Any]
"""The set-up of a game (players, map, variants) as plain JSON data."""

Chart = Literal["outcomes", "scores"]
"""What the statistics screen charts for a game: cooperative wins and losses by scenario
and level (``"outcomes"``), or the spread of final scores (``"scores"``)."""

CUES: tuple[str, ...] = (
    "phase_change", "destination_locked", "eruption", "wound", "exhaustion", "win", "loss",
)
"""Every sound a game step may call for (files ``sounds/<cue>.wav``)."""


class GameInfo(Value):
    """What the shared screens say about a game besides its rules."""

    tagline_key: str
    """Catalogue key of the line under the game's name on the start screen."""
    attract_key: str
    """Catalogue key of the game's slide in the attract loop."""
    published_title: str
    """The published title, as score-logging apps know the game (in the QR play link)."""
    chart: Chart
    """What the statistics screen charts for this game."""
    cooperative: bool = False
    """Whether the table wins or loses together."""
    chart_title_key: str = ""
    """Catalogue key of the chart's title (empty: the shared title for ``chart``)."""
    short_title_key: str = ""
    """Catalogue key of a short name for tight places such as chart rows (empty: the title)."""
    demo_setups: tuple[Setup, ...] = ()
    """Set-ups the kiosk's demo journal plays, for a spread of results (empty: the example)."""


class Result(Value):
    """How a game ended (or stands): who played, the scores and who won."""

    players: tuple[str, ...]
    """Player names in seat order."""
    scores: tuple[int, ...] = ()
    """Score per player, same order (empty for a game without scores)."""
    winners: tuple[str, ...] = ()
    """Names of the winners (empty while unknown, and in a cooperative game)."""
    outcome: str = ""
    """A cooperative game's result: ``won``, ``lost`` or empty while it goes on."""
    scenario: str = ""
    """The set-up's scenario (``custom`` for an edited one); empty for games without."""
    level: int = 0
    """The difficulty level; 0 for games without levels."""


def turn_cues(finished: bool, phase_changed: bool) -> tuple[str, ...]:
    """The cues of a step in a game without cues of its own: the win, or a new phase."""
    if finished:
        return ("win",)
    return ("phase_change",) if phase_changed else ()


StateT = TypeVar("StateT")
StateIn = TypeVar("StateIn", contravariant=True)


class Phased(Protocol):
    """A state with a phase, which the shared turn cues compare."""

    @property
    def phase(self) -> object:
        """The phase being played."""


PhasedT = TypeVar("PhasedT", bound=Phased)


class _Ending(Protocol[StateIn]):
    """A game that tells when a state is the end."""

    def is_finished(self, state: StateIn) -> bool:
        """Whether the game is over."""


class OwnScreensGame(Generic[PhasedT]):
    """What every game whose own screens ask its actions step by step, and that has no
    sounds of its own, answers alike: no full list of choices, and the turn cues."""

    def choices(self, state: PhasedT) -> Sequence[Action] | None:
        """The game's own screens ask each action step by step: no full list."""
        return None

    def cues(self: _Ending[PhasedT], before: PhasedT, after: PhasedT,
             action: Action) -> tuple[str, ...]:
        """The end of the game, or a new phase."""
        return turn_cues(self.is_finished(after), before.phase != after.phase)


class Game(Protocol[StateT]):
    """A rules engine: pure functions from plain data to immutable state.

    ``apply`` never mutates its input and raises
    :class:`~companion.core.messages.IllegalActionError` for an illegal action.
    Two states built by the same set-up and actions compare equal.
    """

    name: str
    """Registry name, lower case ASCII, e.g. ``"chess"``."""
    title_key: str
    """Catalogue key of the game's display name."""
    min_players: int
    """Fewest players a set-up may name."""
    max_players: int
    """Most players a set-up may name."""
    info: GameInfo
    """Tagline, attract slide, published title and statistics chart."""

    def new_state(self, setup: Setup) -> StateT:
        """Build the starting state; raise ``SetupError`` for an unplayable set-up."""
        ...

    def apply(self, state: StateT, action: Action) -> StateT:
        """Return the state after ``action``; raise ``IllegalActionError`` if it is not allowed."""
        ...

    def state_to_json(self, state: StateT) -> dict[str, Any]:
        """Describe the state as plain JSON data (for ``replay --json`` and bug reports)."""
        ...

    def is_finished(self, state: StateT) -> bool:
        """Tell whether the game has ended (won, lost or scored)."""
        ...

    def action_label(self, before: StateT, action: Action) -> Msg:
        """A short history label for ``action`` applied to ``before``."""
        ...

    def example_setup(self) -> Setup:
        """A small valid set-up, used by tests, screenshots and the quick-start button."""
        ...

    def legal_actions(self, state: StateT) -> Sequence[Action]:
        """A sample of legal actions from ``state`` (complete where cheap), for playout tests."""
        ...

    def choices(self, state: StateT) -> Sequence[Action] | None:
        """Every legal action from ``state``, for screens that list them all.

        ``None`` when the game cannot list them (its own screens ask step by step).
        """
        ...

    def result(self, state: StateT, setup: Setup) -> Result:
        """Who plays, the scores, and who won (or the cooperative outcome)."""
        ...

    def cues(self, before: StateT, after: StateT, action: Action) -> tuple[str, ...]:
        """The sounds (names from :data:`CUES`) of the accepted step ``before`` -> ``after``."""
        ...


class Summarised(Protocol[StateIn]):
    """Optional: one line on where a game stands, for the list of saved games."""

    def summary(self, state: StateIn, setup: Setup) -> Msg:
        """The round or turn reached, and the variant or mode played (no player names)."""
        ...


def where_it_stands(game: Game[Any], state: Any, setup: Setup) -> Msg | None:
    """The game's :meth:`Summarised.summary` of ``state``; ``None`` for a game without one."""
    summary = getattr(game, "summary", None)
    return summary(state, setup) if callable(summary) else None


class TableButtons(Protocol[StateIn]):
    """Optional: how a game maps the table's physical buttons to actions.

    The advance button, one button per seat and a status light per seat are the same
    for every game; a game that implements these methods gets them for free.
    """

    def advance_action(self, state: StateIn) -> Action:
        """The action the big "next" button submits in ``state``."""
        ...

    def seat_action(self, state: StateIn, seat: int, long_press: bool) -> Action | None:
        """The action seat ``seat``'s button submits (``None``: the button does nothing now)."""
        ...

    def waiting_for(self, state: StateIn) -> frozenset[int]:
        """Seats the table is waiting for (their lights are on)."""
        ...


def engine_on_demand(module: str) -> Callable[[str], Any]:
    """A rules package's module ``__getattr__``: ``GAME`` comes from ``module`` when asked for.

    A package's ``__init__`` sets ``__getattr__ = engine_on_demand("<package>.game")``, so
    importing one of its modules (its state, say) does not load the whole engine, and the
    registry can name every game without loading any.
    """
    package = module.rpartition(".")[0]

    def attribute(name: str) -> Any:
        if name == "GAME":
            return importlib.import_module(module).GAME
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return attribute
