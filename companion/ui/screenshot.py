"""Render any screen to a PNG without a display (``SDL_VIDEODRIVER=dummy``).

``render("history", "pl", (800, 480), Path("history-pl.png"))`` draws the screen as
the app would.  Screens that show a game get a session in a private in-memory
journal: a preview screen's own demo game (the situation its game registered for it),
else the game of a record file when ``record`` is given, otherwise the screen's own
game (or the first registered one) started from its example set-up and played a few
steps with the first legal action, so lists and labels have content.  Scenes only
ever draw ``ctx.session``: the demo game of a preview is handed to them here.

Besides the registered screens, ``confirm`` (the delete question over the home
screen) and ``toast`` (a refusal over a game screen) show the dialogs and notices.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from companion.core import registry
from companion.core.i18n import missing_keys
from companion.core.journal import Journal
from companion.core.messages import IllegalActionError, Msg
from companion.core.record import load_record, session_from_record
from companion.core.session import Session
from companion.ui.dialogs import confirm
from companion.ui.intents import DeleteGame
from companion.ui.notices import kept_clear, notice_rect
from companion.ui.scene import Context, Scene, Settings
from companion.ui.screens import screen_entry, screen_names
from companion.ui.widgets import Toast

DEMO_STEPS = 6
"""Steps played (with the first legal action) before a game screen is drawn."""

DEMO_UNDONE = 2
"""Steps then undone, so the history shows greyed entries."""

EXTRA_SCREENS: tuple[str, ...] = ("confirm", "toast")
"""Pictures of a dialog and a notice, drawn over other screens."""


def available_screens() -> list[str]:
    """Every screen that :func:`render` can draw, sorted."""
    return sorted([*screen_names(), *EXTRA_SCREENS])


def play_demo(session: Session, steps: int = DEMO_STEPS) -> None:
    """Play up to ``steps`` steps, each time the first legal action the rules accept."""
    for _ in range(steps):
        if session.finished:
            return
        if not _play_one(session):
            return


def _play_one(session: Session) -> bool:
    for action in session.game.legal_actions(session.state):
        try:
            session.submit(action)
        except IllegalActionError:
            continue
        return True
    return False


def demo_session(journal: Journal, game_name: str, record: Path | None = None) -> Session:
    """A session to draw: the record's game, or ``game_name`` played for a few steps."""
    if record is not None:
        return session_from_record(journal, load_record(record))
    game = registry.all_games()[game_name]
    session = Session.start(journal, game_name, game.example_setup())
    play_demo(session)
    for _ in range(DEMO_UNDONE):
        if session.can_undo and session.cursor > DEMO_UNDONE:
            session.undo()
    return session


def demo_journal() -> Journal:
    """An in-memory journal with one saved game per registered game, one of them finished."""
    journal = Journal(":memory:")
    for name in registry.all_games():
        demo_session(journal, name)
    return journal


def _game_for(screen: str, record: Path | None) -> str | None:
    if record is not None:
        return load_record(record).game
    entry = screen_entry(screen)
    if entry.game is not None:
        return entry.game
    games = registry.all_games()
    named = [name for name, game in games.items() if missing_keys("en", [game.title_key]) == []]
    candidates = named or list(games)
    return candidates[0] if candidates else None


def scene_context(screen: str, lang: str, size: tuple[int, int],
                  record: Path | None = None) -> tuple[Scene, Context]:
    """The scene for ``screen`` and a context holding the session it needs."""
    journal = demo_journal()
    entry = screen_entry(screen)
    scene = entry.factory()
    session: Session | None = None
    game = _game_for(screen, record)
    if entry.demo is not None:
        session = entry.demo()
    elif game is not None and (scene.needs_session or record is not None):
        session = demo_session(journal, game, record)
    return scene, Context(size, Settings(language=lang), session, journal, sound_available=True)


def _draw_extra(screen: str, surface: pygame.Surface, lang: str, size: tuple[int, int],
                record: Path | None) -> None:
    if screen == "confirm":
        scene, ctx = scene_context("home", lang, size, record)
        scene.draw(surface, ctx)
        dialog = confirm(Msg("ui.home.delete_question"), Msg("ui.home.delete"),
                         (DeleteGame(1),), body=Msg("ui.home.delete_body")).dialog
        dialog.draw(surface, ctx)
        return
    scene, ctx = scene_context("play", lang, size, record)
    scene.draw(surface, ctx)
    theme = ctx.theme
    place = notice_rect(ctx.screen, scene.touch_targets(), theme, kept_clear(scene))
    Toast(ctx.screen, Msg("core.error.game_over"), True, theme, place).draw(surface, theme, lang)


def render(screen: str, lang: str, size: tuple[int, int], out: Path,
           record: Path | None = None) -> Path:
    """Draw ``screen`` in ``lang`` at ``size`` and save it as a PNG at ``out``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.font.init()
    surface = pygame.Surface(size)
    if screen in EXTRA_SCREENS:
        _draw_extra(screen, surface, lang, size, record)
    else:
        scene, ctx = scene_context(screen, lang, size, record)
        scene.draw(surface, ctx)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out


def render_all(folder: Path, screens: list[str], langs: list[str], size: tuple[int, int],
               name: Callable[[str, str], str] = lambda s, lang: f"{s}-{lang}.png") -> list[Path]:
    """Render several screens in several languages into ``folder``."""
    return [render(screen, lang, size, folder / name(screen, lang))
            for screen in screens for lang in langs]

