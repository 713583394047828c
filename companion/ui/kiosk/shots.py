"""Pictures of the kiosk screens, drawn headless from a journal with real plays.

``python -m companion.ui.kiosk.shots docs/screenshots`` writes
``kiosk-<screen>-<lang>.png`` for every kiosk screen in every language.  The
journal behind them holds games played to their end through the rules engines
(seeded random legal actions), so the statistics and the end screen show real
results rather than invented numbers.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from companion.core import registry
from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.kiosk import KioskSettings, save_kiosk_settings
from companion.core.messages import IllegalActionError
from companion.core.session import Session
from companion.ui.scene import Context, Settings
from companion.ui.screens import make_screen

KIOSK_SHOTS: tuple[str, ...] = (
    "start", "resume", "attract", "pin", "staff", "stats", "diagnostics", "end", "end-flat",
)
"""Picture names; each is the screen ``kiosk.<name>`` (``end-flat``: the flat layout)."""

DEMO_PLAYS = 4
"""Finished games of each game in the demo journal, when it names no demo set-ups."""


def play_to_end(session: Session, seed: int, limit: int = 3000) -> None:
    """Submit seeded random legal actions until the game is over (or ``limit`` steps).

    An offered action the rules refuse is skipped for another one.
    """
    rng = random.Random(seed)
    for _ in range(limit):
        if session.finished:
            return
        choices = list(session.game.legal_actions(session.state))
        rng.shuffle(choices)
        if not any(_accepted(session, action) for action in choices):
            return


def _accepted(session: Session, action: Any) -> bool:
    try:
        session.submit(json.loads(json.dumps(action)))
    except IllegalActionError:
        return False
    return True


@dataclass
class DemoTable:
    """A journal with finished plays, one finished game and one left open."""

    journal: Journal
    """Everything played."""
    finished: Session | None
    """A game at its end (for the end screen)."""
    open_game: Session | None
    """A game in progress (for the resume screen)."""


def demo_table() -> DemoTable:
    """Play the demo games into an in-memory journal."""
    journal = Journal(":memory:")
    games = registry.all_games()
    finished: Session | None = None
    seed = 0
    for name, game in games.items():
        for setup in game.info.demo_setups or (game.example_setup(),) * DEMO_PLAYS:
            seed += 1
            session = Session.start(journal, name, setup)
            play_to_end(session, seed)
            journal.archive(session.game_id)
            finished = session
    open_game = None
    if games:
        name, game = next(iter(games.items()))
        open_game = Session.start(journal, name, game.example_setup())
        play_to_end(open_game, 99, limit=7)
    return DemoTable(journal, finished, open_game)


def shot_context(table: DemoTable, shot: str, lang: str, size: tuple[int, int]) -> Context:
    """The context a picture is drawn with."""
    session = None
    if shot.startswith("end"):
        session = table.finished
    elif shot == "resume":
        session = table.open_game
    layout = "flat" if shot == "end-flat" else "upright"
    save_kiosk_settings(table.journal, KioskSettings(table_layout=layout))
    return Context(size, Settings(language=lang), session, table.journal, now=0.0)


def render_shot(table: DemoTable, shot: str, lang: str, size: tuple[int, int],
                out: Path) -> Path:
    """Draw one kiosk picture and save it as PNG."""
    pygame.font.init()
    surface = pygame.Surface(size)
    scene = make_screen("kiosk." + shot.split("-")[0])
    scene.draw(surface, shot_context(table, shot, lang, size))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out


def render_all(folder: Path, shots: Sequence[str] = KIOSK_SHOTS,
               langs: Sequence[str] = LANGUAGES, size: tuple[int, int] = (800, 480)) -> list[Path]:
    """Write ``kiosk-<shot>-<lang>.png`` for every picture and language into ``folder``."""
    table = demo_table()
    return [render_shot(table, shot, lang, size, folder / f"kiosk-{shot}-{lang}.png")
            for shot in shots for lang in langs]


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    for written in render_all(target):
        print(written)
