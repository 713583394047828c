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
from companion.ui.screenshot import EXTRA_SCREENS, available_screens, render, scene_context
from companion.ui.theme import PALETTE
from companion.ui.widgets import Widget, render_text

MINE = ["home", "settings", "history", "play", "confirm", "toast"]


def test_available_screens_include_the_game_independent_ones() -> None:
    screens = available_screens()
    assert set(MINE) <= set(screens)
    assert screens == sorted(screens)


def texts_of(widgets: list[Widget], lang: str) -> list[str]:
    """Every text the widgets show, rendered in ``lang``."""
    found: list[str] = []
    for item in widgets:
        text = getattr(item, "text", None)
        if text is not None:
            found.append(render_text(text, lang))
        found.extend(render_text(row.text, lang) for row in getattr(item, "items", ()))
        found.extend(texts_of(item.children(), lang))
    return found


@pytest.mark.parametrize("screen", MINE)
def test_render_writes_what_the_screen_draws(screen: str, tmp_path: Path) -> None:
    out = render(screen, "pl", (800, 480), tmp_path / f"{screen}.png")
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 480)
    again = render(screen, "pl", (800, 480), tmp_path / f"{screen}-again.png")
    assert pygame.image.tobytes(image, "RGB") == pygame.image.tobytes(
        pygame.image.load(str(again)), "RGB")
    if screen not in EXTRA_SCREENS:
        scene, ctx = scene_context(screen, "pl", (800, 480))
        surface = pygame.Surface((800, 480))
        scene.draw(surface, ctx)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(image, "RGB")
    pixels = {image.get_at((x, y))[:3] for x in range(0, 800, 2) for y in range(0, 480, 2)}
    assert PALETTE.background in pixels and PALETTE.text in pixels


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
    scene, ctx = scene_context("history", "en", (1280, 800), record_path)
    assert ctx.session is not None and ctx.session.game.name == "tally"
    assert ctx.session.actions() == session.actions()
    scene.draw(pygame.Surface((1280, 800)), ctx)
    shown = texts_of(scene.widgets, "en")
    for entry in session.history()[1:]:
        assert render_text(entry.label, "en") in shown


def test_unknown_screen_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnknownScreenError):
        render("no-such-screen", "en", (800, 480), tmp_path / "x.png")
