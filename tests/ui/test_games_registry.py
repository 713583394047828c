"""Game UI packages plug their screens in by name; a broken one does not stop the rest."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.ui
from companion.ui import games, screens
from companion.ui.home import new_game_intents
from companion.ui.intents import Navigate, StartGame
from companion.ui.scene import Context, Scene
from companion.ui.widgets import Label, Widget
from tests.ui.tally_game import GAME as TALLY


class TallyScreen(Scene):
    """A stand-in game screen that remembers which screen it was built for."""

    def __init__(self, screen: str) -> None:
        super().__init__()
        self.screen = screen

    def build(self, ctx: Context) -> list[Widget]:
        """One label naming the screen."""
        return [Label(ctx.screen, self.screen)]


@pytest.fixture
def clean_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register test screens without leaving them behind."""
    screens.load_all()
    monkeypatch.setattr(screens, "_SCREENS", dict(screens._SCREENS))
    monkeypatch.setattr(games, "_GAME_SCREENS", dict(games._GAME_SCREENS))
    yield


@pytest.mark.usefixtures("clean_registry")
def test_registered_screens_are_found_by_qualified_name() -> None:
    games.register_game_screens("tally", TallyScreen, screens=("setup", "play", "board"))
    assert games.game_screens("tally") == ("setup", "play", "board")
    assert {"tally.setup", "tally.play", "tally.board"} <= set(screens.screen_names())
    board = screens.make_screen("tally.board")
    assert isinstance(board, TallyScreen) and board.screen == "board"
    assert screens.screen_entry("tally.board").game == "tally"
    assert games.play_screen_name("tally") == "tally.play"
    assert games.setup_screen_name("tally") == "tally.setup"
    assert new_game_intents(TALLY) == (Navigate("tally.setup"),)


@pytest.mark.usefixtures("clean_registry")
def test_a_game_without_screens_uses_the_generic_ones() -> None:
    assert games.play_screen_name("tally") == "play"
    assert games.setup_screen_name("tally") is None
    assert new_game_intents(TALLY) == (StartGame("tally", TALLY.example_setup()),)


def test_unknown_screen_name_is_an_error() -> None:
    with pytest.raises(screens.UnknownScreenError):
        screens.make_screen("tally.nothing")


@pytest.mark.usefixtures("clean_registry")
def test_a_broken_ui_package_is_skipped_and_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "brokengame"
    broken.mkdir()
    (broken / "__init__.py").write_text("raise RuntimeError('half written')\n")
    working = tmp_path / "workinggame"
    working.mkdir()
    (working / "__init__.py").write_text(
        "from companion.ui.games import register_game_screens\n"
        "from companion.ui.scene import Scene\n"
        "register_game_screens('workinggame', lambda name: Scene(), screens=('play',))\n"
    )
    monkeypatch.setattr(companion.ui, "__path__", [*companion.ui.__path__, str(tmp_path)])
    monkeypatch.setattr(screens, "_loaded", False)
    with caplog.at_level(logging.ERROR, logger="companion.ui.screens"):
        screens.load_game_uis()
    assert "brokengame" in caplog.text
    assert games.play_screen_name("workinggame") == "workinggame.play"
