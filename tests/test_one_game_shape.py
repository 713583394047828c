"""Adding a game touches no shared file: outside a game's own packages, no file names a game.

The games are the packages of ``companion/games``; their own code lives in
``companion/games/<game>/`` and ``companion/ui/<game>/``, their own texts in
``companion/locale/<lang>/<game>*.po`` and ``ui_<game>*.po``.  Everything else under
``companion/`` and ``hardware/`` must work for any game the registry finds.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEARCHED = ("companion", "hardware")
"""The folders whose files may not name a game."""
RULES_FILES = ("__init__.py", "game.py", "state.py", "rules.py", "fields.py", "legal.py",
               "scoring.py", "serialise.py", "setup.py", "queries.py")
"""The modules every rules package has, each with the same job."""


def games() -> list[str]:
    """The registered games' package names."""
    folder = ROOT / "companion" / "games"
    return sorted(path.name for path in folder.iterdir() if (path / "__init__.py").is_file())


def own_file(path: Path, game: str) -> bool:
    """Whether ``path`` belongs to ``game`` itself."""
    relative = path.relative_to(ROOT).as_posix()
    if relative.startswith((f"companion/games/{game}/", f"companion/ui/{game}/")):
        return True
    return bool(re.fullmatch(rf"companion/locale/[a-z]+/(ui_)?{game}(_[a-z]+)?\.po", relative))


def shared_files() -> list[Path]:
    """Every text file under the searched folders."""
    return [path for folder in SEARCHED for path in sorted((ROOT / folder).rglob("*"))
            if path.is_file() and path.suffix in {".py", ".po", ".toml", ".sh", ".md", ".txt"}]


def test_no_shared_file_names_a_game() -> None:
    names = games()
    assert len(names) >= 3
    pattern = re.compile("|".join(names), re.IGNORECASE)
    naming = []
    for path in shared_files():
        if any(own_file(path, game) for game in names):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                naming.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert naming == []


def test_every_rules_package_is_laid_out_alike() -> None:
    for game in games():
        folder = ROOT / "companion" / "games" / game
        missing = [name for name in RULES_FILES if not (folder / name).is_file()]
        assert missing == [], game
        init = (folder / "__init__.py").read_text(encoding="utf-8")
        assert re.search(rf"from companion\.games\.{game}\.game import GAME\b", init), game
        assert "def " not in init and "class " not in init, game


def test_the_search_sees_a_game_name() -> None:
    """The check can fail: a shared line naming a game is caught, a game's own file is not."""
    pattern = re.compile("|".join(games()), re.IGNORECASE)
    assert pattern.search(f'SCORED = ("{games()[-1].upper()}",)')
    game = games()[0]
    assert own_file(ROOT / "companion" / "locale" / "pl" / f"{game}_info.po", game)
    assert not own_file(ROOT / "companion" / "locale" / "pl" / "kiosk.po", game)


PREVIEW_MODULES = ("screens.py", "demo.py", "replays.py", "screenshot.py")
"""The modules that build previews: a game's screen registry and demo games, and the
screenshot tool with its replays.  Every other screen module draws ``ctx.session``."""


def test_only_the_preview_modules_know_about_demo_games() -> None:
    pattern = re.compile(r"preview_session|\.demo import|import demo\b|demo_session")
    knowing = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "companion" / "ui").rglob("*.py"))
        if path.name not in PREVIEW_MODULES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert knowing == []
