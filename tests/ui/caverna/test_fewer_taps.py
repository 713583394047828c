"""Fewer taps at the table: Take all, turns that end themselves, choices that say what
they give, the limit warned of before the tap, greyed rooms that say why."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.questions import Question
from companion.games.caverna.cave import FURNISHED, Space
from companion.games.caverna.goods import Goods
from companion.games.caverna.questions import ask, refusal
from companion.games.caverna.state import CavernaState
from companion.games.caverna.tiles import Option
from companion.ui.app import App
from companion.ui.caverna.dialogs import FurnishDialog, WallDialog
from companion.ui.caverna.parts import CaveView, RefusedButton
from companion.ui.caverna.play import option_text
from companion.ui.intents import ShowDialog, Undo
from companion.ui.questions import QuestionDialog
from companion.ui.widgets import Button
from tests.ui.caverna.helpers import round_one, start, state_of
from tests.ui.taps import SIZES, context, draw_problems, has_widget, open_game, tap_widget, widget


def test_take_all_takes_every_plain_gain_in_one_tap(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:cultivation")
    before = state_of(session).players[0].goods
    tap_widget(app, "caverna:take_all")
    after = state_of(session).players[0].goods
    assert (after.emmer, after.flax) == (before.emmer + 2, before.flax + 1)
    # The room part is still open (the entrance can be used), so the turn goes on.
    assert state_of(session).phase == "act" and state_of(session).active == 0


def test_the_turn_ends_by_itself_when_the_tile_is_used_up(app: App, journal: Journal) -> None:
    """Rulebook: "Możesz wykonać część lub wszystkie ... ale każdą tylko raz w turze" — once
    every part is used there is nothing left, so the turn passes without a tap."""
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:excavation")
    tap_widget(app, "caverna:option:1:gain:stone")
    assert state_of(session).phase == "act"
    tap_widget(app, "caverna:option:0:excavate:1")
    tap_widget(app, "dig:cell:4:0")
    state = state_of(session)
    assert session.actions()[-1] == {"type": "end_turn"}
    assert state.active == 1 and state.phase == "choose"
    app.perform(Undo())
    assert state_of(session).phase == "act" and state_of(session).active == 0


def _with(state: CavernaState, seat: int, goods: Goods) -> CavernaState:
    players = list(state.players)
    players[seat] = replace(players[seat], goods=goods)
    return replace(state, players=tuple(players))


def test_a_gain_cut_by_the_limit_is_warned_of_on_its_button(journal: Journal) -> None:
    """Rulebook: gains over the limit are lost ("tracicie nadmiarowe") — the button says
    so before the tap, in every language."""
    session = start(journal)
    session.submit({"type": "reveal", "tile": "furnishing"})
    session.submit({"type": "take_tile", "tile": "furnishing"})
    state = _with(state_of(session), 0, Goods(food=9))
    from companion.games.caverna.tiles import Option

    texts = {translate(option_text(state, Option("gain", good="food", amount=1), lang), lang)
             for lang in LANGUAGES}
    assert all("⚠" in text for text in texts) and len(texts) == len(LANGUAGES)
    plain = option_text(state_of(session), Option("gain", good="food", amount=1), "en")
    assert "⚠" not in translate(plain, "en")


def test_tunnel_choices_show_what_they_give(app: App, journal: Journal) -> None:
    """Rulebook: the Tunnel gives stone only below 3 ("jeśli masz już 3 lub więcej ...
    nie przyniesie ci kolejnego kamienia"); each choice shows its goods before the tap."""
    session = round_one(journal, app)
    session.submit({"type": "take_tile", "tile": "cultivation"})
    state = state_of(session)
    player = state.players[0]
    cave = player.cave.with_space((2, 0), Space(FURNISHED, "tunnel"))
    session_state = replace(state, players=(replace(player, cave=cave), state.players[1]))
    question = ask(session_state, {"type": "use_room", "room_used": "tunnel"})
    assert isinstance(question, Question) and question.field == "choice"
    details = {answer.value: translate(answer.detail, "en") for answer in question.answers
               if answer.detail is not None}
    assert set(details) == {answer.value for answer in question.answers}
    assert any("+2" in text and "+1" in text for text in details.values())


class _StateOnly:
    """Stands in for a session in a dialog that only reads the state."""

    def __init__(self, state: CavernaState) -> None:
        self.state = state


def test_a_room_that_cannot_be_placed_is_greyed_and_says_why(app: App,
                                                            journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:furnishing")
    app.perform(ShowDialog(FurnishDialog(Option("furnish", fee="round_food"))))
    app.draw()
    parlor = widget(app, "furnish:room:parlor")
    assert isinstance(parlor, RefusedButton)
    steps = session.cursor
    tap_widget(app, "furnish:room:parlor")
    assert app.toast is not None and app.toast.error
    assert session.cursor == steps and isinstance(app.dialog, FurnishDialog)


def test_one_room_fitting_one_place_is_furnished_with_one_tap(app: App,
                                                               journal: Journal) -> None:
    """Rulebook: a room is paid for and placed in an empty cavern whose walls it fits;
    when the rules leave one room and one cavern, the option tap furnishes it."""
    session = start(journal, {"players": ["Sola"], "display": ["shelf", "tunnel", "parlor"]})
    session.submit({"type": "reveal", "tile": "furnishing"})
    open_game(app, session)
    tap_widget(app, "caverna:tile:furnishing")
    assert isinstance(widget(app, "caverna:option:1:furnish:round_food"), RefusedButton)
    tap_widget(app, "caverna:option:0:gain:food")
    steps = session.cursor
    tap_widget(app, "caverna:option:1:furnish:round_food")
    assert app.dialog is None
    furnished = session.actions()[steps]
    assert furnished["type"] == "furnish" and furnished["fee"] == "round_food"
    assert refusal(state_of(session), furnished) is not None  # done, not offered again


def test_a_dig_asks_only_for_its_space(app: App, journal: Journal) -> None:
    """Rulebook: only reachable face-down rooms may be dug; the room turned up goes to
    the display and is named only when it is furnished, so one tap on the space digs."""
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:excavation")
    tap_widget(app, "caverna:option:0:excavate:1")
    keys = {w.key for w in app.dialog.widgets} if app.dialog is not None else set()
    assert {k for k in keys if k.startswith("dig:cell:")} == {
        "dig:cell:1:0", "dig:cell:2:1", "dig:cell:3:1", "dig:cell:4:0"}
    steps = session.cursor
    tap_widget(app, "dig:cell:2:1")
    assert app.dialog is None
    assert session.actions()[steps] == {"type": "excavate", "digs": [{"space": [2, 1]}]}
    assert state_of(session).unnamed == 1


def test_two_digs_take_a_tap_on_each_space(app: App, journal: Journal) -> None:
    """Rulebook: paying 2 food digs two caverns; the second may open from the first."""
    session = start(journal)
    session.submit({"type": "reveal", "tile": "furnishing"})
    session.submit({"type": "take_tile", "tile": "excavation"})
    session.submit({"type": "convert", "good": "gold", "count": 1})
    open_game(app, session)
    tap_widget(app, "caverna:option:0:excavate:2")
    tap_widget(app, "dig:cell:1:0")
    assert app.dialog is not None and has_widget(app, "dig:cell:0:0")
    tap_widget(app, "dig:cell:0:0")
    dug = [a for a in session.actions() if a["type"] == "excavate"][-1]
    assert dug == {"type": "excavate", "digs": [{"space": [1, 0]}, {"space": [0, 0]}]}
    assert state_of(session).unnamed == 2


def test_the_only_reachable_space_is_not_asked(app: App, journal: Journal) -> None:
    session = start(journal, {"players": ["Ada", "Borys"], "cave": ["E.", "D#"]})
    session.submit({"type": "reveal", "tile": "furnishing"})
    open_game(app, session)
    tap_widget(app, "caverna:tile:excavation")
    steps = session.cursor
    tap_widget(app, "caverna:option:0:excavate:1")
    assert app.dialog is None
    assert session.actions()[steps] == {"type": "excavate", "digs": [{"space": [1, 0]}]}


class _Preview:
    """A stand-in session holding one state, for drawing a dialog over it."""

    def __init__(self, state: CavernaState) -> None:
        self.state = state


def _every_cell_state(journal: Journal) -> CavernaState:
    """Ada holds Masonry with a cave showing every kind of cell: face-down (with and
    without +1 food), empty, orange and blue rooms with their points, the entrance."""
    session = start(journal)
    session.submit({"type": "reveal", "tile": "masonry"})
    session.submit({"type": "take_tile", "tile": "masonry"})
    state = state_of(session)
    cave = state.players[0].cave
    for pos, room in (((0, 0), "furniture_workshop"), ((2, 1), "prospecting_site"),
                      ((4, 2), "state_room")):
        cave = cave.with_space(pos, Space(FURNISHED, room))
    players = (replace(state.players[0], cave=cave), state.players[1])
    return replace(state, players=players)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_of_the_cave_is_covered_by_a_wall_button(journal: Journal, lang: str,
                                                          size: tuple[int, int]) -> None:
    state = _every_cell_state(journal)
    dialog = WallDialog(False)
    shown = context(size, lang, _Preview(state))  # type: ignore[arg-type]
    overflowing, small = draw_problems(dialog, shown)
    assert (overflowing, small) == ([], [])
    views = [w for w in dialog.widgets if isinstance(w, CaveView)]
    buttons = [w.rect for w in dialog.widgets if w.key.startswith("wall:")]
    assert views and buttons
    for label in views[0].label_rects:
        assert label.width > 0 and label.height > 0
        assert label.collidelist(buttons) == -1, label


def test_a_dig_starts_with_a_tap_on_the_space_in_the_cave(app: App, journal: Journal) -> None:
    """Rulebook: excavating turns a reachable face-down room over; the space is tapped
    where it lies on the player's cave.  Excavation also offers two caverns for 2 food
    (1 food and 3 goods to turn into food: open too), so the tap asks which, and the
    answer digs."""
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:excavation")
    keys = {w.key for w in app.scene.widgets if w.key.startswith("caverna:cave:dig:")}
    assert keys == {"caverna:cave:dig:1:0", "caverna:cave:dig:2:1", "caverna:cave:dig:3:1",
                    "caverna:cave:dig:4:0"}
    tap_widget(app, "caverna:cave:dig:2:1")
    tap_widget(app, "choice:0")
    assert app.dialog is None
    dug = [a for a in session.actions() if a["type"] == "excavate"][-1]
    assert dug["digs"][0]["space"] == [2, 1]


def test_a_room_is_used_with_a_tap_on_it_in_the_cave(app: App, journal: Journal) -> None:
    """Rulebook: a room action uses orange rooms of one's own cave; the entrance is tapped
    where it lies, and its choices (which good) are asked."""
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:cultivation")
    rooms = [w.key for w in app.scene.widgets if w.key.startswith("caverna:cave:room:")]
    assert rooms == ["caverna:cave:room:3:0"]
    tap_widget(app, "caverna:cave:room:3:0")
    assert isinstance(app.dialog, QuestionDialog)
    tap_widget(app, 'answer:choice:"wood"')
    assert session.actions()[-1] == {"type": "use_room", "room": "entrance", "choice": "wood"}
    # Used: the entrance is no longer offered on the cave.
    assert not any(w.key.startswith("caverna:cave:room:") for w in app.scene.widgets)


def test_a_furnishing_with_few_possible_rooms_offers_them_on_the_play_screen(
        app: App, journal: Journal) -> None:
    """Rulebook: furnishing pays a room's cost and places it in an empty cavern it fits.
    With two rooms the rules allow, both are offered on the play screen with their
    points; the one tapped fits one cavern, so that tap furnishes it.  (The solo game as
    recorded when digs named their rooms, so the display holds only named rooms.)"""
    from pathlib import Path

    from companion.ui.replays import ExampleReplays

    fixtures = Path(__file__).resolve().parents[2] / "games" / "caverna" / "fixtures"
    session = ExampleReplays(fixtures, {}).replay("v2-solo", 24, journal)
    open_game(app, session)
    state = state_of(session)
    assert state.turn is not None and state.turn.tile == "furnishing"
    offered = sorted(w.key for w in app.scene.widgets if w.key.startswith("caverna:furnish:"))
    assert offered == ["caverna:furnish:stall", "caverna:furnish:warehouse"]
    points = state.config.room("stall").points
    button = widget(app, "caverna:furnish:stall")
    assert isinstance(button, Button)
    shown = translate(button.text, "en")
    assert shown == f"Stall\n+{points} pts"
    steps = session.cursor
    tap_widget(app, "caverna:furnish:stall")
    assert session.actions()[steps] == {"type": "furnish", "room": "stall", "space": [3, 1],
                                        "fee": "round_food"}
    # The whole display, greyed rooms and their reasons included, is one tap away.
    app.perform(Undo())
    app.perform(Undo())
    app.draw()
    tap_widget(app, "caverna:option:1:furnish:round_food")
    assert isinstance(app.dialog, FurnishDialog)


@pytest.mark.parametrize("seed", range(4))
def test_the_food_dialog_offers_only_goods_the_rules_will_turn_into_food(seed: int) -> None:
    """Turning goods into food offers no good the player holds none of ("1 gold → 1 food
    (you have 0)" was offered and then refused), and is greyed when nothing can be turned."""
    from companion.games.caverna import GAME
    from companion.ui.caverna.play import convert_dialog, convertible
    from companion.ui.dialogs import ChoiceDialog
    from companion.ui.intents import Submit
    from tests.ui.caverna.helpers import random_game

    for session in random_game(seed, {"players": ["Ada", "Borys"]}, steps=120):
        state = session.state
        for seat in range(len(state.players)):
            dialog = convert_dialog(state, seat).dialog
            assert isinstance(dialog, ChoiceDialog)
            singles = [option for option in dialog.options
                       if option.intents[0].action["count"] == 1]  # type: ignore[attr-defined]
            assert len(singles) == len(convertible(state, seat))
            for option in dialog.options:
                submit = option.intents[0]
                assert isinstance(submit, Submit)
                GAME.apply(state, submit.action)  # refused would raise
