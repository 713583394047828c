"""A game in progress never ends by accident (issue 27, fault 1).

On a real journal file: Home → another game → Start used to archive the open game
with no question, and no screen brought it back. Now the kiosk asks first, says the
game stays in the saved list, and staff bring a put-away game back from their menu.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.core.journal import Journal
from companion.core.kiosk import Phase
from companion.ui.intents import GoHome, Navigate, StartGame
from companion.ui.kiosk.app import KioskApp
from companion.ui.kiosk.intents import LockStaff, UnlockStaff
from companion.ui.kiosk.put_away import PutAwayScene
from companion.ui.widgets import ListView
from tests.clock import FakeClock
from tests.faults.conftest import PIN, SETUP, continued_game, says, stored, tally_registered
from tests.ui.taps import tap, tap_widget, widget

__all__ = ["tally_registered"]


def statuses(path: Path) -> dict[int, str]:
    """Each game's status as stored in the file."""
    games = stored(path)["games"]
    assert isinstance(games, list)
    return {game_id: status for game_id, status, _ in games}


def test_starting_another_game_asks_and_the_open_game_is_kept(
    tmp_path: Path, clock: FakeClock, closing: list[Journal], tally_registered: None
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing)
    first = app.kiosk.state.game_id
    assert first is not None
    app.perform(GoHome())
    app.perform(StartGame("tally", SETUP))
    app.draw()
    assert statuses(path) == {first: "active"}  # nothing happened yet: a question is open
    assert app.dialog is not None
    texts = [getattr(found, "text", None) for found in app.dialog.widgets]
    assert any(text is not None and says("faults.leave.body") in str(
        text if isinstance(text, str) else says(text.key)) for text in texts)

    tap_widget(app, "choice:1")  # Cancel: nothing changes, the game is still the table's
    assert app.dialog is None and statuses(path) == {first: "active"}
    assert app.kiosk.state.game_id == first

    app.perform(StartGame("tally", SETUP))
    app.draw()
    tap_widget(app, "choice:0")  # Start new game
    second = app.kiosk.state.game_id
    assert second is not None and second != first
    assert statuses(path) == {first: "archived", second: "active"}


def bring_back_buttons(app: KioskApp) -> list[pygame.Rect]:
    """The *Bring back* buttons on the put-away list, one per game, top first."""
    assert isinstance(app.scene, PutAwayScene)
    found = widget(app, "put_away")
    return found.touch_targets() if isinstance(found, ListView) else []


def test_staff_bring_a_put_away_game_back(
    tmp_path: Path, clock: FakeClock, closing: list[Journal], tally_registered: None
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = continued_game(path, clock, closing)
    first = app.kiosk.state.game_id
    assert first is not None and app.session is not None
    steps = app.session.cursor
    app.perform(GoHome())
    app.perform(StartGame("tally", SETUP))
    app.draw()
    tap_widget(app, "choice:0")
    second = app.kiosk.state.game_id

    app.perform(Navigate("kiosk.pin"))
    app.perform(UnlockStaff(PIN))
    app.perform(Navigate("kiosk.put_away"))
    app.draw()
    buttons = bring_back_buttons(app)
    assert len(buttons) == 1
    tap(app, buttons[0].center)  # Bring back
    assert statuses(path) == {first: "active", second: "archived"}
    app.perform(LockStaff())
    app.draw()
    assert app.kiosk.state.phase == Phase.PLAYING and app.kiosk.state.game_id == first
    assert app.session is not None and app.session.game_id == first
    assert app.session.cursor == steps

    app.perform(Navigate("kiosk.pin"))
    app.perform(UnlockStaff(PIN))
    app.perform(Navigate("kiosk.put_away"))
    app.draw()
    assert len(bring_back_buttons(app)) == 1  # the second game, put away in its place
    assert app.kiosk.put_away_games()[0].id == second
