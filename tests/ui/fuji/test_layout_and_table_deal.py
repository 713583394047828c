"""The two ways to set up the map: the app deals (lay-out view), or the table deals."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.fuji.state import PendingKind
from companion.ui.app import App
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.dialogs import CardZoomDialog, LayoutGrid, NameCardDialog
from companion.ui.fuji.play import FujiPlayScene
from companion.ui.fuji.setup import FujiSetupScene
from companion.ui.theme import MIN_TOUCH
from tests.ui.fuji.helpers import state_of, tap, tap_widget, widget
from tests.ui.taps import open_screen


def open_setup(app: App) -> FujiSetupScene:
    return open_screen(app, "fuji.setup", FujiSetupScene)


def table_deal_game(app: App) -> Session:
    """A game whose table deals the map, in its planning, on the play screen."""
    open_setup(app)
    tap_widget(app, "setup:deal:table")
    tap_widget(app, "setup:start")
    session = app.session
    assert session is not None
    session.submit({"type": "advance"})
    app.open_game(session)
    app.draw()
    return session


def test_the_layout_view_shows_the_cards_the_game_will_use(app: App) -> None:
    open_setup(app)
    tap_widget(app, "setup:scenario:2")
    tap_widget(app, "setup:layout")
    grid = widget(app, "layout:grid")
    assert isinstance(grid, LayoutGrid)
    shown = {p: grid.board.cell(p) for p in grid.board.positions()}
    spot = next(p for p, cell in shown.items() if cell is not None and cell.condition)
    assert grid.cell_rect(spot).height >= MIN_TOUCH
    tap(app, grid.cell_rect(spot).center)
    assert isinstance(app.dialog, CardZoomDialog) and app.dialog.position == spot
    tap_widget(app, "zoom:close")
    tap_widget(app, "setup:layout:done")
    tap_widget(app, "setup:start")
    assert app.session is not None
    board = state_of(app.session).board
    for position, cell in shown.items():
        assert cell is not None
        assert board.cell(position) is not None
        assert board.cell(position).card_id == cell.card_id  # type: ignore[union-attr]


def test_shuffle_again_deals_other_cards_and_the_game_follows(app: App) -> None:
    scene = open_setup(app)
    tap_widget(app, "setup:layout")
    before = widget(app, "layout:grid")
    assert isinstance(before, LayoutGrid)
    tap_widget(app, "setup:layout:shuffle")
    after = widget(app, "layout:grid")
    assert isinstance(after, LayoutGrid)
    assert after.board != before.board
    assert "deal_seed" in scene.setup


def test_table_deals_asks_about_a_card_when_a_marker_lands_on_it(app: App) -> None:
    session = table_deal_game(app)
    assert isinstance(app.scene, FujiPlayScene)
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    target = state_of(session).players[0].position  # staying: the marker on its own card
    tap(app, board.geometry.cell_centre(*target))
    assert isinstance(app.dialog, NameCardDialog)
    owed = state_of(session).pending
    assert [p.kind for p in owed] == [PendingKind.CARD]
    tap_widget(app, "namecard:reroll:true")  # yes, the symbol is printed
    state = state_of(session)
    assert state.pending == ()
    cell = state.board.cell(target)
    assert cell is not None and cell.reroll_known and cell.reroll_symbol


def test_the_printed_card_can_be_named_for_dice_entry(app: App) -> None:
    session = table_deal_game(app)
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    target = state_of(session).players[0].position
    tap(app, board.geometry.cell_centre(*target))
    assert isinstance(app.dialog, NameCardDialog)
    assert len(app.dialog.cards) == 24  # every landscape card is still in the pile
    tap_widget(app, "editor:card:L07")
    cell = state_of(session).board.cell(target)
    assert cell is not None and cell.card_id == "L07" and cell.condition is not None


def test_the_card_question_shows_printed_faces_only(app: App) -> None:
    """The printed cards carry no id: the question shows each printed face once (its
    condition and ↻), no catalogue number, and names the marker, not a row and column."""
    from companion.core.i18n import translate
    from companion.ui.fuji.dialogs import printed_faces
    from companion.ui.fuji.editor import CardButton

    session = table_deal_game(app)
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    tap(app, board.geometry.cell_centre(*state_of(session).players[0].position))
    dialog = app.dialog
    assert isinstance(dialog, NameCardDialog)
    buttons = [w for w in dialog.widgets if isinstance(w, CardButton)]
    faces = {(b.condition, b.reroll) for b in buttons}
    assert len(faces) == len(buttons) == len(printed_faces(dialog.cards))
    assert all(not b.show_id for b in buttons)
    title = translate(dialog.title, "en")
    assert "row" not in title and "L0" not in title
