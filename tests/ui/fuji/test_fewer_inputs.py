"""Inputs the table no longer makes: the eruption starts with the tap that ends phase 5,
a card is one tap away whoever holds it, the Buddy's die closes its dialog."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.core.journal import Journal
from companion.core.record import GameRecord, load_record
from companion.core.session import Session
from companion.games.fuji.state import Pending, PendingKind, Phase, Wounds
from companion.ui.app import App
from companion.ui.dialogs import ChoiceDialog
from companion.ui.fuji import demo
from companion.ui.fuji.dialogs import NameCardDialog, drawn
from companion.ui.fuji.equipment import EquipmentScene
from companion.ui.fuji.play import ask_wound, wound_dialog
from companion.ui.intents import Notify, ShowDialog, Submit
from companion.ui.widgets import ListView
from tests.games.fuji.helpers import with_seat
from tests.ui.fuji.helpers import start, state_of, tap, tap_widget, widget

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fuji"


def _played_up_to(journal: Journal, name: str, kind: str) -> tuple[GameRecord, Session, int]:
    """The example record ``name``, a session playing it up to its first ``kind`` step,
    and that step's index."""
    record = load_record(EXAMPLES / name)
    index = next(at for at, action in enumerate(record.actions) if action["type"] == kind)
    session = start(journal, dict(record.setup))
    for action in record.actions[:index]:
        session.submit(action)
    return record, session, index


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


def test_a_second_card_question_is_asked_at_once(app: App, journal: Journal) -> None:
    """When two markers need their card's reroll symbol, answering the first question
    opens the second: it would be the table's next tap anyway."""
    record, session, first = _played_up_to(journal, "scenario-3-table-deals.json", "name_card")
    app.open_game(session)
    app.draw()
    asked = [action for action in record.actions[first:first + 2]]
    assert [action["type"] for action in asked] == ["name_card", "name_card"]
    owner = next(p.seat for p in state_of(session).players
                 if p.destination == tuple(asked[0]["cell"]))
    tap_widget(app, f"fuji:act:{owner}")
    assert isinstance(app.dialog, NameCardDialog)
    tap_widget(app, f"namecard:reroll:{str(asked[0]['reroll']).lower()}")
    assert isinstance(app.dialog, NameCardDialog)
    assert app.dialog.position == tuple(asked[1]["cell"])
    tap_widget(app, f"namecard:reroll:{str(asked[1]['reroll']).lower()}")
    assert session.actions()[first:] == asked


def test_the_buddys_die_set_aside_closes_the_dialog(app: App, journal: Journal) -> None:
    """The Buddy sets aside one die a round: once it is chosen nothing is left to do in
    the dialog, so it closes with that tap."""
    record, session, aside = _played_up_to(journal, "scenario-3-totals.json", "set_die_aside")
    step = record.actions[aside]
    app.open_game(session)
    app.draw()
    tap_widget(app, f"fuji:card:{step['player']}")
    tap_widget(app, "fuji:equipment")
    tap_widget(app, "eq:skill")
    colour, value = step["die"]
    tap_widget(app, f"eq:die:{colour}{value}")
    assert session.actions()[-1] == step
    assert app.dialog is None


def test_the_last_wound_placed_starts_the_eruption() -> None:
    """A wound placed from the player's button when nothing else is owed in phase 5 also
    starts the eruption; the order of the resolutions left stays the table's."""
    session = demo.to_equipment()
    demo.advance(session)
    _everyone_done_but(session, 3)  # nobody left: everyone resolves
    owed = replace(state_of(session), pending=(Pending(PendingKind.WOUND, 1),))
    intent = wound_dialog(owed.players[1], owed, around=False)
    assert isinstance(intent, ShowDialog) and isinstance(intent.dialog, ChoiceDialog)
    first = intent.dialog.options[0].intents
    assert [i.action["type"] for i in first if isinstance(i, Submit)] == [
        "choose_wound", "advance"]


def test_a_wound_with_one_free_slot_is_not_asked() -> None:
    """PL/FR/ES: the wound goes on a slot "not yet covered"; with one slot left there is
    no choice, so the app places it at once and says where."""
    session = demo.to_equipment()
    demo.advance(session)
    _everyone_done_but(session, 3)
    state = state_of(session)
    state = with_seat(state, 1, wounds=Wounds(leg=True, arm=True, eye=True))
    owed = replace(state, pending=(Pending(PendingKind.WOUND, 1),))
    intents = ask_wound(owed.players[1], owed, around=False)
    assert not any(isinstance(i, ShowDialog) for i in intents)
    assert next(i.action for i in intents if isinstance(i, Submit)) == {
        "type": "choose_wound", "player": 1, "slot": "amnesia"}
    assert any(isinstance(i, Notify) for i in intents)
