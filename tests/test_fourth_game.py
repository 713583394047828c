"""A fourth game, added without editing any shared file, shows up everywhere.

``tests/fourth_game/pebbles`` is a complete little game.  The test only adds its
folder to ``companion.games`` (as installing a new game package would); the start
screen, the home screen, the attract loop, the statistics and their export, the QR
play link, the sounds, and record export and replay must all take it in.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import companion.games
from companion.cli import main
from companion.core import registry
from companion.core.game import Game
from companion.core.i18n import LANGUAGES, catalogue, translate
from companion.core.journal import Journal
from companion.core.kiosk import attract_slides
from companion.core.session import Session
from companion.core.stats import collect_plays, export_plays, journal_statistics, plays_from_csv
from companion.ui.app import App
from companion.ui.intents import Submit
from companion.ui.kiosk.qr import bgstats_play
from companion.ui.kiosk.stats_screen import StatsScene
from companion.ui.scene import Context, Settings
from companion.ui.screens import make_screen
from companion.ui.widgets import Widget

FOLDER = Path(__file__).resolve().parent / "fourth_game"
"""Where the test-only game package lives."""
SETUP = {"players": ["Ada", "Bo", "Cy"], "pile": 10}


@pytest.fixture
def pebbles(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game[Any]]:
    """The registry with the fourth game's folder added, as an installed package would be."""
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(FOLDER)])
    registry.all_games.cache_clear()
    catalogue.cache_clear()
    try:
        yield registry.find_game("pebbles")
    finally:
        monkeypatch.undo()
        registry.all_games.cache_clear()
        catalogue.cache_clear()
        for name in [name for name in sys.modules if name.startswith("companion.games.pebbles")]:
            del sys.modules[name]


def play_to_end(session: Session, seed: int = 5) -> None:
    rng = random.Random(seed)
    while not session.finished:
        session.submit(dict(rng.choice(list(session.game.legal_actions(session.state)))))


def keys(widgets: list[Widget]) -> set[str]:
    found: set[str] = set()
    for widget in widgets:
        found.add(widget.key)
        found |= keys(widget.children())
    return found


def test_the_registry_finds_it_beside_the_others(pebbles: Game[Any]) -> None:
    assert pebbles.name == "pebbles"
    assert {"pebbles", "fuji", "tikal", "caverna"} <= set(registry.all_games())


def test_it_has_a_card_on_the_start_screen_and_a_slide(pebbles: Game[Any],
                                                       display: None) -> None:
    ctx = Context((800, 480), Settings(language="en"), None, Journal(":memory:"))
    scene = make_screen("kiosk.start")
    scene.draw(pygame.Surface(ctx.size), ctx)
    cards = {w.key: w for w in scene.widgets if w.key.startswith("start:game:")}
    assert "start:game:pebbles" in cards
    assert cards["start:game:pebbles"].tagline.key == "pebbles.info.tagline"  # type: ignore[attr-defined]
    assert "pebbles.info.attract" in attract_slides()


def test_its_plays_are_counted_charted_and_exported(pebbles: Game[Any], display: None,
                                                    tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    session = Session.start(journal, "pebbles", SETUP)
    play_to_end(session)
    held = session.state.held
    stats = journal_statistics(journal)
    assert stats.plays_per_game == {"pebbles": 1}
    assert stats.scores["pebbles"] == tuple(sorted(held))
    scene = StatsScene()
    ctx = Context((800, 480), Settings(language="en"), None, journal)
    scene.draw(pygame.Surface(ctx.size), ctx)
    if scene.job is not None:
        assert scene.job.finished.wait(30)
        scene.draw(pygame.Surface(ctx.size), ctx)
    assert "stats:pebbles" in keys(scene.widgets)
    shown = keys(scene.widgets)
    scene.page += 1
    scene.draw(pygame.Surface(ctx.size), ctx)
    assert shown | keys(scene.widgets) >= {f"stats:{name}" for name in registry.all_games()}
    path = export_plays(journal, tmp_path / "out", "csv")
    (play,) = plays_from_csv(path.read_text(encoding="utf-8"))
    assert (play.game, play.players, play.scores) == ("pebbles", ("Ada", "Bo", "Cy"), held)
    best = max(held)
    assert play.winners == tuple(n for n, h in zip(SETUP["players"], held, strict=True)
                                 if h == best)
    link = bgstats_play(collect_plays(journal)[0])
    assert link["game"]["name"] == "Pebbles" and not link["game"]["cooperative"]


def test_its_last_step_sounds_the_win(pebbles: Game[Any], display: None) -> None:
    played: list[str] = []

    class Recorder:
        available, volume, muted = True, 1.0, False

        def play(self, name: str) -> bool:
            played.append(name)
            return True

        def set_volume(self, volume: float) -> None:
            """Not recorded."""

        def set_muted(self, muted: bool) -> None:
            """Not recorded."""

    app = App(Journal(":memory:"), Settings(), (800, 480), sound=Recorder())
    try:
        app.open_game(Session.start(app.journal, "pebbles", {"players": ["A", "B"], "pile": 3}))
        assert app.scene.__class__.__name__ == "GenericPlayScene"
        app.perform(Submit({"type": "take", "take": 3}))
        assert app.session is not None and app.session.finished
        assert played == ["win"]
    finally:
        app.close()


def test_its_record_exports_and_replays(pebbles: Game[Any], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "journal.sqlite3"
    journal = Journal(database)
    session = Session.start(journal, "pebbles", SETUP)
    play_to_end(session)
    journal.close()
    record = tmp_path / "pebbles.json"
    assert main(["--db", str(database), "export", str(session.game_id), "-o", str(record)]) == 0
    assert json.loads(record.read_text(encoding="utf-8"))["game"] == "pebbles"
    capsys.readouterr()
    assert main(["--lang", "en", "replay", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pile"] == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_its_title_renders_as_text_from_its_own_catalogue(pebbles: Game[Any], lang: str,
                                                          display: None) -> None:
    """The package carries ``locale/<lang>/pebbles.po``: the home screen names the game in
    words in every language, never by its catalogue key."""
    title = translate(pebbles.title_key, lang)
    assert title and title != pebbles.title_key
    assert (FOLDER / "pebbles" / "locale" / lang / "pebbles.po").is_file()
    ctx = Context((800, 480), Settings(language=lang), None, Journal(":memory:"))
    scene = make_screen("home")
    scene.draw(pygame.Surface(ctx.size), ctx)
    card = next(w for w in scene.widgets if w.key == "new:pebbles")
    shown = translate(card.text, lang) if not isinstance(card.text, str) else card.text  # type: ignore[attr-defined]
    assert shown == title
