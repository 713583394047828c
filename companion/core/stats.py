"""Statistics over every game in the journal, and their export to CSV and JSON.

Each saved game is replayed through its rules engine and its final
``state_to_json`` is read into a :class:`Play`: who won, the scores, and for Fuji
the scenario, level and outcome.  Games whose rules are not installed (or fail to
load) are skipped, never guessed.  Replaying is cached in the journal's settings
under ``stats.play.<id>``, keyed by the game's last change, so a café's years of
plays are read once.

:func:`compute` turns plays into a :class:`Statistics`: plays per game, Fuji wins
and losses by scenario and level, and score lists for Tikal and Caverna that
:func:`histogram` groups for the charts.  Plays survive a round trip through
:func:`plays_to_csv`/:func:`plays_from_csv` and :func:`plays_to_json`/
:func:`plays_from_json` unchanged.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from companion.core.game import Game
from companion.core.journal import GameSummary, Journal
from companion.core.messages import IllegalActionError
from companion.core.record import record_from_journal
from companion.core.registry import find_game
from companion.core.session import plain_action
from companion.core.upgrade import current

EXPORT_FORMAT = "table-companion-plays"
"""Value of the ``format`` field of a JSON export."""
EXPORT_VERSION = 1
"""Version of the export layout."""
CACHE_PREFIX = "stats.play."
"""Settings key prefix of the cached play of one game."""
SCORED_GAMES: tuple[str, ...] = ("tikal", "caverna")
"""Games whose score distributions are charted."""

GameFinder = Callable[[str], Game[Any]]
"""Finds a rules engine by name (the registry's ``find_game`` by default)."""

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Play:
    """One game from the journal, reduced to what the statistics need."""

    game_id: int
    """The game's number in the journal."""
    game: str
    """Registry name of the rules engine."""
    title: str
    """Free title given at set-up."""
    status: str
    """Journal status: active, finished or archived."""
    created: float
    """When the game was started, seconds since the epoch."""
    updated: float
    """When it last changed, seconds since the epoch."""
    steps: int
    """Actions in effect."""
    finished: bool
    """Whether the game reached its end (abandoned games are kept but not counted as plays)."""
    players: tuple[str, ...] = ()
    """Player names in seat order."""
    scores: tuple[int, ...] = ()
    """Final score per player, same order (empty for games without scores)."""
    winners: tuple[str, ...] = ()
    """Names of the winners (empty if unknown or cooperative)."""
    outcome: str = ""
    """Cooperative result: ``won`` or ``lost`` (Fuji); empty otherwise."""
    scenario: str = ""
    """Fuji scenario number, ``custom`` for an edited map; empty for other games."""
    level: int = 0
    """Fuji difficulty level; 0 for other games."""

    def to_json(self) -> dict[str, Any]:
        """The play as plain JSON data."""
        data = asdict(self)
        data["players"] = list(self.players)
        data["scores"] = list(self.scores)
        data["winners"] = list(self.winners)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Play:
        """Rebuild a play written by :meth:`to_json`."""
        return cls(
            game_id=int(data["game_id"]),
            game=str(data["game"]),
            title=str(data.get("title", "")),
            status=str(data.get("status", "finished")),
            created=float(data.get("created", 0.0)),
            updated=float(data.get("updated", 0.0)),
            steps=int(data.get("steps", 0)),
            finished=bool(data.get("finished", False)),
            players=tuple(str(name) for name in data.get("players", ())),
            scores=tuple(int(score) for score in data.get("scores", ())),
            winners=tuple(str(name) for name in data.get("winners", ())),
            outcome=str(data.get("outcome", "")),
            scenario=str(data.get("scenario", "")),
            level=int(data.get("level", 0)),
        )


# ------------------------------------------------------------------ reading plays
def _engine(name: str, finder: GameFinder) -> Game[Any] | None:
    try:
        return finder(name)
    except Exception:  # a game still being written may fail to import: skip it
        _log.warning("statistics skip games of %r: rules not available", name)
        return None


def play_from_state(
    summary: GameSummary, setup: Mapping[str, Any], game: Game[Any], state: Any
) -> Play:
    """Read a :class:`Play` from a game's final state."""
    described = game.state_to_json(state)
    players, scores = _players_and_scores(described, setup)
    return Play(
        game_id=summary.id,
        game=summary.game,
        title=summary.title,
        status=summary.status,
        created=summary.created,
        updated=summary.updated,
        steps=summary.steps,
        finished=bool(game.is_finished(state)),
        players=players,
        scores=scores,
        winners=_winners(described, players, scores),
        outcome=_text(described.get("outcome")),
        scenario=_scenario(setup) if summary.game == "fuji" else "",
        level=_level(described, setup) if summary.game == "fuji" else 0,
    )


def _players_and_scores(
    described: Mapping[str, Any], setup: Mapping[str, Any]
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    scores = described.get("scores")
    if isinstance(scores, Mapping) and scores:
        names = tuple(str(name) for name in scores)
        return names, tuple(_int(value) for value in scores.values())
    return _player_names(described, setup), ()


def _player_names(described: Mapping[str, Any], setup: Mapping[str, Any]) -> tuple[str, ...]:
    for source in (described.get("players"), setup.get("players")):
        if isinstance(source, list) and all(isinstance(p, Mapping) for p in source):
            names = tuple(str(p.get("name", "")) for p in source)
            if all(names):
                return names
    return ()


def _winners(
    described: Mapping[str, Any], players: Sequence[str], scores: Sequence[int]
) -> tuple[str, ...]:
    stated = described.get("winners")
    if isinstance(stated, list):
        return tuple(str(name) for name in stated)
    if scores and len(scores) == len(players):
        best = max(scores)
        return tuple(name for name, score in zip(players, scores, strict=True) if score == best)
    return ()


def _scenario(setup: Mapping[str, Any]) -> str:
    if "map" in setup:
        return "custom"
    return str(setup.get("scenario", ""))


def _level(described: Mapping[str, Any], setup: Mapping[str, Any]) -> int:
    settings = described.get("settings")
    if isinstance(settings, Mapping) and "level" in settings:
        return _int(settings["level"])
    return _int(setup.get("level", 0))


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def read_play(
    journal: Journal, summary: GameSummary, finder: GameFinder = find_game
) -> Play | None:
    """Replay one journal game and read its play (``None``: rules missing or record broken)."""
    game = _engine(summary.game, finder)
    if game is None:
        return None
    record = record_from_journal(journal, summary.id)
    try:
        setup, actions = current(game, record.setup, record.actions)
        state = game.new_state(setup)
        for action in actions:
            state = game.apply(state, plain_action(action))
    except IllegalActionError:
        _log.warning("statistics skip game %s: its record does not replay", summary.id)
        return None
    return play_from_state(summary, setup, game, state)


def collect_plays(
    journal: Journal, finder: GameFinder = find_game, use_cache: bool = True
) -> list[Play]:
    """Every game of the journal whose rules are installed, oldest first."""
    plays = []
    for summary in sorted(journal.list_games(), key=lambda s: (s.created, s.id)):
        play = _cached(journal, summary) if use_cache else None
        if play is None:
            play = read_play(journal, summary, finder)
            if play is not None and use_cache:
                journal.set_setting(CACHE_PREFIX + str(summary.id), play.to_json())
        if play is not None:
            plays.append(play)
    return plays


def _cached(journal: Journal, summary: GameSummary) -> Play | None:
    stored = journal.get_setting(CACHE_PREFIX + str(summary.id))
    if not isinstance(stored, Mapping):
        return None
    try:
        play = Play.from_json(stored)
    except (KeyError, TypeError, ValueError):
        return None
    fresh = (play.updated, play.steps, play.status) == (
        summary.updated, summary.steps, summary.status)
    return play if fresh else None


# ------------------------------------------------------------------ statistics
@dataclass(frozen=True)
class FujiResult:
    """Fuji wins and losses for one scenario at one level."""

    scenario: str
    """Scenario number or ``custom``."""
    level: int
    """Difficulty level."""
    won: int
    """Games escaped."""
    lost: int
    """Games lost to the volcano."""


@dataclass(frozen=True)
class Statistics:
    """Everything the statistics screen shows."""

    plays_per_game: dict[str, int]
    """Finished games per registry name."""
    abandoned_per_game: dict[str, int]
    """Games put away unfinished, per registry name."""
    fuji: tuple[FujiResult, ...]
    """Fuji results by scenario and level, sorted."""
    scores: dict[str, tuple[int, ...]]
    """Every final player score of each scored game (Tikal, Caverna), sorted."""
    winning_scores: dict[str, tuple[int, ...]]
    """The top score of each finished play of each scored game, sorted."""

    @property
    def total_plays(self) -> int:
        """Finished games of every kind."""
        return sum(self.plays_per_game.values())


def compute(plays: Iterable[Play]) -> Statistics:
    """Aggregate plays into the statistics shown on screen."""
    all_plays = list(plays)
    finished = [play for play in all_plays if play.finished]
    open_games = [play for play in all_plays if not play.finished and play.status == "archived"]
    return Statistics(
        plays_per_game=dict(sorted(Counter(play.game for play in finished).items())),
        abandoned_per_game=dict(sorted(Counter(play.game for play in open_games).items())),
        fuji=_fuji_results(play for play in finished if play.game == "fuji"),
        scores={name: _all_scores(finished, name) for name in SCORED_GAMES},
        winning_scores={name: _top_scores(finished, name) for name in SCORED_GAMES},
    )


def _fuji_results(plays: Iterable[Play]) -> tuple[FujiResult, ...]:
    tally: Counter[tuple[str, int, str]] = Counter(
        (play.scenario, play.level, play.outcome) for play in plays
    )
    keys = sorted({(scenario, level) for scenario, level, _ in tally}, key=_scenario_order)
    return tuple(
        FujiResult(scenario, level, tally[(scenario, level, "won")],
                   tally[(scenario, level, "lost")])
        for scenario, level in keys
    )


def _scenario_order(key: tuple[str, int]) -> tuple[int, str, int]:
    scenario, level = key
    return (int(scenario) if scenario.isdigit() else 1000, scenario, level)


def _all_scores(plays: Iterable[Play], game: str) -> tuple[int, ...]:
    return tuple(sorted(score for play in plays if play.game == game for score in play.scores))


def _top_scores(plays: Iterable[Play], game: str) -> tuple[int, ...]:
    return tuple(sorted(max(play.scores) for play in plays if play.game == game and play.scores))


@dataclass(frozen=True)
class Bucket:
    """One bar of a score histogram: scores from ``low`` to ``high`` inclusive."""

    low: int
    """Smallest score in the bar."""
    high: int
    """Largest score in the bar."""
    count: int
    """How many scores fall in it."""


def histogram(values: Sequence[int], bars: int = 8) -> list[Bucket]:
    """Group scores into at most ``bars`` equal-width bars covering their whole range."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // max(1, bars)))
    counts = Counter((value - low) // width for value in values)
    count = (high - low) // width + 1
    return [Bucket(low + i * width, low + (i + 1) * width - 1, counts[i]) for i in range(count)]


def journal_statistics(journal: Journal, finder: GameFinder = find_game) -> Statistics:
    """Statistics of every game in ``journal``."""
    return compute(collect_plays(journal, finder))


# ------------------------------------------------------------------ export
CSV_COLUMNS: tuple[str, ...] = tuple(field.name for field in fields(Play))
"""The CSV header, one column per :class:`Play` field."""


def plays_to_csv(plays: Iterable[Play]) -> str:
    """One CSV row per play; list cells (players, scores, winners) hold JSON arrays."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for play in plays:
        row = play.to_json()
        for name in ("players", "scores", "winners"):
            row[name] = json.dumps(row[name], ensure_ascii=False)
        row["finished"] = "yes" if play.finished else "no"
        row["created"], row["updated"] = repr(play.created), repr(play.updated)
        writer.writerow(row)
    return out.getvalue()


def plays_from_csv(text: str) -> list[Play]:
    """Read plays written by :func:`plays_to_csv`."""
    plays = []
    for row in csv.DictReader(io.StringIO(text)):
        data: dict[str, Any] = dict(row)
        for name in ("players", "scores", "winners"):
            data[name] = json.loads(row[name] or "[]")
        data["finished"] = row["finished"] == "yes"
        plays.append(Play.from_json(data))
    return plays


def plays_to_json(plays: Iterable[Play]) -> str:
    """A JSON document with every play."""
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "plays": [play.to_json() for play in plays],
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def plays_from_json(text: str) -> list[Play]:
    """Read plays written by :func:`plays_to_json`."""
    document = json.loads(text)
    if not isinstance(document, Mapping) or document.get("format") != EXPORT_FORMAT:
        raise ValueError("not a table-companion plays export")
    return [Play.from_json(entry) for entry in document.get("plays", [])]


EXPORT_FORMATS: tuple[str, ...] = ("csv", "json")
"""File formats :func:`export_plays` writes."""


def export_plays(journal: Journal, folder: Path, fmt: str, now: float | None = None) -> Path:
    """Write every play of ``journal`` to a new dated file in ``folder``; return its path."""
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    plays = collect_plays(journal)
    text = plays_to_csv(plays) if fmt == "csv" else plays_to_json(plays)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"plays-{stamp}.{fmt}"
    path.write_text(text, encoding="utf-8")
    return path
