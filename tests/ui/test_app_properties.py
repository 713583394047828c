"""Properties of the app under random use: what is shown is always what is saved."""

from __future__ import annotations

import pygame
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.intents import Intent, JumpTo, PressButton, Redo, Submit, Undo
from companion.ui.scene import Settings
from companion.ui.screens import make_screen
from tests.clock import FakeClock
from tests.fuzzing import examples

INTENTS = st.one_of(
    st.builds(lambda amount: Submit({"type": "add", "amount": amount}), st.integers(-1, 5)),
    st.just(Undo()),
    st.just(Redo()),
    st.builds(JumpTo, st.integers(-2, 12)),
    st.builds(PressButton, st.sampled_from(["advance", "undo", "seat1", "seat2", "seat4"]),
              st.sampled_from(["press", "release", "long_press"])),
)

SCREENS = ["home", "settings", "history", "play"]


def _new_app() -> tuple[App, Journal]:
    journal = Journal(":memory:")
    app = App(journal, Settings(), (800, 480), clock=FakeClock())
    return app, journal


def _close(app: App, journal: Journal) -> None:
    app.close()
    journal.close()
    clear_cache()


@examples("some")
@given(intents=st.lists(INTENTS, max_size=25))
def test_the_open_game_always_matches_the_journal(intents: list[Intent]) -> None:
    app, journal = _new_app()
    try:
        session = Session.start(journal, "tally", {"seats": 2, "target": 15})
        app.open_game(session)
        for intent in intents:
            app.perform(intent)
            saved = Session.resume(journal, session.game_id)
            assert saved.cursor == session.cursor
            assert saved.state == session.state
            assert [e.active for e in saved.history()] == [e.active for e in session.history()]
            app.draw()
    finally:
        _close(app, journal)


@examples("some")
@given(screen=st.sampled_from(SCREENS),
       taps=st.lists(st.tuples(st.integers(0, 799), st.integers(0, 479)), max_size=15))
def test_random_taps_never_break_the_app(screen: str, taps: list[tuple[int, int]]) -> None:
    app, journal = _new_app()
    try:
        session = Session.start(journal, "tally", {"seats": 2, "target": 15})
        app.open_game(session)
        app.perform(Submit({"type": "add", "amount": 2}))
        if screen != "play":
            app.stack.append(make_screen(screen))
        for pos in taps:
            app.draw()
            app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            if app.session is not None:
                saved = Session.resume(journal, app.session.game_id)
                assert saved.state == app.session.state
        app.draw()
        assert app.toast is None or app.toast.message.key != "ui.error.screen_failed"
    finally:
        _close(app, journal)

