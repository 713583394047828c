"""Using equipment from the screen: the card leaves the hand and its effect is recorded."""

from __future__ import annotations

from companion.core.journal import Journal
from companion.core.messages import msg
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.state import Phase, Wounds
from companion.ui.app import App
from companion.ui.fuji import demo
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.equipment import EquipmentScene, rope_cells
from companion.ui.widgets import ListView
from tests.games.fuji.helpers import with_seat
from tests.ui.fuji.helpers import start, state_of, tap, tap_widget, widget


def _open_equipment(app: App, session: Session, seat: int) -> EquipmentScene:
    app.open_game(session)
    app.draw()
    tap_widget(app, "fuji:equipment")
    assert isinstance(app.dialog, EquipmentScene)
    tap_widget(app, f"eq:tab:{seat}")
    return app.dialog


def _use_row(app: App, row: int) -> None:
    hand = widget(app, "eq:hand")
    assert isinstance(hand, ListView)
    button = hand._button_rects(hand.row_rect(row), 1, hand._gap)[0]
    tap(app, button.center)


def test_flare_gun_is_used_at_once(app: App) -> None:
    session = demo.to_equipment()
    assert state_of(session).phase is Phase.EQUIPMENT
    _open_equipment(app, session, 2)
    _use_row(app, 0)
    someone = state_of(session).players[2]
    assert "flare_gun" not in someone.equipment
    assert someone.modifiers.flare_bonus > 0
    assert session.actions()[-1] == {"type": "use_equipment", "player": 2, "card": "flare_gun"}


def test_rope_asks_for_a_card_on_the_map(app: App, journal: Journal) -> None:
    session = start(journal)
    session.submit({"type": "add_equipment", "player": 0, "card": "rope"})
    session.submit({"type": "advance"})
    _open_equipment(app, session, 0)
    _use_row(app, 0)
    board = widget(app, "eq:board")
    assert isinstance(board, BoardView)
    targets = rope_cells(state_of(session), 0)
    assert board.picture.legal == targets
    target = sorted(targets)[0]
    tap(app, board.geometry.cell_centre(*target))
    assert state_of(session).players[0].position == target
    assert session.actions()[-1]["cell"] == list(target)


def test_a_card_of_another_phase_offers_no_use(app: App, journal: Journal) -> None:
    """A phase-4 card during the planning: its row says when it is played and has no
    *Use* to refuse (a card that can be played has one)."""
    session = start(journal)
    session.submit({"type": "add_equipment", "player": 0, "card": "flare_gun"})
    session.submit({"type": "add_equipment", "player": 0, "card": "radio"})
    session.submit({"type": "advance"})
    _open_equipment(app, session, 0)
    hand = widget(app, "eq:hand")
    assert isinstance(hand, ListView)
    assert [len(item.buttons) for item in hand.items] == [0, 1]
    assert hand.items[0].detail == msg("ui_fuji.equipment.detail",
                                       phase="@ui_fuji.equipment.phase_4")


def test_a_broken_arm_says_why_in_the_hand(journal: Journal) -> None:
    """"arm (no more equipment use)" (rules digest, wounds): the card has a reason not to
    be played, which the hand shows instead of a *Use* the rules would refuse."""
    session = start(journal)
    session.submit({"type": "add_equipment", "player": 0, "card": "radio"})
    session.submit({"type": "advance"})
    hurt = with_seat(state_of(session), 0, wounds=Wounds(arm=True))
    assert GAME.card_refusal(hurt, 0, "radio") is not None
    assert GAME.card_refusal(state_of(session), 0, "radio") is None


def _water_bottle_in_use(app: App) -> Session:
    """Player 1 holds the water bottle and has tapped Use on it; the session shown."""
    session = demo.to_equipment()
    session.undo()
    session.submit({"type": "add_equipment", "player": 1, "card": "water_bottle"})
    session.submit({"type": "advance"})
    _open_equipment(app, session, 1)
    _use_row(app, 0)
    return session


def test_water_bottle_gives_a_reroll_to_a_teammate(app: App, journal: Journal) -> None:
    session = _water_bottle_in_use(app)
    tap_widget(app, "eq:water:2")
    assert session.actions()[-1] == {"type": "use_equipment", "player": 1,
                                     "card": "water_bottle", "to": 0}


def test_dealt_card_is_recorded(app: App, journal: Journal) -> None:
    session = start(journal)
    _open_equipment(app, session, 1)
    tap_widget(app, "eq:deal")
    tap_widget(app, "eq:deal:torch")
    assert state_of(session).players[1].equipment == ("torch",)
    assert session.actions()[-1] == {"type": "add_equipment", "player": 1, "card": "torch"}


def test_equipment_manager_gives_a_card(app: App, journal: Journal) -> None:
    setup = {**start(Journal(":memory:")).setup}
    setup["players"] = [{"name": "Ida", "colour": "blue", "skill": "equipment_manager",
                         "equipment": ["compass", "rope"]},
                        {"name": "Olek", "colour": "green", "skill": "scout",
                         "equipment": ["map", "torch"]},
                        {"name": "Noé", "colour": "black", "skill": "buddy",
                         "equipment": ["radio"]}]
    session = start(journal, setup)
    _open_equipment(app, session, 0)
    hand = widget(app, "eq:hand")
    assert isinstance(hand, ListView)
    give = hand._button_rects(hand.row_rect(0), 2, hand._gap)[1]
    tap(app, give.center)
    tap_widget(app, "eq:seat:2")
    assert state_of(session).players[2].equipment == ("radio", "compass")
    assert session.actions()[-1] == {"type": "give_equipment", "player": 0, "to": 2,
                                     "card": "compass"}


def test_gatherer_spends_energy_on_a_teammate(app: App) -> None:
    session = demo.to_movement()
    gatherer = next(p for p in state_of(session).players if p.skill.value == "gatherer")
    assert gatherer.energy >= 1
    _open_equipment(app, session, gatherer.seat)
    tap_widget(app, "eq:skill")
    tap_widget(app, "eq:seat:0")
    tap_widget(app, "eq:bars:1")
    assert state_of(session).players[0].modifiers.energy_bonus == 1
    assert state_of(session).players[gatherer.seat].energy == gatherer.energy - 1


def test_water_bottle_for_two_rerolls_is_stored_as_the_rules_default(app: App) -> None:
    """The two rerolls of the water bottle are what the rules read from a use without a
    count, the shape the example records keep, so the screen stores that shape."""
    session = _water_bottle_in_use(app)
    tap_widget(app, "eq:water:0")
    assert session.actions()[-1] == {"type": "use_equipment", "player": 1,
                                     "card": "water_bottle"}
