"""Weak points a new player meets at the table, each checked through taps or drawing."""

from __future__ import annotations

from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.caverna.parts import RefusedButton
from companion.ui.theme import contrast_ratio
from companion.ui.widgets import Button
from tests.ui.caverna.helpers import open_game, round_one, tap_widget, widget


def _ada_fills_her_only_cavern(session: Session) -> None:
    """Ada furnishes her one empty cavern; Borys takes Cultivation: on Ada's second turn
    Housework has no place to furnish."""
    for action in ({"type": "take_tile", "tile": "furnishing"},
                   {"type": "gain", "good": "food"},
                   {"type": "furnish", "room": "shelf", "space": [2, 0], "fee": "round_food"},
                   {"type": "end_turn"},
                   {"type": "take_tile", "tile": "cultivation"},
                   {"type": "end_turn"}):
        session.submit(action)


def _framed(app: App, button: Button) -> bool:
    """Whether ``button`` was drawn with the normal frame (its left edge in the border
    colour)."""
    edge = (button.rect.x + 1, button.rect.centery)
    return tuple(app.surface.get_at(edge)[:3]) == app.context().theme.palette.border


def _live_buttons(app: App) -> list[Button]:
    scene = app.dialog if app.dialog is not None else app.scene
    return [w for w in scene.widgets if isinstance(w, Button) and w.enabled
            and not isinstance(w, RefusedButton)]


def test_the_quiet_nothing_to_do_tile_looks_tappable(app: App, journal: Journal) -> None:
    """The tile with nothing to do with it is still a choice (taking it and doing nothing
    is allowed): it has the normal button frame, its quieter fill keeps its label and
    frame readable, and every other live button on the screen and in a dialog is framed
    too."""
    session = round_one(journal, app)
    _ada_fills_her_only_cavern(session)
    open_game(app, session)
    idle = widget(app, "caverna:tile:housework")
    assert isinstance(idle, Button) and idle.style == "quiet"
    assert _framed(app, idle)
    palette = app.context().theme.palette
    fill, ink = idle.colours(app.context().theme)
    assert contrast_ratio(fill, ink) >= 4.5
    assert contrast_ratio(palette.border, fill) >= 3
    assert contrast_ratio(palette.border, palette.background) >= 3
    assert all(_framed(app, button) for button in _live_buttons(app))


def test_every_live_button_of_a_caverna_dialog_is_framed(app: App, journal: Journal) -> None:
    """The furnishing picker's Cancel (and its other live buttons) have the frame too."""
    round_one(journal, app)
    tap_widget(app, "caverna:tile:housework")
    tap_widget(app, "caverna:option:1:furnish:gold")
    assert app.dialog is not None
    assert all(_framed(app, button) for button in _live_buttons(app)), [
        b.key for b in _live_buttons(app) if not _framed(app, b)]
