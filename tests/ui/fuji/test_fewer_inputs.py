"""Inputs the table no longer makes: the eruption starts with the tap that ends phase 5,
a card is one tap away whoever holds it, the Buddy's die closes its dialog."""

from __future__ import annotations

from dataclasses import replace

from companion.core.session import Session
from companion.games.fuji.state import Pending, PendingKind, Phase
from companion.ui.app import App
from companion.ui.fuji import demo
from companion.ui.fuji.dialogs import drawn
from companion.ui.fuji.equipment import EquipmentScene
from companion.ui.intents import Submit
from companion.ui.widgets import ListView
from tests.ui.fuji.helpers import state_of, tap, tap_widget, widget


def _everyone_done_but(session: Session, last: int) -> None:
    """Phase 5 with every total typed and every player but ``last`` resolved."""
    state = state_of(session)
    session.submit({"type": "set_movement_values",
                    "values": demo.quick_totals(state, frozenset({0, 1, 2}))})
    for someone in state.players:
        if someone.seat != last:
            session.submit({"type": "resolve", "player": someone.seat})


def test_the_last_resolution_starts_the_eruption(app: App) -> None:
    """Phase 6 follows once everyone has resolved: the same tap starts it, and the notes
    still say what the last resolution asks of the table beside the cards to flip."""
    session = demo.to_equipment()
    demo.advance(session)
    _everyone_done_but(session, 2)
    app.open_game(session)
    app.draw()
    before = len(session.actions())
    tap_widget(app, "fuji:act:2")
    state = state_of(session)
    assert [step["type"] for step in session.actions()[before:]] == ["resolve", "advance"]
    assert state.phase is Phase.ERUPTION
    keys = [told.message.key for told in state.instructions]
    assert "fuji.instruction.flip_cards" in keys or "fuji.instruction.nothing_flips" in keys
    assert any(key.startswith("fuji.instruction.") and "flip" not in key
               and "nothing" not in key for key in keys)


def test_a_card_drawn_last_in_phase_5_starts_the_eruption() -> None:
    """A draw owed by the last resolution is the last step of phase 5: picking the card
    also starts the eruption; while a resolution is still owed it does not."""
    session = demo.to_equipment()
    demo.advance(session)
    _everyone_done_but(session, 2)
    waiting = replace(state_of(session), pending=(Pending(PendingKind.DRAW, 1),))
    assert [type(i).__name__ for i in drawn(waiting, 1, None)] == ["CloseDialog", "Submit"]
    session.submit({"type": "resolve", "player": 2})
    last = replace(state_of(session), pending=(Pending(PendingKind.DRAW, 2),))
    intents = drawn(last, 2, None)
    assert [i.action for i in intents if isinstance(i, Submit)] == [
        {"type": "draw_equipment", "player": 2, "card": None}, {"type": "advance"}]


def test_every_usable_card_is_one_tap_away(app: App) -> None:
    """With no player chosen, *Equipment* lists every card usable now with its holder:
    one tap on *Use* plays the flare gun of the third player."""
    session = demo.to_equipment()
    app.open_game(session)
    app.draw()
    tap_widget(app, "fuji:equipment")
    scene = app.dialog
    assert isinstance(scene, EquipmentScene)
    usable = scene.usable(state_of(session))
    assert (2, "flare_gun") in usable
    row = usable.index((2, "flare_gun"))
    hand = widget(app, "eq:hand")
    assert isinstance(hand, ListView)
    before = len(session.actions())
    tap(app, hand._button_rects(hand.row_rect(row), 1, hand._gap)[0].center)
    assert session.actions()[before:] == [
        {"type": "use_equipment", "player": 2, "card": "flare_gun"}]
    assert app.dialog is None


def test_a_chosen_player_still_gets_their_own_hand(app: App) -> None:
    """Once a player is chosen (their card tapped), *Equipment* opens on their hand."""
    session = demo.to_equipment()
    app.open_game(session)
    app.draw()
    tap_widget(app, "fuji:card:0")
    tap_widget(app, "fuji:equipment")
    scene = app.dialog
    assert isinstance(scene, EquipmentScene)
    assert scene.usable(state_of(session)) == []
    assert scene.current(state_of(session)) == 0
