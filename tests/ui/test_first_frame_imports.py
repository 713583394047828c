"""The first frame imports only what it draws.

A Pi Zero 2 W pays for every module the app imports before its first frame, so the app
starts in a fresh interpreter here, draws once, and lists what it imported:

* on the home screen, the games are named but no rules engine and no game screen is
  loaded (only each game's screen registration);
* resuming a game loads that game alone, none of the others.

This checks structure, not time: a module that creeps back into start-up fails here
whatever the machine's speed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.registry import find_game, game_names
from companion.core.session import Session

ROOT = Path(__file__).resolve().parents[2]
"""The project folder."""

FIRST_FRAME = """
import json, sys
import pygame
from pathlib import Path
from companion.core.journal import Journal
from companion.ui.app import App
from companion.ui.scene import Settings

pygame.display.init()
app = App(Journal(Path(sys.argv[1])), Settings(language="en"), (800, 480))
app.draw()
print(json.dumps([type(app.scene).__module__, sorted(sys.modules)]))
"""
"""Opens the app on a journal, draws the first frame, prints the scene and the modules."""

REGISTRATION = ("", ".screens")
"""The only parts of a game's UI package its registration may load: the package and the
module naming its screens."""


def first_frame(journal: Path) -> tuple[str, list[str]]:
    """The module of the scene shown first, and every module imported up to that frame."""
    environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(journal)], cwd=ROOT,
                          env=environ, capture_output=True, text=True, timeout=120, check=True)
    scene, modules = json.loads(done.stdout.splitlines()[-1])
    return scene, modules


def game_modules(modules: list[str], game: str) -> list[str]:
    """The imported modules of ``game``'s rules package."""
    return [m for m in modules if m.startswith(f"companion.games.{game}.")]


def screen_modules(modules: list[str], game: str) -> list[str]:
    """The imported modules of ``game``'s UI package beyond its registration."""
    package = f"companion.ui.{game}"
    return [m for m in modules if m.startswith(package)
            and m.removeprefix(package) not in REGISTRATION]


def test_the_home_screen_loads_no_rules_engine_and_no_game_screen(tmp_path: Path) -> None:
    """Home names every game (from its registration) without importing its rules or screens."""
    scene, modules = first_frame(tmp_path / "journal.sqlite3")
    assert scene == "companion.ui.home"
    for game in game_names():
        assert f"{game}.game" not in {m.removeprefix("companion.games.") for m in modules}
        assert f"companion.games.{game}.rules" not in modules
        assert screen_modules(modules, game) == [], game
    assert "companion.ui.play" not in modules
    assert "companion.core.record" not in modules


@pytest.mark.parametrize("game", game_names())
def test_resuming_a_game_loads_that_game_alone(tmp_path: Path, game: str) -> None:
    """The saved game's rules and play screen are loaded; no other game's modules are."""
    database = tmp_path / "journal.sqlite3"
    journal = Journal(database)
    Session.start(journal, game, find_game(game).example_setup())
    journal.close()
    scene, modules = first_frame(database)
    assert scene.startswith(f"companion.ui.{game}.")
    assert f"companion.games.{game}.game" in modules
    for other in game_names():
        if other != game:
            assert game_modules(modules, other) == [], other
            assert screen_modules(modules, other) == [], other


ON_USE = (
    "logging",
    "companion.core.kiosk",
    "companion.core.questions",
    "companion.ui.questions",
)
"""Modules no first frame draws with: the log (written only when something goes wrong),
the café kiosk and the question mechanism."""

FUJI_ON_USE = (
    "companion.games.fuji.cues",
    "companion.games.fuji.labels",
    "companion.games.fuji.legal",
    "companion.games.fuji.questions",
    "companion.games.fuji.serialise",
    "companion.ui.fuji.dice",
    "companion.ui.fuji.dice_entry",
    "companion.ui.fuji.equipment",
    "companion.ui.fuji.demo",
)
"""Fuji modules that resuming and drawing the play screen does not need: the step's cues,
history labels, sample of legal actions, questions and JSON, and the dice and equipment
dialogs (made when their button is tapped) and the screenshot demo games."""


def test_the_home_screen_loads_no_module_used_only_later(tmp_path: Path) -> None:
    """Neither the log, the kiosk, the questions nor the flat layout load for home."""
    _, modules = first_frame(tmp_path / "journal.sqlite3")
    assert [name for name in (*ON_USE, "companion.ui.flat") if name in modules] == []


def test_resuming_fuji_in_planning_loads_only_what_the_play_screen_draws(
        tmp_path: Path) -> None:
    """The start-up bench's game: Fuji in planning, every marker placed, drawn upright."""
    database = tmp_path / "journal.sqlite3"
    journal = Journal(database)
    session = Session.start(journal, "fuji", find_game("fuji").example_setup())
    while session.state.phase.value != "planning":
        session.submit({"type": "advance"})
    journal.close()
    scene, modules = first_frame(database)
    assert scene == "companion.ui.fuji.play"
    assert [name for name in (*ON_USE, *FUJI_ON_USE) if name in modules] == []
