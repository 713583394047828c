"""A whole round played with taps only: set-up, markers, rerolls, dice, resolution, eruption."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.queries import legal_destinations, reroll_count_matters
from companion.games.fuji.state import Phase, State
from companion.ui.app import App
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.dice import DiceScene
from companion.ui.fuji.play import GreyedButton
from companion.ui.intents import Navigate
from tests.ui.fuji.helpers import start_game, state_of, tap, tap_widget, widget


def _tap_cell(app: App, position: tuple[int, int]) -> None:
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    tap(app, board.geometry.cell_centre(*position))


def _ahead(state: State, phase: Phase) -> State:
    """``state`` moved on to ``phase`` by the rules; fails the test if it cannot be."""
    moved = GAME.ahead(state, phase)
    assert moved is not None
    return moved


def _started(app: App) -> Session:
    """A game started from the set-up screen with its defaults."""
    app.perform(Navigate("fuji.setup"))
    app.draw()
    start_game(app)
    session = app.session
    assert session is not None
    return session


def test_a_round_from_set_up_to_eruption(app: App) -> None:
    """Only the eruption needs *Next phase*: the first marker starts the planning, the
    first reroll count the rerolls, the first die the movement (the rules close the
    finished phases), and the next round's first marker closes the eruption."""
    session = _started(app)
    assert state_of(session).phase is Phase.ROLL
    for seat in range(3):
        tap_widget(app, f"fuji:card:{seat}")
        target = legal_destinations(_ahead(state_of(session), Phase.PLANNING), seat)[0]
        _tap_cell(app, target)
    state = state_of(session)
    assert state.phase is Phase.PLANNING
    assert all(p.destination is not None for p in state.players)
    for seat in range(3):
        if reroll_count_matters(_ahead(state_of(session), Phase.REROLLS), seat):
            tap_widget(app, f"fuji:act:{seat}")
            tap_widget(app, "choice:0")
    tap_widget(app, "fuji:dice")
    assert isinstance(app.dialog, DiceScene)
    tap_widget(app, "dice:mode")  # die by die: the app adds up each card's total
    faces = [("yellow", 6), ("blue", 1), ("pink", 2)]
    for someone in state_of(session).players:
        for index in range(someone.dice_count):
            colour, value = faces[(index + someone.seat) % len(faces)]
            tap_widget(app, f"die:{colour}:{value}")
    assert all(p.dice is not None for p in state_of(session).players)
    assert not isinstance(app.dialog, DiceScene), "the last die of the last set closes it"
    for _ in range(12):  # resolved around the table, or by the table when the order matters
        state = state_of(session)
        if state.phase is not Phase.MOVEMENT:
            break
        if app.dialog is not None:  # a wound asked at once
            tap_widget(app, "choice:0")
        elif state.pending:
            tap_widget(app, f"fuji:act:{state.pending[0].seat}")
        else:
            tap_widget(app, f"fuji:act:{next(s for s in range(3) if s not in state.resolved)}")
    assert len(state_of(session).resolved) == 3
    state = state_of(session)
    assert state.phase is Phase.ERUPTION, "the tap that ends phase 5 starts the eruption"
    assert any(i.message.key == "fuji.instruction.flip_cards" for i in state.instructions)
    assert sum(1 for step in session.actions() if step["type"] == "advance") == 1
    seat = app.scene.seat(state)
    target = legal_destinations(_ahead(state, Phase.PLANNING), seat)[0]
    _tap_cell(app, target)
    assert state_of(session).round == 2
    assert state_of(session).phase is Phase.PLANNING


def test_next_phase_is_greyed_until_the_phase_is_done(app: App) -> None:
    """*Next phase* is offered only when the rules would take it; tapped while greyed it
    says what is missing and changes nothing."""
    session = _started(app)
    tap_widget(app, "fuji:card:0")
    _tap_cell(app, legal_destinations(_ahead(state_of(session), Phase.PLANNING), 0)[0])
    before = len(session.actions())
    button = widget(app, "fuji:advance")
    assert isinstance(button, GreyedButton)
    tap_widget(app, "fuji:advance")
    assert len(session.actions()) == before
    assert app.toast is not None


def test_after_a_marker_the_next_player_without_one_is_selected(app: App) -> None:
    """Markers in any order, one tap each when the table goes round: a marker placed
    hands the map to the first player still without one."""
    session = _started(app)
    tap_widget(app, "fuji:card:1")
    _tap_cell(app, legal_destinations(_ahead(state_of(session), Phase.PLANNING), 1)[0])
    assert app.scene.seat(state_of(session)) == 0  # type: ignore[attr-defined]
    _tap_cell(app, legal_destinations(state_of(session), 0)[0])
    assert app.scene.seat(state_of(session)) == 2  # type: ignore[attr-defined]
    _tap_cell(app, legal_destinations(state_of(session), 2)[0])
    assert all(p.destination is not None for p in state_of(session).players)
