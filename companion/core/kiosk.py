"""Kiosk mode for game cafés: the life of the table from one group to the next.

Nothing here draws or plays sounds; the screens read :class:`KioskState` and call
:class:`Kiosk`.  The moves between phases are pure functions of the state, the
time and the table's action (:func:`on_touch`, :func:`on_tick`, ...), so they can
be tested without a clock or a screen; :class:`Kiosk` carries them out against the
journal (starting, resuming and archiving games) with an injectable clock.

The phases::

    boot ──► START ◄──────── new group / start over ──────┐
      │        │ choose a game                            │
      │        ▼                                          │
      └──► RESUME ──continue──► PLAYING ──────────────────┘
   (a game was     ▲               │ no touch for a long time
    interrupted)   │               ▼
                   └──touch──── ATTRACT ◄── no touch on START / RESUME

    any phase ──right staff PIN──► STAFF ──close / timeout──► back where it was

Only the STAFF phase lets the app be closed: :meth:`Kiosk.request_exit` refuses
everywhere else.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.game import Setup
from companion.core.i18n import LANGUAGES
from companion.core.journal import GameSummary, Journal, StorageError, UnreplayableGameError
from companion.core.kiosk_names import SETTINGS_KEY as SETTINGS_KEY
from companion.core.kiosk_names import TABLE_LAYOUTS as TABLE_LAYOUTS
from companion.core.messages import IllegalActionError, Msg
from companion.core.registry import all_games
from companion.core.session import Session

if TYPE_CHECKING:
    from companion.core.staff import PinCheck, StaffLock

Clock = Callable[[], float]
"""Returns seconds on a steady clock (``time.monotonic`` by default)."""

QUARANTINE_PREFIX = "kiosk.quarantined."
"""Settings key prefix marking a game that could not be replayed and was put away."""

_log = logging.getLogger(__name__)


class Phase(StrEnum):
    """What the kiosk is showing."""

    START = "start"
    """Game choice and language flags; no game open."""
    RESUME = "resume"
    """A game was left open (power cut, long pause): continue it or start over."""
    PLAYING = "playing"
    """A game is open."""
    ATTRACT = "attract"
    """Nobody has touched the screen for a while: the attract loop runs."""
    STAFF = "staff"
    """The staff menu is open (the PIN was accepted)."""



@dataclass(frozen=True)
class KioskSettings:
    """The café's choices, kept in the journal's settings."""

    idle_seconds: float = 90.0
    """Seconds without a touch before the start screen gives way to the attract loop."""
    game_idle_seconds: float = 1800.0
    """Seconds without a touch before a game in progress is set aside for the attract loop."""
    staff_timeout: float = 120.0
    """Seconds without a touch before an open staff menu locks itself again."""
    default_language: str = "en"
    """The language every new group starts in."""
    volume: float = 0.8
    """Sound volume, 0 to 1."""
    muted: bool = False
    """Whether sounds are off."""
    table_layout: str = "upright"
    """One of :data:`TABLE_LAYOUTS`."""
    large_text: bool = False
    """Bigger text for the whole app."""
    colour_safe: bool = False
    """The colour-blind-safe palette, where every colour also has a shape."""

    def __post_init__(self) -> None:
        if self.default_language not in LANGUAGES:
            object.__setattr__(self, "default_language", "en")
        if self.table_layout not in TABLE_LAYOUTS:
            object.__setattr__(self, "table_layout", "upright")
        object.__setattr__(self, "volume", min(1.0, max(0.0, float(self.volume))))
        for name in ("idle_seconds", "game_idle_seconds", "staff_timeout"):
            object.__setattr__(self, name, max(10.0, float(getattr(self, name))))

    def to_json(self) -> dict[str, Any]:
        """The settings as plain JSON data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> KioskSettings:
        """Rebuild settings, ignoring unknown keys and values of the wrong type."""
        defaults = cls()
        if not isinstance(data, Mapping):
            return defaults
        values: dict[str, Any] = {}
        for name, default in asdict(defaults).items():
            value = data.get(name, default)
            values[name] = value if _same_kind(value, default) else default
        return cls(**values)


def _same_kind(value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, type(default))


def load_kiosk_settings(journal: Journal) -> KioskSettings:
    """The stored kiosk settings (defaults for anything missing or unreadable)."""
    try:
        return KioskSettings.from_json(journal.get_setting(SETTINGS_KEY))
    except (StorageError, ValueError):
        return KioskSettings()


def save_kiosk_settings(journal: Journal, settings: KioskSettings) -> None:
    """Store the kiosk settings."""
    journal.set_setting(SETTINGS_KEY, settings.to_json())


# ---------------------------------------------------------------- the pure part
@dataclass(frozen=True)
class KioskState:
    """Where the kiosk is, as plain values."""

    phase: Phase = Phase.START
    """What is shown."""
    last_touch: float = 0.0
    """Clock time of the last touch or button."""
    game_id: int | None = None
    """The open or interrupted game, if any."""
    return_to: Phase = Phase.START
    """Where a touch on the attract loop, or closing the staff menu, leads."""
    attract_since: float = 0.0
    """Clock time the attract loop started (for its slides)."""


def on_boot(interrupted_game: int | None, now: float) -> KioskState:
    """The first state after the app starts: offer the interrupted game if there is one."""
    if interrupted_game is None:
        return KioskState(Phase.START, now)
    return KioskState(Phase.RESUME, now, interrupted_game, Phase.RESUME)


def on_touch(state: KioskState, now: float) -> KioskState:
    """Someone touched the screen or pressed a button: wake the attract loop."""
    if state.phase == Phase.ATTRACT:
        return replace(state, phase=state.return_to, last_touch=now)
    return replace(state, last_touch=now)


def idle_limit(state: KioskState, settings: KioskSettings, game_finished: bool) -> float | None:
    """Seconds without a touch after which the current phase gives way (``None``: never)."""
    if state.phase == Phase.STAFF:
        return settings.staff_timeout
    if state.phase == Phase.PLAYING:
        return settings.idle_seconds if game_finished else settings.game_idle_seconds
    if state.phase in (Phase.START, Phase.RESUME):
        return settings.idle_seconds
    return None


def on_tick(
    state: KioskState, now: float, settings: KioskSettings, game_finished: bool = False,
    busy: bool = False,
) -> KioskState:
    """Time passed: move to the attract loop (or lock the staff menu) when idle too long.

    A finished game that nobody looks at is over for good (its game id is dropped, the
    :class:`Kiosk` archives it); an unfinished one is offered again after the loop.
    While work the staff started still runs (``busy``: statistics, an export), the
    staff menu counts as in use, so its idle time starts when the work ends.
    """
    if busy and state.phase == Phase.STAFF:
        return replace(state, last_touch=now)
    limit = idle_limit(state, settings, game_finished)
    if limit is None or now - state.last_touch < limit:
        return state
    if state.phase == Phase.STAFF:
        return replace(state, phase=state.return_to, last_touch=now)
    if state.phase == Phase.PLAYING and game_finished:
        return KioskState(Phase.ATTRACT, state.last_touch, None, Phase.START, now)
    back = Phase.RESUME if state.game_id is not None else Phase.START
    return replace(state, phase=Phase.ATTRACT, return_to=back, attract_since=now)


def on_game_opened(state: KioskState, game_id: int, now: float) -> KioskState:
    """A game was started or continued."""
    return KioskState(Phase.PLAYING, now, game_id, Phase.PLAYING)


def on_new_group(state: KioskState, now: float) -> KioskState:
    """The table is cleared for the next group (the game, if any, was archived)."""
    return KioskState(Phase.START, now)


def on_staff_opened(state: KioskState, now: float) -> KioskState:
    """The right PIN was entered: show the staff menu, remember where to go back."""
    if state.phase == Phase.STAFF:
        return replace(state, last_touch=now)
    back = state.return_to if state.phase == Phase.ATTRACT else state.phase
    return replace(state, phase=Phase.STAFF, return_to=back, last_touch=now)


def on_staff_closed(state: KioskState, now: float) -> KioskState:
    """The staff menu was closed."""
    if state.phase != Phase.STAFF:
        return state
    back = state.return_to
    if back == Phase.PLAYING and state.game_id is None:
        back = Phase.START
    return replace(state, phase=back, last_touch=now)


PUT_AWAY_PREFIX = "kiosk.put_away."
"""Settings naming the unfinished games the kiosk put away (staff can bring them back)."""


WELCOME_SLIDES: tuple[str, ...] = ("kiosk.attract.welcome",)
"""Message keys of the attract loop's slides before the games' own."""
CLOSING_SLIDES: tuple[str, ...] = (
    "kiosk.attract.undo",
    "kiosk.attract.saved",
    "kiosk.attract.touch",
)
"""Message keys of the attract loop's slides after the games' own."""


def attract_slides() -> tuple[str, ...]:
    """Message keys of the attract loop's slides, shown in turn: one per registered game."""
    games = tuple(game.info.attract_key for game in all_games().values())
    return WELCOME_SLIDES + games + CLOSING_SLIDES

SLIDE_SECONDS = 6.0
"""How long each attract slide stays."""


def attract_slide(state: KioskState, now: float) -> int:
    """Index into :func:`attract_slides` of the slide to show at ``now``."""
    elapsed = max(0.0, now - state.attract_since)
    return int(elapsed // SLIDE_SECONDS) % len(attract_slides())


# ---------------------------------------------------------------- the kiosk
@dataclass(frozen=True)
class Diagnostic:
    """One line of the staff diagnostics page."""

    label: Msg
    """What is measured."""
    value: Msg | str
    """The reading: a message, or literal text (paths, numbers)."""
    ok: bool = True
    """False when the reading needs staff attention."""


class Kiosk:
    """The kiosk's phases carried out against the journal."""

    def __init__(
        self, journal: Journal, clock: Clock = time.monotonic,
        lock: StaffLock | None = None,
    ) -> None:
        self.journal = journal
        """Where games and settings live."""
        self.clock = clock
        """Steady time source for idle tracking."""
        from companion.core.staff import StaffLock

        self.lock = lock or StaffLock(journal, clock)
        """The staff PIN check."""
        self.settings = load_kiosk_settings(journal)
        """The café's choices."""
        self.session: Session | None = None
        """The open game, if any."""
        self.state = KioskState(Phase.START, clock())
        """The current phase and timers."""

    # ------------------------------------------------------------ life cycle
    def boot(self) -> KioskState:
        """Start up: offer the newest unfinished game (left by a crash or power cut).

        A journal that cannot be read leaves the kiosk on the start screen.
        """
        try:
            latest = self.journal.latest_active()
        except StorageError:
            latest = None
        self.session = None
        self.state = on_boot(None if latest is None else latest.id, self.clock())
        return self.state

    @property
    def interrupted_game(self) -> int | None:
        """The game the RESUME phase offers, if any."""
        return self.state.game_id if self.state.phase == Phase.RESUME else None

    def continue_game(self) -> Session:
        """Open the interrupted game exactly where it was left."""
        if self.state.game_id is None:
            raise IllegalActionError("kiosk.error.nothing_to_continue")
        session = self.session
        if session is None or session.game_id != self.state.game_id:
            session = Session.resume(self.journal, self.state.game_id)
        self.session = session
        self.state = on_game_opened(self.state, session.game_id, self.clock())
        return session

    def start_over(self) -> KioskState:
        """Put the interrupted game away and go to the start screen."""
        return self.new_group()

    def start_game(self, game_name: str, setup: Setup, title: str = "") -> Session:
        """Start a new game for the group at the table (an open one is archived first)."""
        if self.state.game_id is not None:
            self._archive(self.state.game_id)
        session = Session.start(self.journal, game_name, setup, title)
        self.session = session
        self.state = on_game_opened(self.state, session.game_id, self.clock())
        return session

    def new_group(self) -> KioskState:
        """Archive the finished or abandoned game and start clean for the next group."""
        if self.state.game_id is not None:
            self._archive(self.state.game_id)
        self.session = None
        self.state = on_new_group(self.state, self.clock())
        return self.state

    def _archive(self, game_id: int) -> None:
        """Put a game away; an unfinished one is remembered so staff can bring it back."""
        unfinished = self.journal.summary(game_id).status == "active"
        self.journal.archive(game_id)
        if unfinished:
            self.journal.set_setting(PUT_AWAY_PREFIX + str(game_id), True)

    @property
    def game_in_progress(self) -> int | None:
        """The unfinished game open at the table, which starting another would put away."""
        if self.state.game_id is None:
            return None
        if self.session is not None and self.session.game_id == self.state.game_id \
                and self.session.finished:
            return None
        return self.state.game_id

    def put_away_games(self) -> list[GameSummary]:
        """Unfinished games that were put away (archived), newest first: staff can bring
        them back."""
        marked = self.journal.settings_with_prefix(PUT_AWAY_PREFIX)
        return [summary for summary in self.journal.list_games("archived")
                if marked.get(PUT_AWAY_PREFIX + str(summary.id)) is True]

    def bring_back(self, game_id: int) -> Session:
        """Staff: make a put-away game active again and open it at the table.

        A game in progress at the table is put away in its place (and can be brought
        back the same way).
        """
        if not self.staff_open:
            raise IllegalActionError("kiosk.error.staff_only")
        current = self.game_in_progress
        if current is not None and current != game_id:
            self._archive(current)
        session = Session.resume(self.journal, game_id)
        self.journal.set_status(game_id, "finished" if session.finished else "active")
        self.journal.set_setting(PUT_AWAY_PREFIX + str(game_id), False)
        self.session = session
        self.state = replace(on_game_opened(self.state, game_id, self.clock()),
                             phase=Phase.STAFF, return_to=Phase.PLAYING)
        return session

    # ------------------------------------------------------------ time and touch
    def touch(self) -> KioskState:
        """Someone touched the screen or pressed a table button."""
        self.state = on_touch(self.state, self.clock())
        return self.state

    def tick(self, busy: bool = False) -> KioskState:
        """Let time act: idle screens give way to the attract loop.

        ``busy``: background work the staff started still runs (see :func:`on_tick`).
        """
        finished = self.session is not None and self.session.finished
        game_id = self.state.game_id
        self.state = on_tick(self.state, self.clock(), self.settings, finished, busy)
        if game_id is not None and self.state.game_id is None:
            self.session = None
            try:
                self._archive(game_id)
            except StorageError:
                _log.warning("game %s could not be archived: the journal refuses writes", game_id)
        return self.state

    def quarantine(self, error: UnreplayableGameError) -> Path | None:
        """Put away a game that cannot be replayed and go to the start screen.

        The game is archived (kept, never offered again), and its rows exactly as
        stored are written next to the journal for a bug report; returns that file
        (``None`` when it could not be written).
        """
        report = write_quarantine_report(self.journal, error)
        try:
            self.journal.archive(error.game_id)
            self.journal.set_setting(QUARANTINE_PREFIX + str(error.game_id),
                                     {"step": error.step, "detail": error.detail,
                                      "report": None if report is None else str(report)})
        except StorageError:
            _log.warning("game %s could not be put away: the journal refuses writes",
                         error.game_id)
        self.session = None
        self.state = on_new_group(self.state, self.clock())
        return report

    def seconds_until_change(self) -> float | None:
        """How long until :meth:`tick` may change something (for the app's sleep)."""
        finished = self.session is not None and self.session.finished
        limit = idle_limit(self.state, self.settings, finished)
        if limit is None:
            left = SLIDE_SECONDS - (self.clock() - self.state.attract_since) % SLIDE_SECONDS
            return left if self.state.phase == Phase.ATTRACT else None
        return max(0.0, self.state.last_touch + limit - self.clock())

    def attract_slide(self) -> Msg:
        """The attract loop's current slide."""
        return Msg(attract_slides()[attract_slide(self.state, self.clock())])

    # ------------------------------------------------------------ staff
    def unlock_staff(self, pin: str) -> PinCheck:
        """Try the staff PIN; the staff menu opens only if it is right."""
        result = self.lock.check(pin)
        if result.accepted:
            self.state = on_staff_opened(self.state, self.clock())
        else:
            self.state = on_touch(self.state, self.clock())
        return result

    def close_staff(self) -> KioskState:
        """Close the staff menu and lock it again."""
        self.state = on_staff_closed(self.state, self.clock())
        return self.state

    @property
    def staff_open(self) -> bool:
        """Whether the staff menu is open."""
        return self.state.phase == Phase.STAFF

    def request_exit(self) -> None:
        """Allow the app to close only from the staff menu; refuse otherwise."""
        if not self.staff_open:
            raise IllegalActionError("kiosk.error.exit_needs_pin")

    def update_settings(self, **changes: Any) -> KioskSettings:
        """Change kiosk settings (staff only) and store them."""
        if not self.staff_open:
            raise IllegalActionError("kiosk.error.staff_only")
        self.settings = KioskSettings.from_json({**self.settings.to_json(), **changes})
        save_kiosk_settings(self.journal, self.settings)
        return self.settings

    def archive_all_open(self) -> int:
        """Staff reset: archive every unfinished game; return how many were put away."""
        if not self.staff_open:
            raise IllegalActionError("kiosk.error.staff_only")
        games = self.journal.list_games("active")
        for summary in games:
            self._archive(summary.id)
        self.session = None
        self.state = replace(self.state, game_id=None, return_to=Phase.START)
        return len(games)

    def diagnostics(self, extra: Sequence[Diagnostic] = ()) -> list[Diagnostic]:
        """Readings for the staff: journal health, game counts, settings, plus ``extra``."""
        games = self.journal.list_games()
        counts = {status: sum(1 for g in games if g.status == status)
                  for status in ("active", "finished", "archived")}
        try:
            integrity = self.journal.integrity_ok()
        except StorageError:
            integrity = False
        lines = [
            Diagnostic(Msg("kiosk.diag.journal"), self.journal.path),
            Diagnostic(Msg("kiosk.diag.integrity"),
                       Msg("kiosk.diag.ok" if integrity else "kiosk.diag.damaged"), integrity),
            Diagnostic(Msg("kiosk.diag.games"),
                       f"{counts['active']} / {counts['finished']} / {counts['archived']}"),
            Diagnostic(Msg("kiosk.diag.staff_pin"),
                       Msg("kiosk.diag.pin_set" if self.lock.has_pin else "kiosk.diag.pin_missing"),
                       self.lock.has_pin),
        ]
        if self.journal.recovered_from is not None:
            lines.append(Diagnostic(Msg("kiosk.diag.recovered"),
                                    str(self.journal.recovered_from), False))
        problem = self.journal.check()
        if problem is not None:
            lines.append(Diagnostic(Msg("kiosk.diag.storage"), Msg(f"core.storage.{problem}"),
                                    False))
        return lines + list(extra)


def quarantine_report_path(journal: Journal, game_id: int) -> Path:
    """Where the bug report of a put-away game goes: beside the journal file."""
    folder = Path.cwd() if journal.in_memory else Path(journal.path).resolve().parent
    name = "journal" if journal.in_memory else Path(journal.path).name
    return folder / f"{name}.game-{game_id}-unreplayable.json"


def write_quarantine_report(journal: Journal, error: UnreplayableGameError) -> Path | None:
    """Write a game's rows exactly as stored, with the failing step and reason."""
    try:
        raw = journal.raw_game(error.game_id)
    except (StorageError, IllegalActionError):
        raw = {"id": error.game_id}
    report = {"format": "table-companion-unreplayable", "game_id": error.game_id,
              "step": error.step, "detail": error.detail, "journal": journal.path, "game": raw}
    from companion.core.files import write_private

    path = quarantine_report_path(journal, error.game_id)
    try:
        write_private(path, json.dumps(report, ensure_ascii=False, indent=1), replace=True)
    except OSError:
        _log.warning("the report of game %s could not be written to %s", error.game_id, path)
        return None
    return path
