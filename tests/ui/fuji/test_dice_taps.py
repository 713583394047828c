"""Dice entry: one tap per die records one ``enter_die`` action; totals mode types."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.games.fuji.queries import quick_value
from companion.games.fuji.state import Die, DieColour
from companion.ui.app import App
from companion.ui.dialogs import ChoiceDialog
from companion.ui.fuji import demo
from companion.ui.fuji import dice as dice_mod
from companion.ui.fuji.dice import DiceScene
from companion.ui.fuji.dice_entry import (
    DIE_COLOURS,
    DIE_VALUES,
    ENTRY_MODE_KEY,
    DiceDraft,
    draft_from_dice,
)
from companion.ui.widgets import Button
from tests.ui.fuji.helpers import start, state_of, tap_widget
from tests.ui.taps import tap_widgets, widget


def _movement() -> Session:
    session = demo.to_equipment()
    demo.advance(session)
    return session


def _open_dice(app: App, session: Session, seat: int) -> DiceScene:
    """Open the dice screen from ``seat``'s card (typed totals, the default)."""
    app.open_game(session)
    app.draw()
    tap_widget(app, f"fuji:act:{seat}")
    assert isinstance(app.dialog, DiceScene)
    return app.dialog


def _open_die_by_die(app: App, session: Session, seat: int) -> DiceScene:
    """Open the dice screen and switch it to one tap per die with its own button."""
    scene = _open_dice(app, session, seat)
    if scene.quick:
        tap_widget(app, "dice:mode")
    assert not scene.quick
    return scene


def test_one_tap_per_die_records_the_dice(app: App) -> None:
    session = _movement()
    _open_die_by_die(app, session, 0)
    tapped = [("yellow", 6), ("blue", 4), ("pink", 3), ("pink", 5), ("yellow", 2)]
    assert len(tapped) == state_of(session).players[0].dice_count
    for colour, value in tapped:
        tap_widget(app, f"die:{colour}:{value}")
    recorded = state_of(session).players[0].dice
    assert recorded == tuple(Die(DieColour(c), v) for c, v in tapped)
    assert session.actions()[-len(tapped):] == [
        {"type": "enter_die", "player": 0, "die": [c, v]} for c, v in tapped]


def test_full_entry_moves_on_to_the_next_player(app: App) -> None:
    session = _movement()
    scene = _open_die_by_die(app, session, 0)
    tap_widgets(app, *["die:blue:2"] * 5)
    assert scene.current(state_of(session)) == 1
    tap_widgets(app, *["die:pink:1"] * 6)
    assert state_of(session).players[1].dice == (Die(DieColour.PINK, 1),) * 6


def test_tapping_an_entered_die_takes_it_out(app: App) -> None:
    session = _movement()
    scene = _open_die_by_die(app, session, 0)
    tap_widget(app, "die:yellow:1")
    tap_widget(app, "die:blue:2")
    tap_widget(app, "draft:0")
    assert scene.draft(state_of(session), 0).dice == (("blue", 2),)
    tap_widget(app, "dice:clear")
    assert scene.draft(state_of(session), 0).dice == ()
    assert state_of(session).players[0].dice is None


def test_undo_takes_back_the_last_die_not_the_whole_set(app: App) -> None:
    session = _movement()
    _open_die_by_die(app, session, 0)
    for _ in range(5):
        tap_widget(app, "die:blue:2")
    tap_widget(app, "die:pink:3")
    tap_widget(app, "die:pink:4")
    tap_widget(app, "dice:undo")
    players = state_of(session).players
    assert players[0].dice is not None  # the previous player's set is intact
    assert [die.value for die in players[1].dice_partial] == [3]


def test_a_half_entered_set_survives_a_restart(app: App) -> None:
    journal = Journal(":memory:")
    session = _movement()
    live = Session.start(journal, "fuji", session.setup)
    for action in session.actions():
        live.submit(action)
    _open_die_by_die(app, live, 0)
    tap_widget(app, "die:yellow:5")
    tap_widget(app, "die:blue:1")
    resumed = Session.resume(journal, live.game_id)
    assert [die.value for die in resumed.state.players[0].dice_partial] == [5, 1]


def test_done_on_a_short_set_asks_and_keeps_the_dice(app: App) -> None:
    session = _movement()
    scene = _open_die_by_die(app, session, 0)
    tap_widget(app, "die:yellow:5")
    tap_widget(app, "dice:done")
    assert isinstance(app.dialog, ChoiceDialog)  # asked, not thrown away
    tap_widget(app, "choice:0")
    assert app.dialog is scene  # back to the entry
    tap_widget(app, "dice:done")
    tap_widget(app, "choice:1")
    assert app.dialog is None
    assert len(state_of(session).players[0].dice_partial) == 1


def test_a_full_set_moves_on_in_seat_order(app: App) -> None:
    session = _movement()
    scene = _open_die_by_die(app, session, 1)
    tap_widgets(app, *["die:pink:1"] * 6)
    assert scene.current(state_of(session)) == 2


def test_totals_mode_records_a_total_with_one_tap(app: App) -> None:
    session = _movement()
    _open_dice(app, session, 0)
    tap_widget(app, "total:1")
    tap_widget(app, "num:17")
    assert quick_value(state_of(session), 0, 1) == 17
    assert session.actions()[-1] == {"type": "set_movement_values", "values": {"0": {"1": 17}}}
    shown = widget(app, "total:1")
    assert isinstance(shown, Button) and isinstance(shown.text, Msg)
    assert shown.text.params["total"] == "17"  # what was typed stays in view


def test_totals_mode_offers_only_totals_the_dice_can_show(app: App) -> None:
    """A die shows 1 to 6, so n dice total at most 6·n: no larger number is offered."""
    session = _movement()
    scene = _open_dice(app, session, 0)
    count = state_of(session).players[0].dice_count
    keys = {w.key for w in scene.widgets}
    assert f"num:{6 * count}" in keys and f"num:{6 * count + 1}" not in keys
    assert "num:0" in keys


def test_totals_mode_walks_every_total_then_closes(app: App) -> None:
    """One tap per needed total: every own total first, then the neighbours' totals
    still owed; the screen closes once the comparisons need nothing more."""
    session = _movement()
    scene = _open_dice(app, session, 0)
    state = state_of(session)
    before = len(session.actions())
    for seat in range(len(state.players)):
        assert scene.current(state_of(session)) == seat
        assert scene.typing_seat(state_of(session), seat) == seat
        tap_widget(app, "num:9")
    while app.dialog is scene:
        tap_widget(app, "num:9")
    typed = session.actions()[before:]
    assert [step["values"] for step in typed[:3]] == [{"0": {"0": 9}}, {"1": {"1": 9}},
                                                      {"2": {"2": 9}}]
    assert len(typed) == 6, "each card is settled by the first neighbour who ties"
    after = state_of(session)
    assert all(not dice_mod._missing_totals(after, seat) for seat in range(len(after.players)))


def test_a_total_that_cannot_matter_is_not_asked(app: App) -> None:
    """PL: "Jeśli twoja wartość ruchu jest taka sama lub niższa od choćby jednego sąsiada,
    twoja postać męczy się całkowicie" — once a neighbour ties, the card's last total is
    shown as not needed and the entry goes on to the next card."""
    session = _movement()
    scene = _open_dice(app, session, 0)
    for total in (0, 10, 10):  # own totals: seat 0 shows 0, so its card needs nothing more
        tap_widget(app, f"num:{total}")
    state = state_of(session)
    assert scene.current(state) == 0 and scene.typing_seat(state, 0) == 1
    shown = widget(app, "total:2")
    assert isinstance(shown, Button) and isinstance(shown.text, Msg)
    assert shown.text.key == "ui_fuji.dice.total_under"  # seat 2's card still needs it
    tap_widget(app, "num:3")  # seat 1 still beats seat 0 on its card: seat 2 is asked
    assert (scene.current(state_of(session)), scene.typing_seat(state_of(session), 2)) == (2, 1)
    tap_widget(app, "num:10")  # a tie settles seat 1's card
    state = state_of(session)
    assert scene.current(state) == 0 and scene.typing_seat(state, 0) == 2
    tap_widget(app, "dice:tab:1")
    skipped = widget(app, "total:0")
    assert isinstance(skipped, Button) and isinstance(skipped.text, Msg)
    assert skipped.text.key == "ui_fuji.dice.total_not_needed"


def test_a_fresh_game_opens_the_dice_screen_on_typed_totals(app: App) -> None:
    """The rules compare only totals, so with nothing kept and nothing entered yet the
    dice screen asks for totals, even when every card's condition is known."""
    session = _movement()
    assert app.journal.get_setting(ENTRY_MODE_KEY) is None
    scene = _open_dice(app, session, 0)
    assert scene.quick
    keys = {w.key for w in scene.widgets}
    assert "num:0" in keys and "die:yellow:1" not in keys
    tap_widget(app, "num:12")
    assert session.actions()[-1] == {"type": "set_movement_values",
                                     "values": {"0": {"0": 12}}}


def test_the_dice_screen_opens_the_way_the_table_entered_last(app: App) -> None:
    session = _movement()
    _open_die_by_die(app, session, 0)
    tap_widget(app, "die:yellow:5")
    tap_widget(app, "dice:done")
    tap_widget(app, "choice:1")  # leave with the set half entered
    again = _open_dice(app, session, 1)
    assert not again.quick  # read from the journal: the last entry was a die


def test_done_closes_the_dice_screen(app: App) -> None:
    session = _movement()
    _open_dice(app, session, 0)
    tap_widget(app, "dice:done")
    assert app.dialog is None


dice_lists = st.lists(st.tuples(st.sampled_from(DIE_COLOURS), st.sampled_from(DIE_VALUES)),
                      max_size=10)


@given(st.integers(min_value=1, max_value=7), dice_lists,
       st.lists(st.integers(min_value=-2, max_value=9), max_size=5))
def test_draft_never_overfills_and_round_trips(capacity: int, taps: list[tuple[str, int]],
                                               removals: list[int]) -> None:
    draft = DiceDraft(player=1, capacity=capacity)
    for colour, value in taps:
        draft = draft.add(colour, value)
    expected = list(taps[:capacity])
    assert draft.dice == tuple(expected)
    for index in removals:
        draft = draft.remove(index)
        if 0 <= index < len(expected):
            del expected[index]
        assert draft.dice == tuple(expected)
    assert len(draft.dice) <= capacity
    action = draft.action()
    assert json.loads(json.dumps(action)) == action
    assert draft_from_dice(1, capacity, action["dice"]).dice == draft.dice


def test_draft_refuses_unknown_faces() -> None:
    draft = DiceDraft(player=0, capacity=3)
    assert draft.add("green", 3) == draft
    assert draft.add("blue", 7) == draft
    assert draft.add("blue", 3).total() == 3


def test_open_dice_set_of_variant_a(app: App) -> None:
    setup = {"scenario": 4, "variant": "two_player_a", "players": [
        {"name": "Ola", "colour": "blue", "skill": "buddy"},
        {"name": "Leo", "colour": "green", "skill": "scout"}]}
    session = start(Journal(":memory:"), setup)
    demo.advance(session)
    demo.plan(session, {0: 1, 1: 2})
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session, 2)
    _open_die_by_die(app, session, 0)
    tap_widget(app, "dice:tab:-1")
    for value in range(1, 7):
        tap_widget(app, f"die:pink:{value}")
    open_dice = state_of(session).open_dice
    assert open_dice is not None and open_dice.dice is not None
    assert [die.value for die in open_dice.dice] == [1, 2, 3, 4, 5, 6]


def test_on_a_flat_table_the_dice_face_the_seat_across(app: App) -> None:
    """Lying flat, the dice of the seat across the table are entered on a screen turned to
    face that seat, and a tap on its pad enters the die."""
    from companion.ui.flat import TurnedPanel, to_screen_rect
    from companion.ui.intents import SetTableLayout, ShowDialog
    from tests.ui.taps import tap

    app.perform(SetTableLayout("flat"))
    session = demo.to_movement()
    app.open_game(session)
    app.perform(ShowDialog(DiceScene(seat=2, as_dialog=True)))
    app.draw()
    assert app.dialog is not None
    panel = next(w for w in app.dialog.widgets if isinstance(w, TurnedPanel))
    assert panel.angle == 180
    key = next(w for w in panel.content if w.key == "die:pink:4")
    before = len(session.actions())
    tap(app, to_screen_rect(key.rect, panel.rect, panel.angle).center)
    assert session.actions()[before:] == [
        {"type": "enter_die", "player": 2, "die": ["pink", 4]}]


def _movement_without_energy() -> Session:
    """Phase 5 of a three-player game where nobody holds a Gatherer's energy."""
    setup = {"scenario": 3, "level": 2, "players": [
        {"name": "Ola", "colour": "blue", "skill": "survivalist"},
        {"name": "Leo", "colour": "green", "skill": "buddy"},
        {"name": "Ida", "colour": "purple", "skill": "scout"}]}
    session = start(Journal(":memory:"), setup)
    demo.advance(session)
    demo.plan(session, {0: 1, 1: 1, 2: 1})
    demo.advance(session)
    demo.finish_rerolls(session)
    demo.advance(session, 2)
    return session


def test_the_last_total_resolves_everyone_when_the_order_cannot_matter(app: App) -> None:
    """Rulebook, phase 5: players resolve "in an order the table chooses".  When every
    order ends alike the choice has one answer, so the tap of the last total also resolves
    everyone around the table (one journal step each)."""
    session = _movement_without_energy()
    scene = _open_dice(app, session, 0)
    while app.dialog is scene:
        tap_widget(app, "num:9")
    assert sorted(state_of(session).resolved) == [0, 1, 2]
    resolves = [a["player"] for a in session.actions() if a["type"] == "resolve"]
    assert resolves == [0, 1, 2]


def test_energy_left_to_spend_leaves_the_first_resolve_to_the_table(app: App) -> None:
    """A Gatherer may still spend energy between two resolutions, so the order can matter:
    the last total closes the entry and nobody is resolved yet."""
    session = _movement()
    assert any(p.energy for p in state_of(session).players)
    scene = _open_dice(app, session, 0)
    while app.dialog is scene:
        tap_widget(app, "num:9")
    assert state_of(session).resolved == ()
