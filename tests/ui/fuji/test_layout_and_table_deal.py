"""The two ways to set up the map: the app deals (lay-out view), or the table deals."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.state import Phase
from companion.ui.app import App
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.dialogs import CardZoomDialog, LayoutGrid, NameCardDialog
from companion.ui.fuji.dice import DiceScene
from companion.ui.fuji.play import FujiPlayScene
from companion.ui.theme import MIN_TOUCH
from tests.ui.fuji.helpers import open_setup, start_game, state_of, tap, tap_widget, widget


def table_deal_game(app: App) -> Session:
    """A game whose table deals the map, in its planning, on the play screen."""
    open_setup(app)
    tap_widget(app, "setup:deal:table")
    start_game(app)
    session = app.session
    assert session is not None
    session.submit({"type": "advance"})
    app.open_game(session)
    app.draw()
    return session


def open_card_question(app: App, session: Session) -> None:
    """Play on to phase 5 (symbols answered "no"), open the dice screen die by die and
    ask for the first player's card."""
    while state_of(session).phase is not Phase.MOVEMENT:
        offered = GAME.legal_actions(state_of(session))
        named = [a for a in offered if a["type"] == "name_card" and a.get("reroll") is False]
        session.submit((named or offered)[0])
    app.open_game(session)
    app.draw()
    tap_widget(app, "fuji:act:0")
    scene = app.dialog
    assert isinstance(scene, DiceScene)
    assert scene.quick  # conditions unknown: totals first
    tap_widget(app, "dice:mode")
    tap_widget(app, "dice:card:0")
    assert isinstance(app.dialog, NameCardDialog)


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
    start_game(app)
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


def test_table_deals_asks_nothing_when_a_marker_lands(app: App) -> None:
    """The reroll symbol counts only in phase 3 and only for some players, so a marker
    on an unknown card opens no question."""
    session = table_deal_game(app)
    assert isinstance(app.scene, FujiPlayScene)
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    target = state_of(session).players[0].position  # staying: the marker on its own card
    tap(app, board.geometry.cell_centre(*target))
    assert app.dialog is None
    state = state_of(session)
    assert state.players[0].destination == target and state.pending == ()


def test_the_printed_card_can_be_named_for_dice_entry(app: App) -> None:
    """Entering die by die needs the condition: the dice screen asks for the card of a
    player whose condition is unknown."""
    session = table_deal_game(app)
    open_card_question(app, session)
    assert len(app.dialog.cards) == 24  # every landscape card is still in the pile
    tap_widget(app, "editor:card:L07")
    someone = state_of(session).players[0]
    target = someone.destination if someone.destination is not None else someone.position
    cell = state_of(session).board.cell(target)
    assert cell is not None and cell.card_id == "L07" and cell.condition is not None


def test_the_card_question_shows_printed_faces_only(app: App) -> None:
    """The printed cards carry no id: the question shows each printed face once (its
    condition and ↻), no catalogue number, and names the marker, not a row and column."""
    from companion.core.i18n import translate
    from companion.ui.fuji.dialogs import printed_faces
    from companion.ui.fuji.editor import CardButton

    session = table_deal_game(app)
    open_card_question(app, session)
    dialog = app.dialog
    assert isinstance(dialog, NameCardDialog)
    buttons = [w for w in dialog.widgets if isinstance(w, CardButton)]
    faces = {(b.condition, b.reroll) for b in buttons}
    assert len(faces) == len(buttons) == len(printed_faces(dialog.cards))
    assert all(not b.show_id for b in buttons)
    title = translate(dialog.title, "en")
    assert "row" not in title and "L0" not in title
