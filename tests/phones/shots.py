"""Screenshots of the phones for the docs: ``python -m tests.phones.shots`` (needs chromium).

For each language: the phone page of a seat with its dice entered (360×740), the shared
screen's join screen while the phones answer ("2 of 3 entered"), and the play screen
with the phones' notice.  Written to ``docs/screenshots/phones-*.png``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from selenium.webdriver.common.by import By

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.messages import msg
from companion.ui.intents import Back
from tests.phones.browser import (
    phone_browser,
    running,
    shown_dice,
    tap_die,
    wait_for_element,
    wait_until,
)
from tests.phones.tables import door, open_fuji, phones_app

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
"""Where the pictures go."""
FACES = (("yellow", 5), ("blue", 3), ("pink", 6), ("blue", 2), ("yellow", 4), ("pink", 1))
"""Dice the seats enter."""


def shoot(lang: str) -> list[Path]:
    """The three pictures of one language."""
    journal = Journal(":memory:")
    app = phones_app(journal, lang)
    session = open_fuji(app)
    browsers = [phone_browser() for _ in range(3)]
    written: list[Path] = []
    try:
        with running(app) as lock:
            for seat, browser in enumerate(browsers):
                browser.get(str(door(app).link_for(seat)))
                wait_for_element(browser, "section.ask")
                browser.find_element(By.CSS_SELECTOR, f'#langs button[lang="{lang}"]').click()
            for seat in (0, 1):
                count = session.state.players[seat].dice_count
                for colour, value in FACES[:count]:
                    tap_die(browsers[seat], colour, value)
            tap_die(browsers[2], "pink", 4)
            wait_until(lambda: door(app).table.entered() == (2, 3))
            wait_until(lambda: len(shown_dice(browsers[0])) == session.state.players[0].dice_count)
            time.sleep(0.5)
            with lock:
                app.dirty = True
                app.draw()
                written.append(_save(app.surface, f"phones-join-{lang}.png"))
                app.perform(Back())
                done, seats = door(app).table.entered()  # the notice each entry shows
                app.notify(msg("phones.entered", done=done, seats=seats), error=False)
                app.dirty = True
                app.draw()
                written.append(_save(app.surface, f"phones-table-{lang}.png"))
            path = OUT / f"phones-phone-{lang}.png"
            browsers[0].save_screenshot(str(path))
            written.append(path)
    finally:
        for browser in browsers:
            browser.quit()
        app.close()
        journal.close()
    return written


def _save(surface: pygame.Surface, name: str) -> Path:
    path = OUT / name
    pygame.image.save(surface, str(path))
    return path


def main() -> int:
    """Every language's pictures."""
    for lang in sys.argv[1:] or LANGUAGES:
        for path in shoot(lang):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
