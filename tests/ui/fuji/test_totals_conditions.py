"""Typed totals tell the table each card's condition, and that bonuses are added for it."""

from __future__ import annotations

import pytest

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji.queries import condition_of, owed_totals
from companion.ui.app import App
from companion.ui.flat import TurnedPanel
from companion.ui.fuji import demo
from companion.ui.fuji.dice import DiceScene
from companion.ui.fuji.seat_pad import ConditionGlyph
from companion.ui.intents import SetTableLayout, ShowDialog
from companion.ui.scene import Settings
from companion.ui.theme import MIN_TOUCH
from companion.ui.widgets import Label, render_text
from tests.ui.fuji.helpers import open_flat_totals, state_of, turned_panels


def _flared() -> Session:
    """Round 1, movement: Stéphane fired the flare gun, two own totals typed."""
    session = demo.new_session()
    session.submit({"type": "add_equipment", "player": 2, "card": "flare_gun"})
    demo.advance(session)
    demo.plan(session, {0: 2, 1: 1, 2: 0})
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session)
    session.submit({"type": "use_equipment", "player": 2, "card": "flare_gun"})
    demo.advance(session)
    for seat, total in ((0, 14), (1, 9)):
        session.submit({"type": "set_movement_values",
                        "values": {str(seat): {str(seat): total}}})
    return session


def _open_upright(app: App, session: Session, holder: int) -> DiceScene:
    app.open_game(session)
    scene = DiceScene(seat=holder, as_dialog=True)
    scene.quick = True
    app.perform(ShowDialog(scene))
    app.draw()
    return scene


@pytest.mark.parametrize("holder", [0, 1, 2])
def test_each_asked_card_shows_its_condition_beside_its_line(app: App, holder: int) -> None:
    """Every "On X's card" line has X's condition drawn on the same row, not over it."""
    session = demo.to_totals()
    scene = _open_upright(app, session, holder)
    state = state_of(session)
    lines = {w.key: w for w in scene.widgets if w.key.startswith("total:")}
    glyphs = [w for w in scene.widgets if isinstance(w, ConditionGlyph)]
    assert lines
    for key, line in lines.items():
        seat = int(key.split(":")[1])
        beside = [g for g in glyphs if g.rect.centery == line.rect.centery]
        assert len(beside) == 1, key
        assert beside[0].condition == condition_of(state, seat) is not None
        assert not beside[0].rect.colliderect(line.rect)
        assert app.surface.get_rect().contains(beside[0].rect)


def test_a_fired_flare_says_the_app_adds_it(app: App) -> None:
    """The flare gun gives +3 to the user's own value; the app adds it, so the line tells
    the table to type the dice alone."""
    scene = _open_upright(app, _flared(), 2)
    bonus = [w for w in scene.widgets if w.key == "dice:bonus"]
    assert len(bonus) == 1 and isinstance(bonus[0], Label)
    text = render_text(bonus[0].text, "en")
    assert "Flare +3" in text and "dice only" in text


def test_no_bonus_line_without_a_bonus(app: App) -> None:
    """A player without flare or energy this round is not told about bonuses."""
    scene = _open_upright(app, _flared(), 0)
    assert not [w for w in scene.widgets if w.key == "dice:bonus"]


@pytest.mark.parametrize("make", [demo.to_totals, demo.to_totals_four])
def test_each_flat_pad_shows_the_condition_of_its_next_card(app: App, make: object) -> None:
    """On a flat table each seat's line saying which card its next total is for carries
    that card's condition."""
    session = make()  # type: ignore[operator]
    open_flat_totals(app, session)
    state = state_of(session)
    first: dict[int, int] = {}
    for holder, card in owed_totals(state):
        first.setdefault(holder, card)
    assert first
    for holder, card in first.items():
        panel = turned_panels(app)[f"dice:seat:{holder}"]
        glyphs = [w for w in panel.content if isinstance(w, ConditionGlyph)]
        assert [g.condition for g in glyphs] == [condition_of(state, card)]


def test_a_flat_pad_says_the_flare_is_added(app: App) -> None:
    """On a flat table the flare user's own pad says to type the dice alone; the others'
    pads say nothing of it."""
    open_flat_totals(app, _flared())
    panels = turned_panels(app)
    for seat in range(3):
        said = [w for w in panels[f"dice:seat:{seat}"].content if w.key == f"seat{seat}:bonus"]
        assert len(said) == (seat == 2)
    said = [w for w in panels["dice:seat:2"].content if w.key == "seat2:bonus"]
    assert isinstance(said[0], Label) and "+3" in render_text(said[0].text, "en")


@pytest.mark.parametrize("lang", ["en", "pl", "fr", "es"])
@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_totals_with_a_flare_fit_in_every_language(journal: Journal, lang: str,
                                                   layout: str) -> None:
    """Every text of the totals entry fits at 800x480, bonus line and conditions included,
    and every key stays a full-size target."""
    app = App(journal, Settings(language=lang), (800, 480))
    app.perform(SetTableLayout(layout))
    _open_upright(app, _flared(), 2)
    assert app.dialog is not None
    shown = list(app.dialog.widgets)
    for panel in [w for w in shown if isinstance(w, TurnedPanel)]:
        shown += panel.content
    assert [w for w in shown if w.key.endswith("bonus")]
    assert not [w.key or type(w).__name__ for w in shown if w.overflow]
    for widget in shown:
        if widget.interactive and not isinstance(widget, TurnedPanel):
            assert min(widget.rect.size) >= MIN_TOUCH, widget.key
