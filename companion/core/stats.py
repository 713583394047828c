"""Statistics over every game in the journal, and their export to CSV and JSON.

Each saved game is replayed through its rules engine and its ``result`` is read
into a :class:`Play`: who won, the scores, and for a cooperative game the
outcome, with the scenario and level where the game has them.  Games whose rules
are not installed (or fail to load) are skipped, never guessed.  Replaying is
cached in the journal's settings under ``stats.play.<id>``, keyed by the game's
last change, so a café's years of plays are read once.  Reading thousands of games
takes minutes on a Pi, so the screens run it in a :class:`PlaysJob`: a background
thread that reports progress and writes the cache in batches.

:func:`compute` turns plays into a :class:`Statistics`: plays per game, the
cooperative wins and losses by scenario and level, and the score lists that
:func:`histogram` groups for the charts.  Plays survive a round trip through
:func:`plays_to_csv`/:func:`plays_from_csv` and :func:`plays_to_json`/
:func:`plays_from_json` unchanged.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from companion.core.figures import CACHE_PREFIX as CACHE_PREFIX
from companion.core.figures import finished_figures as finished_figures
from companion.core.game import Game
from companion.core.journal import GameSummary, Journal, StorageError
from companion.core.messages import IllegalActionError
from companion.core.record import replay_journal_game
from companion.core.registry import find_game

EXPORT_FORMAT = "table-companion-plays"
"""Value of the ``format`` field of a JSON export."""
EXPORT_VERSION = 1
"""Version of the export layout."""
CACHE_BATCH = 100
"""Plays written to the cache per journal transaction."""

GameFinder = Callable[[str], Game[Any]]
"""Finds a rules engine by name (the registry's ``find_game`` by default)."""

Progress = Callable[[int, int], None]
"""Told ``(games read, games in all)`` after each game."""

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
    """Cooperative result: ``won`` or ``lost``; empty otherwise."""
    scenario: str = ""
    """Scenario, ``custom`` for an edited one; empty for games without scenarios."""
    level: int = 0
    """Difficulty level; 0 for games without levels."""

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
    """Read a :class:`Play` from a game's final state, through the game's ``result``."""
    result = game.result(state, setup)
    return Play(
        game_id=summary.id,
        game=summary.game,
        title=summary.title,
        status=summary.status,
        created=summary.created,
        updated=summary.updated,
        steps=summary.steps,
        finished=bool(game.is_finished(state)),
        players=result.players,
        scores=result.scores,
        winners=result.winners,
        outcome=result.outcome,
        scenario=result.scenario,
        level=result.level,
    )


def _from_figures(stored: Mapping[str, Any], summary: GameSummary,
                  final_at: float | None) -> Play | None:
    """A play from figures stored when the game finished, while they still hold."""
    if final_at is None or stored.get("at") != final_at:
        return None
    try:
        return Play(game_id=summary.id, game=summary.game, title=summary.title,
                    status=summary.status, created=summary.created, updated=summary.updated,
                    steps=summary.steps, finished=True,
                    players=tuple(str(name) for name in stored["players"]),
                    scores=tuple(int(score) for score in stored["scores"]),
                    winners=tuple(str(name) for name in stored["winners"]),
                    outcome=str(stored["outcome"]), scenario=str(stored["scenario"]),
                    level=int(stored["level"]))
    except (KeyError, TypeError, ValueError):
        return None


def read_play(
    journal: Journal, summary: GameSummary, finder: GameFinder = find_game
) -> Play | None:
    """Replay one journal game and read its play (``None``: rules missing or record broken)."""
    game = _engine(summary.game, finder)
    if game is None:
        return None
    try:
        setup, state = replay_journal_game(journal, summary.id, game)
    except (IllegalActionError, ValueError, KeyError, TypeError):
        _log.warning("statistics skip game %s: its record does not replay", summary.id)
        return None
    return play_from_state(summary, setup, game, state)


def collect_plays(
    journal: Journal,
    finder: GameFinder = find_game,
    use_cache: bool = True,
    progress: Progress | None = None,
    cancelled: threading.Event | None = None,
    store: Callable[[dict[str, Any]], None] | None = None,
) -> list[Play]:
    """Every game of the journal whose rules are installed, oldest first.

    Fresh plays are written to the cache in batches of :data:`CACHE_BATCH`; a journal
    that refuses writes only means they are read again next time.  ``progress`` is
    told after each game; a set ``cancelled`` stops early (the plays so far are kept
    in the cache).  ``store`` takes each batch instead of the journal (a reader
    process hands its batches to the app, the journal's one writer).
    """
    summaries = sorted(journal.list_games(), key=lambda s: (s.created, s.id))
    cache = journal.settings_with_prefix(CACHE_PREFIX) if use_cache else {}
    final_at = journal.final_step_times() if use_cache else {}
    pending: dict[str, Any] = {}
    plays = []
    for number, summary in enumerate(summaries, start=1):
        if cancelled is not None and cancelled.is_set():
            break
        key = CACHE_PREFIX + str(summary.id)
        play = _cached(cache.get(key), summary, final_at.get(summary.id))
        if play is None:
            play = read_play(journal, summary, finder)
            if play is not None and use_cache:
                pending[key] = play.to_json()
        if len(pending) >= CACHE_BATCH:
            _store_cache(journal, pending, store)
        if play is not None:
            plays.append(play)
        if progress is not None:
            progress(number, len(summaries))
    _store_cache(journal, pending, store)
    return plays


def uncached_games(journal: Journal) -> int:
    """How many games have no fresh cached play (so would have to be replayed)."""
    cache = journal.settings_with_prefix(CACHE_PREFIX)
    final_at = journal.final_step_times()
    return sum(1 for summary in journal.list_games()
               if _cached(cache.get(CACHE_PREFIX + str(summary.id)), summary,
                          final_at.get(summary.id)) is None)


def _store_cache(journal: Journal, pending: dict[str, Any],
                 store: Callable[[dict[str, Any]], None] | None = None) -> None:
    if not pending:
        return
    if store is not None:
        store(dict(pending))
        pending.clear()
        return
    try:
        journal.set_settings(pending)
    except StorageError:
        _log.info("statistics cache not written: the journal refuses writes")
    pending.clear()


def _cached(stored: Any, summary: GameSummary, final_at: float | None = None) -> Play | None:
    if not isinstance(stored, Mapping):
        return None
    if stored.get("final"):
        return _from_figures(stored, summary, final_at)
    try:
        play = Play.from_json(stored)
    except (KeyError, TypeError, ValueError):
        return None
    fresh = (play.updated, play.steps, play.status) == (
        summary.updated, summary.steps, summary.status)
    return play if fresh else None


# ------------------------------------------------------------------ statistics
@dataclass(frozen=True)
class OutcomeTally:
    """A cooperative game's wins and losses for one scenario at one level."""

    scenario: str
    """Scenario number or ``custom``."""
    level: int
    """Difficulty level."""
    won: int
    """Games won."""
    lost: int
    """Games lost."""


@dataclass(frozen=True)
class Statistics:
    """Everything the statistics screen shows."""

    plays_per_game: dict[str, int]
    """Finished games per registry name."""
    abandoned_per_game: dict[str, int]
    """Games put away unfinished, per registry name."""
    outcomes: dict[str, tuple[OutcomeTally, ...]]
    """Cooperative results by scenario and level, sorted, per registry name."""
    scores: dict[str, tuple[int, ...]]
    """Every final player score of each game with scores, sorted, per registry name."""
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
        outcomes={name: _outcomes(play for play in finished if play.game == name)
                  for name in _names(play for play in finished if play.outcome)},
        scores={name: _all_scores(finished, name)
                for name in _names(play for play in finished if play.scores)},
        winning_scores={name: _top_scores(finished, name)
                        for name in _names(play for play in finished if play.scores)},
    )


def _names(plays: Iterable[Play]) -> list[str]:
    return sorted({play.game for play in plays})


def _outcomes(plays: Iterable[Play]) -> tuple[OutcomeTally, ...]:
    tally: Counter[tuple[str, int, str]] = Counter(
        (play.scenario, play.level, play.outcome) for play in plays
    )
    keys = sorted({(scenario, level) for scenario, level, _ in tally}, key=_scenario_order)
    return tuple(
        OutcomeTally(scenario, level, tally[(scenario, level, "won")],
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
    return write_plays(collect_plays(journal), folder, fmt, now)


def write_plays(plays: Sequence[Play], folder: Path, fmt: str, now: float | None = None) -> Path:
    """Write ``plays`` to a new dated file in ``folder`` (CSV or JSON); return its path."""
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    text = plays_to_csv(plays) if fmt == "csv" else plays_to_json(plays)
    from companion.core.files import private_folder, write_private

    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    private_folder(folder)
    path = folder / f"plays-{stamp}.{fmt}"
    return write_private(path, text, replace=True)


# ------------------------------------------------------------------ background
def all_plays(plays: list[Play]) -> list[Play]:
    """The plays themselves (the default last step of a :class:`PlaysJob`)."""
    return plays


def _read_in_child(path: str, then: Callable[[list[Play]], Any], connection: Any) -> None:
    """Body of the reader process: read every play of the journal file at ``path``.

    Sends ``("progress", done, total)`` after each game, ``("cache", batch)`` for each
    batch of fresh plays (the app writes them: it is the journal's one writer, and a
    commit by another program would count as the file changing under it), then
    ``("result", then(plays))`` or ``("error", text)``.
    """
    try:
        if not Path(path).is_file():  # never create a journal where the app's has gone
            raise FileNotFoundError(path)
        journal = Journal(path)
        try:
            plays = collect_plays(
                journal, progress=lambda done, total: connection.send(("progress", done, total)),
                store=lambda batch: connection.send(("cache", batch)))
        finally:
            journal.close()
        connection.send(("result", then(plays)))
    except Exception as error:  # reported to the app, which shows it
        connection.send(("error", repr(error)))
    finally:
        connection.close()


class PlaysJob:
    """Reads every play in the background, then hands them to ``then``.

    A journal file with more than a few games is read by a separate reader process,
    which also applies ``then`` (a function it can import, e.g. :func:`compute`, or a
    :func:`functools.partial` of one) and sends back only the result: replaying or
    unpacking thousands of games never competes with the screen for Python's
    interpreter lock.  A thread of the app waits for it.  Small or in-memory journals
    (tests, previews), and ``then`` functions that cannot be sent, are read on the
    thread itself.  The screen polls :attr:`done` / :attr:`total` for its progress bar
    and :attr:`finished` for the end; :attr:`result` is what ``then`` returned and
    :attr:`error` what went wrong.
    """

    def __init__(
        self,
        journal: Journal,
        then: Callable[[list[Play]], Any] = all_plays,
        finder: GameFinder = find_game,
    ) -> None:
        self.journal = journal
        """Where the games are read."""
        self.then = then
        """What to make of the plays (statistics, an export file)."""
        self.finder = finder
        """Finds rules engines by name (used when reading on the thread)."""
        self.done = 0
        """Games read so far."""
        self.total = 0
        """Games to read (known once the list is read)."""
        self.result: Any = None
        """What ``then`` returned, once :attr:`finished` is set."""
        self.error: BaseException | None = None
        """Why the job failed, if it did."""
        self.finished = threading.Event()
        """Set when the job ended, well or not."""
        self.cancelled = threading.Event()
        """Set to stop the job early."""
        self.in_process = not journal.in_memory and finder is find_game and _sendable(then)
        """Whether a reader process does the reading (a journal file, the installed games)."""
        self._thread = threading.Thread(target=self._run_behind, name="plays", daemon=True)

    def start(self) -> PlaysJob:
        """Start the background work; returns the job."""
        self._thread.start()
        return self

    def _run_behind(self) -> None:
        """The background thread: below the loop's priority, then the work."""
        from companion.core.priority import lower_priority

        lower_priority()
        self._run()

    def run_here(self) -> PlaysJob:
        """Do the work in the calling thread (small in-memory journals, previews)."""
        self.in_process = False
        self._run()
        return self

    def cancel(self) -> None:
        """Ask the job to stop soon (what was read stays cached)."""
        self.cancelled.set()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _run(self) -> None:
        try:
            if self.in_process:
                self.total = self.journal.game_count()
                # Only replaying needs a process of its own: stored figures (every game
                # finished by this version, and old ones once filled in) read in the
                # thread in about a quarter of a millisecond a game.
                self.in_process = self.journal.check() is None and (
                    uncached_games(self.journal) > 0)
            if self.in_process:
                self.result = self._read_in_process()
            else:
                self.result = self.then(collect_plays(
                    self.journal, self.finder, progress=self._progress,
                    cancelled=self.cancelled))
        except Exception as error:
            _log.exception("reading the plays failed")
            self.error = error
        finally:
            self.finished.set()

    def _read_in_process(self) -> Any:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        receiving, sending = context.Pipe(duplex=False)
        reader = context.Process(target=_read_in_child,
                                 args=(self.journal.path, self.then, sending),
                                 name="plays-reader", daemon=True)
        reader.start()
        sending.close()
        try:
            return self._receive(receiving)
        finally:
            receiving.close()
            if reader.is_alive():
                reader.terminate()
            reader.join(5)

    def _receive(self, receiving: Any) -> Any:
        while not self.cancelled.is_set():
            if not receiving.poll(0.2):
                continue
            try:
                message = receiving.recv()
            except EOFError as error:
                raise RuntimeError("the reader process ended without an answer") from error
            if message[0] == "progress":
                self._progress(message[1], message[2])
            elif message[0] == "cache":
                _store_cache(self.journal, message[1])
            elif message[0] == "result":
                return message[1]
            else:
                raise RuntimeError(str(message[1]))
        return None


def _sendable(then: Callable[[list[Play]], Any]) -> bool:
    """Whether ``then`` can be sent to a reader process (importable, not a lambda)."""
    import pickle

    try:
        pickle.dumps(then)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True
