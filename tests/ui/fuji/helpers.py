"""Shared helpers for the Fuji screen tests: drawing checks, taps and widget lookup."""

from __future__ import annotations

import re

from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.state import State
from companion.ui.app import App
from companion.ui.flat import TurnedPanel
from companion.ui.fuji.dice import DiceScene
from companion.ui.fuji.setup import FujiSetupScene
from companion.ui.intents import SetTableLayout, ShowDialog
from companion.ui.widgets import Label, Widget
from tests.ui.taps import SIZES as SIZES
from tests.ui.taps import context as context
from tests.ui.taps import draw_problems as draw_problems
from tests.ui.taps import open_screen
from tests.ui.taps import tap as tap
from tests.ui.taps import tap_widget as tap_widget
from tests.ui.taps import widget as widget


def start(journal: Journal, setup: dict[str, object] | None = None) -> Session:
    """A new Fuji game (the example set-up unless another is given)."""
    return Session.start(journal, "fuji", setup or dict(GAME.example_setup()))


def state_of(session: Session) -> State:
    """The session's state, typed."""
    state: State = session.state
    return state


def open_setup(app: App, screen: str = "fuji.setup") -> FujiSetupScene:
    """Open Fuji's set-up screen (or another screen name that shows it), drawn."""
    return open_screen(app, screen, FujiSetupScene)


def open_setup_page(app: App, page: str) -> FujiSetupScene:
    """Open Fuji's set-up screen on its tab ``page`` (``players``, ``level``, ...), drawn."""
    scene = open_setup(app)
    tap_widget(app, f"setup:tab:{page}")
    return scene


def open_flat_totals(app: App, session: Session) -> DiceScene:
    """Lay the table flat, open ``session`` and its dice screen (typed totals), drawn."""
    app.perform(SetTableLayout("flat"))
    app.open_game(session)
    scene = DiceScene(as_dialog=True)
    scene.quick = True
    app.perform(ShowDialog(scene))
    app.draw()
    return scene


def turned_panels(app: App) -> dict[str, TurnedPanel]:
    """The open dialog's turned seat panels, by key."""
    assert app.dialog is not None
    return {w.key: w for w in app.dialog.widgets if isinstance(w, TurnedPanel)}


MOST_PAGES = 40
"""Page turns tried before giving up on seeing a line (a round lists far fewer)."""


def words(text: str) -> str:
    """``text`` with its runs of white space made one space (wrapping moves them)."""
    return re.sub(r"\s+", " ", text).strip()


def everywhere(widgets: list[Widget]) -> list[Widget]:
    """``widgets`` and what the seats' turned panels hold."""
    inner = [w for outer in widgets if isinstance(outer, TurnedPanel) for w in outer.content]
    return [*widgets, *inner]


def drawn(app: App) -> str:
    """Every text the play screen drew, the rows of a list joined by spaces."""
    lang = app.settings.language
    parts: list[str] = []
    for found in everywhere(app.scene.widgets):
        shown = getattr(found, "shown_text", None)
        if shown is not None:
            parts.append(shown(lang).replace("\n", " "))
        elif isinstance(found, Label):
            parts.append(" ".join(found.fitted(app.context().theme, lang).lines))
    return words(" | ".join(parts))


def pager(app: App) -> Widget | None:
    """The instruction list's page button, if the list pages."""
    return next((w for w in app.scene.widgets if w.key.endswith(":page")), None)


def seen_every_page(app: App) -> str:
    """What the screen shows on every page of its instruction list (turned by taps),
    once the open question, if any, is put aside (the table reads the list after it)."""
    app.dialog = None
    app.draw()
    seen = [drawn(app)]
    for _ in range(MOST_PAGES):
        button = pager(app)
        if button is None:
            break
        tap(app, button.rect.center)
        page = drawn(app)
        if page == seen[0] and "+" not in getattr(pager(app), "text", ""):
            break
        seen.append(page)
    return " || ".join(seen)


def start_game(app: App) -> None:
    """Tap *Start* on the set-up screen and, when it asks whether to start with no hand
    entered, start (the hands are then dealt in play)."""
    tap_widget(app, "setup:start")
    asked = getattr(app.dialog, "title", None)
    if isinstance(asked, Msg) and asked.key == "ui_fuji.setup.no_hands_title":
        tap_widget(app, "choice:0")
