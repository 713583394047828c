"""A fully tracked turn whose action points are spent: the next entry ends it.

"A player may use up to 10 action points per turn" — once all ten are used, nothing is
left but ending the turn, so the screen asks the next entry at once (the next hex, or the
auction's next reveal, bid, pass or choice) and that entry records ``end_turn`` first.
*End turn* stays on the screen and works as before.
"""

from __future__ import annotations

import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.games.tikal.state import Phase
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.questions import QuestionDialog, answer_key
from companion.ui.scene import Settings
from companion.ui.tikal.play import TikalPlayScene
from tests.ui.tikal.helpers import (
    draw_problems,
    has_widget,
    open_game,
    replayed,
    state_of,
    tap,
    tap_widget,
    widget,
)

BASIC_SPENT = 133
"""Steps of ``basic.json`` after which Bo has spent all ten points (the record's next
steps are ``end_turn`` and Cy's draw)."""

AUCTION_BID = 45
"""Steps of ``auction.json`` after which the player has spent all ten points and the next
step after ``end_turn`` is a bid."""

AUCTION_REVEAL = 33
"""Steps of ``auction.json`` after which the spent turn is followed by a new round's reveal."""

JUNGLE = f"answer:tile:{answer_key({'kind': 'jungle'})}"


def _app(journal: Journal, layout: str, lang: str = "en") -> App:
    return App(journal, Settings(language=lang, table_layout=layout), (800, 480))


def _seat_button(app: App, seat: int, key: str) -> tuple[int, int] | None:
    """Where the button ``key`` of ``seat``'s own panel is on a flat screen (``None``: the
    panel has no such button)."""
    panel = widget(app, f"tikal:seat:{seat}")
    assert isinstance(panel, TurnedPanel)
    control = next((w for w in panel.content if w.key == key), None)
    if control is None:
        return None
    return to_screen_rect(control.rect, panel.rect, panel.angle).center


def _tap_control(app: App, layout: str, seat: int, key: str) -> None:
    """Tap ``key``: on the turn column upright, on ``seat``'s own panel flat."""
    if layout == "upright":
        tap_widget(app, key)
        return
    where = _seat_button(app, seat, key)
    assert where is not None, key
    tap(app, where)


def _has_control(app: App, layout: str, seat: int, key: str) -> bool:
    return has_widget(app, key) if layout == "upright" else _seat_button(app, seat, key) is not None


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_the_next_hex_ends_a_spent_turn_and_undo_goes_back_step_by_step(
        journal: Journal, layout: str) -> None:
    app = _app(journal, layout)
    session = replayed(journal, "basic", BASIC_SPENT)
    open_game(app, session)
    spent = state_of(session)
    assert spent.turn.spent == 10 and spent.phase == Phase.ACTIONS
    assert _has_control(app, layout, spent.active, "tikal:end_turn") and has_widget(app, JUNGLE)
    tap_widget(app, JUNGLE)
    spot = next(w.key for w in app.scene.widgets if w.key.startswith("place:at:"))
    tap_widget(app, spot)
    assert session.actions()[-2:][0] == {"type": "end_turn"}
    assert session.actions()[-1]["type"] == "draw" and session.cursor == BASIC_SPENT + 2
    drawn = state_of(session)
    assert drawn.active != spent.active and drawn.hexes[-1].kind == "jungle"
    tap_widget(app, "bar:Undo")
    assert session.cursor == BASIC_SPENT + 1 and state_of(session).phase == Phase.DRAW
    assert has_widget(app, JUNGLE)
    assert not _has_control(app, layout, spent.active, "tikal:end_turn")
    tap_widget(app, "bar:Undo")
    assert session.cursor == BASIC_SPENT and state_of(session) == spent
    _tap_control(app, layout, spent.active, "tikal:end_turn")
    assert session.actions()[-1] == {"type": "end_turn"}
    assert state_of(session).phase == Phase.DRAW


def test_points_left_keep_the_turn_as_it_was(journal: Journal) -> None:
    """With points left the turn column offers the actions, not the next hex."""
    app = _app(journal, "upright")
    session = replayed(journal, "basic", BASIC_SPENT - 1)
    open_game(app, session)
    assert state_of(session).turn.spent < 10
    assert not has_widget(app, JUNGLE) and has_widget(app, "tikal:act:move")


@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_the_next_bid_ends_a_spent_turn_in_the_auction_game(journal: Journal,
                                                            layout: str) -> None:
    app = _app(journal, layout)
    session = replayed(journal, "auction", AUCTION_BID)
    open_game(app, session)
    spent = state_of(session)
    assert spent.turn.spent == 10
    bidder = next(seat for seat in range(len(spent.players)) if seat != spent.active
                  and _has_control(app, layout, seat, "tikal:bid")) if layout == "flat" else 0
    _tap_control(app, layout, bidder, "tikal:bid")
    first, bid = session.actions()[-2:]
    assert first == {"type": "end_turn"} and bid["type"] == "bid"
    assert state_of(session).phase == Phase.AUCTION
    tap_widget(app, "bar:Undo")
    tap_widget(app, "bar:Undo")
    assert state_of(session) == spent


def test_the_reveal_ends_a_spent_turn_and_asks_the_new_round(journal: Journal) -> None:
    app = _app(journal, "upright")
    session = replayed(journal, "auction", AUCTION_REVEAL)
    open_game(app, session)
    tap_widget(app, "tikal:reveal")
    assert session.actions()[-1] == {"type": "end_turn"}
    assert isinstance(app.dialog, QuestionDialog)
    question = app.dialog.dialogue.question(state_of(session))
    assert question is not None and question.field == "hex0"


@pytest.mark.parametrize("layout", ["upright", "flat"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_spent_turn_and_its_tiles_fit(journal: Journal, layout: str, lang: str) -> None:
    """Every tile on one page, finger-sized, every text fitting, in each language."""
    app = _app(journal, layout, lang)
    open_game(app, replayed(journal, "basic", BASIC_SPENT))
    scene = app.scene
    assert isinstance(scene, TikalPlayScene)
    tiles = [w for w in scene.widgets if w.key.startswith("answer:tile:")]
    assert len(tiles) == 15 and not has_widget(app, "answers:next")
    overflowing, small = draw_problems(scene, app.context())
    assert overflowing == [] and small == []


@pytest.mark.parametrize("record, spending", [("basic", 53), ("auction", 15)])
def test_end_turn_stays_under_the_finger_when_the_last_point_is_spent(
        journal: Journal, record: str, spending: int) -> None:
    """The step that spends the last point must not move *End turn*: a player whose finger
    is on its way to it (the habit of every turn) still ends the turn, instead of
    answering the next entry's question that used to appear in its place."""
    app = App(journal, Settings(language="en"), (800, 480))
    session = replayed(journal, record, spending)
    open_game(app, session)
    before = widget(app, "tikal:end_turn").rect.copy()
    following = replayed(journal, record, spending + 1)
    open_game(app, following)
    assert state_of(following).turn.spent == 10
    assert widget(app, "tikal:end_turn").rect == before
    steps = following.cursor
    tap(app, before.center)
    assert following.cursor == steps + 1
    assert following.actions()[-1] == {"type": "end_turn"}
