"""Every screen a game registers draws in all four languages at 800x480 and 1280x800,
as the screenshot tool draws it: no text overflows and every touch target is at least
48 px.  A preview screen shows its own demo game; the others show a game of their own
kind started from its example set-up and played a few steps."""

from __future__ import annotations

import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.ui.games import game_screens
from companion.ui.screens import screen_entry, screen_names
from companion.ui.screenshot import demo_session
from tests.ui.taps import SIZES, draw_problems, registered

pytestmark = pytest.mark.usefixtures("display")

GAME_SCREENS = [name for name in screen_names() if screen_entry(name).game is not None]
"""Every registered game screen, ``<game>.<screen>``."""


def test_each_game_lists_the_screens_it_registered() -> None:
    for name in GAME_SCREENS:
        game, _, screen = name.partition(".")
        assert screen_entry(name).game == game
        assert screen in game_screens(game)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", GAME_SCREENS)
def test_registered_game_screen_fits(screen: str, lang: str, size: tuple[int, int]) -> None:
    entry = screen_entry(screen)
    assert entry.game is not None
    live = entry.demo is None and entry.factory().needs_session
    session = demo_session(Journal(":memory:"), entry.game) if live else None
    overflowing, small = draw_problems(*registered(screen, size, lang, session))
    assert overflowing == []
    assert small == []
