"""Set-up asks each starting hand with the size its skill card keeps, and the start cards."""

from __future__ import annotations

from companion.games.fuji.state import StartKind
from companion.ui.app import App
from companion.ui.fuji import setup_draft as draft
from companion.ui.fuji.setup import HandDialog
from tests.ui.fuji.helpers import open_setup_page, state_of, tap_widget


def test_each_hand_asks_as_many_cards_as_the_skill_keeps(app: App) -> None:
    scene = open_setup_page(app, "players")
    skills = [entry["skill"] for entry in draft.players(scene.setup)]
    assert skills[0] == "equipment_manager"
    tap_widget(app, "setup:hand:0")
    assert isinstance(app.dialog, HandDialog)
    tap_widget(app, "hand:rope")
    assert isinstance(app.dialog, HandDialog)  # one more to keep
    tap_widget(app, "hand:torch")
    assert app.dialog is None
    assert draft.hand(scene.setup, 0) == ("rope", "torch")
    tap_widget(app, "setup:hand:1")  # the Scout keeps 2
    tap_widget(app, "hand:map")
    tap_widget(app, "hand:radio")
    tap_widget(app, "setup:hand:2")  # the Buddy keeps 1
    tap_widget(app, "hand:compass")
    assert app.dialog is None
    tap_widget(app, "setup:start")
    assert app.session is not None
    hands = [someone.equipment for someone in state_of(app.session).players]
    assert hands == [("rope", "torch"), ("map", "radio"), ("compass",)]


def test_a_full_hand_gives_a_card_back(app: App) -> None:
    scene = open_setup_page(app, "players")
    tap_widget(app, "setup:hand:2")
    tap_widget(app, "hand:compass")
    tap_widget(app, "setup:hand:2")
    tap_widget(app, "hand:compass")
    assert draft.hand(scene.setup, 2) == ()


def test_four_players_choose_the_start_cards(app: App) -> None:
    scene = open_setup_page(app, "players")
    tap_widget(app, "setup:add")
    tap_widget(app, "setup:start:0")
    assert draft.starts(scene.setup) == ["grey", "white", "white", "grey"]
    tap_widget(app, "setup:start")
    assert app.session is not None
    state = state_of(app.session)
    kinds = [state.board.cell(someone.position).start for someone in state.players]  # type: ignore[union-attr]
    assert kinds == [StartKind.GREY, StartKind.WHITE, StartKind.WHITE, StartKind.GREY]
