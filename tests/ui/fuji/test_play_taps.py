"""Taps on the Fuji play screen go through the app to the session (or are refused)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import IllegalActionError
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.queries import distance, legal_destinations
from companion.games.fuji.state import PendingKind, Phase, Position, TerrainKind
from companion.ui.app import App
from companion.ui.fuji import demo
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.play import FujiPlayScene
from companion.ui.fuji.view import flip_cells
from tests.ui.fuji.helpers import start, state_of, tap, tap_widget, widget


def _planning(journal: Journal) -> Session:
    session = start(journal)
    session.submit({"type": "advance"})
    return session


def _open(app: App, session: Session) -> BoardView:
    app.open_game(session)
    app.draw()
    assert isinstance(app.scene, FujiPlayScene)
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    return board


def _tap_cell(app: App, position: Position) -> None:
    board = widget(app, "board")
    assert isinstance(board, BoardView)
    tap(app, board.geometry.cell_centre(*position))


def _refusal_key(session: Session, action: dict[str, object]) -> str:
    """What the rules themselves say about ``action`` (the screen must say the same)."""
    with pytest.raises(IllegalActionError) as refused:
        GAME.apply(session.state, action)
    return refused.value.key


def test_tapping_a_legal_card_sets_the_destination(app: App, journal: Journal) -> None:
    session = _planning(journal)
    _open(app, session)
    state = state_of(session)
    target = max(legal_destinations(state, 0), key=lambda p: distance(state, 0, p) or 0)
    _tap_cell(app, target)
    assert state_of(session).players[0].destination == target
    assert session.history()[-1].label.key == "fuji.label.set_destination"
    assert app.toast is None or not app.toast.error


@pytest.mark.parametrize("kind", ["crater", "far"])
def test_tapping_an_illegal_card_shows_the_reason(app: App, journal: Journal,
                                                  kind: str) -> None:
    session = _planning(journal)
    _open(app, session)
    state = state_of(session)
    if kind == "crater":
        target = next(p for p in state.board.positions()
                      if state.board.grid[p[0]][p[1]].kind is TerrainKind.CRATER)  # type: ignore[union-attr]
    else:
        target = next(p for p in state.board.positions() if distance(state, 0, p) is None
                      and state.board.grid[p[0]][p[1]].kind is TerrainKind.LANDSCAPE)  # type: ignore[union-attr]
    expected = _refusal_key(session, {"type": "set_destination", "player": 0,
                                      "cell": list(target)})
    before, steps = session.state, session.cursor
    _tap_cell(app, target)
    assert session.state == before
    assert session.cursor == steps
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == expected
    for lang in LANGUAGES:
        assert translate(app.toast.message, lang) != expected


def test_tapping_a_player_card_selects_who_the_map_moves(app: App, journal: Journal) -> None:
    session = _planning(journal)
    _open(app, session)
    tap_widget(app, "fuji:card:2")
    state = state_of(session)
    target = legal_destinations(state, 2)[0]
    _tap_cell(app, target)
    assert state_of(session).players[2].destination == target
    assert state_of(session).players[0].destination is None


def test_confirm_and_release_buttons(app: App, journal: Journal) -> None:
    session = _planning(journal)
    _open(app, session)
    state = state_of(session)
    _tap_cell(app, legal_destinations(state, 0)[0])
    tap_widget(app, "fuji:act:0")
    assert state_of(session).players[0].destination_confirmed
    tap_widget(app, "fuji:act:0")
    assert not state_of(session).players[0].destination_confirmed


def test_advance_button_refuses_with_missing_names(app: App, journal: Journal) -> None:
    session = _planning(journal)
    _open(app, session)
    tap_widget(app, "fuji:advance")
    assert state_of(session).phase is Phase.PLANNING
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == "fuji.error.destinations_missing"


def test_rerolls_done_asks_how_many_were_used(app: App) -> None:
    session = demo.to_rerolls()
    _open(app, session)
    tap_widget(app, "fuji:act:1")
    assert app.dialog is not None
    tap_widget(app, "choice:1")
    someone = state_of(session).players[1]
    assert someone.rerolls_done and someone.rerolls_used == 1


def test_resolve_button_resolves_the_player(app: App) -> None:
    session = demo.to_resolution()
    _open(app, session)
    tap_widget(app, "fuji:act:1")
    assert 1 in state_of(session).resolved
    label = session.history()[-1].label
    assert label.key in ("fuji.label.resolve_moved", "fuji.label.resolve_stayed")


def test_wound_slot_is_chosen_by_tapping(app: App) -> None:
    session = demo.to_wound()
    assert state_of(session).pending[0].kind is PendingKind.WOUND
    _open(app, session)
    tap_widget(app, "fuji:act:0")
    tap_widget(app, "choice:1")
    someone = state_of(session).players[0]
    assert someone.wounds.arm
    assert not state_of(session).pending


def test_drawn_card_is_picked_from_the_list(app: App, journal: Journal) -> None:
    session = start(journal)
    session.submit({"type": "advance"})
    token = (0, 2)
    assert state_of(session).board.cell(token).equipment_token  # type: ignore[union-attr]
    session.submit({"type": "set_destination", "player": 0, "cell": list(token)})
    demo.plan(session, {1: 1, 2: 1})
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session, 2)
    demo.resolve_all(session, frozenset({0}), only=0)
    assert state_of(session).pending[0].kind is PendingKind.DRAW
    _open(app, session)
    tap_widget(app, "fuji:act:0")
    tap_widget(app, "fuji:card:rope")
    hand = state_of(session).players[0].equipment
    assert hand == ("rope",)
    assert not state_of(session).pending


def test_eruption_marks_the_cards_to_flip() -> None:
    state = state_of(demo.to_eruption())
    flips = flip_cells(state)
    told = [i for i in state.instructions if i.message.key == "fuji.instruction.flip_cards"]
    assert told and flips == frozenset(told[-1].cells)
    assert all(state.board.cell(p).lava for p in flips)  # type: ignore[union-attr]


def test_game_over_shows_score_and_band(app: App) -> None:
    session = demo.to_game_over()
    _open(app, session)
    state = state_of(session)
    assert state.outcome is not None and state.score is not None
    texts = [getattr(w, "text", None) for w in app.scene.widgets]
    keys = [t.key for t in texts if hasattr(t, "key")]
    assert "ui_fuji.over.won" in keys
    assert state.score_band in keys
    assert any(getattr(t, "params", {}).get("score") == state.score for t in texts)


PATH_MAP = ["V R L v", "S X L v", "L L L v"]
"""Two shortest walks from the start to (2, 1): one over an eruption token, one not."""


def test_path_choice_is_asked_when_walks_differ(app: App, journal: Journal) -> None:
    session = start(journal, {**GAME.example_setup(), "scenario": "custom", "map": PATH_MAP})
    demo.advance(session)
    for seat, cell in ((0, [2, 1]), (1, [1, 0]), (2, [2, 0])):
        session.submit({"type": "set_destination", "player": seat, "cell": cell})
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session, 2)
    session.submit({"type": "set_movement_values",
                    "values": demo.quick_totals(state_of(session), frozenset({0}))})
    _open(app, session)
    tap_widget(app, "fuji:act:0")
    assert app.dialog is not None
    assert app.dialog.overflowing() == []
    tap_widget(app, "choice:1")
    result = state_of(session).results[-1]
    assert result.seat == 0 and result.path[-1] == (2, 1)
    assert session.actions()[-1]["path"] == [list(step) for step in result.path]


def _before_owed(kind: str) -> tuple[Session, dict[str, Any]]:
    """Scenario 3's record played up to the resolve that leaves a ``kind`` question
    (``choose_wound`` or ``draw_equipment``), and that resolve."""
    import json
    from pathlib import Path

    record = json.loads((Path(__file__).resolve().parents[3] / "examples" / "fuji"
                         / "scenario-3.json").read_text(encoding="utf-8"))
    actions = record["actions"]
    index = next(i for i, action in enumerate(actions) if action["type"] == kind)
    session = Session.start(Journal(":memory:"), "fuji", record["setup"])
    for action in actions[:index - 1]:
        session.submit(action)
    return session, actions[index - 1]


@pytest.mark.parametrize("kind", ["choose_wound", "draw_equipment"])
def test_a_resolve_that_owes_a_choice_asks_it_at_once(app: App, kind: str) -> None:
    """The wound (or the drawn card) is the table's next input after such a resolve, so
    the question opens with the resolve instead of waiting for a second tap."""
    session, resolve = _before_owed(kind)
    assert resolve["type"] == "resolve"
    app.open_game(session)
    app.draw()
    tap_widget(app, f"fuji:act:{resolve['player']}")
    assert session.actions()[-1] == resolve
    assert app.dialog is not None
    owed = state_of(session).pending
    assert owed and owed[0].kind is (PendingKind.WOUND if kind == "choose_wound"
                                     else PendingKind.DRAW)
