"""Set-up asks each starting hand with the size its skill card keeps, and the start cards."""

from __future__ import annotations

import pygame

from companion.games.fuji.state import EQUIPMENT_CARDS, StartKind
from companion.ui.app import App
from companion.ui.fuji import setup_draft as draft
from companion.ui.fuji.setup import HandDialog
from tests.ui.fuji.helpers import open_setup_page, start_game, state_of, tap, tap_widget, widget
from tests.ui.taps import tap_widgets


def test_each_hand_asks_as_many_cards_as_the_skill_keeps(app: App) -> None:
    scene = open_setup_page(app, "players")
    skills = [entry["skill"] for entry in draft.players(scene.setup)]
    assert skills[0] == "equipment_manager"
    tap_widget(app, "setup:hand:0")
    assert isinstance(app.dialog, HandDialog)
    tap_widget(app, "hand:rope")
    assert isinstance(app.dialog, HandDialog)  # one more to keep
    tap_widget(app, "hand:torch")
    assert isinstance(app.dialog, HandDialog)  # open until Done
    tap_widget(app, "hand:done")
    assert app.dialog is None
    assert draft.hand(scene.setup, 0) == ("rope", "torch")
    tap_widgets(app, "setup:hand:1", "hand:map", "hand:radio", "hand:done")  # Scout keeps 2
    tap_widgets(app, "setup:hand:2", "hand:compass", "hand:done")  # the Buddy keeps 1
    assert app.dialog is None
    start_game(app)
    assert app.session is not None
    hands = [someone.equipment for someone in state_of(app.session).players]
    assert hands == [("rope", "torch"), ("map", "radio"), ("compass",)]


def test_a_full_hand_gives_a_card_back(app: App) -> None:
    scene = open_setup_page(app, "players")
    tap_widget(app, "setup:hand:2")
    tap_widget(app, "hand:compass")
    tap_widget(app, "hand:compass")
    assert draft.hand(scene.setup, 2) == ()
    assert isinstance(app.dialog, HandDialog)


def _card_places(app: App) -> dict[str, pygame.Rect]:
    """Where each equipment card's button is drawn now."""
    return {card: pygame.Rect(widget(app, f"hand:{card}").rect) for card in EQUIPMENT_CARDS}


def test_two_taps_on_two_places_keep_exactly_those_two_cards(app: App) -> None:
    """The places seen before the first tap are the ones the second tap aims at, and no
    card moves while the hand is dealt."""
    scene = open_setup_page(app, "players")
    tap_widget(app, "setup:hand:0")  # the Equipment Manager keeps 2
    places = _card_places(app)
    tap(app, places["flare_gun"].center)
    assert _card_places(app) == places
    tap(app, places["water_bottle"].center)
    assert _card_places(app) == places
    assert draft.hand(scene.setup, 0) == ("flare_gun", "water_bottle")


def test_a_card_in_another_hand_stays_in_place_and_is_not_taken(app: App) -> None:
    scene = open_setup_page(app, "players")
    tap_widgets(app, "setup:hand:2", "hand:compass", "hand:done", "setup:hand:1")
    places = _card_places(app)
    tap(app, places["compass"].center)
    assert draft.hand(scene.setup, 1) == ()
    assert draft.hand(scene.setup, 2) == ("compass",)


def test_a_tap_after_the_hand_fills_does_not_reach_the_set_up_screen(app: App) -> None:
    """The hand filling up leaves the dialog open, so a quick tap where *+ Player* is
    drawn behind it adds no player."""
    scene = open_setup_page(app, "players")
    add = pygame.Rect(widget(app, "setup:add").rect)
    tap_widgets(app, "setup:hand:2", "hand:compass")  # the Buddy keeps 1: hand full
    tap(app, add.center)
    assert len(draft.players(scene.setup)) == 3
    assert draft.hand(scene.setup, 2) == ("compass",)
    assert isinstance(app.dialog, HandDialog)


def test_four_players_choose_the_start_cards(app: App) -> None:
    scene = open_setup_page(app, "players")
    tap_widget(app, "setup:add")
    tap_widget(app, "setup:start:0")
    assert draft.starts(scene.setup) == ["grey", "white", "white", "grey"]
    start_game(app)
    assert app.session is not None
    state = state_of(app.session)
    kinds = [state.board.cell(someone.position).start for someone in state.players]  # type: ignore[union-attr]
    assert kinds == [StartKind.GREY, StartKind.WHITE, StartKind.WHITE, StartKind.GREY]
