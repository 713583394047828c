"""Whole random Tikal and Caverna games played through their real play screens: every
line the rules give the table (Tikal's instructions, Caverna's notices worth the
table's attention) is drawn by the shared instruction list before the next step."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.registry import find_game
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.flat import TurnedPanel
from companion.ui.intents import Submit
from companion.ui.scene import Settings
from companion.ui.widgets import Widget
from tests.ui.taps import tap

MOST_STEPS = 400
"""Steps played of one random game."""

MOST_PAGES = 30
"""Page turns tried on one step."""


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _lists(widgets: list[Widget]) -> list[Widget]:
    inner = [w for outer in widgets if isinstance(outer, TurnedPanel) for w in outer.content]
    return [w for w in [*widgets, *inner] if hasattr(w, "shown_text")]


def _every_page(app: App) -> str:
    """The text of the instruction lists on the screen, every page turned to."""
    seen: list[str] = []
    for _ in range(MOST_PAGES):
        app.draw()
        seen += [w.text for w in _lists(app.scene.widgets)]  # type: ignore[attr-defined]
        pager = next((w for w in app.scene.widgets if w.key.endswith("told:page")), None)
        if pager is None or "+" not in str(getattr(pager, "text", "")):
            break
        tap(app, pager.rect.center)
    return _words(" | ".join(seen))


def _told(game: str, state: Any) -> tuple[Any, ...]:
    if game == "tikal":
        return tuple(state.instructions)
    from companion.ui.caverna.play import shown_notices

    return shown_notices(state)


@pytest.mark.parametrize(("game", "seed"), [("tikal", 1), ("caverna", 2)])
def test_every_line_of_a_whole_game_reaches_the_screen(journal: Journal, game: str,
                                                       seed: int) -> None:
    """Tikal's turns and Caverna's steps tell the table what to do with its own pieces
    (cubes to move, goods over a limit): every such line is on the screen after the step
    that gave it, however many there are."""
    rules = find_game(game)
    session = Session.start(journal, game, dict(rules.example_setup()))
    app = App(journal, Settings(language="en"), (800, 480))
    app.open_game(session)
    rng = random.Random(seed)
    given = 0
    never: list[str] = []
    for _ in range(MOST_STEPS):
        if rules.is_finished(session.state):
            break
        before = _told(game, session.state)
        app.perform(Submit(rng.choice(list(rules.legal_actions(session.state)))))
        app.dialog = None
        told = _told(game, session.state)
        if not told or told == before:
            continue
        shown = _every_page(app)
        for line in told:
            given += 1
            if _words(translate(line, "en")) not in shown:
                never.append(translate(line, "en"))
    assert given > 0
    assert never == []
