"""A quick start on a slow Pi: only the screens and game that are needed get imported,
and parsed catalogues are kept between starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import i18n
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji import GAME

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from pathlib import Path
import pygame
from companion.core.journal import Journal
from companion.ui.app import App
from companion.ui.scene import Settings
pygame.display.init()
app = App(Journal(Path(sys.argv[1])), Settings(language="en"), (800, 480))
app.draw()
print(type(app.scene).__module__)
print(" ".join(sorted(name for name in sys.modules if name.startswith("companion."))))
"""


def test_resuming_a_fuji_game_imports_neither_the_other_games_nor_the_kiosk(
    tmp_path: Path,
) -> None:
    database = tmp_path / "journal.sqlite3"
    Session.start(Journal(database), "fuji", GAME.example_setup())
    environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", PROBE, str(database)], env=environ,
                          capture_output=True, text=True, timeout=120, check=True, cwd=ROOT)
    scene_module, modules = done.stdout.strip().splitlines()[-2:]
    loaded = set(modules.split())
    assert scene_module.startswith("companion.ui.fuji")
    assert "companion.games.fuji" in loaded
    for unneeded in ("companion.games.tikal", "companion.games.caverna", "companion.ui.tikal",
                     "companion.ui.caverna", "companion.ui.kiosk", "companion.ui.history"):
        assert unneeded not in loaded, unneeded


@pytest.fixture
def catalogue_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "locale" / "en"
    folder.mkdir(parents=True)
    (folder / "a.po").write_text('msgid "x.one"\nmsgstr "One"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return folder


def test_parsed_catalogues_are_kept_and_refreshed_when_a_file_changes(
    catalogue_files: Path,
) -> None:
    parse = i18n.catalogue.__wrapped__  # type: ignore[attr-defined]
    assert parse("en") == {"x.one": "One"}
    kept = i18n.cache_folder() / "catalogue-en.marshal"
    assert kept.exists()
    kept_bytes = kept.read_bytes()
    assert parse("en") == {"x.one": "One"}
    assert kept.read_bytes() == kept_bytes
    (catalogue_files / "a.po").write_text('msgid "x.one"\nmsgstr "Uno, now longer"\n',
                                          encoding="utf-8")
    assert parse("en") == {"x.one": "Uno, now longer"}
    kept.write_bytes(b"not a catalogue")
    assert parse("en") == {"x.one": "Uno, now longer"}
