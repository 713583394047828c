"""Dealing starting hands on the equipment screen: every card keeps its place while a
hand is dealt, and the screen stays open until the table taps Done."""

from __future__ import annotations

import pygame

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji.queries import starting_draw
from companion.games.fuji.state import EQUIPMENT_CARDS
from companion.ui.app import App
from companion.ui.fuji.equipment import EquipmentScene
from companion.ui.fuji.play import FujiPlayScene
from tests.ui.fuji.helpers import start, state_of, tap, tap_widget, widget


def _dealing(app: App, journal: Journal,
             seat: int) -> tuple[Session, dict[str, pygame.Rect]]:
    """A new game with the equipment screen open on ``seat``'s tab, asking which card was
    dealt; the game and where each card's button is drawn."""
    session = start(journal)
    app.open_game(session)
    app.draw()
    tap_widget(app, "fuji:equipment")
    tap_widget(app, f"eq:tab:{seat}")
    tap_widget(app, "eq:deal")
    assert isinstance(app.dialog, EquipmentScene)
    return session, _card_places(app)


def _card_places(app: App) -> dict[str, pygame.Rect]:
    """Where each equipment card's button is drawn now."""
    return {card: pygame.Rect(widget(app, f"eq:deal:{card}").rect) for card in EQUIPMENT_CARDS}


def test_two_taps_on_two_places_deal_exactly_those_two_cards(
        app: App, journal: Journal) -> None:
    """The places seen before the first tap are the ones the second tap aims at."""
    session, places = _dealing(app, journal, 0)
    tap(app, places["flare_gun"].center)
    tap(app, places["water_bottle"].center)
    dealt = [action["card"] for action in session.actions()
             if action.get("type") == "add_equipment"]
    assert dealt == ["flare_gun", "water_bottle"]
    assert state_of(session).players[0].equipment == ("flare_gun", "water_bottle")


def test_a_deal_moves_no_card_and_keeps_the_dealt_one_in_place(
        app: App, journal: Journal) -> None:
    _, before = _dealing(app, journal, 1)
    tap(app, before["rope"].center)
    assert _card_places(app) == before
    tap_widget(app, "eq:tab:2")  # another player's hand is dealt on the same grid
    assert _card_places(app) == before


def test_a_card_in_another_hand_tapped_again_deals_nothing(
        app: App, journal: Journal) -> None:
    session, places = _dealing(app, journal, 0)
    tap(app, places["torch"].center)
    tap_widget(app, "eq:tab:1")
    count = len(session.actions())
    tap(app, places["torch"].center)
    assert len(session.actions()) == count
    assert state_of(session).players[1].equipment == ()
    assert "torch" in state_of(session).players[0].equipment


def test_the_full_hands_leave_the_screen_open_until_done(app: App, journal: Journal) -> None:
    """Set-up: each player keeps the equipment cards their skill gives.  The last starting
    card dealt does not close the screen, so a quick next tap lands on it (a dealt card:
    nothing happens) rather than on the play screen behind; Done closes it."""
    session, places = _dealing(app, journal, 0)
    players = state_of(session).players
    cards = iter(EQUIPMENT_CARDS)
    for someone in players:
        tap_widget(app, f"eq:tab:{someone.seat}")
        for _ in range(starting_draw(someone.skill.value)[1]):
            card = next(cards)
            tap(app, places[card].center)
    count = len(session.actions())
    tap(app, places[card].center)
    assert isinstance(app.dialog, EquipmentScene)
    assert len(session.actions()) == count
    tap_widget(app, "eq:done")
    assert app.dialog is None
    assert isinstance(app.scene, FujiPlayScene)
