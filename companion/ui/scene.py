"""Scenes: the screens of the app, each a pure drawing of the current state.

The scene API
=============

A scene is a subclass of :class:`Scene` that overrides :meth:`Scene.build`::

    class ScoreScene(Scene):
        def build(self, ctx: Context) -> list[Widget]:
            theme = ctx.theme
            bar, body = game_bar(ctx, "chess.screen.scores")      # companion.ui.bar
            return [*bar, Label(body, msg("chess.scores.title"), "title")]

* ``build(ctx)`` returns the widgets for the current state.  It is called on every
  draw, so it must only *read* ``ctx`` (session state, language, settings, size).
  Texts are :class:`~companion.core.messages.Msg` objects or literal strings; widgets
  translate them at draw time into ``ctx.lang``.
* ``draw(surface, ctx)`` clears the screen, builds the widgets and draws them.  The
  app calls it only when something changed.
* ``handle(event, ctx)`` turns a pygame event into a list of intents
  (:mod:`companion.ui.intents`): the default implementation hit-tests the widgets
  drawn last — a tap on a :class:`~companion.ui.widgets.Button` returns its intents,
  dragging or the wheel scrolls a :class:`~companion.ui.widgets.ListView`, and a
  widget with a :class:`~companion.ui.widgets.Drop` can be dragged onto another place
  (a line follows the finger and rings where it would land).  Override
  :meth:`Scene.handle_key` for keys of the scene's own.  A touch held for
  :data:`HOLD_SECONDS` or longer ends in ``Widget.hold_release`` instead (a button's
  ``hold_intents``), the on-screen twin of a long press.  An empty list means
  "nothing changed, do not redraw"; :class:`~companion.ui.intents.Redraw` asks only
  for a redraw.
* Scene-local view state (a selected card, a scroll position) lives in attributes of
  the scene; game state lives only in ``ctx.session``.
* ``needs_session = True`` marks scenes that show a game; the app never opens them
  without one.  ``overlay = True`` marks dialogs drawn over the scene below.

Tests use :meth:`Scene.overflowing` and :meth:`Scene.touch_targets` after a draw to
check that every text fits and every target is big enough.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar

import pygame

from companion.core.i18n import LANGUAGES
from companion.core.kiosk_names import SETTINGS_KEY as KIOSK_SETTINGS_KEY
from companion.core.kiosk_names import TABLE_LAYOUTS
from companion.core.messages import Msg
from companion.ui.bar import game_bar
from companion.ui.intents import Back, Intent, Redraw
from companion.ui.theme import TEXT_SCALES, Theme, theme_for
from companion.ui.widgets import Drop, Label, ScrollState, Widget

if TYPE_CHECKING:
    from companion.core.journal import Journal
    from companion.core.session import Session


VOLUME_LEVELS: tuple[float, ...] = (0.0, 0.4, 0.8)
"""The sound levels offered in the settings: off, quiet, loud."""


@dataclass(frozen=True)
class Settings:
    """The user's choices that change how the app looks."""

    language: str = "en"
    """One of :data:`companion.core.i18n.LANGUAGES`."""
    fullscreen: bool = False
    """Full screen rather than a window."""
    text_scale: float = 1.0
    """Text magnification, one of :data:`companion.ui.theme.TEXT_SCALES`."""
    volume: float = 0.8
    """Loudness of the sound effects, one of :data:`VOLUME_LEVELS` (0 is off)."""
    colour_safe: bool = False
    """The colour-blind-safe palette, where every meaningful colour also has a shape."""
    table_layout: str = "upright"
    """``upright`` (the screen stands at one side) or ``flat`` (it lies mid-table and
    each seat's panel faces its seat); see :data:`companion.core.kiosk_names.TABLE_LAYOUTS`."""

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            object.__setattr__(self, "language", "en")
        if self.text_scale not in TEXT_SCALES:
            object.__setattr__(self, "text_scale", 1.0)
        if self.volume not in VOLUME_LEVELS:
            object.__setattr__(self, "volume", 0.8)
        if self.table_layout not in TABLE_LAYOUTS:
            object.__setattr__(self, "table_layout", "upright")

    @property
    def flat(self) -> bool:
        """Whether the screen lies flat in the middle of the table."""
        return self.table_layout == "flat"


def stored_table_looks(journal: Journal) -> tuple[bool, str] | None:
    """The colour-safe choice and table layout kept in ``journal`` (``None``: never chosen).

    They live in the café settings record (:mod:`companion.core.kiosk`), the one place
    both the settings screen and the kiosk's staff menu write them.
    """
    try:
        if journal.get_setting(KIOSK_SETTINGS_KEY) is None:
            return None
    except ValueError:  # unreadable or beyond the read limits: the defaults below
        pass
    from companion.core.kiosk import load_kiosk_settings

    stored = load_kiosk_settings(journal)
    return stored.colour_safe, stored.table_layout


def store_table_looks(journal: Journal, colour_safe: bool, table_layout: str) -> None:
    """Keep the colour-safe choice and table layout in ``journal`` (other café settings stay)."""
    from companion.core.kiosk import load_kiosk_settings, save_kiosk_settings

    stored = replace(load_kiosk_settings(journal), colour_safe=colour_safe,
                     table_layout=table_layout)
    save_kiosk_settings(journal, stored)


def with_table_looks(settings: Settings, journal: Journal | None) -> Settings:
    """``settings`` with the table looks the journal keeps, when it keeps any."""
    looks = None if journal is None else stored_table_looks(journal)
    if looks is None or looks == (settings.colour_safe, settings.table_layout):
        return settings
    return replace(settings, colour_safe=looks[0], table_layout=looks[1])


@dataclass
class Context:
    """Everything a scene may read while drawing or handling input."""

    size: tuple[int, int]
    """Window size in pixels."""
    settings: Settings = field(default_factory=Settings)
    """Language, full screen and text size."""
    session: Session | None = None
    """The game being played, if any."""
    journal: Journal | None = None
    """The saved games and settings."""
    now: float = 0.0
    """Current time on the ``time.monotonic`` clock."""
    sound_available: bool = False
    """Whether sound effects can be heard (a sound device was found)."""
    faults: frozenset[str] = frozenset()
    """Table inputs switched on but lost (``serial``, ``gpio``...): the bar keeps room
    for their badge."""

    def __post_init__(self) -> None:
        # The journal is the one source of truth for the table looks: the staff menu
        # may have changed them since the app read its settings.
        self.settings = with_table_looks(self.settings, self.journal)

    @property
    def lang(self) -> str:
        """The language to draw in."""
        return self.settings.language

    @property
    def theme(self) -> Theme:
        """Colours and sizes for the current window and text size."""
        return theme_for(self.size, self.settings.text_scale, self.settings.colour_safe)

    @property
    def screen(self) -> pygame.Rect:
        """The whole window as a rectangle."""
        return pygame.Rect(0, 0, *self.size)


def flatten(widgets: list[Widget]) -> list[Widget]:
    """Widgets and their children, in drawing order."""
    result: list[Widget] = []
    for widget in widgets:
        result.append(widget)
        result.extend(flatten(widget.children()))
    return result


HOLD_SECONDS = 1.0
"""A touch held this long counts as a long press (see ``Widget.hold_release``)."""


class Scene:
    """A screen of the app; see the module documentation for the API."""

    needs_session: ClassVar[bool] = False
    """True for scenes that show a game."""
    overlay: ClassVar[bool] = False
    """True for dialogs drawn over the scene below."""

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        """The widgets drawn last (flattened), used to route touches."""
        self._pressed: str | None = None
        self._press_pos = (0, 0)
        self._pressed_at = 0.0
        self._dragged = False
        self._finger = (0, 0)

    # ---------------------------------------------------------------- drawing
    def build(self, ctx: Context) -> list[Widget]:
        """Return the widgets for the current state (override in every scene)."""
        return []

    def draw(self, surface: pygame.Surface, ctx: Context) -> None:
        """Draw the scene for the current state."""
        theme = ctx.theme
        if not self.overlay:
            surface.fill(theme.palette.background)
        self.widgets = flatten(self.build(ctx))
        pressed = self._pressed
        lang = ctx.lang
        for widget in self.widgets:
            widget.pressed = (
                pressed is not None and widget.interactive and widget.identity == pressed
            )
            widget.draw(surface, theme, lang)
        self._draw_drag(surface, theme)

    def _carried(self) -> Drop | None:
        """The drop of the widget being dragged now, if it carries one."""
        if not self._dragged:
            return None
        widget = self._find(self._pressed)
        return None if widget is None else widget.drop_from(self._press_pos)

    def _draw_drag(self, surface: pygame.Surface, theme: Theme) -> None:
        """A line from where a dragged widget was pressed to the finger, and a ring round
        the place a drop there would land on."""
        carried = self._carried()
        if carried is None:
            return
        colour = theme.palette.accent
        width = max(3, theme.px(4))
        pygame.draw.line(surface, colour, self._press_pos, self._finger, width)
        pygame.draw.circle(surface, colour, self._finger, theme.px(10))
        landing = carried.land(self._finger)
        if landing is not None:
            pygame.draw.rect(surface, colour, landing, width, border_radius=theme.radius)

    def overflowing(self) -> list[Widget]:
        """Widgets whose text did not fit when last drawn."""
        return [widget for widget in self.widgets if widget.overflow]

    def touch_targets(self) -> list[pygame.Rect]:
        """Every touch target drawn last."""
        return [rect for widget in self.widgets for rect in widget.touch_targets()]

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event, ctx: Context) -> list[Intent]:
        """Turn one pygame event into intents (empty: nothing changed)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_at = ctx.now
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION and event.buttons[0]:
            return self._drag(event.pos, event.rel, ctx)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos, ctx.now - self._pressed_at >= HOLD_SECONDS)
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(pygame.mouse.get_pos(), event.y, ctx)
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key, ctx)
        return []

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """React to a key the app did not map to a table button (Escape goes back)."""
        return [Back()] if key == pygame.K_ESCAPE else []

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        """The topmost interactive widget under ``pos``."""
        for widget in reversed(self.widgets):
            if widget.interactive and widget.hit(pos):
                return widget
        return None

    def _find(self, identity: str | None, pos: tuple[int, int] | None = None) -> Widget | None:
        """The widget drawn with ``identity``; of several, the topmost one under ``pos``."""
        found = [widget for widget in self.widgets if widget.identity == identity]
        if pos is not None:
            for widget in reversed(found):
                if widget.interactive and widget.hit(pos):
                    return widget
        return found[0] if found else None

    def _press(self, pos: tuple[int, int]) -> list[Intent]:
        widget = self.widget_at(pos)
        self._pressed = widget.identity if widget else None
        self._press_pos = pos
        self._finger = pos
        self._dragged = False
        return [Redraw()] if widget else []

    def _drag(self, pos: tuple[int, int], rel: tuple[int, int], ctx: Context) -> list[Intent]:
        widget = self._find(self._pressed)
        if widget is None:
            return []
        distance = abs(pos[0] - self._press_pos[0]) + abs(pos[1] - self._press_pos[1])
        if distance > ctx.theme.px(12):
            self._dragged = True
        self._finger = pos
        if self._carried() is not None:
            return [Redraw()]
        moved = widget.scroll(-rel[1])
        return [Redraw()] if moved else []

    def _release(self, pos: tuple[int, int], held: bool) -> list[Intent]:
        carried = self._carried()
        widget = self._find(self._pressed, pos)
        self._pressed = None
        if carried is not None:
            self._dragged = False
            return [Redraw(), *carried.put(pos)]
        if widget is None:
            return []
        intents: list[Intent] = [Redraw()]
        if not self._dragged and widget.hit(pos):
            intents.extend(widget.hold_release(pos) if held else widget.release(pos))
        return intents

    def _wheel(self, pos: tuple[int, int], steps: int, ctx: Context) -> list[Intent]:
        for widget in reversed(self.widgets):
            if widget.hit(pos) and widget.scroll(-steps * ctx.theme.px(40)):
                return [Redraw()]
        return []


class ListScene(Scene):
    """A screen built round one scrolled list, which keeps its place across rebuilds."""

    def __init__(self) -> None:
        super().__init__()
        self.scroll = ScrollState()
        """Scroll position of the list."""


class GameScene(Scene):
    """A screen of one game: it draws ``ctx.session``, the game open at the table (the
    screenshot tool puts a demo game there for a preview).

    :meth:`build` finds the game and picks the layout: a subclass writes
    :meth:`build_upright` and, where the game has a flat-table layout,
    :meth:`build_flat`; with no game to show, the bar and a "no game" line are drawn
    instead (:meth:`build_without_game`).
    """

    needs_session = True

    def session_of(self, ctx: Context) -> Session | None:
        """The game to draw: the open one."""
        return ctx.session

    def build(self, ctx: Context) -> list[Widget]:
        """The game's screen, upright or flat; a "no game" screen when there is none."""
        session = self.session_of(ctx)
        if session is None:
            return self.build_without_game(ctx)
        if ctx.settings.flat:
            return self.build_flat(ctx, session)
        return self.build_upright(ctx, session)

    def bar(self, ctx: Context) -> tuple[list[Widget], pygame.Rect]:
        """The screen's bar and the space left under it (the game bar by default)."""
        return game_bar(ctx)

    def build_without_game(self, ctx: Context) -> list[Widget]:
        """The screen's bar and a line saying that no game is open."""
        bar, body = self.bar(ctx)
        return [*bar, Label(body, Msg("ui.error.no_game"), "body")]

    def build_upright(self, ctx: Context, session: Session) -> list[Widget]:
        """The screen for a table upright in front of the players."""
        raise NotImplementedError

    def build_flat(self, ctx: Context, session: Session) -> list[Widget]:
        """The screen lying mid-table; a screen without a layout of its own stays upright."""
        return self.build_upright(ctx, session)


class LayeredScene(Scene):
    """A dialog open over a screen, drawn as one picture (for previews and screenshots)."""

    needs_session = True

    def __init__(self, below: Scene, dialog: Scene) -> None:
        super().__init__()
        self.below = below
        """The screen under the dialog."""
        self.dialog = dialog
        """The dialog on top."""

    def draw(self, surface: pygame.Surface, ctx: Context) -> None:
        """Draw the screen, then the dialog; both are checked for fit."""
        self.below.draw(surface, ctx)
        self.dialog.draw(surface, ctx)
        self.widgets = [*self.below.widgets, *self.dialog.widgets]
