"""Notices never hide controls, no tap reaches through one, a stale error goes away."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.record import load_record, session_from_record
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.intents import Submit
from companion.ui.notices import notice_rect
from companion.ui.scene import Settings
from companion.ui.theme import theme_for
from tests.clock import FakeClock
from tests.ui.taps import tap

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORDS = {"fuji": "fuji/scenario-1.json", "tikal": "tikal/basic.json",
           "caverna": "caverna/two-players.json"}
STEPS = {"fuji": 24, "tikal": 30, "caverna": 40}
LONG_ERROR = Msg("core.error.record_unreadable", {"detail": "x" * 60})


def _app(journal: Journal, clock: FakeClock, game: str, lang: str, layout: str) -> App:
    """The real app on a game in play, in ``lang`` and ``layout``."""
    app = App(journal, Settings(language=lang, table_layout=layout), (800, 480), clock=clock)
    session = session_from_record(journal, load_record(EXAMPLES / RECORDS[game]), STEPS[game])
    app.open_game(session)
    app.dirty = True
    app.draw()
    return app


def _picture(app: App) -> pygame.Surface:
    app.dirty = True
    app.draw()
    return app.surface.copy()


def _targets(app: App) -> list[pygame.Rect]:
    targets = app.scene.touch_targets()
    if app.dialog is not None:
        targets += app.dialog.touch_targets()
    return [rect.clip(app.surface.get_rect()) for rect in targets]


def _same_pixels(first: pygame.Surface, second: pygame.Surface, rect: pygame.Rect) -> bool:
    if rect.width <= 0 or rect.height <= 0:
        return True
    return bool(pygame.image.tobytes(first.subsurface(rect), "RGB")
                == pygame.image.tobytes(second.subsurface(rect), "RGB"))


@pytest.fixture
def clock() -> FakeClock:
    """A hand-driven clock."""
    return FakeClock()


@pytest.fixture
def journal() -> Iterator[Journal]:
    """A fresh journal."""
    store = Journal(":memory:")
    yield store
    store.close()


@pytest.mark.parametrize("layout", ["upright", "flat"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_notice_leaves_every_control_as_it_was(game: str, lang: str, layout: str,
                                                 journal: Journal, clock: FakeClock) -> None:
    """With a long refusal shown, every control of the play screen looks as without it."""
    app = _app(journal, clock, game, lang, layout)
    plain = _picture(app)
    app.notify(LONG_ERROR, error=True)
    noticed = _picture(app)
    covered = [rect for rect in _targets(app) if not _same_pixels(plain, noticed, rect)]
    assert covered == []
    assert not _same_pixels(plain, noticed, app.surface.get_rect()), "the notice is shown"


def test_a_tap_on_the_notice_reaches_nothing_under_it(journal: Journal, clock: FakeClock) -> None:
    """Tapping the notice dismisses it and presses nothing: the game does not move."""
    app = _app(journal, clock, "fuji", "en", "upright")
    session = app.session
    assert session is not None
    cursor = session.cursor
    app.notify(Msg("ui.error.no_game"), error=True)
    app.dirty = True
    app.draw()
    assert app.notice_rect is not None
    tap(app, app.notice_rect.center)
    assert session.cursor == cursor
    assert app.toast is None and app.dialog is None


def test_a_stale_error_goes_at_the_next_accepted_step(journal: Journal,
                                                      clock: FakeClock) -> None:
    """A refusal stays while nothing happens and goes as soon as a step is accepted."""
    record = load_record(EXAMPLES / RECORDS["caverna"])
    app = App(journal, Settings(language="en"), (800, 480), clock=clock)
    session = session_from_record(journal, record, 10)
    app.open_game(session)
    app.perform(Submit(
        {"type": "take_tile", "tile": "no-such-tile"}))
    assert app.toast is not None and app.toast.error
    app.perform(Submit(
        record.actions[10]))
    assert session.cursor == 11
    assert app.toast is None or not app.toast.error


@given(st.lists(st.tuples(st.integers(0, 780), st.integers(0, 460), st.integers(1, 300),
                          st.integers(1, 200)), max_size=14))
def test_the_place_found_touches_no_target(boxes: list[tuple[int, int, int, int]]) -> None:
    """Whatever the controls, the notice's place overlaps none of them."""
    theme = theme_for((800, 480))
    targets = [pygame.Rect(box) for box in boxes]
    place = notice_rect(pygame.Rect(0, 0, 800, 480), targets, theme)
    if place is not None:
        assert all(not place.colliderect(target) for target in targets)
        assert pygame.Rect(0, 0, 800, 480).contains(place)


def test_a_full_screen_of_controls_leaves_no_place() -> None:
    """When controls fill the screen the notice waits rather than hiding one."""
    theme = theme_for((800, 480))
    rows = [pygame.Rect(0, y, 800, 40) for y in range(0, 480, 40)]
    assert notice_rect(pygame.Rect(0, 0, 800, 480), rows, theme) is None


def test_sessions_are_real(journal: Journal) -> None:
    """The records used above replay (a guard for the fixtures)."""
    for game, name in RECORDS.items():
        session: Session = session_from_record(journal, load_record(EXAMPLES / name),
                                               STEPS[game])
        assert session.cursor == STEPS[game]
