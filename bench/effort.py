"""The table's effort: every input a game costs, played through the real screens.

Run with ``python bench/effort.py`` (``--json PATH`` also writes the figures, ``--game``
limits the run to one game, ``--layout flat`` lies the screen flat).  For each
reference record (``examples/<game>/*.json``) the real :class:`~companion.ui.app.App`
starts at the home screen on a fresh journal; the set-up is entered on the game's
set-up screen and every recorded action through the play screens.  Every input is a
pointer event (press and release, or one drag) on the rectangle of a drawn widget, put through
``App.process`` as a finger's would be.  At the end the journal must hold exactly the
record's actions and reach the same state, so no step was slipped in another way.

How the next tap is found
-------------------------
For each recorded action the bench looks for the shortest series of taps on the screen
(and any dialog it opens) that submits exactly that action:

* a drawn answer of a question (:class:`companion.ui.questions.AnswerTarget`) whose
  field and value are the action's, or a button whose intents submit the action;
* otherwise a search over copies of the open screen and dialog: each interactive
  widget is tapped on a copy, dialogs it opens are followed, and the first series that
  ends in a ``Submit`` of the recorded action is played on the real app;
* where a flow is too long to search (typing a name, entering dice), the game's driver
  (``bench/effort_<game>.py``) names the widget to tap next.  Drivers only choose
  which drawn widget to tap; the tap itself goes through the app like any other.

Figures (per game, summed over its records)
-------------------------------------------
``setup_inputs``: taps from the home screen to the first play screen;
``per_round``/``per_turn``: mean and max taps per round (Fuji) or turn (Tikal, Caverna);
``forced_questions``: questions put to the table that had only one legal answer;
``refusable_offers``: options offered as possible that the rules would refuse, found by
probing each offered option against the rules on a copy of the state.
"""

from __future__ import annotations

import argparse
import collections
import copy
import importlib
import json
import os
import signal
import statistics
import sys
import time
import types
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402

from companion.core.journal import Journal  # noqa: E402
from companion.core.messages import IllegalActionError, Msg  # noqa: E402
from companion.core.record import GameRecord, load_record  # noqa: E402
from companion.core.registry import find_game  # noqa: E402
from companion.core.session import plain_action  # noqa: E402
from companion.core.values import Value  # noqa: E402
from companion.ui import intents as ui  # noqa: E402
from companion.ui.app import App  # noqa: E402
from companion.ui.flat import TurnedPanel, to_screen_rect  # noqa: E402
from companion.ui.intents import Back, CloseDialog, Intent, PressButton, ShowDialog, Submit  # noqa: E402
from companion.ui.scene import Context, Scene, Settings, flatten  # noqa: E402
from companion.ui.widgets import Button, Choice, ListView, TapButton, Widget  # noqa: E402

GAMES: tuple[str, ...] = ("fuji", "tikal", "caverna")
"""The games measured, in the order printed."""

SEARCH_NODES = 8000
"""Most screen states the search for the next action visits."""

PROBE_NODES = 400
"""Most screen states a probe visits looking for any accepted completion of an option."""

PROGRESS = os.environ.get("EFFORT_PROGRESS") == "1"
"""Print a line every 20 steps (set ``EFFORT_PROGRESS=1``)."""

MAX_DEPTH = 8
"""Most taps the search tries for one action."""

NEVER: tuple[type, ...] = (
    ui.Undo, ui.Redo, ui.JumpTo, ui.GoHome, ui.Navigate, Back,
    ui.Quit, ui.SetLanguage, ui.SetFullscreen, ui.SetTextScale,
    ui.SetVolume, ui.SetColourSafe, ui.SetTableLayout, ui.DeleteGame,
    ui.ArchiveGame, ui.ResumeGame)
"""Intents the search never follows: they leave the game or change the app, not the step."""

LEAVING_WORDS: tuple[str, ...] = ("back", "cancel", "close", "undo", "redo", "home",
                                  "history", "settings")
"""Widget keys or label keys containing these words leave a flow rather than advance it."""


REFUSED = "refused"
"""What a probe tap gives when the screen shows a refusal straight away."""


class BenchError(RuntimeError):
    """The bench could not play a record through the screens."""


class Stopped(BaseException):
    """SIGTERM arrived: stop after the step being played, report what was measured."""


def stop_on_sigterm() -> None:
    """Make SIGTERM end the run cleanly (:class:`Stopped` is raised where it is)."""

    def stop(_signal: int, _frame: object) -> None:
        raise Stopped

    signal.signal(signal.SIGTERM, stop)


# ---------------------------------------------------------------------------- a tap target
@dataclass(frozen=True)
class Spot:
    """A place to tap: the widget under it and the point on the screen."""

    widget: Widget
    """The widget (inside a turned panel: the inner widget)."""
    pos: tuple[int, int]
    """Where to tap, in screen coordinates."""
    rect: pygame.Rect
    """The widget's rectangle on the screen."""
    row: int | None = None
    """For a list row out of view: its index (the list is dragged to it first)."""
    drop: tuple[int, int] | None = None
    """Where a drag that starts at :attr:`pos` lifts the finger (``None``: a tap)."""


def spots(widgets: Sequence[Widget], driver: Driver | None = None,
          action: Mapping[str, Any] | None = None) -> list[Spot]:
    """Every place a finger can tap among ``widgets`` (drawn last, flattened)."""
    found: list[Spot] = []
    for widget in widgets:
        if not widget.interactive:
            continue
        if isinstance(widget, TurnedPanel):
            for inner in widget.content:
                if inner.interactive:
                    rect = to_screen_rect(inner.rect, widget.rect, widget.angle)
                    found.append(Spot(inner, rect.center, rect))
            continue
        if isinstance(widget, ListView):
            found.extend(_list_spots(widget))
            continue
        extra = driver.positions(widget, action or {}) if driver is not None else None
        if extra is not None:
            found.extend(Spot(widget, pos, pygame.Rect(pos, (1, 1))) for pos in extra)
            continue
        found.append(Spot(widget, widget.rect.center, pygame.Rect(widget.rect)))
    return found


def _list_spots(view: ListView) -> list[Spot]:
    """The rows of a list with something to tap, and their row buttons."""
    found: list[Spot] = []
    visible = view.visible_rows()
    for index, item in enumerate(view.items):
        if item.intents and (index not in visible or view.row_rect(index).clip(
                view.rect).height < view.row_height // 2):
            found.append(Spot(view, view.rect.center, pygame.Rect(view.rect), index))
    for index in visible:
        item = view.items[index]
        row = view.row_rect(index).clip(view.rect)
        if row.height < view.row_height // 2:
            continue
        if item.intents:
            found.append(Spot(view, (row.x + row.width // 4, row.centery), row))
        rects = view._button_rects(view.row_rect(index), len(item.buttons), view._gap)
        for rect in rects:
            if view.rect.contains(rect):
                found.append(Spot(view, rect.center, rect))
    return found


def label_key(widget: Widget) -> str:
    """The catalogue key of a widget's label (empty for literal labels)."""
    text = getattr(widget, "text", None)
    return text.key if isinstance(text, Msg) else ""


def leaves_flow(widget: Widget) -> bool:
    """Whether tapping ``widget`` backs out of a flow (back, cancel, close, bar buttons)."""
    words = f"{widget.key} {label_key(widget)}".lower()
    if widget.key.startswith("bar:"):
        return True
    return any(word in words for word in LEAVING_WORDS)


def static_intents(widget: Widget) -> tuple[Intent, ...] | None:
    """The intents a plain button gives without running scene code (``None``: unknown)."""
    if isinstance(widget, TapButton):
        return None
    if isinstance(widget, Button):
        return widget.intents if widget.enabled else ()
    return None


# ---------------------------------------------------------------------------- drivers
class Driver(Protocol):
    """What a game tells the bench: its units, its set-up, and taps the search cannot find."""

    game: str
    """The game's registry name."""
    unit_name: str
    """``round`` or ``turn``: what the per-unit figures count."""

    def unit(self, state: Any) -> Hashable:
        """The round or turn ``state`` is in (inputs are counted to the unit before a step)."""
        ...

    def setup_taps(self, bench: Bench, record: GameRecord) -> Iterator[str | Spot]:
        """From the game's set-up screen to the start: widget keys (or spots) to tap in turn."""
        ...

    def pick(self, bench: Bench, action: Mapping[str, Any]) -> Spot | None:
        """The next tap for ``action`` when searching cannot find it (``None``: search)."""
        ...

    def positions(self, widget: Widget, action: Mapping[str, Any]
                  ) -> list[tuple[int, int]] | None:
        """Tap points inside a widget with many targets (a map) worth trying for ``action``,
        or ``None`` for its centre."""
        ...

    def order(self, widget: Widget, action: Mapping[str, Any]) -> int:
        """How promising tapping ``widget`` is for ``action`` (lower: tried first)."""
        ...


def tokens_of(value: Any) -> set[str]:
    """Every string and number inside ``value``, as text (to rank widgets by their labels)."""
    if isinstance(value, Mapping):
        return {text for item in value.values() for text in tokens_of(item)}
    if isinstance(value, list | tuple):
        return {text for item in value for text in tokens_of(item)}
    return {str(value)}


def default_order(widget: Widget, action: Mapping[str, Any]) -> int:
    """Label-key ranking: a label naming something the action does not name goes last."""
    key = label_key(widget)
    if not key:
        return 1
    tail = key.rsplit(".", 1)[-1]
    return 0 if tail in tokens_of(action) else 2


# ---------------------------------------------------------------------------- the bench
@dataclass
class Counts:
    """Inputs and findings of one record."""

    setup_inputs: int = 0
    """Taps from home to the first play screen."""
    units: dict[Hashable, int] = field(default_factory=lambda: defaultdict(int))
    """Taps per round or turn."""
    forced_questions: int = 0
    """Questions shown with only one possible answer."""
    refusable_offers: int = 0
    """Options offered that the rules would refuse."""
    undecided_offers: int = 0
    """Options the probe could not settle within its budget."""
    steps: int = 0
    """Recorded actions played."""
    searched: int = 0
    """Screen states visited by the searches (a measure of the bench's own work)."""
    notes: list[str] = field(default_factory=list)
    """Each forced question and refusable offer found, for ``--verbose``."""
    per_step: list[tuple[Mapping[str, Any], int]] = field(default_factory=list)
    """Each tap series in play: the first recorded action it entered and its taps."""
    record: GameRecord | None = None
    """The record played (as the driver prepared it)."""
    name: str = ""
    """The record's file name."""
    way: str | None = None
    """The way of entry the record was prepared for (a driver's ``ways``; ``None``: one)."""


class Bench:
    """The real app on a fresh journal, driven by taps."""

    def __init__(self, driver: Driver, layout: str = "upright",
                 size: tuple[int, int] = (800, 480)) -> None:
        self.now = 1000.0
        self.journal = Journal(":memory:")
        self.app = App(self.journal, Settings(language="en", table_layout=layout), size,
                       clock=self._clock)
        self.driver = driver
        self.taps = 0
        self.target: Mapping[str, Any] = {}
        """The action being entered."""
        self.upcoming: list[dict[str, Any]] = []
        """The recorded actions after it (one tap may enter some of them too)."""
        self._goal_size = 0
        self.counts = Counts()
        self._seen_questions: set[Hashable] = set()
        self._probed: dict[Hashable, bool | None] = {}
        self.app.dirty = True
        self.app.draw()

    def _clock(self) -> float:
        return self.now

    # ------------------------------------------------------------------ screen
    @property
    def top(self) -> Scene:
        """The dialog if one is open, else the screen."""
        return self.app.dialog or self.app.scene

    @property
    def setup(self) -> dict[str, Any]:
        """The values entered so far on the open set-up screen."""
        values = getattr(self.top, "setup", None)
        if not isinstance(values, dict):
            raise BenchError(f"no set-up screen is open ({type(self.top).__name__})")
        return values

    def redraw(self) -> None:
        """Draw the app as a person would see it now."""
        self.app.dirty = True
        self.app.draw()

    def spots(self) -> list[Spot]:
        """Where the table can tap now."""
        return spots(self.top.widgets, self.driver, self.target)

    def find(self, key: str) -> Spot:
        """The drawn widget with ``key``; :class:`BenchError` if it is not on the screen."""
        for spot in self.spots():
            if spot.widget.key == key:
                return spot
        shown = sorted({spot.widget.key for spot in self.spots()})
        raise BenchError(f"no widget {key!r} on {type(self.top).__name__}; shown: {shown}")

    def drag_to(self, spot: Spot) -> Spot:
        """Drag a list until the spot's row is in view (one input); the row's spot then."""
        view = next(w for w in self.top.widgets if w.key == spot.widget.key)
        assert isinstance(view, ListView) and spot.row is not None
        top = spot.row * view.row_height
        offset = view.state.offset
        wanted = top if top < offset else top + view.row_height - view.rect.height
        delta = wanted - offset
        start = view.rect.center
        end = (start[0], start[1] - delta)
        self.now += 0.2
        self.app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, -delta),
                                            buttons=(1, 0, 0)))
        self.app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.taps += 1
        self.redraw()
        view = next(w for w in self.top.widgets if w.key == spot.widget.key)
        assert isinstance(view, ListView)
        row = view.row_rect(spot.row).clip(view.rect)
        return Spot(view, (row.x + row.width // 4, row.centery), row)

    def tap(self, where: Spot | tuple[int, int]) -> None:
        """One finger tap (press, release) at a spot, or a drag from it to its ``drop``,
        then draw; counted as one input."""
        if isinstance(where, Spot) and where.row is not None:
            where = self.drag_to(where)
        pos = where.pos if isinstance(where, Spot) else where
        end = where.drop if isinstance(where, Spot) and where.drop is not None else pos
        self.now += 0.2
        self.app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        if end != pos:
            self.app.process(pygame.event.Event(
                pygame.MOUSEMOTION, pos=end, rel=(end[0] - pos[0], end[1] - pos[1]),
                buttons=(1, 0, 0)))
        self.now += 0.1
        self.app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.now += 0.2
        self.taps += 1
        self.app.step(max_wait=0)
        self.redraw()

    def context(self) -> Context:
        """What the scenes see now."""
        return self.app.context()

    # ------------------------------------------------------------------ set-up
    def start(self, record: GameRecord) -> None:
        """From the home screen through the game's set-up screen to its play screen."""
        before = self.taps
        self.tap(self.find(f"new:{record.game}"))
        for step in self.driver.setup_taps(self, record):
            self.tap(self.find(step) if isinstance(step, str) else step)
        if self.app.session is None:
            raise BenchError("the set-up did not start a game")
        self.counts.setup_inputs = self.taps - before

    def type_name(self, name: str) -> None:
        """Type ``name`` on the open name keyboard, then OK (shared by every game's set-up)."""
        current = getattr(self.top, "name", "")
        while current and not name.startswith(current):
            self.tap(self.find("kb:delete"))
            current = getattr(self.top, "name", "")
        for letter in name[len(current):]:
            self.tap(self._key_for(letter))
        self.tap(self.find("kb:ok"))

    def _key_for(self, letter: str) -> Spot:
        if letter == " ":
            return self.find("kb:space")
        for spot in self.spots():
            if spot.widget.key.startswith("kb:") and getattr(spot.widget, "text", None) \
                    == letter.lower():
                return spot
        raise BenchError(f"the name keyboard has no key for {letter!r}")

    # ------------------------------------------------------------------ play
    def play(self, action: Mapping[str, Any],
             upcoming: Sequence[Mapping[str, Any]] = ()) -> int:
        """Enter one recorded action through the screens; how many recorded steps it took.

        A tap may also submit some of the ``upcoming`` recorded actions (an action that
        ends the turn by itself, a lean Tikal hex that also ends the turn); the journal
        must then hold them in order.
        """
        session = self.app.session
        assert session is not None
        target = plain_action(action)
        self.target = target
        self.upcoming = [plain_action(a) for a in upcoming]
        cursor = session.cursor
        unit = self.driver.unit(session.state)
        before = self.taps
        for _ in range(4 * MAX_DEPTH):
            if session.cursor != cursor:
                break
            self.observe(target)
            picked = self.driver.pick(self, target)
            if picked is not None:
                self.tap(picked)
                continue
            path = self.search(target)
            if path is None and self.app.dialog is not None:
                closing = self._closer()
                if closing is not None:
                    self.tap(closing)
                    continue
            if path is None:
                keys = sorted({spot.widget.key for spot in self.spots()})
                raise BenchError(f"step {cursor + 1}: no way to enter {target} on "
                                 f"{type(self.top).__name__}; shown: {keys}")
            for number, step in enumerate(path):
                if number:
                    self.observe(target)
                self.tap(step)
                if session.cursor != cursor:
                    break
        taken = session.cursor - cursor
        wanted = [target, *(plain_action(a) for a in upcoming[:max(0, taken - 1)])]
        if taken < 1 or taken > len(wanted):
            raise BenchError(f"step {cursor + 1}: {target} was not taken "
                             f"(toast: {self.app.toast})")
        entered = [plain_action(a) for a in session.actions()[cursor:]]
        if entered != wanted:
            raise BenchError(f"step {cursor + 1}: the screens entered "
                             f"{entered} instead of {wanted}")
        self.counts.units[unit] += self.taps - before
        self.counts.per_step.append((target, self.taps - before))
        self.counts.steps += taken
        return taken

    def close_setup_dialog(self) -> None:
        """Close a dialog the set-up steps left open (the dealing screen's *Done*): the
        tap belongs to the set-up, not to the first round."""
        if self.app.dialog is None:
            return
        closing = self._closer()
        if closing is not None:
            self.tap(closing)
            self.counts.setup_inputs += 1

    def _closer(self) -> Spot | None:
        """The button that closes the open dialog (*Done*, *Close*, *Cancel*)."""
        for spot in self.spots():
            intents = static_intents(spot.widget)
            if intents and all(isinstance(i, CloseDialog | Back) for i in intents):
                return spot
        for spot in self.spots():
            if spot.widget.key.endswith((":done", ":close", ":cancel")):
                return spot
        return None

    # ------------------------------------------------------------------ search
    def snapshot(self) -> tuple[Scene, Scene | None]:
        """Copies of the screen and dialog, to tap on without touching the real ones."""
        scenes = (self.app.scene, self.app.dialog)
        saved = [(scene, scene.widgets) for scene in scenes if scene is not None]
        for scene, _ in saved:
            scene.widgets = []
        try:
            copied = scene_copy(scenes)
        finally:
            for scene, widgets in saved:
                scene.widgets = widgets
        return copied[0], copied[1]

    def search(self, target: Mapping[str, Any] | None,
               nodes: int = SEARCH_NODES) -> list[Spot] | None:
        """The fewest taps from the screen as it is to a ``Submit`` of ``target``.

        With ``target`` ``None`` any accepted action is a goal (used to probe options).
        """
        ctx = self.context()
        start = self.snapshot()
        frontier: list[tuple[tuple[Scene, Scene | None], list[Spot]]] = [(start, [])]
        seen: set[Hashable] = set()
        visited = 0
        while frontier and visited < nodes:
            layer: list[tuple[tuple[Scene, Scene | None], list[Spot]]] = []
            for (scene, dialog), path in frontier:
                if len(path) >= MAX_DEPTH:
                    continue
                top = dialog or scene
                try:
                    top.widgets = flatten(top.build(ctx))
                except Exception:
                    continue
                options = sorted(spots(top.widgets, self.driver, target),
                                 key=lambda s: self.driver.order(s.widget, target or {}))
                best: tuple[int, Spot] | None = None
                for spot in options:
                    if leaves_flow(spot.widget) or getattr(spot.widget, "refusal", None):
                        continue
                    visited += 1
                    outcome = self._try(scene, dialog, spot, target)
                    if outcome is True:
                        if best is None or self._goal_size > best[0]:
                            best = (self._goal_size, spot)
                        continue
                    if outcome is None or outcome is False or outcome is REFUSED:
                        continue
                    signature = state_signature(outcome)
                    if signature in seen:
                        continue
                    seen.add(signature)
                    layer.append((outcome, [*path, spot]))
                    if visited >= nodes:
                        break
                if best is not None:
                    self.counts.searched += visited
                    return [*path, best[1]]
            frontier = layer
        self.counts.searched += visited
        self._last_exhausted = visited < nodes
        return None

    def _try(self, scene: Scene, dialog: Scene | None, spot: Spot,
             target: Mapping[str, Any] | None) -> Any:
        """Tap ``spot`` on copies: ``True`` at the goal, the new copies, or ``None`` (dead end)."""
        scene, dialog = scene_copy((scene, dialog))
        top = dialog or scene
        try:
            top.widgets = flatten(top.build(self.context()))
            pos = spot.pos
            if spot.row is not None:
                view = next(w for w in top.widgets if w.key == spot.widget.key)
                assert isinstance(view, ListView)
                view.scroll_to(spot.row)
                row = view.row_rect(spot.row).clip(view.rect)
                pos = (row.x + row.width // 4, row.centery)
            widget = top.widget_at(pos)
            if widget is None:
                return None
            intents = widget.release(pos)
        except Exception:
            return None
        changed = False
        for intent in intents:
            if isinstance(intent, Submit | PressButton):
                action = self._action_of(intent)
                if action is None:
                    return None
                if target is None:
                    return self.accepts(action)
                return self._enters_record(intents, target)
            if isinstance(intent, (ui.StartGame, NEVER)):
                return None
            if isinstance(intent, ui.Notify) and intent.error:
                return REFUSED if target is None else None
            if isinstance(intent, ShowDialog):
                dialog, changed = intent.dialog, True
            elif isinstance(intent, CloseDialog):
                dialog, changed = None, True
            else:
                changed = True
        return (scene, dialog) if changed else None

    def _enters_record(self, intents: Sequence[Intent], target: Mapping[str, Any]) -> bool:
        """Whether the actions ``intents`` submit are ``target`` and then the next recorded
        ones (a tap entering several steps, such as *Take all*); notes how many."""
        submitted = [plain_action(a) for a in (self._action_of(i) for i in intents
                                               if isinstance(i, Submit | PressButton))
                     if a is not None]
        wanted = [dict(target), *self.upcoming][:len(submitted)]
        self._goal_size = len(submitted)
        return bool(submitted) and submitted == wanted

    def _action_of(self, intent: Submit | PressButton) -> Mapping[str, Any] | None:
        """The action an intent would submit (a table button's through the game)."""
        if isinstance(intent, Submit):
            return intent.action
        session = self.app.session
        if session is None or intent.kind == "release":
            return None
        game: Any = session.game
        try:
            if intent.button == "advance":
                return dict(game.advance_action(session.state))
            if intent.button.startswith("seat"):
                seat = int(intent.button[4:]) - 1
                found = game.seat_action(session.state, seat, intent.kind == "long_press")
                return None if found is None else dict(found)
        except (IllegalActionError, AttributeError, ValueError):
            return None
        return None

    def accepts(self, action: Mapping[str, Any], state: Any = None) -> bool:
        """Whether the rules take ``action`` now, or in ``state`` (states are immutable)."""
        session = self.app.session
        assert session is not None
        try:
            session.game.apply(session.state if state is None else state,
                               plain_action(action))
        except IllegalActionError:
            return False
        except Exception:
            return False
        return True

    # ------------------------------------------------------------------ findings
    def observe(self, target: Mapping[str, Any]) -> None:
        """Count forced questions and refusable offers on the screen the table sees now."""
        session = self.app.session
        if session is None:
            return
        shown = self.spots()
        self._questions(shown, session.cursor)
        for spot in shown:
            if leaves_flow(spot.widget) or not _enabled(spot.widget):
                continue
            verdict = self._offer_verdict(spot, session.cursor)
            if verdict is False:
                self.counts.refusable_offers += 1
                self.counts.notes.append(f"step {session.cursor + 1}: refusable "
                                         f"{spot.widget.key} {label_key(spot.widget)}")
            elif verdict is None:
                self.counts.undecided_offers += 1

    def _questions(self, shown: Sequence[Spot], cursor: int) -> None:
        """A dialog whose only enabled answer is one widget is a question with one answer."""
        from companion.ui.questions import AnswerTarget

        targets = [widget for widget in (spot.widget for spot in shown)
                   if isinstance(widget, AnswerTarget)]
        if any(spot.widget.key.startswith(("pad:", "answers:")) for spot in shown):
            return  # a number pad (its OK answers what was typed), or one page of answers
        if targets:
            fields = {widget.field for widget in targets}
            legal = [w for w in targets if w.answer.legal]
            key: tuple[Any, ...] = (cursor, "q", tuple(sorted(fields)), len(legal))
            if len(legal) == 1 and key not in self._seen_questions:
                self._seen_questions.add(key)
                self.counts.forced_questions += 1
                self.counts.notes.append(f"step {cursor + 1}: forced {sorted(fields)}")
            return
        if self.app.dialog is None:
            return
        choices = [spot for spot in shown
                   if not leaves_flow(spot.widget) and _enabled(spot.widget)]
        key = (cursor, type(self.app.dialog).__name__, state_signature(self.snapshot()))
        if len(choices) == 1 and key not in self._seen_questions:
            self._seen_questions.add(key)
            self.counts.forced_questions += 1
            self.counts.notes.append(f"step {cursor + 1}: forced {key[1]} "
                                     f"{choices[0].widget.key} {label_key(choices[0].widget)}")

    def _offer_verdict(self, spot: Spot, cursor: int) -> bool | None:
        """Whether an offered option can end in an accepted action (``None``: undecided)."""
        from companion.ui.questions import AnswerTarget

        widget = spot.widget
        key = (cursor, widget.key, spot.pos, spot.row, state_signature(self.snapshot()))
        if key in self._probed:
            return True
        intents = static_intents(widget)
        verdict: bool | None
        if isinstance(widget, AnswerTarget):
            verdict = self._probe_answer(widget) if widget.answer.legal else True
        elif intents is not None and any(isinstance(i, Submit | PressButton) for i in intents):
            action = next(self._action_of(i) for i in intents
                          if isinstance(i, Submit | PressButton))
            verdict = True if action is None else self.accepts(action)
        elif _only_view(intents, self.app.dialog is None):
            verdict = True
        else:
            verdict = self._probe_tap(spot)
        self._probed[key] = verdict
        return verdict

    def _probe_answer(self, widget: Any) -> bool | None:
        """An answer of the shared questions: some completion through it is accepted."""
        from companion.core.questions import completions

        session = self.app.session
        partial = getattr(widget, "partial", None)
        ask = getattr(session.game, "ask", None) if session is not None else None
        if partial is None or ask is None or session is None:
            return True
        state = getattr(widget, "asked_in", None) or session.state
        start = {**partial, widget.field: widget.answer.value}
        walked = 0
        for action in completions(ask, state, start, limit=200):
            walked += 1
            if self.accepts(action, state):
                return True
        return None if walked >= 200 else False

    def _probe_tap(self, spot: Spot) -> bool | None:
        """A widget that opens a flow: search from a copy tapped there for any accepted action."""
        scene, dialog = self.snapshot()
        outcome = self._try(scene, dialog, spot, None)
        if outcome is REFUSED or outcome is False:
            return False
        if outcome is True or outcome is None:
            return True
        saved = (self.app.scene, self.app.dialog, self.app.stack[-1])
        if self._only_reads(outcome):
            return True
        self.app.stack[-1], self.app.dialog = outcome
        try:
            found = self.search(None, PROBE_NODES)
            exhausted = self._last_exhausted
        finally:
            self.app.stack[-1], self.app.dialog = saved[2], saved[1]
        if found is not None:
            return True
        return False if exhausted else None

    _last_exhausted = True

    def _only_reads(self, outcome: tuple[Scene, Scene | None]) -> bool:
        """Whether a tap opened a dialog that only shows something (a phase reminder, a card
        drawn large): nothing in it offers more than the way back, so it offers no action."""
        dialog = outcome[1]
        if dialog is None or dialog is self.app.dialog:
            return False
        try:
            widgets = flatten(dialog.build(self.context()))
        except Exception:
            return False
        return not any(_offers(spot.widget) for spot in spots(widgets))


def scene_copy(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """A copy of scene objects deep enough to tap on without touching the originals.

    Mutable containers and plain objects are copied; immutable values (tuples, frozen
    dataclasses such as game states, messages, value classes, functions) are shared, which keeps a
    copy cheap.  Methods of a scene (or of an object copied here) are bound to the copy;
    methods of anything else (a game's ``ask``) are shared.
    """
    memo = {} if memo is None else memo
    found = memo.get(id(value))
    if found is not None:
        return found
    if isinstance(value, str | int | float | bool | type(None) | Msg | Value | type | frozenset):
        return value
    if isinstance(value, types.MethodType):
        owner = value.__self__
        if isinstance(owner, Scene) or id(owner) in memo:
            return types.MethodType(value.__func__, scene_copy(owner, memo))
        return value
    if (callable(value) and not hasattr(value, "__dict__")) or isinstance(
            value, types.FunctionType | pygame.Surface | pygame.Rect):
        return value
    if isinstance(value, tuple):
        return tuple(scene_copy(item, memo) for item in value)
    if isinstance(value, list):
        copied: Any = []
        memo[id(value)] = copied
        copied.extend(scene_copy(item, memo) for item in value)
        return copied
    if isinstance(value, dict):
        copied = {}
        memo[id(value)] = copied
        copied.update({k: scene_copy(v, memo) for k, v in value.items()})
        return copied
    if isinstance(value, set):
        return set(value)
    params = getattr(value, "__dataclass_params__", None)
    if params is not None and params.frozen:
        return value
    if not hasattr(value, "__dict__"):
        return copy.copy(value)
    copied = copy.copy(value)
    memo[id(value)] = copied
    skip = ("widgets",) if isinstance(value, Scene) else ()
    for name, item in vars(value).items():
        setattr(copied, name, [] if name in skip else scene_copy(item, memo))
    return copied


def _offers(widget: Widget) -> bool:
    """Whether a tappable widget offers something beyond the way back (a picker with no
    answers, such as a reminder's frame, offers nothing)."""
    if isinstance(widget, Choice) and not widget.options:
        return False
    return _enabled(widget) and not leaves_flow(widget)


def _only_view(intents: tuple[Intent, ...] | None, on_screen: bool) -> bool:
    """Whether a widget only changes the view: no dialog opened, no action (or scene code
    on the screen itself, such as a tab)."""
    if intents is None:
        return on_screen
    return not any(isinstance(i, ShowDialog) for i in intents)


def _enabled(widget: Widget) -> bool:
    """Whether a widget offers something: enabled, and not greyed with the rules' reason
    (a widget carrying a ``refusal`` only says why it cannot be done)."""
    if getattr(widget, "refusal", None) is not None:
        return False
    return bool(getattr(widget, "enabled", True))


def state_signature(value: Any, depth: int = 0) -> Hashable:
    """A hashable summary of scene objects (their plain data), to notice a repeated screen."""
    if depth > 6:
        return type(value).__name__
    if isinstance(value, str | int | float | bool | type(None)):
        return value
    if isinstance(value, Msg):
        return (value.key, tuple(sorted((k, str(v)) for k, v in value.params.items())))
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), state_signature(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, list | tuple | set | frozenset):
        items = [state_signature(item, depth + 1) for item in value]
        return tuple(sorted(items, key=repr)) if isinstance(value, set | frozenset) \
            else tuple(items)
    if isinstance(value, Scene):
        data = {k: v for k, v in vars(value).items()
                if k not in ("widgets", "_pressed", "_press_pos", "_pressed_at", "_dragged")}
        return (type(value).__name__, state_signature(data, depth + 1))
    if hasattr(value, "__dataclass_fields__") or hasattr(value, "__dict__"):
        try:
            data = vars(value)
        except TypeError:
            return type(value).__name__
        if callable(value):
            return type(value).__name__
        return (type(value).__name__, state_signature(data, depth + 1))
    return type(value).__name__


# ---------------------------------------------------------------------------- records
def records(game: str) -> list[Path]:
    """The reference records of ``game``."""
    return sorted((ROOT / "examples" / game).glob("*.json"))


def load_driver(game: str) -> Driver:
    """The game's driver from ``bench/effort_<game>.py``."""
    module = importlib.import_module(f"effort_{game}")
    driver: Driver = module.DRIVER
    return driver


def play_record(path: Path, driver: Driver, layout: str = "upright",
                way: str | None = None) -> Counts | None:
    """Play one record from the home screen to its end; check the journal equals it.

    With ``way`` the driver prepares the record for that way of entry (``None`` back:
    the record cannot be entered that way, nothing is played)."""
    record: GameRecord | None = load_record(path)
    prepare = getattr(driver, "prepare", None)
    if prepare is not None:
        record = prepare(record) if way is None else prepare(record, way)
    if record is None:
        return None
    before_play = getattr(driver, "setup_steps", lambda _: 0)(record)
    bench = Bench(driver, layout)
    bench.counts.record, bench.counts.name = record, path.name
    bench.counts.way = way
    bench.start(record)
    number = 0
    while number < len(record.actions):
        taken = bench.play(record.actions[number], record.actions[number + 1:])
        number += taken
        if before_play and number >= before_play > number - taken:
            bench.close_setup_dialog()
            bench.counts.setup_inputs += sum(bench.counts.units.values())
            bench.counts.units.clear()
        if PROGRESS and number // 20 != (number - taken) // 20:
            print(f"  {path.name}: {number}/{len(record.actions)} steps, {bench.taps} taps, "
                  f"{bench.counts.searched} screens searched", file=sys.stderr)
    check_replay(bench, record)
    return bench.counts


def check_replay(bench: Bench, record: GameRecord) -> None:
    """The journal holds exactly the record's actions and ends in the record's state."""
    session = bench.app.session
    if session is None:
        raise BenchError("the game was closed")
    journal_actions = [plain_action(a) for a in session.actions()]
    if journal_actions != [plain_action(a) for a in record.actions]:
        raise BenchError("the journal's actions differ from the record's")
    game = find_game(record.game)
    from companion.core.record import replay

    expected = game.state_to_json(replay(record).state)
    if game.state_to_json(session.state) != expected:
        raise BenchError("the journal's game ends in another state than the record's")


# ---------------------------------------------------------------------------- figures
def figures(game: str, counts: Sequence[Counts], unit_name: str) -> dict[str, Any]:
    """The figures of one game from its records' counts."""
    per_unit = [taps for one in counts for taps in one.units.values()]
    return {
        "records": len(counts),
        "steps": sum(one.steps for one in counts),
        "inputs": sum(one.setup_inputs + sum(one.units.values()) for one in counts),
        "setup_inputs": {"mean": round(statistics.mean(c.setup_inputs for c in counts), 1),
                         "max": max(c.setup_inputs for c in counts)},
        f"per_{unit_name}": {"mean": round(statistics.mean(per_unit), 1) if per_unit else 0,
                             "max": max(per_unit, default=0),
                             "count": len(per_unit)},
        "forced_questions": sum(one.forced_questions for one in counts),
        "refusable_offers": sum(one.refusable_offers for one in counts),
        "undecided_offers": sum(one.undecided_offers for one in counts),
    }


def run(games: Sequence[str], layout: str, only: str | None = None,
        verbose: bool = False, quick: bool = False) -> dict[str, Any]:
    """Play every record of ``games``; the figures per game (an ``error`` when one fails).
    ``quick`` plays each game's first record in its default way only (a first look; the
    full run is the figure)."""
    results: dict[str, Any] = {}
    for game in games:
        counts: list[Counts] = []
        started = time.monotonic()
        try:
            driver = load_driver(game)
            ways: tuple[str | None, ...] = getattr(driver, "ways", (None,))
            paths = records(game)
            if quick:
                ways, paths = ways[:1], paths[:1]
            for path in paths:
                if only is not None and only not in path.name:
                    continue
                for way in ways:
                    played = play_record(path, driver, layout, way)
                    if played is not None:
                        counts.append(played)
        except BenchError as error:
            results[game] = {"error": f"{error}"}
            continue
        except Stopped:
            results[game] = {"error": "stopped by SIGTERM before its records were played"}
            results["stopped"] = {"by": "SIGTERM"}
            break
        # the shared figures are the app's default way of entry (a driver's first way)
        results[game] = figures(game, [c for c in counts if c.way == ways[0]],
                                driver.unit_name)
        more = getattr(driver, "figures", None)
        if more is not None:
            results[game].update(more(counts))
        if verbose:
            for one in counts:
                for note in one.notes:
                    print(f"{game}: {note}")
        results[game]["paper"] = paper_figures(game, counts, ways, driver.unit_name)
        results[game]["seconds"] = round(time.monotonic() - started, 1)
    return results


def paper_module(game: str) -> types.ModuleType | None:
    """``bench/paper_<game>.py``, the game's paper model, or ``None`` when it has none."""
    try:
        return importlib.import_module(f"paper_{game}")
    except ModuleNotFoundError as error:
        if error.name != f"paper_{game}":
            raise
        return None


def paper_figures(game: str, counts: Sequence[Counts], ways: Sequence[str | None],
                  unit_name: str) -> dict[str, Any] | None:
    """Inputs beside the paper model's acts for the same records, per way of entry: both
    per round or turn (the same units the input figures count) and their ratio
    (``None``: the game has no paper model)."""
    module = paper_module(game)
    if module is None:
        return None
    by_way: dict[str, Any] = {}
    for way in ways:
        chosen = [one for one in counts if one.way == way and one.record is not None]
        units = sum(len(one.units) for one in chosen)
        if not units:
            continue
        inputs = sum(sum(one.units.values()) for one in chosen)
        acts: collections.Counter[str] = collections.Counter()
        for one in chosen:
            assert one.record is not None
            acts.update(module.paper_acts(one.record))
        paper = sum(acts.values())
        by_way[way or "default"] = {
            f"inputs_per_{unit_name}": round(inputs / units, 1),
            f"paper_per_{unit_name}": round(paper / units, 1),
            "ratio": round(inputs / paper, 2) if paper else None,
            "acts": dict(acts.most_common()),
        }
    return by_way


def print_table(results: Mapping[str, Any]) -> None:
    """The figures, one block per game."""
    for game, found in results.items():
        print(f"{game}")
        if "error" in found:
            print(f"  could not play through the screens: {found['error']}")
            continue
        for key, value in found.items():
            if key == "paper":
                print_paper(value)
                continue
            if isinstance(value, Mapping):
                value = ", ".join(f"{k} {v}" for k, v in value.items())
            print(f"  {key:<18} {value}")


def print_paper(paper: Mapping[str, Any] | None) -> None:
    """The paper figures of one game, one line per way of entry (``n/a``: no model)."""
    if paper is None:
        print(f"  {'paper':<18} n/a")
        return
    for way, found in paper.items():
        per = {k: v for k, v in found.items() if k.startswith(("inputs_per", "paper_per"))}
        figures = ", ".join(f"{k} {v}" for k, v in per.items())
        print(f"  {'paper ' + way:<18} {figures}, ratio {found['ratio']}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bench; ``--json PATH`` also writes the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--game", choices=GAMES, action="append",
                        help="only this game (repeatable)")
    parser.add_argument("--record", help="only records whose file name contains this")
    parser.add_argument("--layout", choices=("upright", "flat"), default="upright")
    parser.add_argument("--quick", action="store_true",
                        help="each game's first record, its default way only")
    parser.add_argument("--verbose", action="store_true",
                        help="list every forced question and refusable offer found")
    options = parser.parse_args(argv)
    pygame.init()
    stop_on_sigterm()
    try:
        print(f"effort: playing {', '.join(options.game or GAMES)}", file=sys.stderr, flush=True)
    except Stopped:  # the signal came while the line was being written
        print("effort: stopped by SIGTERM before any game was played")
        return 128 + signal.SIGTERM
    started = time.monotonic()
    results = run(options.game or GAMES, options.layout, options.record, options.verbose,
                  options.quick)
    results["total"] = {"seconds": round(time.monotonic() - started, 1)}
    print_table(results)
    if options.json is not None:
        options.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    pygame.quit()
    if "stopped" in results:
        return 128 + signal.SIGTERM
    failed = any("error" in found for found in results.values())
    return 1 if failed else 0


def keyed(widgets: Sequence[Widget], key: str) -> Widget | None:
    """The widget with ``key`` among ``widgets`` (for drivers)."""
    return next((w for w in widgets if w.key == key), None)


Finder = Callable[[Bench], Spot | None]
"""A driver's way to find its next tap."""


if __name__ == "__main__":
    raise SystemExit(main())
