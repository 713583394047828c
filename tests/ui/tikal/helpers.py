"""Shared helpers for the Tikal screen tests: sessions from the example records, drawing
checks, taps through the app and widget lookup."""

from __future__ import annotations

from typing import Any

from companion.core.journal import Journal
from companion.core.record import load_record, session_from_record
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.games.tikal.constants import FORMER_STAGE_SIZES
from companion.games.tikal.state import TikalState
from companion.ui.app import App
from companion.ui.tikal.demo import EXAMPLES
from tests.ui.taps import SIZES as SIZES
from tests.ui.taps import context as context
from tests.ui.taps import draw_problems as draw_problems
from tests.ui.taps import has_widget as has_widget
from tests.ui.taps import open_game as open_game
from tests.ui.taps import tap as tap
from tests.ui.taps import tap_widget as tap_widget
from tests.ui.taps import widget as widget

LONG_NAMES: list[dict[str, str]] = [
    {"name": "Małgorzata", "colour": "red"},
    {"name": "Jean-Baptiste", "colour": "white"},
    {"name": "Guadalupe", "colour": "green"},
    {"name": "Bartholomew", "colour": "black"},
]
"""Four players with long names, for fit checks."""




def start(journal: Journal, setup: dict[str, Any] | None = None, box: bool = False) -> Session:
    """A new Tikal game (three players, basic game, unless another set-up is given).

    The stack is counted by hand (any kind may come at any time) unless ``box`` asks for
    the published box with its letters.
    """
    chosen = setup or {
        "variant": "basic",
        "players": [
            {"name": "Ada", "colour": "red"},
            {"name": "Bo", "colour": "blue"},
            {"name": "Cy", "colour": "yellow"},
        ],
    }
    if not box:
        chosen = {"stages": dict(FORMER_STAGE_SIZES), **chosen}
    return Session.start(journal, "tikal", chosen)


def replayed(journal: Journal, record: str, steps: int | None) -> Session:
    """A session with the first ``steps`` actions of an example record applied."""
    return session_from_record(journal, load_record(EXAMPLES / f"{record}.json"), steps)


def state_of(session: Session) -> TikalState:
    """The session's state, typed."""
    state: TikalState = session.state
    return state


def random_taps_stay_legal(app: App, journal: Journal, session: Session,
                           picks: list[int]) -> None:
    """Tap the touch targets chosen by ``picks`` in turn (until a dialog-less screen that
    needs no game, or the game closes); every step the journal took must replay to the
    session's state."""
    for pick in picks:
        targets = [rect.center for rect in (app.dialog or app.scene).touch_targets()]
        if not targets or app.session is None:
            break
        tap(app, targets[pick % len(targets)])
        if app.dialog is None and not app.stack[-1].needs_session:
            break
    state = GAME.new_state(session.setup)
    for action in session.actions():
        state = GAME.apply(state, action)
    assert state == session.state
    journal.close()


def lean_scoring(journal: Journal, seed: int) -> Session:
    """Four long-named players in a lean game, played at random (``seed``) up to a scoring
    turn that asks who holds each temple."""
    import random

    session = Session.start(journal, "tikal", {"variant": "basic", "tracking": "lean",
                                               "players": LONG_NAMES})
    rng = random.Random(seed)
    while not (session.state.scoring is not None and session.state.phase == "actions"):
        actions = [a for a in GAME.legal_actions(session.state) if a["type"] != "score"]
        session.submit(rng.choice(actions or list(GAME.legal_actions(session.state))))
    return session
