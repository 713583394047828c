"""A flat table typing totals: every seat types its own totals on its own turned panel."""

from __future__ import annotations

import pytest

from companion.core.session import Session
from companion.games.fuji.queries import owed_totals, quick_value
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.fuji import demo
from companion.ui.fuji.dice import DiceScene
from companion.ui.theme import MIN_TOUCH
from tests.games.fuji.helpers import with_seat
from tests.ui.fuji.helpers import open_flat_totals, state_of, turned_panels
from tests.ui.taps import tap


def _tap_key(app: App, key: str) -> None:
    for panel in turned_panels(app).values():
        for inner in panel.content:
            if inner.key == key:
                tap(app, to_screen_rect(inner.rect, panel.rect, panel.angle).center)
                return
    raise AssertionError(f"no {key} on any seat panel")


def test_each_seat_has_its_own_panel_facing_it(app: App) -> None:
    """Bottom, left and top seats each get a pad turned to face them."""
    open_flat_totals(app, demo.to_totals())
    panels = turned_panels(app)
    assert sorted(panels) == ["dice:seat:0", "dice:seat:1", "dice:seat:2"]
    assert [panels[f"dice:seat:{seat}"].angle for seat in range(3)] == [0, 270, 180]


@pytest.mark.parametrize("dice", [5, 6])
def test_every_key_is_full_size_for_five_or_six_dice(app: App, dice: int) -> None:
    """Each seat's pad offers every total its dice can show, each key at least 48 px."""
    session = demo.to_totals()
    open_flat_totals(app, session)
    state = state_of(session)
    for seat in range(3):
        state = with_seat(state, seat, dice_count=dice)
    scene = app.dialog
    assert isinstance(scene, DiceScene)
    ctx = app.context()
    widgets = scene.build_flat(ctx, _FixedSession(session, state))  # type: ignore[arg-type]
    for panel in (w for w in widgets if isinstance(w, TurnedPanel)):
        keys = [inner for inner in panel.content if inner.interactive]
        numbers = [inner for inner in keys if ":num:" in inner.key]
        assert len(numbers) == 6 * dice + 1
        for inner in keys:
            rect = to_screen_rect(inner.rect, panel.rect, panel.angle)
            assert min(rect.size) >= MIN_TOUCH, (panel.key, inner.key, rect.size)
            assert panel.rect.contains(rect)


class _FixedSession:
    """A session stand-in showing one given state (to draw it without playing to it)."""

    def __init__(self, session: Session, state: object) -> None:
        self._session = session
        self.state = state

    def actions(self) -> list[dict[str, object]]:
        """The real session's actions."""
        return self._session.actions()


def test_a_seat_types_its_next_total_on_its_own_panel(app: App) -> None:
    """A tap on the left seat's turned pad records that seat's next owed total."""
    session = demo.to_totals()
    open_flat_totals(app, session)
    owed = [card for holder, card in owed_totals(state_of(session)) if holder == 1]
    before = len(session.actions())
    _tap_key(app, "seat1:num:7")
    assert session.actions()[before:] == [
        {"type": "set_movement_values", "values": {"1": {str(owed[0]): 7}}}]
    assert quick_value(state_of(session), 1, owed[0]) == 7


def test_a_seat_with_nothing_owed_is_told_why(app: App) -> None:
    """Greyed keys still answer: nothing is recorded, a notice says there is nothing to
    type for that seat now."""
    session = demo.new_session()
    demo.advance(session)
    demo.plan(session, {0: 2, 1: 1, 2: 0})
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session, 2)
    for seat in (1, 2):
        session.submit({"type": "set_movement_values", "values": {str(seat): {str(seat): 0}}})
    open_flat_totals(app, session)
    assert owed_totals(state_of(session)) == ((0, 0),)
    before = len(session.actions())
    _tap_key(app, "seat2:num:3")
    assert len(session.actions()) == before
    assert app.toast is not None
    _tap_key(app, "seat0:num:0")  # 0 settles the last card: nothing more is owed
    assert len(session.actions()) == before + 1
    assert app.dialog is None, "the last owed total closes the entry"
