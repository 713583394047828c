"""Headless screenshots of every screen, from a demo game or from a record file."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from companion.core.journal import Journal
from companion.core.record import record_from_journal, save_record
from companion.core.session import Session
from companion.ui.screens import UnknownScreenError
from companion.ui.screenshot import available_screens, render

MINE = ["home", "settings", "history", "play", "confirm", "toast"]


def test_available_screens_include_the_game_independent_ones() -> None:
    screens = available_screens()
    assert set(MINE) <= set(screens)
    assert screens == sorted(screens)


@pytest.mark.parametrize("screen", MINE)
def test_render_writes_a_png_of_the_requested_size(screen: str, tmp_path: Path) -> None:
    out = render(screen, "pl", (800, 480), tmp_path / f"{screen}.png")
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 480)
    colours = {image.get_at((x, y))[:3] for x in range(0, 800, 40) for y in range(0, 480, 40)}
    assert len(colours) > 3, "the picture has content"


def test_render_from_a_record_shows_that_game(tmp_path: Path) -> None:
    journal = Journal(":memory:")
    session = Session.start(journal, "tally", {"seats": 3, "target": 40})
    for amount in (3, 1, 2, 2, 1):
        session.submit({"type": "add", "amount": amount})
    record_path = tmp_path / "tally.json"
    save_record(record_from_journal(journal, session.game_id), record_path)
    assert json.loads(record_path.read_text(encoding="utf-8"))["game"] == "tally"
    plain = render("history", "en", (1280, 800), tmp_path / "a.png")
    from_record = render("history", "en", (1280, 800), tmp_path / "b.png", record=record_path)
    assert pygame.image.load(str(from_record)).get_size() == (1280, 800)
    assert plain.read_bytes() != from_record.read_bytes()


def test_unknown_screen_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnknownScreenError):
        render("no-such-screen", "en", (800, 480), tmp_path / "x.png")
